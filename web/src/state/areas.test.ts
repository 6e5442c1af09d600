import { describe, expect, it } from "vitest";
import { areaStandings, bonusOf, shareText } from "./areas";

// Two areas: north (a, b, c) and south (d, e); seat 0 holds the north, the south is split.
const areas = [
  { key: "north", name: "North", bonus: 3 },
  { key: "south", name: "South", bonus: 2 },
];
const areasOf = [["north"], ["north"], ["north"], ["south"], ["south"], []];
const owners = [0, 0, 0, 1, null, 1];

describe("areaStandings", () => {
  it("says who holds an area whole and how close each seat is", () => {
    const s = areaStandings(areas, areasOf, owners);
    expect(s[0]).toEqual({ key: "north", name: "North", bonus: 3, size: 3, holder: 0, shares: [{ seat: 0, held: 3 }] });
    expect(s[1]).toEqual({
      key: "south",
      name: "South",
      bonus: 2,
      size: 2,
      holder: null,
      shares: [{ seat: 1, held: 1 }],
    });
  });
  it("orders shares by territories held, then by seat", () => {
    const s = areaStandings([{ key: "x", name: "X", bonus: 1 }], [["x"], ["x"], ["x"], ["x"]], [2, 1, 2, 1]);
    expect(s[0].shares).toEqual([
      { seat: 1, held: 2 },
      { seat: 2, held: 2 },
    ]);
    expect(s[0].holder).toBeNull();
  });
  it("sums the bonus a seat holds, and words a share", () => {
    const s = areaStandings(areas, areasOf, owners);
    expect(bonusOf(s, 0)).toBe(3);
    expect(bonusOf(s, 1)).toBe(0);
    expect(shareText("Red — alice", 7, 9)).toBe("Red — alice 7/9");
  });
  it("counts an empty area as held by nobody", () => {
    expect(areaStandings([{ key: "e", name: "E" }], [], [])[0]).toMatchObject({ size: 0, holder: null, bonus: 0 });
  });
});

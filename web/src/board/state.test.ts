import { describe, expect, it } from "vitest";
import { resolveConfig } from "./config";
import {
  ariaLabel,
  createState,
  moveFocus,
  nextHighlight,
  setHighlights,
  territoryInfo,
  tooltipLines,
  updateTerritories,
} from "./state";
import type { MapGeometry } from "./types";

// A 3x3 grid: a b c / d e f / g h i, bordering up, down, left and right.
function grid(): MapGeometry {
  const keys = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
  return {
    width: 300,
    height: 300,
    areas: [{ key: "top", name: "Top row" }],
    territories: keys.map((k, i) => {
      const r = Math.floor(i / 3);
      const c = i % 3;
      const n: string[] = [];
      if (r > 0) n.push(keys[i - 3]);
      if (r < 2) n.push(keys[i + 3]);
      if (c > 0) n.push(keys[i - 1]);
      if (c < 2) n.push(keys[i + 1]);
      return {
        key: k,
        name: k.toUpperCase(),
        x: 50 + 100 * c,
        y: 50 + 100 * r,
        shape: `M${100 * c},${100 * r}h100v100h-100Z`,
        neighbours: n,
        areas: r === 0 ? ["top"] : [],
      };
    }),
    seaLines: [],
  };
}

const seats = [
  { seat: 0, color: "red", name: "Red" },
  { seat: 1, color: "blue", name: "Blue (bob)" },
];

describe("board state", () => {
  it("reports only the territories that changed, by position, index or key", () => {
    const s = createState(resolveConfig({ geometry: grid(), seats }));
    const all = s.keys.map(() => ({ owner: 0, neutral: false, armies: 1 }));
    expect(updateTerritories(s, all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(updateTerritories(s, all)).toEqual([]);
    expect(
      updateTerritories(s, [
        { index: 4, owner: 1, neutral: false, armies: 3 },
        { index: 5, owner: 0, neutral: false, armies: 1 },
      ]),
    ).toEqual([4]);
    expect(
      updateTerritories(s, [
        { key: "i", owner: null, neutral: true, armies: 2 },
        { key: "nowhere", owner: 0, neutral: false, armies: 1 },
      ]),
    ).toEqual([8]);
    expect(s.territories[8]).toEqual({ owner: null, neutral: true, armies: 2, sight: "full" });
  });

  it("diffs highlights", () => {
    const s = createState(resolveConfig({ geometry: grid(), seats }));
    expect(setHighlights(s, ["a", "b", "zz"]).sort()).toEqual([0, 1]);
    expect(setHighlights(s, ["b", "c"]).sort()).toEqual([0, 2]);
    expect(nextHighlight(s, 0, 1)).toBe(1);
    expect(nextHighlight(s, 1, 1)).toBe(2);
    expect(nextHighlight(s, 2, 1)).toBeNull();
    expect(nextHighlight(s, 2, -1)).toBe(1);
  });

  it("moves the focus to the neighbour in the arrow’s direction", () => {
    const s = createState(resolveConfig({ geometry: grid(), seats }));
    expect(moveFocus(s, 4, "up")).toBe(1);
    expect(moveFocus(s, 4, "down")).toBe(7);
    expect(moveFocus(s, 4, "left")).toBe(3);
    expect(moveFocus(s, 4, "right")).toBe(5);
    expect(moveFocus(s, 0, "up")).toBe(0); // nothing that way
  });

  it("jumps to the nearest territory that way when no neighbour is (islands)", () => {
    const g = grid();
    g.territories[2].neighbours = [];
    g.territories[1].neighbours = g.territories[1].neighbours.filter((k) => k !== "c");
    const s = createState(resolveConfig({ geometry: g, seats }));
    expect(moveFocus(s, 1, "right")).toBe(2);
  });

  it("says name, area, owner and armies, and the tooltip adds neighbours", () => {
    const s = createState(resolveConfig({ geometry: grid(), seats }));
    updateTerritories(s, [
      { index: 0, owner: 1, neutral: false, armies: 1 },
      { index: 4, owner: 0, neutral: false, armies: 5 },
    ]);
    expect(ariaLabel(s, 0)).toBe("A, Top row: Blue (bob), 1 army");
    expect(ariaLabel(s, 4)).toBe("E: Red, 5 armies");
    expect(ariaLabel(s, 8)).toBe("I: unclaimed");
    setHighlights(s, ["e"]);
    expect(ariaLabel(s, 4)).toBe("E: Red, 5 armies, can be chosen");
    expect(
      setHighlights(
        s,
        ["e", "a"],
        new Map([
          ["e", "attack"],
          ["a", "fortify"],
        ]),
      ).sort(),
    ).toEqual([0, 4]);
    expect(ariaLabel(s, 4)).toBe("E: Red, 5 armies, can be attacked");
    expect(ariaLabel(s, 0)).toBe("A, Top row: Blue (bob), 1 army, can be fortified");
    expect(
      setHighlights(
        s,
        ["e", "a"],
        new Map([
          ["e", "attack"],
          ["a", "fortify"],
        ]),
      ),
    ).toEqual([]);
    setHighlights(s, ["e"]);
    expect(tooltipLines(territoryInfo(s, 0))).toEqual(["A", "Top row", "Blue (bob), 1 army", "Borders D, B"]);
    expect(tooltipLines(territoryInfo(s, 4), 2)).toEqual(["E", "Red, 5 armies", "Borders B, H and 2 more"]);
    expect(tooltipLines(territoryInfo(s, 8))[1]).toBe("Unclaimed");
  });

  it("says what fog hides: the territory whole, or its armies", () => {
    const s = createState(resolveConfig({ geometry: grid(), seats }));
    updateTerritories(s, [
      { index: 0, owner: null, neutral: false, armies: null, sight: "hidden" },
      { index: 4, owner: 0, neutral: false, armies: null, sight: "owner" },
    ]);
    expect(ariaLabel(s, 0)).toBe("A, Top row: hidden by fog");
    expect(ariaLabel(s, 4)).toBe("E: Red, armies hidden");
    expect(tooltipLines(territoryInfo(s, 0))).toEqual(["A", "Top row", "Hidden by fog", "Borders D, B"]);
    expect(tooltipLines(territoryInfo(s, 4))[1]).toBe("Red, armies hidden");
  });
});

describe("tiles", () => {
  it("puts every territory in exactly one spatial tile of about the tile size", async () => {
    const { tiles } = await import("./render");
    const n = 2000;
    const territories = Array.from({ length: n }, (_, i) => ({
      key: `t${i}`,
      name: `T${i}`,
      x: (i * 7919) % 1000,
      y: (i * 104729) % 600,
      shape: `M${(i * 7919) % 1000},${(i * 104729) % 600}h2v2h-2Z`,
      neighbours: [],
    }));
    const s = createState(resolveConfig({ geometry: { width: 1000, height: 600, territories, seaLines: [] }, seats }));
    const ts = tiles(s, 100);
    const all = ts.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(ts.length).toBeGreaterThan(10);
    expect(Math.max(...ts.map((t) => t.length))).toBeLessThan(400);
    expect(tiles(createState(resolveConfig({ geometry: grid(), seats })))).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8]]);
  });
});

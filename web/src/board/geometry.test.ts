import { describe, expect, it } from "vitest";
import { geometryFromGameMap, geometryFromMapFile } from "./geometry";

describe("geometry", () => {
  const file = {
    name: "Two isles",
    width: 100,
    height: 50,
    territories: [
      { id: "a", name: "Ay", x: 20, y: 25, shape: "M10,15L30,15L30,35L10,35Z" },
      { id: "b", name: "Bee", x: 80, y: 25, shape: "M70,15L90,15L90,35L70,35Z" },
    ],
    borders: [["a", "b"] as [string, string], ["a", "b"] as [string, string]],
    sea: [["b", "a"] as [string, string]],
    bonusAreas: [{ id: "all", name: "All", bonus: 2, territories: ["a", "b"] }],
  };

  it("reads a map file: neighbours both ways and once, areas per territory", () => {
    const g = geometryFromMapFile(file);
    expect(g.territories.map((t) => t.neighbours)).toEqual([["b"], ["a"]]);
    expect(g.territories[0].areas).toEqual(["all"]);
    expect(g.seaLines).toEqual([{ from: "b", to: "a" }]);
  });

  it("refuses a map file without a shape for every territory, naming it", () => {
    const bare = { ...file, territories: [file.territories[0], { id: "b", name: "Bee", x: 80, y: 25 }] };
    expect(() => geometryFromMapFile(bare)).toThrow(/territory b has no shape/);
  });

  it("reads the API's GameMap: the server's shapes drawn as they are, sea borders as sea lines, area colours", () => {
    const g = geometryFromGameMap({
      name: "Two isles",
      width: 100,
      height: 50,
      territories: [
        {
          key: "a",
          name: "Ay",
          x: 20,
          y: 25,
          shape: "M10,15L30,15L30,35L10,35Z",
          neighbours: ["b"],
          bonusAreas: ["all"],
        },
        {
          key: "b",
          name: "Bee",
          x: 80,
          y: 25,
          shape: "M70,15L90,15L90,35L70,35Z",
          neighbours: ["a"],
          bonusAreas: ["all"],
        },
      ],
      borders: [{ from: "a", to: "b", sea: true }],
      bonusAreas: [{ key: "all", name: "All", bonus: 2, colorIndex: 3 }],
    });
    const f = geometryFromMapFile(file);
    expect(g.territories.map((t) => [t.key, t.neighbours, t.areas])).toEqual(
      f.territories.map((t) => [t.key, t.neighbours, t.areas]),
    );
    // The areas as the file's, with the server's colours.
    expect(g.areas).toEqual(f.areas!.map((a) => ({ ...a, colorIndex: 3 })));
    expect(g.seaLines).toEqual([{ from: "a", to: "b" }]);
    expect(g.territories.map((t) => t.shape)).toEqual(f.territories.map((t) => t.shape));
  });
});

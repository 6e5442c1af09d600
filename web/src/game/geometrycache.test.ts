import { describe, expect, it } from "vitest";
import { FORMAT, isUsable, mapsByUse, openGeometryCache, toEvict, versionKey } from "./geometrycache";

const geometry = {
  territories: [
    { key: "a", name: "A", x: 1, y: 2, shape: "M0,0h2v3h-2Z", neighbours: ["b"] },
    { key: "b", name: "B", x: 3, y: 4, shape: "M2,0h2v5h-2Z", neighbours: ["a"] },
  ],
  seaLines: [],
};

describe("geometry cache keys", () => {
  it("keys a map by its key and version", () => {
    expect(versionKey("classic", 3)).toBe("classic@3");
    expect(versionKey("classic", 3)).not.toBe(versionKey("classic", 4));
  });
});

describe("kept entries", () => {
  it("uses an entry of this format under its own key", () => {
    expect(isUsable({ id: "m@1", format: FORMAT, savedAt: 1, geometry }, "m@1")).toBe(true);
  });
  it("ignores an entry of another format, key or shape", () => {
    expect(isUsable({ id: "m@1", format: FORMAT - 1, savedAt: 1, geometry }, "m@1")).toBe(false);
    expect(isUsable({ id: "m@2", format: FORMAT, savedAt: 1, geometry }, "m@1")).toBe(false);
    expect(isUsable({ id: "m@1", format: FORMAT, savedAt: 1, geometry: { territories: [] } }, "m@1")).toBe(false);
    expect(isUsable({ id: "m@1", format: FORMAT, savedAt: 1, geometry: { territories: [{ key: "a" }] } }, "m@1")).toBe(
      false,
    );
    expect(isUsable({ id: "m@1", format: FORMAT, savedAt: 1 }, "m@1")).toBe(false);
    expect(isUsable("broken", "m@1")).toBe(false);
    expect(isUsable(undefined, "m@1")).toBe(false);
  });
  it("ignores an entry the board cannot draw: a territory without a shape, or no sea lines", () => {
    const shapeless = { ...geometry, territories: geometry.territories.map((t, i) => (i ? t : { ...t, shape: "" })) };
    const { territories } = geometry;
    expect(isUsable({ id: "m@1", format: FORMAT, savedAt: 1, geometry: shapeless }, "m@1")).toBe(false);
    expect(isUsable({ id: "m@1", format: FORMAT, savedAt: 1, geometry: { territories } }, "m@1")).toBe(false);
  });
});

describe("bounds", () => {
  it("keeps the most recently used", () => {
    const entries = [
      { id: "a", usedAt: 5 },
      { id: "b", usedAt: 9 },
      { id: "c", usedAt: 1 },
      { id: "d", usedAt: 7 },
    ];
    expect(toEvict(entries, 2).sort()).toEqual(["a", "c"]);
    expect(toEvict(entries, 4)).toEqual([]);
    expect(toEvict(entries, 0).sort()).toEqual(["a", "b", "c", "d"]);
  });
});

describe("a map's last use", () => {
  it("is its games' latest, or when it was saved", () => {
    const maps = [
      { id: "classic@1", savedAt: 10 },
      { id: "big@2", savedAt: 20 },
      { id: "old@1", savedAt: 5 },
    ];
    const games = [
      { id: "g1", map: "classic@1", usedAt: 50 },
      { id: "g2", map: "classic@1", usedAt: 30 },
      { id: "g3", map: "big@2", usedAt: 15 },
    ];
    expect(mapsByUse(maps, games)).toEqual([
      { id: "classic@1", usedAt: 50 },
      { id: "big@2", usedAt: 20 },
      { id: "old@1", usedAt: 5 },
    ]);
    expect(toEvict(mapsByUse(maps, games), 2)).toEqual(["old@1"]);
  });
});

describe("without IndexedDB", () => {
  it("finds nothing and keeps nothing, without failing", async () => {
    const c = openGeometryCache(undefined);
    await c.put("g1", "m@1", geometry);
    expect(await c.forGame("g1")).toBeNull();
  });
});

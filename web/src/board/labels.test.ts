import { describe, expect, it } from "vitest";
import { halfSpan, levelAt, levelFor, nameLayout, pathBox, textWidth } from "./labels";

describe("pathBox", () => {
  it("bounds absolute, relative, horizontal and vertical commands", () => {
    expect(pathBox("M10 10 L90 10 L50 80 Z")).toEqual({ x0: 10, y0: 10, x1: 90, y1: 80 });
    expect(pathBox("M1,2L3,4Z")).toEqual({ x0: 1, y0: 2, x1: 3, y1: 4 });
    expect(pathBox("m10 10 l5 0 v5 h-5 z")).toEqual({ x0: 10, y0: 10, x1: 15, y1: 15 });
    expect(pathBox("").x0).toBe(Infinity);
  });
});

describe("nameLayout", () => {
  const box = { x0: 0, y0: 0, x1: 100, y1: 100 };
  it("fits the name in the territory, above the count, at most the largest size", () => {
    const l = nameLayout("Peru", 50, 50, box, 10, 8, 1);
    expect(l.font).toBe(8);
    expect(l.y).toBeLessThan(50 - 5);
    expect(textWidth("Peru", l.font)).toBeLessThanOrEqual(100);
  });
  it("shrinks a long name to the width of its territory, on both sides of its label", () => {
    const l = nameLayout("Democratic Republic of Somewhere", 30, 50, box, 10, 8, 1);
    expect(textWidth("Democratic Republic of Somewhere", l.font)).toBeLessThanOrEqual(60);
  });
  it("shows a smaller name only from a higher zoom, and never a name with no room", () => {
    const big = nameLayout("Peru", 50, 50, box, 10, 8, 1);
    const small = nameLayout("Peru", 50, 50, { x0: 45, y0: 0, x1: 55, y1: 100 }, 10, 8, 1);
    expect(small.level).toBeGreaterThan(big.level);
    const below = nameLayout("Peru", 50, 5, box, 10, 8, 1); // no room above the count: below it
    expect(below.y).toBeGreaterThan(5 + 5);
    expect(Number.isFinite(below.level)).toBe(true);
    const flat = { x0: 0, y0: 0, x1: 100, y1: 12 };
    expect(nameLayout("Peru", 50, 6, flat, 10, 8, 1).level).toBe(Infinity); // no room above or below
    expect(nameLayout("", 50, 50, box, 10, 8, 1).level).toBe(Infinity);
  });
  it("reaches a level only at or beyond the zoom the name needs", () => {
    for (const need of [1, 1.1, 1.5, 2, 3.7, 10]) {
      const l = levelFor(need);
      for (const z of [need * 0.99, need, need * 1.5, need * 3]) {
        if (levelAt(z) >= l) expect(z).toBeGreaterThanOrEqual(need * 0.999);
      }
      expect(levelAt(need * 1.42)).toBeGreaterThanOrEqual(l);
    }
    expect(levelAt(0.5)).toBe(-1);
  });
});

describe("halfSpan", () => {
  // A triangle narrowing upwards: apex (50, 0), base from (0, 100) to (100, 100).
  const tri = [
    [
      [50, 0],
      [100, 100],
      [0, 100],
    ],
  ] as Array<Array<[number, number]>>;
  it("measures the room on both sides of x at a height, and none outside", () => {
    expect(halfSpan(tri, 50, 50)).toBeCloseTo(25);
    expect(halfSpan(tri, 50, 90)).toBeCloseTo(45);
    expect(halfSpan(tri, 90, 20)).toBe(0);
  });
  it("shrinks a name to the outline where the box would let it overflow", () => {
    const box = { x0: 0, y0: 0, x1: 100, y1: 100 };
    const free = nameLayout("Alberta", 50, 70, box, 10, 20, 1);
    const fitted = nameLayout("Alberta", 50, 70, box, 10, 20, 1, tri);
    expect(fitted.font).toBeLessThan(free.font);
    const top = fitted.y - fitted.font * 0.5;
    expect(textWidth("Alberta", fitted.font) / 2).toBeLessThanOrEqual(halfSpan(tri, 50, top) + 1e-9);
  });
});

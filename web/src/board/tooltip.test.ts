import { describe, expect, it } from "vitest";
import { tipPlace } from "./tooltip";

describe("the tooltip stays inside the map", () => {
  it("goes below and right of the point when there is room", () => {
    expect(tipPlace(100, 100, 200, 80, 800, 600)).toEqual([114, 114]);
  });
  it("goes left of the point near the right edge, and above it near the bottom", () => {
    expect(tipPlace(700, 560, 200, 80, 800, 600)).toEqual([486, 466]);
  });
  it("is pushed inside when neither side has room", () => {
    expect(tipPlace(150, 20, 280, 80, 390, 300)).toEqual([0, 34]);
    expect(tipPlace(-30, -30, 100, 50, 390, 300)).toEqual([0, 0]);
  });
});

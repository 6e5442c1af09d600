import { describe, expect, it } from "vitest";
import { canvasOf, cellSize, escapeXml, patternDef, seaLinePath } from "./svg";

describe("canvas and markup", () => {
  it("takes the canvas size when given, else the labels’ box with a margin", () => {
    expect(canvasOf({ width: 1000, height: 600, territories: [], seaLines: [] })).toEqual({
      x: 0,
      y: 0,
      width: 1000,
      height: 600,
    });
    const c = canvasOf({
      territories: [
        { key: "a", name: "a", x: 10, y: 10, shape: "M5,5h10v10h-10Z", neighbours: [] },
        { key: "b", name: "b", x: 110, y: 60, shape: "M105,55h10v10h-10Z", neighbours: [] },
      ],
      seaLines: [],
    });
    expect(c.x).toBeLessThan(10);
    expect(c.x + c.width).toBeGreaterThan(110);
    expect(cellSize({ x: 0, y: 0, width: 100, height: 100 }, 4)).toBe(50);
  });

  it("escapes names and writes patterns", () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe("&lt;a &amp; &quot;b&quot; &#39;c&#39;&gt;");
    expect(patternDef("p", { fill: "#D55E00", pattern: "dots", ink: "#000" }, 8)).toContain("<circle");
  });
});

describe("sea lines", () => {
  it("run straight, or off both edges for a border that wraps around the world", () => {
    const c = { x: 0, y: 0, width: 1000, height: 600 };
    expect(seaLinePath(45, 80, 950, 90, c)).toBe("M45,80L0,84.7M950,90L1000,84.7");
    expect(seaLinePath(10, 10, 20, 20, c)).toBe("M10,10L20,20");
  });
});

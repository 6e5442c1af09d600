import { describe, expect, it } from "vitest";
import {
  canvasOf,
  cellSize,
  circlePolygon,
  clipConvex,
  escapeXml,
  patternDef,
  polygonPath,
  territoryPaths,
  voronoiPaths,
} from "./svg";

type Pt = [number, number];

function area(poly: Pt[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i];
    const q = poly[(i + 1) % poly.length];
    a += p[0] * q[1] - q[0] * p[1];
  }
  return Math.abs(a) / 2;
}

function parse(d: string): Pt[] {
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe("clipConvex", () => {
  it("clips a square to a square, whichever the windings", () => {
    const a: Pt[] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ];
    const b: Pt[] = [
      [1, 1],
      [3, 1],
      [3, 3],
      [1, 3],
    ];
    expect(area(clipConvex(a, b))).toBeCloseTo(1);
    expect(area(clipConvex(a, [...b].reverse()))).toBeCloseTo(1);
    expect(
      clipConvex(a, [
        [5, 5],
        [6, 5],
        [6, 6],
      ]),
    ).toEqual([]);
  });

  it("keeps a cell inside the circle within the radius", () => {
    const square: Pt[] = [
      [-10, -10],
      [10, -10],
      [10, 10],
      [-10, 10],
    ];
    const out = clipConvex(square, circlePolygon(0, 0, 5));
    for (const [x, y] of out) expect(Math.hypot(x, y)).toBeLessThanOrEqual(5 + 1e-9);
    expect(area(out)).toBeGreaterThan(Math.PI * 25 * 0.95);
  });
});

describe("voronoiPaths", () => {
  it("gives every point a cell containing it, within the canvas and the radius", () => {
    const xs = [10, 50, 90, 30, 70];
    const ys = [10, 20, 10, 80, 80];
    const c = { x: 0, y: 0, width: 100, height: 100 };
    const paths = voronoiPaths(xs, ys, c, 30);
    expect(paths).toHaveLength(5);
    paths.forEach((d, i) => {
      const pts = parse(d);
      expect(pts.length).toBeGreaterThanOrEqual(3);
      for (const [x, y] of pts) {
        expect(x).toBeGreaterThanOrEqual(-0.05);
        expect(x).toBeLessThanOrEqual(100.05);
        expect(y).toBeGreaterThanOrEqual(-0.05);
        expect(y).toBeLessThanOrEqual(100.05);
        expect(Math.hypot(x - xs[i], y - ys[i])).toBeLessThanOrEqual(30.1);
      }
    });
  });

  it("uses a territory’s own shape when the map gives one", () => {
    const g = {
      territories: [
        { key: "a", name: "A", x: 1, y: 1, shape: "M0,0L2,0L2,2Z", neighbours: [] },
        { key: "b", name: "B", x: 5, y: 5, neighbours: [] },
        { key: "c", name: "C", x: 9, y: 1, neighbours: [] },
      ],
      width: 10,
      height: 10,
    };
    const paths = territoryPaths(g, canvasOf(g), 100);
    expect(paths[0]).toBe("M0,0L2,0L2,2Z");
    expect(paths[1]).toMatch(/^M.*Z$/);
  });
});

describe("canvas and markup", () => {
  it("takes the canvas size when given, else the labels’ box with a margin", () => {
    expect(canvasOf({ width: 1000, height: 600, territories: [] })).toEqual({ x: 0, y: 0, width: 1000, height: 600 });
    const c = canvasOf({
      territories: [
        { key: "a", name: "a", x: 10, y: 10, neighbours: [] },
        { key: "b", name: "b", x: 110, y: 60, neighbours: [] },
      ],
    });
    expect(c.x).toBeLessThan(10);
    expect(c.x + c.width).toBeGreaterThan(110);
    expect(cellSize({ x: 0, y: 0, width: 100, height: 100 }, 4)).toBe(50);
  });

  it("escapes names and writes paths and patterns", () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe("&lt;a &amp; &quot;b&quot; &#39;c&#39;&gt;");
    expect(
      polygonPath([
        [0, 0],
        [1.04, 0],
        [1, 1],
      ]),
    ).toBe("M0,0L1,0L1,1Z");
    expect(polygonPath([[0, 0]])).toBe("");
    expect(patternDef("p", { fill: "#D55E00", pattern: "dots", ink: "#000" }, 8)).toContain("<circle");
  });
});

describe("sea lines", () => {
  it("are implied for the classic map’s borders across water, wrapping around the world", async () => {
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { geometryFromMapFile } = await import("./geometry");
    const { defaultRadii, impliedSeaLines, seaLinePath } = await import("./svg");
    const g = geometryFromMapFile(
      JSON.parse(readFileSync(join(__dirname, "../../../maps/builtin/classic.json"), "utf8")),
    );
    const c = canvasOf(g);
    const lines = impliedSeaLines(g, defaultRadii(g, c)).map((l) => [l.from, l.to].sort().join("-"));
    expect(lines).toContain("alaska-kamchatka");
    expect(lines).toContain("brazil-north_africa");
    expect(lines).not.toContain("brazil-peru");
    expect(seaLinePath(45, 80, 950, 90, c)).toBe("M45,80L0,84.7M950,90L1000,84.7");
    expect(seaLinePath(10, 10, 20, 20, c)).toBe("M10,10L20,20");
  });
});

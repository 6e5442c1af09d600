import { describe, expect, it } from "vitest";
import { fitTransform, frameOf, toPixels, unitTransform, zoomForPixels } from "./zoom";

const canvas = { x: 0, y: 0, width: 1000, height: 600 };

describe("zoom geometry", () => {
  it("letterboxes the map in the element (preserveAspectRatio meet)", () => {
    const f = frameOf(1280, 800, canvas);
    expect(f.ppu).toBeCloseTo(1.28);
    expect(f.offsetX).toBeCloseTo(0);
    expect(f.offsetY).toBeCloseTo((800 - 600 * 1.28) / 2);
    expect(toPixels(f, canvas, 500, 300)).toEqual([640, 400]);
  });

  it("gives each layer the map-unit transform that shows what the pixel transform shows", () => {
    const f = frameOf(1280, 800, { x: 100, y: 50, width: 1000, height: 600 });
    const c = { x: 100, y: 50, width: 1000, height: 600 };
    const t = { k: 3, x: -500, y: -250 };
    const m = /translate\((-?[\d.]+),(-?[\d.]+)\) scale\(([\d.]+)\)/
      .exec(unitTransform(t, f, c))!
      .slice(1)
      .map(Number);
    // A map point u drawn at u' = k u + T lands at offset + ppu (u' - c), which must equal k p + t.
    for (const [ux, uy] of [
      [100, 50],
      [640, 333],
      [1100, 650],
    ]) {
      const [px, py] = toPixels(f, c, ux, uy);
      const [qx, qy] = toPixels(f, c, m[2] * ux + m[0], m[2] * uy + m[1]);
      expect(qx).toBeCloseTo(t.k * px + t.x, 1);
      expect(qy).toBeCloseTo(t.k * py + t.y, 1);
    }
    expect(unitTransform(t, frameOf(0, 0, c), c)).toBe("");
  });

  it("shows army counts from the zoom that makes a cell big enough", () => {
    expect(zoomForPixels(10, 1.5, 18)).toBeCloseTo(1.2);
    expect(zoomForPixels(10, 0, 18)).toBe(Infinity);
  });
});

describe("fitTransform", () => {
  const c = { x: 0, y: 0, width: 1000, height: 500 };
  const f = frameOf(800, 400, c); // 0.8 px per unit, no letterbox
  it("centres the box and zooms so that it fills the frame less a margin", () => {
    const t = fitTransform(f, c, { x0: 100, y0: 100, x1: 200, y1: 150 }, 20, 0);
    expect(t.k).toBeCloseTo(10); // 100 units = 80 px, 800 px wide
    expect(t.k * (150 * 0.8) + t.x).toBeCloseTo(400); // the box's centre in the frame's centre
    expect(t.k * (125 * 0.8) + t.y).toBeCloseTo(200);
  });
  it("keeps within the zoom limits", () => {
    expect(fitTransform(f, c, { x0: 100, y0: 100, x1: 101, y1: 101 }, 8).k).toBe(8);
    expect(fitTransform(f, c, { x0: -500, y0: -500, x1: 2000, y1: 2000 }, 8).k).toBe(1);
  });
});

// Pan and zoom with d3-zoom on the board's element: mouse wheel, drag, pinch and double-click (not while
// choosing: then a double tap is two picks), plus the
// keyboard's + - 0. d3-zoom works in the element's pixels; each layer's group gets the same transform in map
// units. Army counts are hidden below the zoom at which a cell is big enough to read one (one class on the
// board, no per-label work).

import { select } from "d3-selection";
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from "d3-zoom";
import type { Canvas } from "./svg";

/** How the map sits in the element: pixels per map unit and the letterbox offsets (preserveAspectRatio meet). */
export interface Frame {
  width: number;
  height: number;
  ppu: number;
  offsetX: number;
  offsetY: number;
}

export function frameOf(width: number, height: number, c: Canvas): Frame {
  const ppu = Math.min(width / c.width, height / c.height) || 0;
  return { width, height, ppu, offsetX: (width - c.width * ppu) / 2, offsetY: (height - c.height * ppu) / 2 };
}

/** A point of the map, in the element's pixels before zoom. */
export function toPixels(f: Frame, c: Canvas, x: number, y: number): [number, number] {
  return [f.offsetX + f.ppu * (x - c.x), f.offsetY + f.ppu * (y - c.y)];
}

/**
 * The SVG transform (map units) that shows what the pixel transform `t` shows: with p = offset + ppu (u - c),
 * k p + t = offset + ppu (u' - c) gives u' = k u + c (1 - k) + ((k - 1) offset + t) / ppu.
 */
export function unitTransform(t: { k: number; x: number; y: number }, f: Frame, c: Canvas): string {
  if (f.ppu <= 0) return "";
  const tx = c.x * (1 - t.k) + ((t.k - 1) * f.offsetX + t.x) / f.ppu;
  const ty = c.y * (1 - t.k) + ((t.k - 1) * f.offsetY + t.y) / f.ppu;
  return `translate(${tx.toFixed(3)},${ty.toFixed(3)}) scale(${t.k.toFixed(5)})`;
}

export interface ZoomOpts {
  canvas: Canvas;
  maxZoom: number;
  frame(): Frame;
  /** Called on every change of scale or position. */
  changed(t: ZoomTransform): void;
  /** A gesture (wheel, drag, pinch, or one programmatic change) begins or ends. */
  gesture?(on: boolean): void;
}

export interface Zoom {
  transform(): ZoomTransform;
  zoomBy(factor: number): void;
  reset(): void;
  /** Pans so that the point (map units) is in view, keeping the scale, if it is not already. */
  reveal(x: number, y: number): void;
  /** Fits a box of the map (map units) in view, with a margin, within the zoom's limits. */
  fit(box: { x0: number; y0: number; x1: number; y1: number }): void;
  /** Whether a point of the map (map units) is in view now. */
  inView(x: number, y: number): boolean;
  /** The frame changed size: keep the constraints in step. */
  resized(): void;
  destroy(): void;
}

/** The zoom at which a cell of `cell` map units is `pixels` wide on a screen of `ppu` pixels per unit. */
export function zoomForPixels(cell: number, ppu: number, pixels: number): number {
  return ppu > 0 && cell > 0 ? pixels / (cell * ppu) : Infinity;
}

/**
 * The pixel transform (d3-zoom's k, x, y) that shows a box of the map (map units) in the middle of the
 * frame, with `margin` of the frame's smaller side around it, zoomed in no more than `maxZoom` and out no
 * less than 1.
 */
export function fitTransform(
  f: Frame,
  c: Canvas,
  box: { x0: number; y0: number; x1: number; y1: number },
  maxZoom: number,
  margin = 0.08,
): { k: number; x: number; y: number } {
  const [px0, py0] = toPixels(f, c, box.x0, box.y0);
  const [px1, py1] = toPixels(f, c, box.x1, box.y1);
  const m = Math.min(f.width, f.height) * margin;
  const w = Math.max(1e-9, px1 - px0);
  const h = Math.max(1e-9, py1 - py0);
  const k = Math.max(1, Math.min(maxZoom, (f.width - 2 * m) / w, (f.height - 2 * m) / h));
  const cx = (px0 + px1) / 2;
  const cy = (py0 + py1) / 2;
  return { k, x: f.width / 2 - k * cx, y: f.height / 2 - k * cy };
}

/** Whether the board offers choices now (its root has rb-choosing): double clicks and taps then pick. */
export function choosing(el: Element): boolean {
  return el.classList.contains("rb-choosing");
}

export function bindZoom(el: HTMLElement, o: ZoomOpts): Zoom {
  let current = zoomIdentity;
  const extent = (): [[number, number], [number, number]] => {
    const f = o.frame();
    return [
      [0, 0],
      [Math.max(1, f.width), Math.max(1, f.height)],
    ];
  };
  const behavior: ZoomBehavior<HTMLElement, unknown> = zoom<HTMLElement, unknown>()
    .scaleExtent([1, Math.max(1, o.maxZoom)])
    .extent(extent)
    .translateExtent([
      [-Infinity, -Infinity],
      [Infinity, Infinity],
    ])
    .on("start", () => o.gesture?.(true))
    .on("zoom", (e: { transform: ZoomTransform }) => {
      current = e.transform;
      o.changed(e.transform);
    })
    .on("end", () => o.gesture?.(false));
  const constrain = () => {
    const [[x0, y0], [x1, y1]] = extent();
    behavior.translateExtent([
      [x0, y0],
      [x1, y1],
    ]);
  };
  constrain();
  const sel = select(el);
  sel.call(behavior);
  // A double click or double tap zooms in, except while the board offers choices: then a second tap on a
  // territory is a second pick (one more army placed), never a zoom. d3-zoom calls this listener for a
  // touch double tap too.
  const dblclicked = sel.on("dblclick.zoom");
  if (dblclicked) {
    sel.on("dblclick.zoom", function (this: HTMLElement, ...args: unknown[]) {
      if (!choosing(el)) dblclicked.apply(this, args as [MouseEvent, unknown]);
    });
  }
  return {
    transform: () => current,
    zoomBy: (f) => behavior.scaleBy(sel, f),
    reset: () => behavior.transform(sel, zoomIdentity),
    reveal(px, py) {
      const f = o.frame();
      const [x, y] = toPixels(f, o.canvas, px, py);
      const sx = current.applyX(x);
      const sy = current.applyY(y);
      const margin = Math.min(f.width, f.height) * 0.05;
      if (sx >= margin && sx <= f.width - margin && sy >= margin && sy <= f.height - margin) return;
      behavior.translateTo(sel, x, y);
    },
    fit(box) {
      const t = fitTransform(o.frame(), o.canvas, box, Math.max(1, o.maxZoom));
      behavior.transform(sel, zoomIdentity.translate(t.x, t.y).scale(t.k));
    },
    inView(px, py) {
      const f = o.frame();
      const [x, y] = toPixels(f, o.canvas, px, py);
      const sx = current.applyX(x);
      const sy = current.applyY(y);
      return sx >= 0 && sx <= f.width && sy >= 0 && sy <= f.height;
    },
    resized() {
      constrain();
      o.changed(current);
    },
    destroy: () => {
      sel.on(".zoom", null);
    },
  };
}

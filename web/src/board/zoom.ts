// Pan and zoom with d3-zoom: mouse wheel, drag, pinch and double-click, plus the keyboard's + - 0. The
// transform goes on one group; labels are hidden below the zoom at which a cell is big enough to read one
// (one class on the svg, no per-label work).

import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import type { Canvas } from './svg';

export interface ZoomOpts {
  canvas: Canvas;
  /** The typical cell size in map units. */
  cell: number;
  maxZoom: number;
  /** Called on every change of scale or position. */
  changed(t: ZoomTransform): void;
}

export interface Zoom {
  transform(): ZoomTransform;
  zoomBy(factor: number): void;
  reset(): void;
  /** Pans so that the point (map units) is in view, keeping the scale, if it is not already. */
  reveal(x: number, y: number): void;
  destroy(): void;
}

/** The zoom at which a cell of `cell` map units is `pixels` wide on a screen of `ppu` pixels per unit. */
export function zoomForPixels(cell: number, ppu: number, pixels: number): number {
  return ppu > 0 && cell > 0 ? pixels / (cell * ppu) : Infinity;
}

export function bindZoom(svg: SVGSVGElement, view: SVGGElement, o: ZoomOpts): Zoom {
  const { x, y, width, height } = o.canvas;
  const behavior: ZoomBehavior<SVGSVGElement, unknown> = zoom<SVGSVGElement, unknown>()
    .scaleExtent([1, Math.max(1, o.maxZoom)])
    .extent([
      [x, y],
      [x + width, y + height],
    ])
    .translateExtent([
      [x, y],
      [x + width, y + height],
    ])
    .on('zoom', (e: { transform: ZoomTransform }) => {
      view.setAttribute('transform', e.transform.toString());
      o.changed(e.transform);
    });
  const sel = select(svg);
  sel.call(behavior);
  let current = zoomIdentity;
  behavior.on('zoom.track', (e: { transform: ZoomTransform }) => {
    current = e.transform;
  });
  return {
    transform: () => current,
    zoomBy: (f) => behavior.scaleBy(sel, f),
    reset: () => behavior.transform(sel, zoomIdentity),
    reveal(px, py) {
      const t = current;
      const sx = t.applyX(px);
      const sy = t.applyY(py);
      const margin = Math.min(width, height) * 0.05;
      if (sx >= x + margin && sx <= x + width - margin && sy >= y + margin && sy <= y + height - margin) return;
      behavior.translateTo(sel, px, py);
    },
    destroy: () => {
      sel.on('.zoom', null);
    },
  };
}

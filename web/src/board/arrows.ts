// Arrows between territories (an attack, a conquest, a fortifying move): one SVG layer over the map, drawn
// in the map's units from label point to label point, so it pans and zooms with the map. Decoration only:
// hidden from screen readers (the log says the same in words) and without pointer events.

import { ownerStyles } from "./palette";
import type { BoardState } from "./state";

const SVG_NS = "http://www.w3.org/2000/svg";

export type ArrowKind = "attack" | "conquest" | "fortify";

/** An arrow from one territory to another, by key; `seat` colours it (the mover's colour). */
export interface BoardArrow {
  from: string;
  to: string;
  kind: ArrowKind;
  seat?: number;
}

/** An arrow's line (a path) and head (a closed triangle), in map units. */
export interface ArrowShape {
  line: string;
  head: string;
}

/**
 * The shape of an arrow from (ax, ay) to (bx, by) in map units: a shallow arc (so two arrows between the
 * same territories, one each way, do not overlap), starting and ending `inset` away from the label points
 * so the army counts stay readable, with a head of size `head` at its end. Null for a zero length.
 */
export function arrowShape(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  inset: number,
  head: number,
): ArrowShape | null {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  if (len === 0) return null;
  const cut = Math.min(inset, len / 3);
  const ux = dx / len;
  const uy = dy / len;
  const sx = ax + ux * cut;
  const sy = ay + uy * cut;
  const ex = bx - ux * cut;
  const ey = by - uy * cut;
  // The control point: off the middle by an eighth of the length, to one side of the way.
  const bend = len / 8;
  const cx = (sx + ex) / 2 - uy * bend;
  const cy = (sy + ey) / 2 + ux * bend;
  // The head points along the arc's last tangent (from the control point to the end).
  const tx = ex - cx;
  const ty = ey - cy;
  const tl = Math.hypot(tx, ty) || 1;
  const hx = tx / tl;
  const hy = ty / tl;
  const h = Math.min(head, len / 2);
  const bx0 = ex - hx * h;
  const by0 = ey - hy * h;
  const f = (n: number) => n.toFixed(1);
  return {
    // The line stops inside the head, so its round cap does not poke through the point.
    line: `M${f(sx)} ${f(sy)}Q${f(cx)} ${f(cy)} ${f(ex - hx * h * 0.6)} ${f(ey - hy * h * 0.6)}`,
    head: `M${f(ex)} ${f(ey)}L${f(bx0 - hy * h * 0.55)} ${f(by0 + hx * h * 0.55)}L${f(bx0 + hy * h * 0.55)} ${f(by0 - hx * h * 0.55)}Z`,
  };
}

export interface ArrowLayer {
  readonly svg: SVGSVGElement;
  /** Draws these arrows (and only these); unknown keys are skipped. */
  show(arrows: readonly BoardArrow[]): void;
  clear(): void;
  /** The map's pan and zoom transform, as the other layers get it. */
  setTransform(t: string): void;
  destroy(): void;
}

/** The arrow layer of a board, on top of its other layers in `root`. */
export function createArrowLayer(root: HTMLElement, s: BoardState, uid: string): ArrowLayer {
  const { x, y, width, height } = s.canvas;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "rb rb-arrows");
  svg.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("pointer-events", "none");
  const colours = ownerStyles(s.seats);
  const cell = s.cell > 0 ? s.cell : Math.min(width, height) / 20;
  const stroke = Math.max(0.5, cell * 0.12);
  svg.setAttribute("data-board", uid);
  svg.innerHTML = '<g class="rb-view"></g>';
  const view = svg.querySelector(".rb-view") as SVGGElement;
  root.append(svg);

  const draw = (arrows: readonly BoardArrow[]) => {
    const out: string[] = [];
    for (const a of arrows) {
      const i = s.index.get(a.from);
      const j = s.index.get(a.to);
      if (i === undefined || j === undefined) continue;
      // Between close neighbours the arrow stays an arrow: its line and head shrink with its length.
      const len = Math.hypot(s.xs[j] - s.xs[i], s.ys[j] - s.ys[i]);
      const w = Math.min(a.kind === "conquest" ? stroke * 1.5 : stroke, len / 14);
      const sh = arrowShape(s.xs[i], s.ys[i], s.xs[j], s.ys[j], cell * 0.28, Math.min(w * 3.2, len / 4));
      if (!sh) continue;
      const colour = a.seat !== undefined ? (colours.get(a.seat)?.fill ?? "#333") : "#333";
      const dash = a.kind === "fortify" ? ` stroke-dasharray="${(w * 2).toFixed(1)} ${(w * 1.2).toFixed(1)}"` : "";
      // A dark casing under the coloured line and head, so the arrow reads on any fill.
      out.push(
        `<g class="rb-arrow rb-arrow-${a.kind}">` +
          `<path d="${sh.line}" fill="none" stroke="#111" stroke-width="${(w * 1.8).toFixed(2)}" stroke-linecap="round"/>` +
          `<path d="${sh.line}" fill="none" stroke="${colour}" stroke-width="${w.toFixed(2)}" stroke-linecap="round"${dash}/>` +
          `<path d="${sh.head}" fill="${colour}" stroke="#111" stroke-width="${(w * 0.4).toFixed(2)}" stroke-linejoin="round"/></g>`,
      );
    }
    view.innerHTML = out.join("");
  };

  return {
    svg,
    show: draw,
    clear: () => draw([]),
    setTransform: (t) => view.setAttribute("transform", t),
    destroy: () => svg.remove(),
  };
}

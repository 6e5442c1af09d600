// SVG markup from the map geometry: pure functions, no DOM. Territories are drawn from the shapes the
// server gives (every map the API serves has one per territory: the file's own or one it derives).

import { FOG_FILL, NEUTRAL_FILL, UNCLAIMED_FILL, type OwnerStyle, type PatternKind } from "./palette";
import type { MapGeometry } from "./types";

export interface Canvas {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The canvas the map is drawn on: its width and height, or the labels' bounding box with a margin. */
export function canvasOf(g: MapGeometry): Canvas {
  if (g.width && g.height && g.width > 0 && g.height > 0) return { x: 0, y: 0, width: g.width, height: g.height };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const t of g.territories) {
    x0 = Math.min(x0, t.x);
    y0 = Math.min(y0, t.y);
    x1 = Math.max(x1, t.x);
    y1 = Math.max(y1, t.y);
  }
  if (!Number.isFinite(x0)) return { x: 0, y: 0, width: 1, height: 1 };
  const m = Math.max(1, cellSize({ x: 0, y: 0, width: x1 - x0 || 1, height: y1 - y0 || 1 }, g.territories.length));
  return { x: x0 - m, y: y0 - m, width: x1 - x0 + 2 * m, height: y1 - y0 + 2 * m };
}

/** The side of a territory's share of the canvas: the typical size of a cell. */
export function cellSize(c: Canvas, n: number): number {
  return Math.sqrt((c.width * c.height) / Math.max(1, n));
}

function fmt(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

/**
 * The path of a sea line between two label positions: straight, or, for a line longer than half the
 * canvas' width (a border that wraps around the world, such as Alaska to Kamchatka), two stubs running
 * off the left and right edges.
 */
export function seaLinePath(ax: number, ay: number, bx: number, by: number, c: Canvas): string {
  if (Math.abs(bx - ax) <= c.width / 2) return `M${fmt(ax)},${fmt(ay)}L${fmt(bx)},${fmt(by)}`;
  const [lx, ly, rx, ry] = ax < bx ? [ax, ay, bx, by] : [bx, by, ax, ay];
  const left = c.x;
  const right = c.x + c.width;
  const span = lx - left + (right - rx);
  const yEdge = ly + ((ry - ly) * (lx - left)) / (span || 1);
  return `M${fmt(lx)},${fmt(ly)}L${fmt(left)},${fmt(yEdge)}M${fmt(rx)},${fmt(ry)}L${fmt(right)},${fmt(yEdge)}`;
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** The marks of a pattern tile of side s, drawn in a translucent dark ink over the seat's colour. */
function patternMarks(kind: PatternKind, s: number): string {
  const w = fmt(s / 5);
  const h = fmt(s / 2);
  const ink = 'stroke="#000" stroke-opacity="0.3"';
  switch (kind) {
    case "diagonal":
      return `<path d="M0,${fmt(s)}L${fmt(s)},0M${fmt(-s / 2)},${h}L${h},${fmt(-s / 2)}M${h},${fmt(1.5 * s)}L${fmt(1.5 * s)},${h}" ${ink} stroke-width="${w}"/>`;
    case "antidiagonal":
      return `<path d="M0,0L${fmt(s)},${fmt(s)}M${fmt(-s / 2)},${h}L${h},${fmt(1.5 * s)}M${h},${fmt(-s / 2)}L${fmt(1.5 * s)},${h}" ${ink} stroke-width="${w}"/>`;
    case "horizontal":
      return `<path d="M0,${h}H${fmt(s)}" ${ink} stroke-width="${w}"/>`;
    case "vertical":
      return `<path d="M${h},0V${fmt(s)}" ${ink} stroke-width="${w}"/>`;
    case "cross":
      return `<path d="M0,${h}H${fmt(s)}M${h},0V${fmt(s)}" ${ink} stroke-width="${fmt(s / 7)}"/>`;
    case "dots":
      return `<circle cx="${h}" cy="${h}" r="${fmt(s / 6)}" fill="#000" fill-opacity="0.3"/>`;
    case "rings":
      return `<circle cx="${h}" cy="${h}" r="${fmt(s / 4)}" fill="none" ${ink} stroke-width="${fmt(s / 10)}"/>`;
    default:
      return "";
  }
}

/** A <pattern> of the seat's colour with its marks, `s` map units a tile. */
export function patternDef(id: string, style: OwnerStyle, s: number): string {
  return (
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${fmt(s)}" height="${fmt(s)}">` +
    `<rect width="${fmt(s)}" height="${fmt(s)}" fill="${style.fill}"/>${patternMarks(style.pattern, s)}</pattern>`
  );
}

/**
 * A small picture of how a seat's territories look on the map (its colour and pattern), for a legend beside
 * the board: an SVG document of `size` pixels whose pattern has the id `id` (unique in the page).
 */
export function swatchSvg(id: string, style: OwnerStyle, size: number): string {
  const s = fmt(size);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" aria-hidden="true">` +
    `<defs>${patternDef(id, style, size / 2)}</defs>` +
    `<rect width="${s}" height="${s}" rx="2" fill="url(#${id})" stroke="#000" stroke-opacity="0.35"/></svg>`
  );
}

/** The neutral pattern: grey with a grid. */
export function neutralDef(id: string, s: number): string {
  return patternDef(id, { fill: NEUTRAL_FILL, pattern: "cross", ink: "#000" }, s);
}

/**
 * The fog's pattern: dark slate under faint light cross-hatching (both diagonals), unlike any seat's colour
 * and marks (a seat's hatching runs one way, in dark ink).
 */
export function fogDef(id: string, s: number): string {
  const h = fmt(s / 2);
  const a = fmt(-s / 2);
  const b = fmt(1.5 * s);
  const one = `M0,${fmt(s)}L${fmt(s)},0M${a},${h}L${h},${a}M${h},${b}L${b},${h}`;
  const other = `M0,0L${fmt(s)},${fmt(s)}M${a},${h}L${h},${b}M${h},${a}L${b},${h}`;
  return (
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${fmt(s)}" height="${fmt(s)}">` +
    `<rect width="${fmt(s)}" height="${fmt(s)}" fill="${FOG_FILL}"/>` +
    `<path d="${one}${other}" stroke="#fff" stroke-opacity="0.2" stroke-width="${fmt(s / 10)}"/></pattern>`
  );
}

export { NEUTRAL_FILL, UNCLAIMED_FILL };

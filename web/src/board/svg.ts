// SVG shapes and markup from the map geometry: pure functions, no DOM. Territories are drawn from their
// `shape` path when the map has one, otherwise as Voronoi cells of the label positions (d3-delaunay),
// clipped to the canvas and to a radius around the label so that coasts stay round rather than running
// out to the canvas' edge.

import { Delaunay } from "d3-delaunay";
import { NEUTRAL_FILL, UNCLAIMED_FILL, type OwnerStyle, type PatternKind } from "./palette";
import type { MapGeometry, SeaLine } from "./types";

export interface Canvas {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Point = [number, number];

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

/** A regular polygon around (cx, cy), counter-clockwise in screen terms like d3's cells. */
export function circlePolygon(cx: number, cy: number, r: number, sides = 24): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < sides; i++) {
    const a = (2 * Math.PI * i) / sides;
    out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return out;
}

function cross(a: Point, b: Point, p: Point): number {
  return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
}

/** Sutherland-Hodgman: `subject` clipped to the convex polygon `clip` (both open rings, same winding). */
export function clipConvex(subject: Point[], clip: Point[]): Point[] {
  let out = subject;
  // Orientation of the clip polygon, so either winding works.
  let area = 0;
  for (let i = 0; i < clip.length; i++) {
    const a = clip[i];
    const b = clip[(i + 1) % clip.length];
    area += a[0] * b[1] - b[0] * a[1];
  }
  const sign = area >= 0 ? 1 : -1;
  for (let i = 0; i < clip.length && out.length; i++) {
    const a = clip[i];
    const b = clip[(i + 1) % clip.length];
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j];
      const q = input[(j + 1) % input.length];
      const pin = sign * cross(a, b, p) >= 0;
      const qin = sign * cross(a, b, q) >= 0;
      if (pin) out.push(p);
      if (pin !== qin) {
        const d1 = cross(a, b, p);
        const d2 = cross(a, b, q);
        const t = d1 / (d1 - d2);
        out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
      }
    }
  }
  return out;
}

function fmt(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

/** An SVG path for a closed polygon. */
export function polygonPath(poly: Point[]): string {
  if (poly.length < 3) return "";
  let s = `M${fmt(poly[0][0])},${fmt(poly[0][1])}`;
  for (let i = 1; i < poly.length; i++) s += `L${fmt(poly[i][0])},${fmt(poly[i][1])}`;
  return s + "Z";
}

/**
 * Voronoi cells of the points within the canvas, each clipped to a circle of `radius` around its point
 * (only cells reaching beyond it are clipped). Points sharing a position get empty paths after the first.
 */
export function voronoiPaths(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  c: Canvas,
  radius: number | ArrayLike<number>,
): string[] {
  const n = xs.length;
  const coords = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    coords[2 * i] = xs[i];
    coords[2 * i + 1] = ys[i];
  }
  const v = new Delaunay(coords).voronoi([c.x, c.y, c.x + c.width, c.y + c.height]);
  const out: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const r = typeof radius === "number" ? radius : radius[i];
    const r2 = r * r;
    const cell = v.cellPolygon(i) as Point[] | null;
    if (!cell) {
      out[i] = "";
      continue;
    }
    cell.pop(); // d3 closes the ring
    let far = false;
    for (const p of cell) {
      const dx = p[0] - xs[i];
      const dy = p[1] - ys[i];
      if (dx * dx + dy * dy > r2) {
        far = true;
        break;
      }
    }
    out[i] = polygonPath(far ? clipConvex(cell, circlePolygon(xs[i], ys[i], r)) : cell);
  }
  return out;
}

/**
 * The default clip radius of each territory: 0.7 times the median distance to the territories it borders
 * (so neighbours' cells meet along their whole border, while coasts facing no neighbour stay round and seas
 * stay open), within a quarter and twice the typical cell size.
 */
export function defaultRadii(g: MapGeometry, c: Canvas): Float64Array {
  const n = g.territories.length;
  const cell = cellSize(c, n);
  const index = new Map(g.territories.map((t, i) => [t.key, i]));
  const out = new Float64Array(n);
  g.territories.forEach((t, i) => {
    const d: number[] = [];
    for (const k of t.neighbours) {
      const j = index.get(k);
      if (j !== undefined) d.push(Math.hypot(g.territories[j].x - t.x, g.territories[j].y - t.y));
    }
    d.sort((a, b) => a - b);
    const median = d.length ? d[Math.floor((d.length - 1) / 2)] : cell;
    out[i] = Math.min(2 * cell, Math.max(0.25 * cell, 0.7 * median));
  });
  return out;
}

/** The outline of every territory: its own shape when given, else its clipped Voronoi cell. */
export function territoryPaths(g: MapGeometry, c: Canvas, radius?: number | ArrayLike<number>): string[] {
  const ts = g.territories;
  if (ts.every((t) => t.shape)) return ts.map((t) => t.shape as string);
  const xs = ts.map((t) => t.x);
  const ys = ts.map((t) => t.y);
  const cells = voronoiPaths(xs, ys, c, radius ?? defaultRadii(g, c));
  return ts.map((t, i) => t.shape || cells[i]);
}

/**
 * Borders whose cells cannot touch (the labels are further apart than the two clip radii): the sea lines a
 * map without its own implies. Each pair once, in map order.
 */
export function impliedSeaLines(g: MapGeometry, radii: ArrayLike<number>): SeaLine[] {
  const index = new Map(g.territories.map((t, i) => [t.key, i]));
  const out: SeaLine[] = [];
  g.territories.forEach((t, i) => {
    for (const k of t.neighbours) {
      const j = index.get(k);
      if (j === undefined || j <= i) continue;
      const u = g.territories[j];
      if (Math.hypot(u.x - t.x, u.y - t.y) > 0.98 * (radii[i] + radii[j])) out.push({ from: t.key, to: u.key });
    }
  });
  return out;
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

/** The neutral pattern: grey with a grid. */
export function neutralDef(id: string, s: number): string {
  return patternDef(id, { fill: NEUTRAL_FILL, pattern: "cross", ink: "#000" }, s);
}

export { NEUTRAL_FILL, UNCLAIMED_FILL };

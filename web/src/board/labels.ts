// Territory names on the map, pure: where a name goes, how big it may be drawn inside its territory, and
// from which zoom it is big enough on screen to read. A name is sized to fit its territory's box (so it
// never runs into a neighbour's name), drawn above the army count, and shown in level-of-detail steps:
// the board sets one class per step reached, so a zoom shows or hides names with no per-name work.

/** An axis-aligned box in map units. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const EMPTY: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };

/**
 * The bounding box of an SVG path's points (M L H V Z and their relative forms; the control points of
 * curves count as points, which can only widen the box). Empty (x0 = Infinity) for an empty path.
 */
export function pathBox(d: string): Box {
  const b = { ...EMPTY };
  const tokens = d.match(/[MLHVCSQTAZmlhvcsqtaz]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  let cmd = "M";
  let cx = 0;
  let cy = 0;
  let sx = 0;
  let sy = 0;
  const add = (x: number, y: number) => {
    if (x < b.x0) b.x0 = x;
    if (x > b.x1) b.x1 = x;
    if (y < b.y0) b.y0 = y;
    if (y > b.y1) b.y1 = y;
  };
  let i = 0;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    const t = tokens[i];
    if (/^[A-Za-z]$/.test(t)) {
      cmd = t;
      i++;
      if (cmd === "Z" || cmd === "z") {
        cx = sx;
        cy = sy;
      }
      continue;
    }
    const rel = cmd === cmd.toLowerCase();
    switch (cmd.toUpperCase()) {
      case "H":
        cx = num() + (rel ? cx : 0);
        break;
      case "V":
        cy = num() + (rel ? cy : 0);
        break;
      case "A": {
        i += 5; // radii, rotation and flags
        const x = num();
        const y = num();
        cx = rel ? cx + x : x;
        cy = rel ? cy + y : y;
        break;
      }
      case "C":
      case "S":
      case "Q": {
        const pairs = cmd.toUpperCase() === "C" ? 3 : 2;
        let x = 0;
        let y = 0;
        for (let p = 0; p < pairs; p++) {
          x = num() + (rel ? cx : 0);
          y = num() + (rel ? cy : 0);
          if (p < pairs - 1) add(x, y);
        }
        cx = x;
        cy = y;
        break;
      }
      default: {
        // M, L, T: a point; after M the following pairs are line-tos.
        const x = num();
        const y = num();
        cx = rel ? cx + x : x;
        cy = rel ? cy + y : y;
        if (cmd === "M" || cmd === "m") {
          sx = cx;
          sy = cy;
          cmd = cmd === "M" ? "L" : "l";
        }
      }
    }
    if (Number.isNaN(cx) || Number.isNaN(cy)) break;
    add(cx, cy);
  }
  return b;
}

/** The width of a text in the board's bold sans-serif, per unit of font size (a safe estimate, no layout). */
export function textWidth(text: string, fontSize: number): number {
  let w = 0;
  for (const ch of text) w += /[iljtf.,'’ ]/.test(ch) ? 0.34 : /[mwMW]/.test(ch) ? 0.92 : /[A-Z]/.test(ch) ? 0.72 : 0.6;
  return w * fontSize;
}

/** The smallest name worth drawing, in CSS pixels on screen. */
export const NAME_MIN_PIXELS = 10;

/** Steps of the level of detail: two per doubling of the zoom. */
export const LOD_STEPS_PER_DOUBLING = 2;
/** The highest step a name can have; names needing more zoom are never shown. */
export const LOD_MAX = 16;

export interface NameLayout {
  /** Font size in map units (0: the name never fits). */
  font: number;
  /** The name's centre (text-anchor middle, central baseline), above the army count. */
  x: number;
  y: number;
  /** The level-of-detail step from which the name shows (Infinity: never). */
  level: number;
}

/**
 * Where a territory's name goes and how big: centred on the label's x, just above the army count (which is
 * `countFont` high, centred on the label) or, when there is more room there, just below it; no wider than
 * the territory's room on both sides of the label nor higher than the room beside the count, and at most
 * `maxFont`. It shows from the zoom at which its font is NAME_MIN_PIXELS on a screen of `ppu` pixels per
 * map unit.
 */
export function nameLayout(
  name: string,
  x: number,
  y: number,
  box: Box,
  countFont: number,
  maxFont: number,
  ppu: number,
  outline?: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
): NameLayout {
  const never = { font: 0, x, y, level: Infinity };
  if (!name || !(box.x1 > box.x0) || ppu <= 0) return never;
  const above = fitName(name, x, y, box, countFont, maxFont, -1, outline);
  const below = fitName(name, x, y, box, countFont, maxFont, 1, outline);
  const best = below.font > above.font ? below : above;
  if (!(best.font > 0)) return never;
  const level = levelFor(NAME_MIN_PIXELS / (best.font * ppu));
  return { font: best.font, x, y: best.y, level: level > LOD_MAX ? Infinity : level };
}

/** The largest font of a name on one side of the count (side -1: above, 1: below) and its centre's y. */
function fitName(
  name: string,
  x: number,
  y: number,
  box: Box,
  countFont: number,
  maxFont: number,
  side: -1 | 1,
  outline?: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
): { font: number; y: number } {
  const perUnit = textWidth(name, 1);
  const edge = y + side * countFont * 0.6; // the count's edge on this side
  const room = side < 0 ? edge - box.y0 : box.y1 - edge; // between the count and the box's edge
  let font = Math.min(maxFont, room / 1.1, (2 * Math.min(x - box.x0, box.x1 - x) * 0.9) / perUnit);
  // With the outline: the room on both sides of x along the top and bottom of the name's line, which
  // shrinks as the font does (a few rounds settle it).
  for (let round = 0; outline && round < 4 && font > 0; round++) {
    const mid = edge + side * font * 0.55;
    const half = Math.min(halfSpan(outline, x, mid - font * 0.5), halfSpan(outline, x, mid + font * 0.5));
    const next = Math.min(font, (2 * half * 0.85) / perUnit);
    if (next >= font * 0.98) break;
    font = next;
  }
  return font > 0 ? { font, y: edge + side * font * 0.55 } : { font: 0, y };
}

/**
 * The half-width of the room inside an outline around x on the line at height y: the distance from x to the
 * nearest edge crossing on either side (0 when x is outside at that height).
 */
export function halfSpan(
  outline: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  x: number,
  y: number,
): number {
  let left = -Infinity;
  let right = Infinity;
  let crossings = 0;
  for (const ring of outline) {
    for (let j = 0; j < ring.length; j++) {
      const [ax, ay] = ring[j];
      const [bx, by] = ring[(j + 1) % ring.length];
      if (ay <= y === by <= y) continue;
      const cx = ax + ((y - ay) * (bx - ax)) / (by - ay);
      if (cx <= x) {
        crossings++;
        if (cx > left) left = cx;
      } else if (cx < right) right = cx;
    }
  }
  if (crossings % 2 === 0 || !Number.isFinite(left) || !Number.isFinite(right)) return 0;
  return Math.min(x - left, right - x);
}

/** The level-of-detail step a zoom needs (the first step at or above it). */
export function levelFor(zoom: number): number {
  return Math.max(0, Math.ceil(Math.log2(zoom) * LOD_STEPS_PER_DOUBLING - 1e-9));
}

/** The level-of-detail step a zoom reaches (names of that step and below show; -1 below step 0). */
export function levelAt(zoom: number): number {
  if (!(zoom >= 1)) return -1;
  return Math.min(LOD_MAX, Math.floor(Math.log2(zoom) * LOD_STEPS_PER_DOUBLING + 1e-9));
}

// Owner colours from a colour-blind-safe palette (Okabe and Ito's eight colours), each seat with a pattern
// of its own as well, so that colour is never the only cue; and the bonus areas' outline colours.

import type { AreaGeometry } from "./types";

/** Okabe-Ito colours, without black (army counts must stay readable on every fill). */
export const SAFE = {
  orange: "#E69F00",
  sky: "#56B4E9",
  green: "#009E73",
  yellow: "#F0E442",
  blue: "#0072B2",
  vermillion: "#D55E00",
  purple: "#CC79A7",
  grey: "#8C8C8C",
} as const;

/** Seat colour names mapped to the nearest safe colour, so "red" stays reddish. */
const BY_NAME: Record<string, string> = {
  red: SAFE.vermillion,
  vermillion: SAFE.vermillion,
  blue: SAFE.blue,
  navy: SAFE.blue,
  green: SAFE.green,
  teal: SAFE.green,
  yellow: SAFE.yellow,
  gold: SAFE.yellow,
  orange: SAFE.orange,
  purple: SAFE.purple,
  pink: SAFE.purple,
  magenta: SAFE.purple,
  violet: SAFE.purple,
  sky: SAFE.sky,
  cyan: SAFE.sky,
  lightblue: SAFE.sky,
  grey: SAFE.grey,
  gray: SAFE.grey,
  black: "#3B3B3B",
  white: "#F2F2F2",
  brown: "#8C5A2B",
};

const ORDER = [SAFE.vermillion, SAFE.blue, SAFE.green, SAFE.yellow, SAFE.purple, SAFE.sky, SAFE.orange, SAFE.grey];

/** The patterns drawn over a seat's colour, by seat: none first, then hatches and dots. */
export const PATTERNS = [
  "solid",
  "diagonal",
  "dots",
  "horizontal",
  "antidiagonal",
  "vertical",
  "cross",
  "rings",
] as const;
export type PatternKind = (typeof PATTERNS)[number];

export interface OwnerStyle {
  fill: string;
  pattern: PatternKind;
  /** The army count's colour on this fill. */
  ink: "#000" | "#fff";
}

export const NEUTRAL_FILL = "#B8B8B8";
export const UNCLAIMED_FILL = "#EDEAE2";
/** Territories fog hides: a dark slate no seat colour comes near, hatched (svg.ts, fogDef). */
export const FOG_FILL = "#2B3440";

/** Relative luminance of a #rrggbb colour (WCAG). */
export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return 0.5;
  const n = parseInt(m[1], 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/** Black or white ink, whichever contrasts more with the fill. */
export function inkOn(hex: string): "#000" | "#fff" {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000" : "#fff";
}

/** A seat's fill and pattern. Seats past the palette's length get the next pattern, so no two look alike. */
export function ownerStyle(seat: number, color: string): OwnerStyle {
  const named = BY_NAME[color.trim().toLowerCase()];
  const fill = named ?? (/^#[0-9a-f]{6}$/i.test(color) ? color : ORDER[seat % ORDER.length]);
  const pattern = PATTERNS[seat % PATTERNS.length];
  return { fill, pattern, ink: inkOn(fill) };
}

/**
 * The styles of all seats of a game: each seat's colour, with its seat's pattern, moved on to the next
 * pattern while another seat already looks the same (two colour names can share a safe colour).
 */
export function ownerStyles(seats: ReadonlyArray<{ seat: number; color: string }>): Map<number, OwnerStyle> {
  const used = new Set<string>();
  const out = new Map<number, OwnerStyle>();
  for (const s of seats) {
    const st = ownerStyle(s.seat, s.color);
    let p = PATTERNS.indexOf(st.pattern);
    for (let n = 0; n < PATTERNS.length && used.has(`${st.fill}/${PATTERNS[p]}`); n++) p = (p + 1) % PATTERNS.length;
    st.pattern = PATTERNS[p];
    used.add(`${st.fill}/${st.pattern}`);
    out.set(s.seat, st);
  }
  return out;
}

/**
 * Muted outline colours for bonus areas. The API colours a map's areas for a palette of this many colours
 * (`colorIndex(paletteSize: AREA_COLORS.length)`), so that no two neighbouring areas share one.
 */
export const AREA_COLORS = ["#5B4B8A", "#2E6F40", "#8A4B2E", "#2E5E8A", "#7A6A1F", "#8A2E5E", "#3F3F3F", "#1F7A7A"];

/**
 * Each area's outline colour by key: the colour of its `colorIndex` from the API, or, for an area without
 * one (a map file's), the colour of its position in the map.
 */
export function areaColors(areas: readonly AreaGeometry[]): Map<string, string> {
  return new Map(areas.map((a, i) => [a.key, AREA_COLORS[(a.colorIndex ?? i) % AREA_COLORS.length]]));
}

// The board's plain state: the map's index (key to territory), the territories as they stand, selection,
// highlights, focus and hover. Functions here are pure or change only the state passed in, and report which
// territories changed, so that rendering touches only those.

import type { ResolvedConfig } from "./config";
import { canvasOf, cellSize, type Canvas } from "./svg";
import type { MapGeometry, SeatStyle, TerritoryState } from "./types";

export interface BoardState {
  geometry: MapGeometry;
  canvas: Canvas;
  /** The typical size of a territory, in map units. */
  cell: number;
  n: number;
  keys: string[];
  index: Map<string, number>;
  neighbours: number[][];
  xs: Float64Array;
  ys: Float64Array;
  areaNames: Map<string, string>;
  seats: SeatStyle[];
  territories: TerritoryState[];
  selected: number | null;
  highlights: Set<number>;
  /** What picking a highlighted territory does (attack, fortify, claim, place, ...), when the app says. */
  highlightKinds: Map<number, string>;
  /** The territory that holds the keyboard focus (or would, when the board gets it). */
  focus: number;
  hover: number | null;
}

const UNCLAIMED: TerritoryState = { owner: null, neutral: false, armies: 0 };

export function createState(c: ResolvedConfig): BoardState {
  const g = c.geometry;
  const n = g.territories.length;
  const keys = g.territories.map((t) => t.key);
  const index = new Map(keys.map((k, i) => [k, i]));
  const canvas = canvasOf(g);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  g.territories.forEach((t, i) => {
    xs[i] = t.x;
    ys[i] = t.y;
  });
  const neighbours = g.territories.map((t) =>
    t.neighbours.map((k) => index.get(k)).filter((i): i is number => i !== undefined),
  );
  const territories = keys.map((_, i) => ({ ...(c.territories?.[i] ?? UNCLAIMED) }));
  return {
    geometry: g,
    canvas,
    cell: cellSize(canvas, n),
    n,
    keys,
    index,
    neighbours,
    xs,
    ys,
    areaNames: new Map((g.areas ?? []).map((a) => [a.key, a.name])),
    seats: c.seats,
    territories,
    selected: null,
    highlights: new Set(),
    highlightKinds: new Map(),
    focus: 0,
    hover: null,
  };
}

/** An update: the whole board in map order, or some territories by index or key. */
export type TerritoryUpdate = TerritoryState[] | Array<TerritoryState & ({ index: number } | { key: string })>;

/** Applies an update and returns the indexes of the territories that changed. */
export function updateTerritories(s: BoardState, update: TerritoryUpdate): number[] {
  const changed: number[] = [];
  const put = (i: number | undefined, t: TerritoryState) => {
    if (i === undefined || i < 0 || i >= s.n) return;
    const cur = s.territories[i];
    const sight = t.sight ?? "full";
    if (
      cur.owner === t.owner &&
      cur.armies === t.armies &&
      cur.neutral === t.neutral &&
      (cur.sight ?? "full") === sight
    )
      return;
    s.territories[i] = { owner: t.owner, neutral: t.neutral, armies: t.armies, sight };
    changed.push(i);
  };
  update.forEach((t, pos) => {
    const u = t as TerritoryState & { index?: number; key?: string };
    put(u.index ?? (u.key !== undefined ? s.index.get(u.key) : pos), u);
  });
  return changed;
}

/**
 * Sets the highlighted keys, with what picking each does when `kinds` says (key -> kind); returns the
 * indexes whose highlight or kind changed.
 */
export function setHighlights(s: BoardState, keys: Iterable<string>, kinds?: ReadonlyMap<string, string>): number[] {
  const next = new Set<number>();
  const nextKinds = new Map<number, string>();
  for (const k of keys) {
    const i = s.index.get(k);
    if (i === undefined) continue;
    next.add(i);
    const kind = kinds?.get(k);
    if (kind) nextKinds.set(i, kind);
  }
  const changed: number[] = [];
  for (const i of s.highlights) if (!next.has(i)) changed.push(i);
  for (const i of next) if (!s.highlights.has(i) || s.highlightKinds.get(i) !== nextKinds.get(i)) changed.push(i);
  s.highlights = next;
  s.highlightKinds = nextKinds;
  return changed;
}

/** The words a screen reader adds for a choosable territory, by what picking it does. */
const CHOICE_WORDS: Record<string, string> = {
  attack: "can be attacked",
  fortify: "can be fortified",
  claim: "can be claimed",
  place: "can take armies",
  select: "can be chosen",
};

/** The kinds the board draws apart: attack targets dashed, fortify targets double. */
export const HIGHLIGHT_KINDS = ["attack", "fortify", "claim", "place", "select"] as const;

export type Direction = "up" | "down" | "left" | "right";

const ANGLE: Record<Direction, number> = { right: 0, down: Math.PI / 2, left: Math.PI, up: -Math.PI / 2 };

/**
 * The territory an arrow key moves the focus to: the neighbour best in that direction, else (an island,
 * or no neighbour that way) the nearest territory in that direction, else the focus stays.
 */
export function moveFocus(s: BoardState, from: number, dir: Direction): number {
  const want = ANGLE[dir];
  const score = (j: number): number | null => {
    const dx = s.xs[j] - s.xs[from];
    const dy = s.ys[j] - s.ys[from];
    const d = Math.hypot(dx, dy);
    if (d === 0) return null;
    let off = Math.abs(Math.atan2(dy, dx) - want);
    if (off > Math.PI) off = 2 * Math.PI - off;
    if (off > Math.PI / 3) return null; // more than 60 degrees off
    return d * (1 + 2 * off);
  };
  let best = -1;
  let bestScore = Infinity;
  for (const j of s.neighbours[from] ?? []) {
    const sc = score(j);
    if (sc !== null && sc < bestScore) [best, bestScore] = [j, sc];
  }
  if (best >= 0) return best;
  for (let j = 0; j < s.n; j++) {
    if (j === from) continue;
    const sc = score(j);
    if (sc !== null && sc < bestScore) [best, bestScore] = [j, sc];
  }
  return best >= 0 ? best : from;
}

/** The next highlighted territory after `from` in map order (step -1: before), or null past the last. */
export function nextHighlight(s: BoardState, from: number, step: 1 | -1): number | null {
  if (s.highlights.size === 0) return null;
  let best: number | null = null;
  for (const i of s.highlights) {
    if (step > 0 ? i > from && (best === null || i < best) : i < from && (best === null || i > best)) best = i;
  }
  return best;
}

/** What a tooltip and a screen reader say about a territory. */
export interface TerritoryInfo {
  key: string;
  name: string;
  areas: string[];
  owner: string;
  /** Null where fog hides them. */
  armies: number | null;
  neighbours: string[];
  selected: boolean;
  choosable: boolean;
}

/** The words for a territory fog hides whole. */
export const HIDDEN_WORDS = "hidden by fog";

export function ownerName(s: BoardState, t: TerritoryState): string {
  if (t.sight === "hidden") return HIDDEN_WORDS;
  if (t.neutral) return "neutral";
  if (t.owner === null) return "unclaimed";
  return s.seats.find((x) => x.seat === t.owner)?.name ?? `seat ${t.owner + 1}`;
}

export function territoryInfo(s: BoardState, i: number): TerritoryInfo {
  const g = s.geometry.territories[i];
  const t = s.territories[i];
  return {
    key: g.key,
    name: g.name,
    areas: (g.areas ?? []).map((a) => s.areaNames.get(a) ?? a),
    owner: ownerName(s, t),
    armies: t.armies,
    neighbours: s.neighbours[i].map((j) => s.geometry.territories[j].name),
    selected: s.selected === i,
    choosable: s.highlights.has(i),
  };
}

function armiesText(n: number | null): string {
  if (n === null) return "armies hidden";
  return n === 1 ? "1 army" : `${n} armies`;
}

/** Whether a territory's owner is shown, and so its armies (or that they are hidden). */
function owned(t: TerritoryState): boolean {
  return (t.owner !== null || t.neutral) && t.sight !== "hidden";
}

/**
 * The accessible name of a territory: "Peru, South America: Red, 5 armies"; under fog "Peru: Red, armies
 * hidden" or "Peru: hidden by fog".
 */
export function ariaLabel(s: BoardState, i: number): string {
  const g = s.geometry.territories[i];
  const t = s.territories[i];
  const area = g.areas?.length ? `, ${g.areas.map((a) => s.areaNames.get(a) ?? a).join(", ")}` : "";
  const owner = ownerName(s, t);
  const choice = s.highlights.has(i) ? `, ${CHOICE_WORDS[s.highlightKinds.get(i) ?? "select"] ?? "can be chosen"}` : "";
  return `${g.name}${area}: ${owner}${owned(t) ? `, ${armiesText(t.armies)}` : ""}${choice}`;
}

/** The tooltip's lines. Long neighbour lists are cut after `maxNeighbours` names. */
export function tooltipLines(info: TerritoryInfo, maxNeighbours = 8): string[] {
  const lines = [info.name];
  if (info.areas.length) lines.push(info.areas.join(", "));
  const owner = `${info.owner[0].toUpperCase()}${info.owner.slice(1)}`;
  lines.push(
    info.owner === "unclaimed" || info.owner === HIDDEN_WORDS ? owner : `${owner}, ${armiesText(info.armies)}`,
  );
  if (info.neighbours.length) {
    const shown = info.neighbours.slice(0, maxNeighbours);
    const more = info.neighbours.length - shown.length;
    lines.push(`Borders ${shown.join(", ")}${more > 0 ? ` and ${more} more` : ""}`);
  }
  return lines;
}

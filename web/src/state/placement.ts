// The placement helpers: a draft's exact amounts, "the rest here", the rest spread evenly over several
// territories (those picked, or the borders: own territories with an enemy neighbour), an undo stack, and
// the draft kept over a reload. Pure functions over `PlacementDraft` (actions.ts); which territories take
// armies and how many are left come from the server's `place` actions only.

import { draftPlace, reserveOf, startsFrom, type ActionIndex, type PlacementDraft } from "./actions";
import type { TerritoryView } from "./types";

/** Sets the armies drafted on `key` to `n` (0 removes it), within the reserve; unchanged when not allowed. */
export function setPlaced(d: PlacementDraft, ix: ActionIndex, key: string, n: number): PlacementDraft {
  if (!Number.isFinite(n)) return d;
  const cur = placedOn(d, key);
  return draftPlace(d, ix, key, Math.max(0, Math.floor(n)) - cur);
}

/** The armies the draft puts on `key`. */
export function placedOn(d: PlacementDraft, key: string): number {
  return d.placements.find((p) => p.territory === key)?.armies ?? 0;
}

/** The armies of the reserve not yet in the draft. */
export function leftToPlace(d: PlacementDraft, ix: ActionIndex): number {
  return Math.max(0, reserveOf(ix) - d.total);
}

/** Everything not yet drafted goes onto `key`. */
export function restHere(d: PlacementDraft, ix: ActionIndex, key: string): PlacementDraft {
  return draftPlace(d, ix, key, leftToPlace(d, ix));
}

/**
 * Spreads what is left of the reserve evenly over `keys` (those the server lets the viewer place on, each
 * once, in the order given): every one gets the same share and the first ones one more each for the
 * remainder. 7 over three territories: 3, 2, 2, added to what the draft already puts there.
 */
export function distributeEvenly(d: PlacementDraft, ix: ActionIndex, keys: readonly string[]): PlacementDraft {
  const targets = [...new Set(keys)].filter((k) => startsFrom(ix, "place", k));
  const left = leftToPlace(d, ix);
  if (targets.length === 0 || left === 0) return d;
  const share = Math.floor(left / targets.length);
  const extra = left % targets.length;
  let out = d;
  targets.forEach((k, i) => {
    out = draftPlace(out, ix, k, share + (i < extra ? 1 : 0));
  });
  return out;
}

/**
 * The viewer's border territories, in board order: their own territories with at least one neighbour that
 * is not theirs (another player's or neutral; an unclaimed one counts too). `neighbours` is the map's
 * adjacency by key.
 */
export function borderTerritories(
  keys: readonly string[],
  board: readonly TerritoryView[],
  seat: number | null,
  neighbours: (key: string) => readonly string[] | undefined,
): string[] {
  if (seat === null) return [];
  const index = new Map(keys.map((k, i) => [k, i]));
  const out: string[] = [];
  keys.forEach((k, i) => {
    if (board[i]?.owner !== seat) return;
    const ns = neighbours(k) ?? [];
    if (ns.some((n) => board[index.get(n) ?? -1]?.owner !== seat && index.has(n))) out.push(k);
  });
  return out;
}

/** A draft with the drafts before it, for undo. */
export interface DraftHistory {
  draft: PlacementDraft;
  past: PlacementDraft[];
}

/** How many steps back undo can go. */
export const UNDO_DEPTH = 50;

export function history(draft: PlacementDraft): DraftHistory {
  return { draft, past: [] };
}

/** The history with `next` as the draft; a change that changes nothing is not a step. */
export function pushDraft(h: DraftHistory, next: PlacementDraft): DraftHistory {
  if (next === h.draft || sameDraft(next, h.draft)) return h;
  return { draft: next, past: [...h.past, h.draft].slice(-UNDO_DEPTH) };
}

/** The draft before the last change (the history unchanged when there is none). */
export function undoDraft(h: DraftHistory): DraftHistory {
  if (h.past.length === 0) return h;
  return { draft: h.past[h.past.length - 1], past: h.past.slice(0, -1) };
}

function sameDraft(a: PlacementDraft, b: PlacementDraft): boolean {
  return (
    a.total === b.total &&
    a.placements.length === b.placements.length &&
    a.placements.every((p, i) => p.territory === b.placements[i].territory && p.armies === b.placements[i].armies)
  );
}

/** Where a game's draft is kept (sessionStorage: the tab's, over a reload). */
export function draftStorageKey(gameId: string): string {
  return `rout.placement.${gameId}`;
}

/** The moment a draft belongs to: the turn, the phase and the version of the actions it was made with. */
export interface DraftMoment {
  turn: number;
  phase: string;
  version: number;
}

/** The stored form of a draft. */
export function storeDraft(d: PlacementDraft, at: DraftMoment): string {
  return JSON.stringify({ turn: at.turn, phase: at.phase, version: at.version, placements: d.placements });
}

/**
 * The draft a stored value holds, when it was made at this very moment (same turn, phase and version) and
 * every placement is still allowed: a territory offered for `place`, a whole number of armies from 1, the
 * total within the reserve. Anything else (another turn, a changed reserve, a value that is not ours) gives
 * null: the stored draft is dropped, never half used.
 */
export function restoreDraft(raw: string | null, ix: ActionIndex, at: DraftMoment): PlacementDraft | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  const o = v as Record<string, unknown>;
  if (o.turn !== at.turn || o.phase !== at.phase || o.version !== at.version || !Array.isArray(o.placements))
    return null;
  const reserve = reserveOf(ix);
  const seen = new Set<string>();
  const placements: PlacementDraft["placements"] = [];
  let total = 0;
  for (const p of o.placements as unknown[]) {
    if (typeof p !== "object" || p === null) return null;
    const { territory, armies } = p as Record<string, unknown>;
    if (typeof territory !== "string" || typeof armies !== "number" || !Number.isInteger(armies) || armies < 1)
      return null;
    if (seen.has(territory) || !startsFrom(ix, "place", territory)) return null;
    seen.add(territory);
    placements.push({ territory, armies });
    total += armies;
  }
  if (placements.length === 0 || total > reserve) return null;
  return { placements, total };
}

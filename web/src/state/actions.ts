// The legal choices, from Game.viewerActions only: what the board highlights and the buttons offer.
// Nothing here knows a rule; an empty list means there is nothing to do.

import type { Action } from './types';

export interface ActionIndex {
  all: readonly Action[];
  byKind: Map<string, Action[]>;
  /** For kinds with a source (attack, fortify, occupy): source key -> the actions from it. */
  byFrom: Map<string, Map<string, Action[]>>;
}

export function indexActions(actions: readonly Action[]): ActionIndex {
  const byKind = new Map<string, Action[]>();
  const byFrom = new Map<string, Map<string, Action[]>>();
  for (const a of actions) {
    let k = byKind.get(a.kind);
    if (!k) byKind.set(a.kind, (k = []));
    k.push(a);
    if (a.from) {
      let m = byFrom.get(a.kind);
      if (!m) byFrom.set(a.kind, (m = new Map()));
      let l = m.get(a.from);
      if (!l) m.set(a.from, (l = []));
      l.push(a);
    }
  }
  return { all: actions, byKind, byFrom };
}

export function has(ix: ActionIndex, kind: string): boolean {
  return (ix.byKind.get(kind)?.length ?? 0) > 0;
}

export function ofKind(ix: ActionIndex, kind: string): Action[] {
  return ix.byKind.get(kind) ?? [];
}

/** The source keys of a kind: territories to claim or place on, or to attack or fortify from. */
export function sources(ix: ActionIndex, kind: string): string[] {
  const m = ix.byFrom.get(kind);
  return m ? [...m.keys()] : [];
}

/** The actions of a kind from one territory (attack or fortify targets). */
export function from(ix: ActionIndex, kind: string, key: string): Action[] {
  return ix.byFrom.get(kind)?.get(key) ?? [];
}

/** The one action of `kind` from `fromKey` to `toKey`, if the server offers it. */
export function find(ix: ActionIndex, kind: string, fromKey: string, toKey?: string): Action | undefined {
  return from(ix, kind, fromKey).find((a) => toKey === undefined || a.to === toKey);
}

/** What the board should show as choosable, given the territory selected (null: none). */
export interface Choice {
  /** Territories that can be picked now. */
  targets: string[];
  /** The kind picking one leads to, per target (claim, place, attack, fortify, select). */
  kindOf: Map<string, string>;
}

/**
 * The territories to highlight. Without a selection: those to claim, place on, or attack or fortify from.
 * With one: the attack and fortify targets from it (the server's actions from that territory).
 */
export function choices(ix: ActionIndex, selected: string | null): Choice {
  const kindOf = new Map<string, string>();
  if (selected) {
    for (const a of from(ix, 'attack', selected)) if (a.to) kindOf.set(a.to, 'attack');
    for (const a of from(ix, 'fortify', selected)) if (a.to && !kindOf.has(a.to)) kindOf.set(a.to, 'fortify');
  } else {
    for (const k of sources(ix, 'claim')) kindOf.set(k, 'claim');
    for (const k of sources(ix, 'place')) kindOf.set(k, 'place');
    for (const k of sources(ix, 'attack')) kindOf.set(k, 'select');
    for (const k of sources(ix, 'fortify')) if (!kindOf.has(k)) kindOf.set(k, 'select');
  }
  return { targets: [...kindOf.keys()], kindOf };
}

/** The reserve left to place: the largest amount of a place action (0 when none). */
export function reserveOf(ix: ActionIndex): number {
  return ofKind(ix, 'place').reduce((m, a) => Math.max(m, a.max), 0);
}

/** A placement being drafted: armies per territory, confirmed in one placeArmies command. */
export interface PlacementDraft {
  placements: Array<{ territory: string; armies: number }>;
  total: number;
}

export const emptyDraft: PlacementDraft = { placements: [], total: 0 };

/**
 * Adds `n` armies (negative to take back) on `key` within the reserve; only territories the server offers a
 * `place` for are accepted. Returns the draft unchanged when nothing can be added.
 */
export function draftPlace(d: PlacementDraft, ix: ActionIndex, key: string, n: number): PlacementDraft {
  const a = from(ix, 'place', key)[0];
  if (!a || n === 0) return d;
  const reserve = reserveOf(ix);
  const cur = d.placements.find((p) => p.territory === key)?.armies ?? 0;
  const next = Math.max(0, Math.min(cur + n, cur + reserve - d.total));
  if (next === cur) return d;
  const placements = d.placements.filter((p) => p.territory !== key);
  if (next > 0) placements.push({ territory: key, armies: next });
  return { placements, total: d.total - cur + next };
}

// The legal choices, from Game.viewerActions only: what the board highlights and the buttons offer.
// Nothing here knows a rule; an empty list means there is nothing to do.
//
// Two forms: on a small board every action at once (`indexActions(viewerActions)`, complete); on a big one
// the summary (`indexSummary(viewerActionSummary, trades)`: per kind, how many and the territories they
// start from, with the trades, which `viewerActions(kind: "trade")` lists on any board), to which the
// actions from one territory are added once it is picked (`withFrom`, from `viewerActions(from:)`). The questions below answer alike in both forms, except `from` and `find`, which
// know only the territories read so far.

import type { Action } from "./types";

/** One entry of Game.viewerActionSummary. */
export interface ActionSummary {
  kind: string;
  count: number;
  from: readonly string[];
}

export interface ActionIndex {
  /** The actions known: all of them when `complete`, else those of the territories read with `withFrom`. */
  all: readonly Action[];
  byKind: Map<string, Action[]>;
  /** For kinds with a source (attack, fortify, occupy): source key -> the actions from it. */
  byFrom: Map<string, Map<string, Action[]>>;
  /** Per kind: how many actions there are and the territories they start from. */
  summary: Map<string, { count: number; from: Set<string> }>;
  /** True when `all` holds every action (a small board); false when built from the summary. */
  complete: boolean;
  /** The territories whose actions were read (`withFrom`); every territory when complete. */
  loaded: Set<string>;
  /** Which read of the server this is: the same after `withFrom`, new for every `indexActions`/`indexSummary`. */
  read: number;
}

let reads = 0;

/** Every action, as Game.viewerActions lists them. */
export function indexActions(actions: readonly Action[]): ActionIndex {
  const ix = build(actions);
  const summary = new Map<string, { count: number; from: Set<string> }>();
  for (const a of actions) {
    let s = summary.get(a.kind);
    if (!s) summary.set(a.kind, (s = { count: 0, from: new Set() }));
    s.count++;
    if (a.from) s.from.add(a.from);
  }
  return { ...ix, summary, complete: true, loaded: new Set(), read: ++reads };
}

/**
 * A big board's choices: the summary, with the actions already read that start from no territory (the
 * trades, `viewerActions(kind: "trade")`); no territory's actions read yet.
 */
export function indexSummary(summary: readonly ActionSummary[], known: readonly Action[] = []): ActionIndex {
  const m = new Map<string, { count: number; from: Set<string> }>();
  for (const s of summary) if (s.count > 0) m.set(s.kind, { count: s.count, from: new Set(s.from) });
  return { ...build(known.filter((a) => !a.from)), summary: m, complete: false, loaded: new Set(), read: ++reads };
}

/** The index with the actions from `key` (Game.viewerActions(from: key)) added; the same read. */
export function withFrom(ix: ActionIndex, key: string, actions: readonly Action[]): ActionIndex {
  if (ix.complete) return ix;
  const kept = ix.all.filter((a) => a.from !== key);
  const loaded = new Set(ix.loaded);
  loaded.add(key);
  return { ...build([...kept, ...actions]), summary: ix.summary, complete: false, loaded, read: ix.read };
}

/** Whether the actions from `key` are known (always on a small board). */
export function isLoaded(ix: ActionIndex, key: string): boolean {
  return ix.complete || ix.loaded.has(key);
}

/** How many actions there are in all (the summary's counts). */
export function actionCount(ix: ActionIndex): number {
  let n = 0;
  for (const s of ix.summary.values()) n += s.count;
  return n;
}

function build(actions: readonly Action[]): Pick<ActionIndex, "all" | "byKind" | "byFrom"> {
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
  return (ix.summary.get(kind)?.count ?? 0) > 0;
}

/** Whether an action of `kind` starts from `key` (known from the summary, before its actions are read). */
export function startsFrom(ix: ActionIndex, kind: string, key: string): boolean {
  return ix.summary.get(kind)?.from.has(key) ?? false;
}

export function ofKind(ix: ActionIndex, kind: string): Action[] {
  return ix.byKind.get(kind) ?? [];
}

/** The source keys of a kind: territories to claim or place on, or to attack or fortify from. */
export function sources(ix: ActionIndex, kind: string): string[] {
  const s = ix.summary.get(kind);
  return s ? [...s.from] : [];
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
    for (const a of from(ix, "attack", selected)) if (a.to) kindOf.set(a.to, "attack");
    for (const a of from(ix, "fortify", selected)) if (a.to && !kindOf.has(a.to)) kindOf.set(a.to, "fortify");
  } else {
    for (const k of sources(ix, "claim")) kindOf.set(k, "claim");
    for (const k of sources(ix, "place")) kindOf.set(k, "place");
    for (const k of sources(ix, "attack")) kindOf.set(k, "select");
    for (const k of sources(ix, "fortify")) if (!kindOf.has(k)) kindOf.set(k, "select");
  }
  return { targets: [...kindOf.keys()], kindOf };
}

/**
 * The reserve left to place: the largest amount of a place action (0 when none). On a big board it is known
 * once the actions of one territory to place on are read (every place action has the same maximum).
 */
export function reserveOf(ix: ActionIndex): number {
  return ofKind(ix, "place").reduce((m, a) => Math.max(m, a.max), 0);
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
  if (!startsFrom(ix, "place", key) || n === 0) return d;
  const reserve = reserveOf(ix);
  const cur = d.placements.find((p) => p.territory === key)?.armies ?? 0;
  const next = Math.max(0, Math.min(cur + n, cur + reserve - d.total));
  if (next === cur) return d;
  const placements = d.placements.filter((p) => p.territory !== key);
  if (next > 0) placements.push({ territory: key, armies: next });
  return { placements, total: d.total - cur + next };
}

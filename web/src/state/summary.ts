// "Since your last turn": what happened in a game while the viewer was away, from public events only
// (turns, conquests, eliminations, resignations, trades and what they were worth; never which cards), and
// the arrows the map draws for an event (attacks, conquests, moves).

import { UNKNOWN_PLAYER } from "./game";
import { armies, type LogNames } from "./log";
import type { ClientGame, ServerEvent } from "./types";

/** The most events a summary (and its playback) covers; a longer absence is summarised from its end. */
export const MAX_AWAY_EVENTS = 2000;

export interface AwaySummary {
  /** The index in the event list of the first event summarised. */
  start: number;
  /** The number of events summarised (to the end of the list). */
  count: number;
  /** True when the absence was longer than MAX_AWAY_EVENTS and only its end is summarised. */
  capped: boolean;
  /** Other seats' turns that began, in order. */
  turns: Array<{ seat: number; turn: number }>;
  /** Territories that changed hands; `from` is -1 for a neutral territory. */
  conquests: Array<{ territory: number; by: number; from: number }>;
  eliminated: Array<{ seat: number; by: number }>;
  resigned: number[];
  /** Sets traded: by whom, for how many armies (which cards is not said). */
  trades: Array<{ seat: number; armies: number }>;
  winner: number | null;
}

type P = Record<string, unknown>;
const num = (p: P, k: string): number => (typeof p[k] === "number" ? (p[k] as number) : -1);

/**
 * Where the viewer's absence starts in a game's events: the first turn of another seat after the viewer's
 * last turn (their previous one when it is their turn now); 0 when the viewer has had no turn before;
 * null when nobody else has played since.
 */
export function awayStart(events: readonly ServerEvent[], viewer: number): number | null {
  const mine: number[] = [];
  let lastTurn = -1;
  events.forEach((e, i) => {
    if (e.kind !== "turn_started") return;
    lastTurn = i;
    if (num(e.payload, "player") === viewer) mine.push(i);
  });
  if (lastTurn < 0) return null;
  // It is the viewer's turn now: the absence is what came before it, since their previous turn.
  const myTurnNow = mine.length > 0 && mine[mine.length - 1] === lastTurn;
  const ref = myTurnNow ? mine[mine.length - 2] : mine[mine.length - 1];
  // No turn of the viewer's before: the whole game so far (nothing, if nobody else has played).
  if (ref === undefined) return 0;
  for (let i = ref + 1; i < events.length; i++) {
    const e = events[i];
    if (e.kind === "turn_started" && num(e.payload, "player") !== viewer) return i;
  }
  return null;
}

/** What happened since the viewer's last turn, or null when nothing did. */
export function summarise(events: readonly ServerEvent[], viewer: number, max = MAX_AWAY_EVENTS): AwaySummary | null {
  let start = awayStart(events, viewer);
  if (start === null) return null;
  const capped = events.length - start > max;
  if (capped) start = events.length - max;
  const s: AwaySummary = {
    start,
    count: events.length - start,
    capped,
    turns: [],
    conquests: [],
    eliminated: [],
    resigned: [],
    trades: [],
    winner: null,
  };
  for (let i = start; i < events.length; i++) {
    const e = events[i];
    const p = (e.payload ?? {}) as P;
    switch (e.kind) {
      case "turn_started":
        if (num(p, "player") !== viewer) s.turns.push({ seat: num(p, "player"), turn: num(p, "turn") });
        break;
      case "territory_conquered":
        s.conquests.push({ territory: num(p, "to"), by: num(p, "player"), from: num(p, "previous") });
        break;
      case "player_eliminated":
        s.eliminated.push({ seat: num(p, "player"), by: num(p, "by") });
        break;
      case "player_resigned":
        s.resigned.push(num(p, "player"));
        break;
      case "cards_traded":
        s.trades.push({ seat: num(p, "player"), armies: num(p, "armies") });
        break;
      case "game_over":
        s.winner = num(p, "winner");
        break;
    }
  }
  const nothing =
    s.turns.length + s.conquests.length + s.eliminated.length + s.resigned.length + s.trades.length === 0 &&
    s.winner === null;
  return nothing ? null : s;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** At most this many territories are named in one sentence; the rest are counted. */
const NAMED = 6;

function territories(ts: number[], n: LogNames): string {
  const named = ts.slice(0, NAMED).map((t) => n.territory(t));
  if (ts.length > NAMED) named.push(`${ts.length - NAMED} more`);
  return list(named);
}

/** The summary in sentences, the viewer as "you". */
export function summaryLines(s: AwaySummary, n: LogNames, viewer: number): string[] {
  // A seat fog hides (-4) is "someone" (n.seat says so); the other owners below 0 are the neutrals.
  const who = (seat: number) =>
    seat === viewer ? "you" : seat < 0 && seat !== UNKNOWN_PLAYER ? "the neutrals" : n.seat(seat);
  const Who = (seat: number) => {
    const w = who(seat);
    return w[0].toUpperCase() + w.slice(1);
  };
  const out: string[] = [];
  if (s.turns.length > 0) {
    const seats: number[] = [];
    for (const t of s.turns) if (!seats.includes(t.seat)) seats.push(t.seat);
    const turns = s.turns.length === 1 ? "1 turn" : `${s.turns.length} turns`;
    out.push(`${turns} passed (${list(seats.map((x) => n.seat(x)))}).`);
  }
  // Conquests: the viewer's losses by name, then each seat's conquests counted by whom they were from.
  const lost = new Map<number, number[]>();
  const won = new Map<number, Map<number, Set<number>>>();
  for (const c of s.conquests) {
    if (c.from === viewer) {
      const l = lost.get(c.by) ?? [];
      if (!l.includes(c.territory)) l.push(c.territory);
      lost.set(c.by, l);
    } else if (c.by !== viewer) {
      const w = won.get(c.by) ?? new Map<number, Set<number>>();
      w.set(c.from, (w.get(c.from) ?? new Set()).add(c.territory));
      won.set(c.by, w);
    }
  }
  for (const [by, ts] of lost) out.push(`${Who(by)} took ${territories(ts, n)} from you.`);
  for (const [by, from] of won) {
    const parts = [...from].map(([f, ts]) => [ts.size, f] as const).sort((a, b) => b[0] - a[0]);
    const total = parts.reduce((a, [k]) => a + k, 0);
    const each = parts.map(([k, f]) => `${k} from ${who(f)}`);
    out.push(`${Who(by)} took ${total === 1 ? "1 territory" : `${total} territories`} (${list(each)}).`);
  }
  // Trades, one sentence per seat: how many sets, for how many armies each.
  const trades = new Map<number, number[]>();
  for (const t of s.trades) trades.set(t.seat, [...(trades.get(t.seat) ?? []), t.armies]);
  for (const [seat, worth] of trades) {
    out.push(
      worth.length === 1
        ? `${Who(seat)} traded a set of cards for ${armies(worth[0])}.`
        : `${Who(seat)} traded ${worth.length} sets of cards, for ${list(worth.map(String))} armies.`,
    );
  }
  for (const e of s.eliminated)
    out.push(`${Who(e.seat)} ${e.seat === viewer ? "were" : "was"} eliminated by ${who(e.by)}.`);
  for (const r of s.resigned) out.push(`${Who(r)} resigned.`);
  const team = s.winner !== null && s.winner >= 0 ? n.team(s.winner) : null;
  if (team) out.push(`${team.name} won the game.`);
  else if (s.winner !== null && s.winner >= 0) out.push(`${Who(s.winner)} won the game.`);
  if (s.capped) out.unshift(`A long absence: only its last ${s.count.toLocaleString("en")} events are summarised.`);
  return out;
}

/** An arrow the map draws for an event, by territory key. */
export interface EventArrow {
  from: string;
  to: string;
  kind: "attack" | "conquest" | "fortify";
  seat?: number;
}

/**
 * The arrow of an event on the map: an attack (a battle), a conquest, or armies moved (the occupation
 * after a conquest, a fortifying move); null for the other events. `g` is the game before or after the
 * event (only its map and the event's seat are read).
 */
export function eventArrow(
  ev: Pick<ServerEvent, "kind" | "payload" | "seat">,
  g: Pick<ClientGame, "map">,
): EventArrow | null {
  const p = (ev.payload ?? {}) as P;
  const key = (i: number) => g.map.keys[i];
  const from = key(num(p, "from"));
  const to = key(num(p, "to"));
  if (from === undefined || to === undefined) return null;
  const seat = (k: string) => {
    const v = num(p, k);
    if (v >= 0) return v;
    return typeof ev.seat === "number" && ev.seat >= 0 ? ev.seat : undefined;
  };
  switch (ev.kind) {
    case "battle_rolled":
      return { from, to, kind: "attack", seat: seat("attacker") };
    case "territory_conquered":
      return { from, to, kind: "conquest", seat: seat("player") };
    case "territory_occupied":
    case "fortified":
      return { from, to, kind: "fortify", seat: seat("player") };
    default:
      return null;
  }
}

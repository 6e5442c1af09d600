// Who is out and who won, in words: the banners of the game screen. Seats leave a game by elimination or
// resignation (the events player_eliminated and player_resigned); the last one in wins (game_over), or in a
// team game the last team in. A seat's place is 1 for a winner, then by the order of leaving: the last to
// leave is next, the first is last.

import type { ClientGame, ServerEvent } from "./types";
import { seatTitle } from "../ui/format";
import { winnersWords } from "./teams";

/** A seat leaving the game. */
export interface Exit {
  seq: number;
  seat: number;
  how: "eliminated" | "resigned";
  /** The seat that eliminated it (null for a resignation). */
  by: number | null;
}

/** The exit an event records, or null. */
export function exitOf(ev: Pick<ServerEvent, "seq" | "kind" | "payload">): Exit | null {
  const p = (ev.payload ?? {}) as Record<string, unknown>;
  if (typeof p.player !== "number") return null;
  if (ev.kind === "player_eliminated")
    return { seq: ev.seq, seat: p.player, how: "eliminated", by: typeof p.by === "number" ? p.by : null };
  if (ev.kind === "player_resigned") return { seq: ev.seq, seat: p.player, how: "resigned", by: null };
  return null;
}

/** Adds exits to a list, each seq once, in the order of the game. */
export function addExits(list: readonly Exit[], more: readonly Exit[]): Exit[] {
  const seen = new Set(list.map((e) => e.seq));
  return [...list, ...more.filter((e) => !seen.has(e.seq))].sort((a, b) => a.seq - b.seq);
}

function who(g: ClientGame, seat: number | null): string {
  const s = seat !== null ? g.seats[seat] : undefined;
  return s ? seatTitle(s) : "someone";
}

/** The words of one exit as every player reads it, the viewer named as "you". */
export function exitWords(g: ClientGame, e: Exit): string {
  const me = g.viewerSeat;
  if (e.how === "resigned")
    return e.seat === me ? "You resigned: you are out of the game." : `${who(g, e.seat)} resigned.`;
  if (e.seat === me) return `You were eliminated by ${who(g, e.by)}.`;
  if (e.by !== null && e.by === me) return `You eliminated ${who(g, e.seat)}.`;
  return `${who(g, e.seat)} was eliminated by ${who(g, e.by)}.`;
}

/** "1st", "2nd", "3rd", "4th", ..., "11th", "12th", "13th", "21st". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/**
 * Every seat's place once the game is over: the winners 1st (a team game's whole winning team), then the
 * other seats in the reverse order of leaving, numbered on from the winners (a 2v2's losers are 3rd and
 * 4th). Null while an exit is not known yet (the log is still being read).
 */
export function places(g: ClientGame, exits: readonly Exit[]): Map<number, number> | null {
  if (g.winner === null) return null;
  const winners = g.winners ?? [g.winner];
  const out = new Map<number, number>(winners.map((w) => [w, 1]));
  const left = [...exits].sort((a, b) => b.seq - a.seq);
  let place = winners.length + 1;
  for (const e of left) {
    if (out.has(e.seat)) continue;
    out.set(e.seat, place++);
  }
  return g.seats.every((s) => out.has(s.seat) || s.status === "open") ? out : null;
}

/** The game over banner: who won (a team game: the team and its players), and the viewer's place. */
export function overWords(g: ClientGame, exits: readonly Exit[]): string {
  if (g.winner === null) return "The game is over.";
  const me = g.viewerSeat;
  const winners = g.winners ?? [g.winner];
  if (g.teams.length > 0) {
    const team = winnersWords(g.teams, g.seats, winners);
    if (me !== null && winners.includes(me)) return `Game over: your team won! ${team}.`;
    const p = me !== null ? places(g, exits)?.get(me) : undefined;
    return p ? `Game over. ${team}. You came ${ordinal(p)} of ${g.seats.length}.` : `Game over. ${team}.`;
  }
  if (me === g.winner) return `Game over: you won, ${ordinal(1)} of ${g.seats.length}!`;
  const won = `Game over: ${who(g, g.winner)} won.`;
  if (me === null) return won;
  const p = places(g, exits)?.get(me);
  return p ? `${won} You came ${ordinal(p)} of ${g.seats.length}.` : won;
}

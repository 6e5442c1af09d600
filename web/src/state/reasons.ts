// Why a pick does nothing: the words of the status line when the player picks a territory that is not a
// choice now ("Kamchatka is not next to Alaska by land or sea", "It is Blue's turn (bob)"). Phrased from
// what the client holds (the server's actions, the board, the map's neighbours), never from a copy of the
// rules: a territory is refused because no action names it, and the sentence says what the actions and the
// board show about it.

import { from, has, isLoaded, reserveOf, sources, startsFrom, type ActionIndex } from "./actions";
import type { ClientGame } from "./types";
import { seatTitle } from "../ui/format";

/** What the player is choosing (game/mode.ts). */
export type PickMode = { kind: "idle" } | { kind: "attack" | "fortify"; from: string; to: string | null };

export interface ReasonContext {
  game: ClientGame;
  actions: ActionIndex;
  mode: PickMode;
  /** The armies drafted so far in a placement (0 when none). */
  drafted?: number;
  /** The map's neighbours of a territory, when the geometry is known. */
  neighbours?: (key: string) => readonly string[] | undefined;
}

/** A seat as the status line names it: "Blue — bob", as everywhere on the game screen. */
function seatWords(g: ClientGame, seat: number): string {
  const s = g.seats[seat];
  return s ? seatTitle(s) : `seat ${seat}`;
}

/**
 * Why picking `key` does nothing now, or null when it is a choice (the caller acts on it). The sentence names
 * territories by their names and seats by colour and player.
 */
export function whyNot(ctx: ReasonContext, key: string): string | null {
  const { game: g, actions: ix, mode } = ctx;
  const index = g.map.keys.indexOf(key);
  if (index < 0) return null;
  const name = (k: string) => g.map.names[g.map.keys.indexOf(k)] ?? k;
  const here = name(key);
  const t = g.board[index];
  const me = g.viewerSeat;
  const mine = me !== null && t.owner === me;
  const whose =
    t.sight === "hidden"
      ? "is hidden by fog"
      : t.owner !== null
        ? `belongs to ${seatWords(g, t.owner)}`
        : t.neutral
          ? "is neutral"
          : "is unclaimed";

  if (g.phase === "over" || g.status === "finished") return "The game is over.";
  if (me === null) return "You are watching: you have no seat in this game.";
  const seat = g.seats[me];
  if (seat && seat.status !== "active" && seat.status !== "open" && seat.status !== "invited")
    return `You are out of the game (${seat.status}).`;
  if (g.currentSeat !== me)
    return g.currentSeat !== null
      ? `It is not your turn: ${seatWords(g, g.currentSeat)} is playing.`
      : "It is nobody’s turn yet.";
  if (ix.summary.size === 0) return "Your choices are still being read: a moment.";

  if (has(ix, "occupy")) {
    const to = sources(ix, "occupy")[0];
    const conquered = from(ix, "occupy", to ?? "")[0]?.to ?? (g.conquest ? g.map.keys[g.conquest.to] : null);
    return `Move armies into ${conquered ? name(conquered) : "the territory you took"} first.`;
  }
  if (has(ix, "claim")) {
    if (startsFrom(ix, "claim", key)) return null;
    return t.owner !== null || t.neutral || t.sight === "hidden"
      ? `${here} is taken: it ${whose}.`
      : `You cannot claim ${here} now.`;
  }
  if (has(ix, "place")) {
    if (startsFrom(ix, "place", key)) {
      const reserve = reserveOf(ix);
      if (reserve > 0 && (ctx.drafted ?? 0) >= reserve)
        return `All ${reserve} armies are drafted: confirm the placement, or take some back.`;
      return null;
    }
    return mine
      ? `You cannot place armies on ${here} now.`
      : `${here} ${whose}: place your armies on one of the highlighted territories.`;
  }
  if (has(ix, "trade")) return "Trade a set of cards first (Your cards).";

  const neighbours = (k: string) => ctx.neighbours?.(k);
  const notNext = (a: string, b: string) => {
    const n = neighbours(a);
    return n !== undefined && !n.includes(b);
  };

  if (has(ix, "attack") || has(ix, "end_attack")) {
    if (mode.kind === "attack") {
      if (from(ix, "attack", mode.from).some((a) => a.to === key)) return null;
      const src = name(mode.from);
      if (!isLoaded(ix, mode.from)) return `Reading what ${src} can attack: a moment.`;
      if (mine)
        return startsFrom(ix, "attack", key) ? null : `${here} is yours: choose an enemy territory next to ${src}.`;
      if (notNext(mode.from, key)) return `${here} is not next to ${src} by land or sea.`;
      return `${src} cannot attack ${here} now.`;
    }
    if (!has(ix, "attack")) return "You have no attack left to make: end your attacks.";
    if (startsFrom(ix, "attack", key)) return null;
    if (!mine) {
      // The sources whose actions name this territory (known on a small board): attack it from one of them.
      const by = ix.complete
        ? sources(ix, "attack").filter((s) => from(ix, "attack", s).some((a) => a.to === key))
        : [];
      if (by.length > 0) return `Pick where to attack ${here} from first: ${listWords(by.map(name))}.`;
      if (ix.complete) return `None of your territories that can attack is next to ${here}.`;
      return `Pick one of your highlighted territories to attack from first.`;
    }
    if (t.armies !== null && t.armies < 2) return `You need at least 2 armies to attack from ${here}.`;
    const n = neighbours(key);
    if (n && n.every((k) => g.board[g.map.keys.indexOf(k)]?.owner === me))
      return `${here} has no enemy neighbour to attack.`;
    return `You cannot attack from ${here} now.`;
  }

  if (has(ix, "fortify") || has(ix, "end_turn")) {
    if (mode.kind === "fortify") {
      if (from(ix, "fortify", mode.from).some((a) => a.to === key)) return null;
      const src = name(mode.from);
      if (!isLoaded(ix, mode.from)) return `Reading where ${src} can move armies to: a moment.`;
      if (!mine) return `${here} ${whose}: move armies between your own territories.`;
      if (startsFrom(ix, "fortify", key)) return null;
      if (notNext(mode.from, key)) return `${here} is not next to ${src} by land or sea.`;
      return `You cannot move armies from ${src} to ${here}.`;
    }
    if (!has(ix, "fortify")) return "You have no move to make: end your turn.";
    if (startsFrom(ix, "fortify", key)) return null;
    if (!mine) return `${here} ${whose}: pick one of your territories to move armies from.`;
    if (t.armies !== null && t.armies < 2) return `You need at least 2 armies to move armies from ${here}.`;
    return `${here} has no neighbour of yours to move armies to.`;
  }
  return `${here} is not a choice now.`;
}

/** "A", "A or B", "A, B or C". */
function listWords(xs: string[]): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} or ${xs[xs.length - 1]}`;
}

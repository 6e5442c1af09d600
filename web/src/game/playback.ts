// Playing events back on the map, step by step: how long each step shows at a speed, where turns begin
// (to step by turn), and the state a game had after its first events (folded with the state reducers,
// never a second copy of the rules).

import { applyEvent, emptyGame } from "../state/game";
import type { ClientGame, ServerEvent } from "../state/types";

/** The speeds offered: times faster than 1×; Infinity is "instant" (a turn at a time, at once). */
export const SPEEDS = [1, 2, 4, Infinity] as const;
export type Speed = (typeof SPEEDS)[number];

export function speedLabel(s: Speed): string {
  return s === Infinity ? "Instant" : `${s}×`;
}

/** How long an event shows at 1×, in milliseconds: battles and conquests long enough to see. */
const SHOW: Record<string, number> = {
  battle_rolled: 700,
  territory_conquered: 800,
  territory_occupied: 450,
  fortified: 800,
  armies_placed: 550,
  cards_traded: 600,
  turn_started: 600,
  territory_claimed: 250,
  player_eliminated: 1000,
  player_resigned: 1000,
  seat_handed_over: 1000,
  game_over: 1000,
};

/** The time an event stays on the map at a speed before the next one (0 for instant). */
export function stepDelay(kind: string, speed: Speed): number {
  if (speed === Infinity) return 0;
  return (SHOW[kind] ?? 120) / speed;
}

/** The positions (events applied) at which turns begin: just after each turn_started. */
export function turnStarts(events: readonly Pick<ServerEvent, "kind">[]): number[] {
  const out: number[] = [];
  events.forEach((e, i) => {
    if (e.kind === "turn_started") out.push(i + 1);
  });
  return out;
}

/** The position of the turn before n (the start of the current turn when n is inside it), or 0. */
export function previousTurn(starts: readonly number[], n: number): number {
  let best = 0;
  for (const s of starts) if (s < n) best = s;
  return best;
}

/** The position of the next turn's start after n, or `end`. */
export function nextTurn(starts: readonly number[], n: number, end: number): number {
  for (const s of starts) if (s > n) return s;
  return end;
}

/**
 * The game after its first n events, folded from its empty state (the current state's map, seats and fog).
 * Under fog the events are the viewer's record, each with the territories it left as the viewer knows them:
 * the fold is the viewer's board after each, nothing more. Null when an event does not fit (the board then
 * shows the current state, without playback).
 */
export function stateAfter(current: ClientGame, events: readonly ServerEvent[], n: number): ClientGame | null {
  let g = emptyGame(
    current.map,
    current.seats.map((s) => ({ seat: s.seat, color: s.color, name: s.name, cpu: s.cpu, difficulty: s.difficulty })),
    {
      cardSystem: current.cardSystem,
      ttbPercent: current.ttbPercent,
      viewerSeat: current.viewerSeat,
      fog: current.fog,
    },
  );
  for (let i = 0; i < n; i++) {
    const r = applyEvent(g, events[i]);
    if (r.status !== "applied") return null;
    g = r.state;
  }
  return g;
}

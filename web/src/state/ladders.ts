// What the Ladders page says of a ladder and of the viewer's entry, in words.
import { duration } from "../ui/format";

/** The most games of one ladder a player plays at once (ladder.MaxGames on the server). */
export const MAX_LADDER_GAMES = 10;

/** A ladder's form in words: "Duels" or "4 players, free-for-all", on its maps, and its turn limit. */
export function ladderForm(l: { seats: number; maps: ReadonlyArray<string>; turnLimitSeconds: number }): string {
  const seats = l.seats === 2 ? "Duels" : `${l.seats} players, free-for-all`;
  return `${seats} on ${l.maps.join(", ")}; ${duration(l.turnLimitSeconds)} a turn`;
}

/** What the viewer's entry says: their games going of their most, and whether they wait. */
export function entryLine(e: { maxGames: number; openGames: number; queued: boolean }): string {
  const games = `${e.openGames} of at most ${e.maxGames} game${e.maxGames === 1 ? "" : "s"} going`;
  return e.queued ? `${games}; waiting for an opponent of a close rating.` : `${games}; not waiting.`;
}

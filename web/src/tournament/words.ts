// The words of tournaments: formats, statuses, places and points as the pages write them. Pure, so Vitest
// checks it.
import type { TournamentFormat, TournamentStatus } from "../gql/graphql";

export const FORMATS: ReadonlyArray<{ value: TournamentFormat; label: string; help: string }> = [
  {
    value: "SWISS",
    label: "Swiss",
    help: "Every round seats tables by the standings, avoiding repeat meetings; points by place.",
  },
  { value: "ELIMINATION", label: "Single elimination", help: "The winner of each table advances until one is left." },
  { value: "ROUND_ROBIN", label: "Round robin", help: "Every two entrants meet once (2 to 16 entrants)." },
];

export function formatWords(f: TournamentFormat): string {
  return FORMATS.find((x) => x.value === f)?.label ?? f;
}

export function statusWords(s: TournamentStatus): string {
  switch (s) {
    case "OPEN":
      return "Open for entries";
    case "RUNNING":
      return "Running";
    case "FINISHED":
      return "Finished";
    case "CANCELLED":
      return "Cancelled";
  }
}

/** Points as the standings show them: 2, 1.5, 0.33. */
export function pointsWords(p: number): string {
  return String(Math.round(p * 100) / 100);
}

/**
 * The API's id of a tournament from the path's: a notification links to /tournaments/<number>, the pages
 * to /tournaments/<global id>. The number is turned into the global id the server writes for it.
 */
export function tournamentId(pathId: string): string {
  if (!/^[0-9]+$/.test(pathId)) return pathId;
  return btoa(`Tournament:${pathId}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** How long a turn limit of seconds is, in words: "36 hours", "2 days". */
export function turnLimitWords(seconds: number): string {
  const hours = seconds / 3600;
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? "1 hour" : `${Math.round(hours * 10) / 10} hours`;
}

// The lobby's state: which games go in which list, what a finished game says about its result, what an
// invitation shows, and the New game form's last settings (kept per device in localStorage).
import { CARD_SYSTEMS, FOG_LEVELS, seatTitle, TURN_LIMITS } from "../ui/format";
import { parseTeamDraft, winnersWords, withTeamNames, type TeamDraft, type TeamView } from "./teams";

/** A game as the lobby reads it (the GameCard fragment's fields the lobby uses). */
export interface LobbyGame {
  id: string;
  status: string;
  winner?: number | null;
  /** Every winning seat of a finished game (a team game's whole team). */
  winners?: ReadonlyArray<number> | null;
  /** A team game's teams ([] or absent in a free-for-all). */
  teams?: ReadonlyArray<TeamView & { openSeats?: number }> | null;
  viewerInvitedSeat?: number | null;
  creator: { id: string; name: string };
  seats: ReadonlyArray<{
    seat: number;
    color: string;
    team?: number | null;
    userName?: string | null;
    user?: { id: string } | null;
    cpu: boolean;
    difficulty?: string | null;
    status: string;
    /** The seat's place in a finished game (1 the winner, 2 the last out, ...); null before the end. */
    place?: number | null;
  }>;
}

/** Whether the viewer may start the game: only its creator, and only once no seat waits for a player. */
export function mayStart(g: LobbyGame, viewerId: string): { creator: boolean; ready: boolean } {
  return {
    creator: g.creator.id === viewerId,
    ready: !g.seats.some((s) => s.status === "open" || s.status === "invited"),
  };
}

/** What a finished or cancelled game says of its end: who won, whether the viewer did, and the viewer's place. */
export function resultLine(g: LobbyGame, viewerId: string): string {
  if (g.status === "cancelled") return "cancelled";
  if (g.status !== "finished") return "";
  const w = g.winner != null ? g.seats.find((s) => s.seat === g.winner) : undefined;
  if (!w) return "finished";
  const teams = g.teams ?? [];
  if (teams.length > 0) {
    const won = winnersWords(teams, withTeamNames(teams, g.seats), g.winners ?? [w.seat]);
    const mine = g.seats.find((s) => s.user?.id === viewerId);
    if (!mine) return won;
    if ((g.winners ?? [w.seat]).includes(mine.seat)) return `${won}: your team won`;
    const place = mine.place != null ? `, your place ${ordinal(mine.place)} of ${g.seats.length}` : "";
    return `${won}; your team was beaten${place}`;
  }
  if (w.user?.id === viewerId) return `${seatTitle(w)} won: you won`;
  const mine = g.seats.find((s) => s.user?.id === viewerId);
  if (!mine) return `${seatTitle(w)} won`;
  const place = mine.place != null ? `, your place ${ordinal(mine.place)} of ${g.seats.length}` : "";
  return `${seatTitle(w)} won; you were ${mine.status === "resigned" ? "out by resigning" : "beaten"}${place}`;
}

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** What a game waiting for players needs of a gameLobby message: its version and its seats by number. */
export interface LobbyChange {
  version: number;
  status: string;
  seats: ReadonlyArray<{ seat: number }>;
}

/**
 * The game as a gameLobby message leaves it: the message's fields over the game's, each seat's over the
 * seat of the same number (the fields the message does not carry, such as a seat's cards, are kept). A
 * message older than the game (a lower version) changes nothing and returns the game itself.
 */
export function mergeLobby<G extends LobbyChange>(g: G, l: LobbyChange): G {
  if (l.version < g.version) return g;
  const seats = g.seats.map((s) => ({ ...s, ...(l.seats.find((x) => x.seat === s.seat) ?? {}) }));
  return { ...g, ...l, seats } as G;
}

/** A game's title: its name, or its map's when it has none. */
export function gameTitle(g: { name: string; map: { name: string } }): string {
  return g.name || g.map.name;
}

/**
 * Each team of a game waiting for players with its open seats, for the lobby's Join buttons: "Red: 1 open
 * seat". Empty for a free-for-all.
 */
export function openTeams(g: LobbyGame): Array<{ index: number; name: string; open: number; words: string }> {
  return (g.teams ?? []).map((t) => {
    const open = t.openSeats ?? g.seats.filter((s) => s.team === t.index && s.status === "open").length;
    return {
      index: t.index,
      name: t.name,
      open,
      words: `${t.name}: ${open === 1 ? "1 open seat" : `${open} open seats`}`,
    };
  });
}

/** The words of an invitation: who invited, to which seat. */
export function invitationLine(g: LobbyGame): string {
  const seat = g.seats.find((s) => s.seat === g.viewerInvitedSeat);
  const team = seat?.team != null ? g.teams?.[seat.team] : undefined;
  const colour = team ? ` for ${team.name}` : seat ? ` as ${seat.color[0].toUpperCase()}${seat.color.slice(1)}` : "";
  return `${g.creator.name} invited you to play${colour}`;
}

/** The kinds of the seats other than the creator's. */
export type SeatKindKept = "CPU" | "OPEN" | "INVITED";

/** The New game form's settings that are remembered between games. */
export interface NewGameSettings {
  name: string;
  mapKey: string;
  seats: { kind: SeatKindKept; color: string; difficulty: string; email: string }[];
  myColor: string;
  turnLimit: number;
  claim: string;
  cardSystem: string;
  ttb: number;
  private: boolean;
  /** Whether the game is rated (docs/ratings.md). */
  rated: boolean;
  /** The fog of war level (FOG_LEVELS). */
  fog: string;
  /** The teams of a team game (state/teams.ts); null for a free-for-all. */
  teams: TeamDraft | null;
}

/** The CPU levels a seat can have, easiest first (as the API's SeatInput.difficulty names them). */
export const DIFFICULTIES = ["easy", "normal", "hard", "cautious"] as const;

/** The localStorage key of the New game form's last settings. */
export const NEW_GAME_KEY = "rout.newGame";

/**
 * The settings stored as raw, or null when there are none or they cannot be read. Values that are no longer
 * offered (a turn limit, a card system, a CPU level, a fog level) fall back to the form's defaults, field by field.
 */
export function parseNewGameSettings(raw: string | null): NewGameSettings | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  const o = v as Record<string, unknown>;
  const str = (x: unknown, d: string) => (typeof x === "string" ? x : d);
  const seats = Array.isArray(o.seats)
    ? o.seats
        .filter((s): s is Record<string, unknown> => typeof s === "object" && s !== null)
        .map((s) => ({
          kind: (s.kind === "OPEN" || s.kind === "INVITED" ? s.kind : "CPU") as SeatKindKept,
          color: str(s.color, "grey"),
          difficulty: (DIFFICULTIES as readonly unknown[]).includes(s.difficulty) ? (s.difficulty as string) : "normal",
          email: str(s.email, ""),
        }))
        .slice(0, 7)
    : [];
  if (seats.length === 0) return null;
  return {
    name: str(o.name, ""),
    mapKey: str(o.mapKey, "classic"),
    seats,
    myColor: str(o.myColor, "red"),
    turnLimit: TURN_LIMITS.some((t) => t.seconds === o.turnLimit) ? (o.turnLimit as number) : 36 * 3600,
    claim: o.claim === "round_robin" ? "round_robin" : "random",
    cardSystem: CARD_SYSTEMS.some((c) => c.value === o.cardSystem) ? (o.cardSystem as string) : "classic",
    ttb: typeof o.ttb === "number" && o.ttb >= 4 && o.ttb <= 10 ? o.ttb : 6,
    private: o.private === true,
    rated: o.rated === true,
    fog: FOG_LEVELS.some((f) => f.value === o.fog) ? (o.fog as string) : "none",
    teams: parseTeamDraft(o.teams),
  };
}

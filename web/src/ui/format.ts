// Words and numbers for the screens: durations, countdowns, colours, settings.

/** A duration in seconds as words: "36 hours", "2 days 4 hours", "45 minutes", "30 seconds". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  if (d > 0) return h > 0 && d < 7 ? `${plural(d, "day")} ${plural(h, "hour")}` : plural(d, "day");
  if (h > 0) return m > 0 && h < 12 ? `${plural(h, "hour")} ${plural(m, "minute")}` : plural(h, "hour");
  if (m > 0) return plural(m, "minute");
  return plural(s, "second");
}

/** The time left until a deadline, as a countdown: "1d 04:05:06", "04:05:06", "overdue". */
export function countdown(deadline: string | null | undefined, now: number): string {
  if (!deadline) return "";
  const ms = Date.parse(deadline) - now;
  if (!Number.isFinite(ms)) return "";
  if (ms <= 0) return "time is up";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const pad = (n: number) => String(n).padStart(2, "0");
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return d > 0 ? `${d}d ${hms}` : hms;
}

/**
 * The seat colours players choose from: the Okabe-Ito palette, which stays distinct under the common
 * forms of colour blindness, and a grey. The board adds a pattern per seat, so colour is never alone.
 */
export const PALETTE: ReadonlyArray<{ name: string; hex: string; glyph: string }> = [
  { name: "red", hex: "#D55E00", glyph: "●" },
  { name: "blue", hex: "#0072B2", glyph: "■" },
  { name: "green", hex: "#009E73", glyph: "▲" },
  { name: "yellow", hex: "#F0E442", glyph: "◆" },
  { name: "purple", hex: "#CC79A7", glyph: "★" },
  { name: "sky", hex: "#56B4E9", glyph: "✚" },
  { name: "orange", hex: "#E69F00", glyph: "⬟" },
  { name: "grey", hex: "#8C8C8C", glyph: "✖" },
];

/** The CSS colour of a seat colour name (names outside the palette are used as CSS colours). */
export function colorHex(name: string): string {
  return PALETTE.find((p) => p.name === name)?.hex ?? name;
}

/** A glyph per seat, so that owners are told apart without colour. */
export function seatGlyph(seat: number): string {
  return PALETTE[seat % PALETTE.length].glyph;
}

export const CARD_SYSTEMS: ReadonlyArray<{ value: string; label: string; help: string }> = [
  { value: "classic", label: "Classic", help: "Sets are worth 4, 6, 8, 10, 12, 15, then 5 more each time." },
  { value: "fixed", label: "Fixed", help: "A set is worth what its symbols say: 4, 6, 8, or 10 for one of each." },
  {
    value: "fixed_ttb",
    label: "Fixed with TTB",
    help: "A set is worth its fixed value or a percentage of the opponents' armies, whichever is more.",
  },
  {
    value: "classic_scaling_ttb",
    label: "Classic, scaling TTB",
    help: "Classic values, capped at the opponents' armies divided by the number of players.",
  },
];

/** The fog of war levels, from none (docs/rules.md, "Fog of war"), each with what a player sees under it. */
export const FOG_LEVELS: ReadonlyArray<{ value: string; label: string; help: string }> = [
  { value: "none", label: "None", help: "Everyone sees the whole board." },
  {
    value: "light",
    label: "Light",
    help: "You see who owns every territory, but armies only on yours and their neighbours.",
  },
  {
    value: "normal",
    label: "Normal",
    help: "You see owners and armies only on your territories and their neighbours.",
  },
  { value: "heavy", label: "Heavy", help: "You see your own territories, and only who owns their neighbours." },
  { value: "complete", label: "Complete", help: "You see your own territories and nothing else." },
];

/** A game's fog in words for lists and headings ("fog of war: normal"); "" without fog. */
export function fogWords(fog: string): string {
  return fog === "none" ? "" : `fog of war: ${FOG_LEVELS.find((f) => f.value === fog)?.label.toLowerCase() ?? fog}`;
}

export const TURN_LIMITS: ReadonlyArray<{ seconds: number; label: string }> = [
  { seconds: 3600, label: "1 hour" },
  { seconds: 4 * 3600, label: "4 hours" },
  { seconds: 12 * 3600, label: "12 hours" },
  { seconds: 24 * 3600, label: "1 day" },
  { seconds: 36 * 3600, label: "36 hours" },
  { seconds: 3 * 86400, label: "3 days" },
  { seconds: 7 * 86400, label: "1 week" },
  { seconds: 30 * 86400, label: "30 days" },
];

export const PHASES: Record<string, string> = {
  setup: "setting up",
  claim: "claiming territories",
  placement: "placing the first armies",
  reinforce: "reinforcing",
  attack: "attacking",
  occupy: "moving into a conquered territory",
  fortify: "fortifying",
  over: "over",
};

/** The phase in words. */
export function phaseText(phase: string): string {
  return PHASES[phase] ?? phase;
}

/** A seat's name as shown: the player's name, "CPU (normal)", or "open seat". */
export function seatName(s: {
  userName?: string | null;
  name?: string | null;
  cpu: boolean;
  difficulty?: string | null;
  status: string;
}): string {
  const n = s.userName ?? s.name;
  if (n) return n;
  if (s.cpu) return `CPU (${s.difficulty || "normal"})`;
  if (s.status === "invited") return "invited player";
  return "open seat";
}

/** A seat's colour as a word: "Red". */
export function colourName(color: string): string {
  return color ? `${color[0].toUpperCase()}${color.slice(1)}` : color;
}

/** A seat as the screens name it: its player, its colour and, in a team game, its team's name. */
export type TitledSeat = Parameters<typeof seatName>[0] & {
  seat?: number;
  color: string;
  /** The seat's team's name in a team game (docs/rules.md, "Team games"); null or absent in a free-for-all. */
  teamName?: string | null;
};

/**
 * A seat named by colour and player, as the game screen shows it everywhere: "Red — alice", "Blue — CPU
 * (normal)". In a team game, where a seat's colour is a shade of its team's hue, by player and team:
 * "alice (Red)", "CPU 3 (Red)" (a CPU by its seat's number, since teammates' CPUs may share a level).
 */
export function seatTitle(s: TitledSeat): string {
  if (s.teamName == null) return `${colourName(s.color)} — ${seatName(s)}`;
  return `${teamSeatName(s)} (${s.teamName})`;
}

/** A seat's player in a team game: the player's name, or "CPU 3" for the CPU at seat 3 (numbered from 1). */
export function teamSeatName(s: TitledSeat): string {
  return s.userName ?? s.name ?? (s.cpu && s.seat != null ? `CPU ${s.seat + 1}` : seatName(s));
}

/**
 * A seat's short name for the turn line, the log and the attack panel: its colour in a free-for-all
 * ("Red"), its player and team in a team game ("alice (Red)").
 */
export function seatShort(s: TitledSeat): string {
  return s.teamName == null ? colourName(s.color) : seatTitle(s);
}

/** The words of a notice. */
export function noticeText(kind: string, mapName: string | undefined, data: unknown): string {
  const game = mapName ? `your game on ${mapName}` : "your game";
  const d = (data ?? {}) as Record<string, unknown>;
  switch (kind) {
    case "your_turn":
      return `It is your turn in ${game}.`;
    case "turn_warning":
      return typeof d.deadline === "string" && Number.isFinite(Date.parse(d.deadline))
        ? `Your time is running out in ${game}: the turn ends at ${new Date(d.deadline).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}.`
        : `Your time is running out in ${game}.`;
    case "cpu_played":
      return `Your time ran out in ${game}: a CPU played your turn.`;
    case "eliminated":
      return `You were eliminated from ${game}.`;
    case "game_over":
      return `${capital(game)} is over.`;
    case "invited":
      return `You were invited to a game${mapName ? ` on ${mapName}` : ""}.`;
    case "declined": {
      const who = typeof d.name === "string" && d.name ? d.name : "Your invitee";
      const seat = typeof d.color === "string" && d.color ? `the ${colourName(d.color)} seat` : "a seat";
      return `${who} declined ${seat} in ${game}: it is open again.`;
    }
    case "chat":
      return `New messages in the chat of ${game}.`;
    case "chat_timeout": {
      const until =
        typeof d.until === "string" && Number.isFinite(Date.parse(d.until))
          ? ` until ${new Date(d.until).toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" })}`
          : "";
      const why = typeof d.reason === "string" && d.reason ? ` (reason: ${d.reason})` : "";
      return `A moderator timed you out of chat${until}${why}.`;
    }
    case "tournament_round": {
      const name = typeof d.tournamentName === "string" && d.tournamentName ? d.tournamentName : "your tournament";
      const round = `Round ${typeof d.round === "number" ? d.round : "?"} of ${name} has started`;
      return d.bye === true
        ? `${round}: you have a bye this round, which scores as a win.`
        : `${round}: your table plays ${game}.`;
    }
    case "tournament_standing": {
      const name = typeof d.tournamentName === "string" && d.tournamentName ? d.tournamentName : "your tournament";
      const place =
        typeof d.rank === "number" && typeof d.entrants === "number" ? `${ordinal(d.rank)} of ${d.entrants}` : "ranked";
      const points = typeof d.points === "number" ? ` with ${d.points} point${d.points === 1 ? "" : "s"}` : "";
      return d.final === true
        ? `${name} is over: you finished ${place}${points}.`
        : `Round ${typeof d.round === "number" ? d.round : "?"} of ${name} is over: you are ${place}${points}.`;
    }
    default:
      return `${capital(kind.replace(/_/g, " "))} in ${game}.`;
  }
}

/**
 * Where a notice leads: an invitation to its page (join or decline), a bye in a tournament's round to the
 * tournament (a bye has no game), anything else to its game.
 */
export function noticeHref(kind: string, gameId: string, data: unknown): string {
  const d = (data ?? {}) as Record<string, unknown>;
  if (kind === "tournament_round" && d.bye === true && typeof d.tournament === "string" && d.tournament) {
    return `/tournaments/${encodeURIComponent(d.tournament)}`;
  }
  return `/${kind === "invited" ? "join" : "games"}/${encodeURIComponent(gameId)}`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

function capital(s: string) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

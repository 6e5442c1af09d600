// Team games (docs/rules.md, "Team games", R83 to R92) as the client shows them: the shapes the New game
// form offers, the teams' default names and hues, each seat's shade of its team's hue, the team options in
// words, seats grouped by team and the winners in words. A free-for-all has no teams: every function here
// then answers as for a game without them.

import { seatTitle, teamSeatName, type TitledSeat } from "../ui/format";
import { DIFFICULTIES } from "./lobby";

/** A team as the client holds it: Game.teams, or a record's settings.teams. */
export interface TeamView {
  /** The team's number, from 0: its index in the game's teams, and a seat's `team`. */
  index: number;
  name: string;
  /** The team's hue as a CSS hex colour (#rrggbb); its seats' colours are shades of it. */
  color: string;
}

/**
 * The teams' default names and hues, in team order: the server's defaults for a TeamInput without a colour
 * (docs/api.md, "Team games").
 */
export const TEAM_HUES: ReadonlyArray<{ name: string; hex: string }> = [
  { name: "Red", hex: "#d62728" },
  { name: "Blue", hex: "#1f77b4" },
  { name: "Green", hex: "#2ca02c" },
  { name: "Orange", hex: "#ff7f0e" },
  { name: "Purple", hex: "#9467bd" },
  { name: "Brown", hex: "#8c564b" },
];

/** The team shapes the New game form offers, each as its teams' sizes. */
export const TEAM_SHAPES: ReadonlyArray<{ value: string; sizes: readonly number[] }> = [
  { value: "2v2", sizes: [2, 2] },
  { value: "3v3", sizes: [3, 3] },
  { value: "4v4", sizes: [4, 4] },
  { value: "2v2v2", sizes: [2, 2, 2] },
  { value: "3v3v3", sizes: [3, 3, 3] },
];

/** The sizes of a shape's teams; [] for a free-for-all or a shape not offered. */
export function shapeSizes(shape: string): readonly number[] {
  return TEAM_SHAPES.find((s) => s.value === shape)?.sizes ?? [];
}

/** How far each seat of a team moves from its hue, in order: toward white (> 0) or black (< 0). */
const SHADE_STEPS = [0, 0.4, -0.35, 0.65];

/**
 * The colour of the k-th seat (from 0) of a team of hue `hex`: the hue itself, then lighter, darker and
 * lighter still. Teammates read as one team at a glance; the board's pattern per seat tells them apart.
 */
export function teamShade(hex: string, k: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  const t = SHADE_STEPS[k % SHADE_STEPS.length];
  const towards = t >= 0 ? 255 : 0;
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c + (towards - c) * Math.abs(t)));
  return `#${ch.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** One choice of a team option, with a line saying what it does. */
export interface TeamChoice {
  value: string;
  label: string;
  help: string;
}

/** R87: where a player may fortify to (TeamRulesInput.fortify). */
export const TEAM_FORTIFY: readonly TeamChoice[] = [
  { value: "own", label: "Own territories only", help: "Move armies only between your own neighbouring territories." },
  {
    value: "to_teammate",
    label: "Into a teammate's",
    help: "Also move armies into a teammate's neighbouring territory; they become the teammate's.",
  },
  {
    value: "through_team",
    label: "Through the team",
    help: "Move armies to any territory of the team, through the team's territories, however far.",
  },
];

/** R90: who plays the seat of a player who resigns or is removed (TeamRulesInput.handover). */
export const TEAM_HANDOVER: readonly TeamChoice[] = [
  { value: "none", label: "Nobody", help: "The seat leaves the game and its territories turn neutral." },
  { value: "teammate", label: "A teammate", help: "The seat stays in the game and a teammate plays its turns." },
  { value: "cpu", label: "A CPU", help: "The seat stays in the game and a CPU plays its turns." },
];

/** R86, R88, R89: the team options that are on or off, each with what it does when on. */
export const TEAM_SWITCHES: ReadonlyArray<{ key: keyof TeamSwitches; label: string; help: string }> = [
  {
    key: "placeOnTeammates",
    label: "Place on teammates",
    help: "Reinforcements may be placed on a teammate's territory too; the armies stay the teammate's.",
  },
  {
    key: "attackTeammates",
    label: "Attack teammates",
    help: "A teammate's territory may be attacked like an opponent's; off, such an attack is refused.",
  },
  {
    key: "noCardFromTeammates",
    label: "No card for a teammate's territory",
    help: "Conquering a teammate's territory earns no card; another conquest that turn still does.",
  },
];

/** The on-or-off team options. */
export interface TeamSwitches {
  placeOnTeammates: boolean;
  attackTeammates: boolean;
  noCardFromTeammates: boolean;
}

/** A team game's options (Game.teamRules, TeamRulesInput). */
export interface TeamRules extends TeamSwitches {
  fortify: string;
  handover: string;
}

/** The options as the engine defaults them: every one off, fortify `own`, handover `none`. */
export const DEFAULT_TEAM_RULES: TeamRules = {
  placeOnTeammates: false,
  attackTeammates: false,
  noCardFromTeammates: false,
  fortify: "own",
  handover: "none",
};

/** The options that differ from the defaults, in words ("place on teammates, fortify into a teammate's"); "" for none. */
export function teamRulesWords(r: TeamRules | null | undefined): string {
  if (!r) return "";
  const on = TEAM_SWITCHES.filter((s) => r[s.key]).map((s) => s.label.toLowerCase());
  if (r.fortify !== "own")
    on.push(`fortify ${TEAM_FORTIFY.find((f) => f.value === r.fortify)?.label.toLowerCase() ?? r.fortify}`);
  if (r.handover !== "none")
    on.push(
      `a leaver's seat played by ${lowerFirst(TEAM_HANDOVER.find((h) => h.value === r.handover)?.label ?? r.handover)}`,
    );
  return on.join(", ");
}

function lowerFirst(s: string): string {
  return s ? s[0].toLowerCase() + s.slice(1) : s;
}

/** A game's shape in words: "2v2", "3v3v3", "2v1"; "" for a free-for-all. */
export function shapeWords(teams: readonly unknown[], seats: ReadonlyArray<{ team?: number | null }>): string {
  if (teams.length === 0) return "";
  return teams.map((_, i) => seats.filter((s) => s.team === i).length).join("v");
}

/** The seats of each team, in team order and seat order within each; one group of all seats in a free-for-all. */
export function groupByTeam<S extends { seat: number; team?: number | null }>(
  teams: readonly TeamView[],
  seats: readonly S[],
): Array<{ team: TeamView | null; seats: S[] }> {
  if (teams.length === 0) return [{ team: null, seats: [...seats] }];
  return teams.map((t) => ({ team: t, seats: seats.filter((s) => s.team === t.index) }));
}

/** Seats with their team's name, for seatTitle: the same seats in a free-for-all. */
export function withTeamNames<S extends { team?: number | null }>(
  teams: readonly TeamView[],
  seats: readonly S[],
): Array<S & { teamName: string | null }> {
  return seats.map((s) => ({ ...s, teamName: s.team != null ? (teams[s.team]?.name ?? null) : null }));
}

/**
 * Who won, in words: "Red wins: Ann, CPU 2" in a team game (every winner, the eliminated ones included),
 * "Red — alice wins" in a free-for-all; "" while nobody has won.
 */
export function winnersWords(
  teams: readonly TeamView[],
  seats: ReadonlyArray<TitledSeat & { team?: number | null }>,
  winners: readonly number[] | null,
): string {
  if (!winners || winners.length === 0) return "";
  const won = seats.filter((s) => s.seat != null && winners.includes(s.seat));
  if (won.length === 0) return "";
  const team = won[0].team != null ? teams[won[0].team] : undefined;
  if (!team) return `${seatTitle(won[0])} wins`;
  return `${team.name} wins: ${won.map((s) => teamSeatName(s)).join(", ")}`;
}

/** One seat of the New game form's team draft: you, a CPU (with its level), open or invited. */
export interface TeamSeatDraft {
  kind: "HUMAN" | "CPU" | "OPEN" | "INVITED";
  difficulty: string;
  email: string;
}

/** The New game form's teams: names, the seats team by team, the options. */
export interface TeamDraft {
  shape: string;
  names: string[];
  /** Each team's seats, in team order. */
  seats: TeamSeatDraft[][];
  rules: TeamRules;
}

/**
 * The team draft for a shape: each team named as before or by its default ("Red", "Blue", ...), each seat
 * kept from the draft before where it had one, a normal CPU where not; the viewer's seat (HUMAN) stays
 * where it was when the new shape has it, else it goes to the first team's first seat. Exactly one seat is
 * the viewer's.
 */
export function reshapeTeams(shape: string, before: TeamDraft | null): TeamDraft {
  const sizes = shapeSizes(shape);
  const seats = sizes.map((n, t) =>
    Array.from({ length: n }, (_, k): TeamSeatDraft => {
      const was = before?.seats[t]?.[k];
      return was ? { ...was } : { kind: "CPU", difficulty: "normal", email: "" };
    }),
  );
  const humans = seats.flat().filter((s) => s.kind === "HUMAN");
  humans.slice(1).forEach((s) => (s.kind = "CPU"));
  if (humans.length === 0 && seats.length > 0) seats[0][0] = { kind: "HUMAN", difficulty: "", email: "" };
  return {
    shape,
    names: sizes.map((_, t) => before?.names[t] ?? TEAM_HUES[t].name),
    seats,
    rules: before?.rules ?? DEFAULT_TEAM_RULES,
  };
}

/** The draft with the viewer moved to team t's seat k: the seat the viewer left becomes a normal CPU. */
export function moveViewer(d: TeamDraft, t: number, k: number): TeamDraft {
  return {
    ...d,
    seats: d.seats.map((team, ti) =>
      team.map((s, ki): TeamSeatDraft => {
        if (ti === t && ki === k) return { kind: "HUMAN", difficulty: "", email: "" };
        return s.kind === "HUMAN" ? { kind: "CPU", difficulty: "normal", email: "" } : s;
      }),
    ),
  };
}

/** What is wrong with the teams' names ("" when nothing): each needs 1 to 32 characters, no two alike. */
export function teamNamesProblem(names: readonly string[]): string {
  const trimmed = names.map((n) => n.trim());
  if (trimmed.some((n) => n.length === 0)) return "Each team needs a name.";
  if (trimmed.some((n) => n.length > 32)) return "A team's name has at most 32 characters.";
  if (new Set(trimmed.map((n) => n.toLowerCase())).size !== trimmed.length) return "Each team needs a name of its own.";
  return "";
}

/**
 * The draft as createGame takes it: the teams with their hues, the seats team by team (each with its team
 * and a shade of the team's hue as its colour) and the options.
 */
export function teamGameInput(d: TeamDraft): {
  teams: Array<{ name: string; color: string }>;
  seats: Array<TeamSeatDraft & { team: number; color: string }>;
  teamRules: TeamRules;
} {
  return {
    teams: d.names.map((n, t) => ({ name: n.trim(), color: TEAM_HUES[t].hex })),
    seats: d.seats.flatMap((team, t) => team.map((s, k) => ({ ...s, team: t, color: teamShade(TEAM_HUES[t].hex, k) }))),
    teamRules: { ...d.rules },
  };
}

/** A team draft kept on the device, or null when it cannot be read as one (parseNewGameSettings). */
export function parseTeamDraft(v: unknown): TeamDraft | null {
  if (typeof v !== "object" || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.shape !== "string" || shapeSizes(o.shape).length === 0) return null;
  const names = Array.isArray(o.names) ? o.names.filter((n): n is string => typeof n === "string") : [];
  const seats = Array.isArray(o.seats)
    ? o.seats.map((team) =>
        Array.isArray(team)
          ? team.map((s): TeamSeatDraft => {
              const r = (typeof s === "object" && s !== null ? s : {}) as Record<string, unknown>;
              const kind = ["HUMAN", "CPU", "OPEN", "INVITED"].includes(r.kind as string)
                ? (r.kind as TeamSeatDraft["kind"])
                : "CPU";
              return {
                kind,
                difficulty:
                  kind === "HUMAN"
                    ? ""
                    : (DIFFICULTIES as readonly unknown[]).includes(r.difficulty)
                      ? (r.difficulty as string)
                      : "normal",
                email: typeof r.email === "string" ? r.email : "",
              };
            })
          : [],
      )
    : [];
  const r = (typeof o.rules === "object" && o.rules !== null ? o.rules : {}) as Record<string, unknown>;
  const rules: TeamRules = {
    placeOnTeammates: r.placeOnTeammates === true,
    attackTeammates: r.attackTeammates === true,
    noCardFromTeammates: r.noCardFromTeammates === true,
    fortify: TEAM_FORTIFY.some((f) => f.value === r.fortify) ? (r.fortify as string) : "own",
    handover: TEAM_HANDOVER.some((h) => h.value === r.handover) ? (r.handover as string) : "none",
  };
  return reshapeTeams(o.shape, { shape: o.shape, names, seats, rules });
}

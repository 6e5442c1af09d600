import { describe, expect, it } from "vitest";
import { luminance } from "../board/palette";
import { seatShort, seatTitle } from "../ui/format";
import {
  DEFAULT_TEAM_RULES,
  moveViewer,
  parseTeamDraft,
  reshapeTeams,
  teamGameInput,
  teamNamesProblem,
  groupByTeam,
  shapeSizes,
  shapeWords,
  TEAM_HUES,
  TEAM_SHAPES,
  teamRulesWords,
  teamShade,
  winnersWords,
  withTeamNames,
} from "./teams";

const teams = [
  { index: 0, name: "Red", color: "#d62728" },
  { index: 1, name: "Blue", color: "#1f77b4" },
];
const seats = withTeamNames(teams, [
  { seat: 0, color: "#d62728", team: 0, userName: "Ann", cpu: false, status: "active" },
  { seat: 1, color: "#1f77b4", team: 1, cpu: true, difficulty: "hard", status: "active" },
  { seat: 2, color: "#e47d7e", team: 0, cpu: true, difficulty: "normal", status: "eliminated" },
  { seat: 3, color: "#79add2", team: 1, userName: "Bob", cpu: false, status: "active" },
]);

describe("team games in words", () => {
  it("names a team game's seats by player and team, a free-for-all's by colour", () => {
    expect(seats.map(seatTitle)).toEqual(["Ann (Red)", "CPU 2 (Blue)", "CPU 3 (Red)", "Bob (Blue)"]);
    expect(seatShort(seats[0])).toBe("Ann (Red)");
    const ffa = { seat: 0, color: "red", userName: "Ann", cpu: false, status: "active", teamName: null };
    expect([seatTitle(ffa), seatShort(ffa)]).toEqual(["Red — Ann", "Red"]);
  });

  it("says the winners: the whole team, the eliminated ones included", () => {
    expect(winnersWords(teams, seats, [0, 2])).toBe("Red wins: Ann, CPU 3");
    expect(winnersWords(teams, seats, null)).toBe("");
    const ffa = withTeamNames(
      [],
      [{ seat: 0, color: "red", team: null, userName: "Ann", cpu: false, status: "active" }],
    );
    expect(winnersWords([], ffa, [0])).toBe("Red — Ann wins");
  });

  it("groups the seats by team, in team order", () => {
    expect(groupByTeam(teams, seats).map((g) => [g.team?.name, g.seats.map((s) => s.seat)])).toEqual([
      ["Red", [0, 2]],
      ["Blue", [1, 3]],
    ]);
    expect(groupByTeam([], seats).map((g) => [g.team, g.seats.length])).toEqual([[null, 4]]);
    expect(shapeWords(teams, seats)).toBe("2v2");
    expect(shapeWords([], seats)).toBe("");
  });

  it("says the options that differ from the defaults", () => {
    expect(teamRulesWords(DEFAULT_TEAM_RULES)).toBe("");
    expect(teamRulesWords(null)).toBe("");
    expect(
      teamRulesWords({ ...DEFAULT_TEAM_RULES, placeOnTeammates: true, fortify: "through_team", handover: "cpu" }),
    ).toBe("place on teammates, fortify through the team, a leaver's seat played by a CPU");
  });
});

describe("team shapes and colours", () => {
  it("offers the issue's shapes, each within 2 to 6 teams of 1 to 4 seats", () => {
    expect(TEAM_SHAPES.map((s) => s.value)).toEqual(["2v2", "3v3", "4v4", "2v2v2", "3v3v3"]);
    expect(shapeSizes("2v2v2")).toEqual([2, 2, 2]);
    expect(shapeSizes("ffa")).toEqual([]);
    for (const s of TEAM_SHAPES) {
      expect(s.sizes.length).toBeLessThanOrEqual(TEAM_HUES.length);
      expect(Math.max(...s.sizes)).toBeLessThanOrEqual(4);
    }
  });

  it("gives a team's seats distinct shades of its hue: the hue, lighter, darker, lighter still", () => {
    const red = TEAM_HUES[0].hex;
    const shades = [0, 1, 2, 3].map((k) => teamShade(red, k));
    expect(shades[0]).toBe(red);
    expect(new Set(shades).size).toBe(4);
    expect(luminance(shades[1])).toBeGreaterThan(luminance(red));
    expect(luminance(shades[2])).toBeLessThan(luminance(red));
    expect(luminance(shades[3])).toBeGreaterThan(luminance(shades[1]));
    // Every shade keeps the hue: red stays the strongest channel.
    for (const s of shades) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
      expect(r).toBeGreaterThan(g);
      expect(r).toBeGreaterThan(b);
    }
    expect(teamShade("red", 1)).toBe("red");
  });

  it("gives no two seats of any shape the same colour", () => {
    for (const s of TEAM_SHAPES) {
      const colours = s.sizes.flatMap((n, t) => Array.from({ length: n }, (_, k) => teamShade(TEAM_HUES[t].hex, k)));
      expect(new Set(colours).size).toBe(colours.length);
    }
  });
});

describe("the New game form's teams", () => {
  const kinds = (d: ReturnType<typeof reshapeTeams>) => d.seats.map((t) => t.map((s) => s.kind));

  it("makes a shape with default names, the viewer first and CPUs elsewhere", () => {
    const d = reshapeTeams("2v2v2", null);
    expect(d.names).toEqual(["Red", "Blue", "Green"]);
    expect(kinds(d)).toEqual([
      ["HUMAN", "CPU"],
      ["CPU", "CPU"],
      ["CPU", "CPU"],
    ]);
    expect(d.rules).toEqual(DEFAULT_TEAM_RULES);
  });

  it("keeps names, seats and the viewer's seat over a change of shape where the new shape has them", () => {
    let d = moveViewer(reshapeTeams("3v3", null), 1, 2);
    d = {
      ...d,
      names: ["Wolves", "Owls"],
      seats: d.seats.map((t) => t.map((s) => (s.kind === "CPU" ? { ...s, difficulty: "hard" } : s))),
    };
    const bigger = reshapeTeams("3v3v3", d);
    expect(bigger.names).toEqual(["Wolves", "Owls", "Green"]);
    expect(kinds(bigger)[1]).toEqual(["CPU", "CPU", "HUMAN"]);
    expect(bigger.seats[0][0].difficulty).toBe("hard");
    expect(bigger.seats[2][0].difficulty).toBe("normal");
    // The viewer's seat is gone in a 2v2: the viewer goes to the first seat, once.
    const smaller = reshapeTeams("2v2", d);
    expect(kinds(smaller)).toEqual([
      ["HUMAN", "CPU"],
      ["CPU", "CPU"],
    ]);
  });

  it("moves the viewer, the seat left becoming a normal CPU", () => {
    const d = moveViewer(reshapeTeams("2v2", null), 1, 1);
    expect(kinds(d)).toEqual([
      ["CPU", "CPU"],
      ["CPU", "HUMAN"],
    ]);
    expect(d.seats[0][0].difficulty).toBe("normal");
  });

  it("gives createGame the teams with their hues and each seat its team and shade", () => {
    const d = { ...reshapeTeams("2v2", null), names: [" Red ", "Blue"] };
    const input = teamGameInput({ ...d, rules: { ...d.rules, attackTeammates: true } });
    expect(input.teams).toEqual([
      { name: "Red", color: "#d62728" },
      { name: "Blue", color: "#1f77b4" },
    ]);
    expect(input.seats.map((s) => [s.kind, s.team, s.color])).toEqual([
      ["HUMAN", 0, "#d62728"],
      ["CPU", 0, teamShade("#d62728", 1)],
      ["CPU", 1, "#1f77b4"],
      ["CPU", 1, teamShade("#1f77b4", 1)],
    ]);
    expect(input.teamRules.attackTeammates).toBe(true);
  });

  it("checks the names as the server does: 1 to 32 characters, no two alike", () => {
    expect(teamNamesProblem(["Red", "Blue"])).toBe("");
    expect(teamNamesProblem(["Red", " "])).toBe("Each team needs a name.");
    expect(teamNamesProblem(["Red", "red"])).toBe("Each team needs a name of its own.");
    expect(teamNamesProblem(["x".repeat(33), "Blue"])).toBe("A team's name has at most 32 characters.");
  });

  it("reads a kept draft back, dropping what is not offered", () => {
    const d = moveViewer(reshapeTeams("2v2", null), 1, 0);
    expect(parseTeamDraft(JSON.parse(JSON.stringify(d)))).toEqual(d);
    expect(parseTeamDraft(null)).toBeNull();
    expect(parseTeamDraft({ shape: "5v5" })).toBeNull();
    const odd = parseTeamDraft({
      shape: "2v2",
      seats: [[{ kind: "ROBOT", difficulty: "godlike" }]],
      rules: { fortify: "anywhere", handover: "cpu", placeOnTeammates: "yes" },
    });
    expect(odd?.seats[0][0]).toEqual({ kind: "HUMAN", difficulty: "", email: "" });
    expect(odd?.seats[0][1]).toEqual({ kind: "CPU", difficulty: "normal", email: "" });
    expect(odd?.rules).toEqual({ ...DEFAULT_TEAM_RULES, handover: "cpu" });
  });
});

// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { emptyGame } from "../state/game";
import type { ClientGame } from "../state/types";
import type { GameInfo } from "./controller";
import { SeatsPanel } from "./seats";
import { TeamLegend } from "./teamlegend";

const teams = [
  { index: 0, name: "Red", color: "#d62728" },
  { index: 1, name: "Blue", color: "#1f77b4" },
];
const teamGame = (over: boolean): ClientGame => ({
  ...emptyGame(
    { keys: ["a"], names: ["A"], symbols: ["infantry"] },
    [
      { seat: 0, color: "#d62728", team: 0, name: "Ann" },
      { seat: 1, color: "#1f77b4", team: 1, cpu: true, difficulty: "hard" },
      { seat: 2, color: "#e47d7e", team: 0, cpu: true, difficulty: "easy", status: over ? "eliminated" : "active" },
      { seat: 3, color: "#79add2", team: 1, cpu: true, difficulty: "normal" },
    ],
    { viewerSeat: 0, teams },
  ),
  ...(over ? { phase: "over", winner: 0, winners: [0, 2] } : { phase: "attack", currentSeat: 3 }),
});

function show(node: preact.ComponentChild): HTMLElement {
  const host = document.createElement("div");
  act(() => render(node, host));
  return host;
}

describe("the seats panel of a team game", () => {
  const info = { turnDeadline: null, seats: [], ratingChanges: [] } as unknown as GameInfo;

  it("groups the seats under each team's name and hue", () => {
    const el = show(<SeatsPanel game={teamGame(false)} info={info} now={0} />);
    const groups = [...el.querySelectorAll("tbody.team")].map((tb) =>
      [...tb.querySelectorAll("th")].map((th) => th.firstChild?.parentElement?.textContent?.trim()),
    );
    expect(groups.map((g) => g[0])).toEqual(["Red", "Blue"]);
    expect(groups[0].slice(1).map((t) => t?.split("\n")[0])).toEqual([
      expect.stringContaining("Ann (Red) (you)"),
      expect.stringContaining("CPU 3 (Red)"),
    ]);
    expect(groups[1].slice(1)).toEqual([
      expect.stringContaining("CPU 2 (Blue)"),
      expect.stringContaining("CPU 4 (Blue)"),
    ]);
    const hue = el.querySelector<HTMLElement>("tbody.team .team-hue");
    expect(hue?.style.background).toBe("rgb(214, 39, 40)");
    expect(el.querySelector(".winners")).toBeNull();
    expect(el.querySelector("tr.current")?.textContent).toContain("CPU 4 (Blue)");
  });

  it("says which team won and who was on it, the eliminated teammate too", () => {
    const el = show(<SeatsPanel game={teamGame(true)} info={info} now={0} />);
    expect(el.querySelector(".winners")?.textContent).toBe("Red wins: Ann, CPU 3");
    expect(el.querySelector("tbody.team .team-head")?.textContent).toBe("Red · winners");
    const winners = [...el.querySelectorAll("tbody th[scope=row]")].filter((th) => th.textContent?.includes("winner"));
    expect(winners.map((th) => th.textContent?.split(" (")[0].trim())).toEqual(["● Ann", "▲ CPU 3"]);
  });

  it("keeps a free-for-all's one list of players", () => {
    const ffa = emptyGame({ keys: ["a"], names: ["A"], symbols: ["infantry"] }, [
      { seat: 0, color: "red", name: "Ann" },
      { seat: 1, color: "blue", cpu: true },
    ]);
    const el = show(<SeatsPanel game={ffa} info={info} now={0} />);
    expect(el.querySelector("h2")?.textContent).toBe("Players");
    expect(el.querySelectorAll("tbody").length).toBe(1);
    expect(el.querySelector(".team-head")).toBeNull();
    expect(show(<TeamLegend game={ffa} />).innerHTML).toBe("");
  });
});

describe("the map's team key", () => {
  it("shows each team's seats as the map draws them: a shade of the hue and the seat's pattern", () => {
    const el = show(<TeamLegend game={teamGame(false)} />);
    const items = [...el.querySelectorAll("li")].map((li) => li.textContent);
    expect(items).toEqual(["Red: Ann, CPU 3", "Blue: CPU 2, CPU 4"]);
    const fills = [...el.querySelectorAll("pattern > rect")].map((r) => r.getAttribute("fill"));
    expect(fills).toEqual(["#d62728", "#e47d7e", "#1f77b4", "#79add2"]);
    const ids = [...el.querySelectorAll("pattern")].map((p) => p.id);
    expect(new Set(ids).size).toBe(4);
  });
});

describe("the seats panel with the game's presence", () => {
  const info = { turnDeadline: null, seats: [], ratingChanges: [] } as unknown as GameInfo;
  const ffa = emptyGame({ keys: ["a"], names: ["A"], symbols: ["infantry"] }, [
    { seat: 0, color: "red", name: "Ann" },
    { seat: 1, color: "blue", name: "Bob" },
  ]);

  it("marks the players here now and counts the spectators", () => {
    const el = show(
      <SeatsPanel game={ffa} info={info} now={0} presence={{ spectatorCount: 1, presentSeats: new Set([1]) }} />,
    );
    expect(el.querySelector(".watching")?.textContent).toBe("1 spectator");
    const here = [...el.querySelectorAll("tbody th[scope=row]")].map(
      (th) => th.querySelector(".presence-dot") !== null,
    );
    expect(here).toEqual([false, true]);
  });

  it("says nothing of presence before it is known", () => {
    const el = show(<SeatsPanel game={ffa} info={info} now={0} />);
    expect(el.querySelector(".watching")).toBeNull();
    expect(el.querySelector(".presence-dot")).toBeNull();
  });
});

describe("the seats panel of a finished rated game", () => {
  it("links each player to their profile and shows what the game did to their rating", () => {
    const duel: ClientGame = {
      ...emptyGame({ keys: ["a"], names: ["A"], symbols: ["infantry"] }, [
        { seat: 0, color: "red", name: "Ann" },
        { seat: 1, color: "blue", name: "Bob" },
      ]),
      phase: "over",
      winner: 0,
    };
    const info = {
      turnDeadline: null,
      seats: [
        { seat: 0, user: { id: "U1" } },
        { seat: 1, user: { id: "U2" } },
      ],
      ratingChanges: [
        { seat: 0, ratingBefore: 1000, ratingAfter: 1057, change: 57, provisional: true },
        { seat: 1, ratingBefore: 1000, ratingAfter: 948, change: -52, provisional: false },
      ],
    } as unknown as GameInfo;
    const el = show(<SeatsPanel game={duel} info={info} now={0} />);
    const links = [...el.querySelectorAll("tbody th[scope=row] a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/players/U1", "/players/U2"]);
    const changes = [...el.querySelectorAll(".rating-change")].map((d) => d.textContent);
    expect(changes).toEqual(["Rating 1057? (+57)", "Rating 948 (\u221252)"]);
  });
});

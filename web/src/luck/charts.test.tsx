// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { GameCharts, lastIndexAtOrBefore, type GraphPoint } from "./charts";
import { LuckPanel, type GameLuck } from "./panel";
import { PlayerLuckSummary } from "./player";

const seats = [
  { seat: 0, color: "red", userName: "ada", cpu: false, status: "active" },
  { seat: 1, color: "blue", userName: null, cpu: true, difficulty: "easy", status: "active" },
];

const points: GraphPoint[] = [
  {
    turn: 1,
    round: 1,
    seat: 0,
    final: false,
    seats: [
      { seat: 0, territories: 3, armies: 8, income: 3, luck: 0 },
      { seat: 1, territories: null, armies: null, income: null, luck: 0 },
    ],
  },
  {
    turn: 2,
    round: 1,
    seat: 1,
    final: false,
    seats: [
      { seat: 0, territories: 4, armies: 10, income: 3, luck: 0.84 },
      { seat: 1, territories: null, armies: null, income: null, luck: -0.84 },
    ],
  },
  {
    turn: 3,
    round: 2,
    seat: 0,
    final: false,
    seats: [
      { seat: 0, territories: 5, armies: 11, income: 3, luck: 1.26 },
      { seat: 1, territories: 1, armies: 2, income: 3, luck: -1.26 },
    ],
  },
];

function mount(node: preact.ComponentChild): HTMLElement {
  const el = document.createElement("div");
  document.body.append(el);
  act(() => render(node, el));
  return el;
}

describe("the game's charts", () => {
  it("draws a chart per measure, a line per seat in its colour, and says the last values", () => {
    const el = mount(<GameCharts points={points} seats={seats} turn={2} />);
    const figures = el.querySelectorAll("figure");
    expect([...figures].map((f) => f.querySelector("figcaption")!.textContent)).toEqual([
      "Territories",
      "Armies",
      "Income",
      "Luck",
    ]);
    const terr = figures[0];
    const paths = terr.querySelectorAll("path.luck-line");
    expect(paths).toHaveLength(2);
    expect(paths[0].getAttribute("stroke")).toBe("#D55E00");
    // Seat 1's territories are unknown until turn 3: its line is one point, a move without a stroke.
    expect(paths[1].getAttribute("d")).toMatch(/^M[\d.]+,[\d.]+$/);
    expect(terr.querySelector("desc")!.textContent).toBe(
      "Territories per player over 3 turns, territories; at the last turn: Red 5, Blue 1.",
    );
    expect(figures[3].querySelector("desc")!.textContent).toContain("Red +1.3, Blue −1.3");
    // The replay's turn is marked, and the numbers are in a table with "?" for what was not known.
    expect(terr.querySelector("line.luck-now")).not.toBeNull();
    const cells = [...terr.querySelectorAll("tbody tr")].map((r) => [...r.children].map((c) => c.textContent));
    expect(cells).toEqual([
      ["1", "3", "?"],
      ["2", "4", "?"],
      ["3", "5", "1"],
    ]);
  });
  it("says so when no turn has started", () => {
    expect(mount(<GameCharts points={[]} seats={seats} />).textContent).toMatch(/No game turn/);
  });
  it("marks the last point at or before a turn", () => {
    expect(lastIndexAtOrBefore(points, 2)).toBe(1);
    expect(lastIndexAtOrBefore(points, 0)).toBe(-1);
    expect(lastIndexAtOrBefore(points, 99)).toBe(2);
  });
});

describe("the luck panel", () => {
  const test = { statistic: 0.8, degreesOfFreedom: 5, pValue: 0.977, smallSample: true };
  const luck: GameLuck = {
    partial: true,
    rolls: 4,
    faces: { counts: [4, 3, 2, 2, 2, 3], test },
    pairings: [
      {
        attackDice: 3,
        defendDice: 2,
        rolls: 2,
        outcomes: [
          { attackerLosses: 0, defenderLosses: 2, probability: 0.372, observed: 1, expected: 0.743 },
          { attackerLosses: 1, defenderLosses: 1, probability: 0.336, observed: 1, expected: 0.672 },
          { attackerLosses: 2, defenderLosses: 0, probability: 0.293, observed: 0, expected: 0.585 },
        ],
        test: { statistic: 0.83, degreesOfFreedom: 2, pValue: 0.66, smallSample: true },
      },
    ],
    seats: [
      { seat: 0, luck: { rolls: 4, expectedLosses: 3.48, losses: 3, luck: 0.48, z: 0.32, percentile: 0.63 } },
      { seat: 1, luck: { rolls: 4, expectedLosses: 4.52, losses: 5, luck: -0.48, z: -0.32, percentile: 0.37 } },
    ],
  };
  it("reads each player's luck and each test in words", () => {
    const el = mount(<LuckPanel luck={luck} seats={seats} />);
    const rows = [...el.querySelectorAll(".luck-seats tbody tr")].map((r) => r.textContent);
    expect(rows[0]).toContain(
      "Red+0.5 armies, luckier than 63% of games like this (z +0.3: well within what fair dice do)3 / 3.5",
    );
    expect(rows[1]).toContain("unluckier than 63%");
    expect(el.textContent).toContain("The 4 rolls you saw");
    expect(el.querySelector(".luck-pairings tbody tr")!.textContent).toContain(
      "3 v 22defender loses 2 1 / 0.7; each loses 1 1 / 0.7; attacker loses 2 0 / 0.6consistent with fair dice (p = 0.66)",
    );
  });
});

describe("a player's luck", () => {
  it("sums up their finished games", () => {
    const figures = {
      games: 3,
      luck: {
        rolls: 120,
        losses: 100,
        expectedLosses: 104.2,
        luck: 4.2,
        z: 0.84,
        percentile: 0.8,
        faces: { counts: [40, 40, 40, 40, 40, 40], test: { pValue: 1, smallSample: false } },
      },
    };
    const text = mount(<PlayerLuckSummary figures={figures} />).textContent;
    expect(text).toContain("Luck over 3 finished games+4.2 armies, luckier than 80% of games like this");
    expect(text).toContain("100 of 104.2 expected, in 120 rolls");
    expect(mount(<PlayerLuckSummary figures={{ ...figures, games: 0 }} />).textContent).toBe("No finished game yet.");
  });
});

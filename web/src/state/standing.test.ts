import { describe, expect, it } from "vitest";
import { addExits, exitOf, exitWords, ordinal, overWords, places } from "./standing";
import { emptyGame } from "./game";

const g = (viewerSeat: number | null, winner: number | null = null) => ({
  ...emptyGame(
    { keys: ["a"], names: ["A"], symbols: ["infantry"] },
    [
      { seat: 0, color: "red", name: "alice" },
      { seat: 1, color: "blue", name: "bob" },
      { seat: 2, color: "green", cpu: true, difficulty: "easy" },
    ],
    { viewerSeat },
  ),
  winner,
});

describe("exits and places", () => {
  const bob = exitOf({ seq: 40, kind: "player_eliminated", payload: { player: 1, by: 2 } })!;
  const alice = exitOf({ seq: 55, kind: "player_resigned", payload: { player: 0 } })!;

  it("reads exits from events", () => {
    expect(bob).toEqual({ seq: 40, seat: 1, how: "eliminated", by: 2 });
    expect(alice).toEqual({ seq: 55, seat: 0, how: "resigned", by: null });
    expect(exitOf({ seq: 3, kind: "turn_started", payload: { player: 1 } })).toBeNull();
    expect(addExits([alice], [bob, alice]).map((e) => e.seq)).toEqual([40, 55]);
  });

  it("says who left, by whom, the viewer as you", () => {
    expect(exitWords(g(0), bob)).toBe("Blue — bob was eliminated by Green — CPU (easy).");
    expect(exitWords(g(1), bob)).toBe("You were eliminated by Green — CPU (easy).");
    expect(exitWords(g(2), bob)).toBe("You eliminated Blue — bob.");
    expect(exitWords(g(1), alice)).toBe("Red — alice resigned.");
    expect(exitWords(g(0), alice)).toBe("You resigned: you are out of the game.");
  });

  it("places the winner first, then the last to leave", () => {
    expect(places(g(0, 2), [bob, alice])).toEqual(
      new Map([
        [2, 1],
        [0, 2],
        [1, 3],
      ]),
    );
    expect(places(g(0, 2), [alice])).toBeNull(); // an exit not read yet
    expect(overWords(g(1, 2), [bob, alice])).toBe("Game over: Green — CPU (easy) won. You came 3rd of 3.");
    expect(overWords(g(2, 2), [bob, alice])).toBe("Game over: you won, 1st of 3!");
    expect(overWords(g(1, 2), [])).toBe("Game over: Green — CPU (easy) won.");
    expect(overWords(g(null, 2), [bob, alice])).toBe("Game over: Green — CPU (easy) won.");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
    ]);
  });
});

describe("a team game's end", () => {
  const teams = [
    { index: 0, name: "Red", color: "#d62728" },
    { index: 1, name: "Blue", color: "#1f77b4" },
  ];
  const g = (viewerSeat: number | null) => ({
    ...emptyGame(
      { keys: ["a"], names: ["A"], symbols: ["infantry"] },
      [
        { seat: 0, color: "#d62728", team: 0, name: "ann" },
        { seat: 1, color: "#1f77b4", team: 1, name: "bob" },
        { seat: 2, color: "#e47d7e", team: 0, cpu: true, difficulty: "easy" },
        { seat: 3, color: "#79add2", team: 1, cpu: true, difficulty: "hard" },
      ],
      { viewerSeat, teams },
    ),
    winner: 0,
    winners: [0, 2],
  });
  // Seat 2 (Red) went out first, then Blue's seats 3 and 1: Red still wins whole.
  const exits = [
    exitOf({ seq: 10, kind: "player_eliminated", payload: { player: 2, by: 1 } })!,
    exitOf({ seq: 20, kind: "player_eliminated", payload: { player: 3, by: 0 } })!,
    exitOf({ seq: 30, kind: "player_eliminated", payload: { player: 1, by: 0 } })!,
  ];

  it("places every winner 1st, the eliminated teammate too, then the losers from the last out", () => {
    expect(places(g(0), exits)).toEqual(
      new Map([
        [0, 1],
        [2, 1],
        [1, 3],
        [3, 4],
      ]),
    );
  });

  it("names the team and its players in the banner", () => {
    expect(overWords(g(2), exits)).toBe("Game over: your team won! Red wins: ann, CPU 3.");
    expect(overWords(g(1), exits)).toBe("Game over. Red wins: ann, CPU 3. You came 3rd of 4.");
    expect(overWords(g(null), exits)).toBe("Game over. Red wins: ann, CPU 3.");
    expect(exitWords(g(0), exits[0])).toBe("CPU 3 (Red) was eliminated by bob (Blue).");
  });
});

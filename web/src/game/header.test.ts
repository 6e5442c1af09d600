// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { roundWords } from "./header";
import { emptyGame } from "../state/game";

describe("the round as players count it", () => {
  const g = emptyGame({ keys: ["a"], names: ["A"], symbols: ["infantry"] }, [
    { seat: 0, color: "red" },
    { seat: 1, color: "blue" },
    { seat: 2, color: "green" },
  ]);
  it("names the round and the seat to move, and its place when the order is known", () => {
    expect(roundWords(0, { ...g, phase: "claim" })).toBe("setting up");
    expect(roundWords(7, { ...g, phase: "attack", currentSeat: 1 })).toBe("Round 7, Blue's turn");
    expect(roundWords(7, { ...g, phase: "attack", currentSeat: 1, order: [2, 1, 0] })).toBe(
      "Round 7, Blue's turn (2 of 3)",
    );
    const out = { ...g, seats: g.seats.map((s) => (s.seat === 2 ? { ...s, status: "eliminated" } : s)) };
    expect(roundWords(7, { ...out, phase: "attack", currentSeat: 1, order: [2, 1, 0] })).toBe(
      "Round 7, Blue's turn (1 of 2)",
    );
    expect(roundWords(9, { ...g, phase: "over", currentSeat: null })).toBe("Round 9");
  });
});

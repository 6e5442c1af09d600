import { describe, expect, it } from "vitest";
import { nextTurn, previousTurn, stepDelay, turnStarts } from "./playback";

describe("playback", () => {
  const events = ["game_started", "turn_started", "armies_placed", "turn_started", "battle_rolled", "turn_started"].map(
    (kind) => ({ kind }),
  );
  const starts = turnStarts(events);

  it("finds where turns begin", () => {
    expect(starts).toEqual([2, 4, 6]);
  });

  it("steps by turn back and forth", () => {
    expect(previousTurn(starts, 5)).toBe(4);
    expect(previousTurn(starts, 4)).toBe(2);
    expect(previousTurn(starts, 2)).toBe(0);
    expect(nextTurn(starts, 0, 6)).toBe(2);
    expect(nextTurn(starts, 4, 6)).toBe(6);
    expect(nextTurn(starts, 6, 6)).toBe(6);
  });

  it("shows a battle longer than a phase change, shorter at a higher speed, at once when instant", () => {
    expect(stepDelay("battle_rolled", 1)).toBeGreaterThan(stepDelay("phase_changed", 1));
    expect(stepDelay("battle_rolled", 4)).toBe(stepDelay("battle_rolled", 1) / 4);
    expect(stepDelay("battle_rolled", Infinity)).toBe(0);
  });
});

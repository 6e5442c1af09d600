import { describe, expect, it } from "vitest";
import { entryLine, ladderForm } from "./ladders";

describe("ladders", () => {
  it("says a ladder's form", () => {
    expect(ladderForm({ seats: 2, maps: ["classic", "europe"], turnLimitSeconds: 86400 })).toBe(
      "Duels on classic, europe; 1 day a turn",
    );
    expect(ladderForm({ seats: 4, maps: ["classic"], turnLimitSeconds: 36 * 3600 })).toBe(
      "4 players, free-for-all on classic; 1 day 12 hours a turn",
    );
  });
  it("says whether the viewer waits", () => {
    expect(entryLine({ maxGames: 2, openGames: 0, queued: true })).toBe(
      "0 of at most 2 games going; waiting for an opponent of a close rating.",
    );
    expect(entryLine({ maxGames: 1, openGames: 1, queued: false })).toBe("1 of at most 1 game going; not waiting.");
  });
});

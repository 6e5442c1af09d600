import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emptyGame } from "../state/game";
import { mapInfo, type GameRecord } from "../state/replay";
import type { ClientGame, ServerEvent } from "../state/types";
import { nextTurn, previousTurn, stateAfter, stepDelay, turnStarts } from "./playback";

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

// Under fog the playback folds the viewer's record, whose events carry the territories they left for the
// viewer (Game.events' territories, as the live feed's): at every checkpoint of the fog fixture
// (state/testdata/gen.go: rules.Watch and rules.Project) it shows exactly what the seat may know.
describe("playing a fog game back", () => {
  const testdata = (name: string) =>
    JSON.parse(readFileSync(join(__dirname, "..", "state", "testdata", name), "utf8")) as unknown;
  const record = testdata("classic-fog.record.json") as GameRecord;
  const view = testdata("classic-fog.view.json") as {
    viewer: number;
    events: ServerEvent[];
    checkpoints: Array<{ seq: number; sight: string[]; owners: Array<number | null>; armies: Array<number | null> }>;
  };
  const current: ClientGame = {
    ...emptyGame(
      mapInfo(record.map.definition),
      record.seats.map((s) => ({ seat: s.seat, color: s.color })),
      { viewerSeat: view.viewer },
    ),
    fog: record.settings.fog!,
  };

  it.each(view.checkpoints.map((c) => [c.seq, c]))("shows the seat's board after event %i", (seq, c) => {
    const g = stateAfter(current, view.events, seq)!;
    expect(g.board.map((t) => t.sight)).toEqual(c.sight);
    expect(g.board.map((t) => t.owner)).toEqual(c.owners);
    expect(g.board.map((t) => t.armies)).toEqual(c.armies);
  });
});

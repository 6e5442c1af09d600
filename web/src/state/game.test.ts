import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyEvent, applyEvents, emptyGame, fromSnapshot, type GameSnapshot } from "./game";
import { Replay, type GameRecord } from "./replay";
import type { ClientGame, MapInfo, ServerEvent } from "./types";

const testdata = (name: string) => JSON.parse(readFileSync(join(__dirname, "testdata", name), "utf8"));

interface Checkpoint {
  seq: number;
  phase: string;
  owners: Array<number | null>;
  armies: number[];
  seats: Array<{ status: string; territories: number; armies: number; cards: number[] }>;
  winner: number | null;
}

// The records were played by the engine and its CPUs (testdata/gen.go), with the engine's own state at
// checkpoints: the client's fold must agree with it everywhere.
describe.each(["classic-random", "classic-roundrobin", "classic-fixed", "classic-scaling"])(
  "replaying the engine record %s",
  (name) => {
    const record = testdata(`${name}.record.json`) as GameRecord;
    const expected = testdata(`${name}.expected.json`) as Checkpoint[];
    const replay = new Replay(record);

    it.each(expected.map((c) => [c.seq, c]))("matches the engine after event %i", (_seq, c) => {
      const g = replay.state(c.seq);
      expect(g.seq).toBe(c.seq);
      expect(g.phase).toBe(c.phase);
      expect(g.board.map((t) => t.owner)).toEqual(c.owners);
      expect(g.board.map((t) => t.armies)).toEqual(c.armies);
      expect(
        g.seats.map((s) => ({ status: s.status, territories: s.territories, armies: s.armies, cards: s.cards })),
      ).toEqual(c.seats.map((s) => ({ ...s, cards: [...s.cards] })));
      expect(g.winner).toBe(c.winner);
      for (const s of g.seats) expect(s.cardCount).toBe(s.cards!.length);
    });

    it("ends over, with the record winner and no reserve", () => {
      const g = replay.state(replay.length);
      expect(g.status).toBe("finished");
      expect(g.winner).toBe(record.winner);
      expect(g.currentSeat).toBeNull();
      expect(g.reserve).toBe(0);
      expect(g.trades).toBe(record.events.filter((e) => e.event.kind === "cards_traded").length);
    });

    it("gives the same state by any path of steps", () => {
      const mid = Math.floor(replay.length / 2);
      const a = replay.state(mid);
      const b = new Replay(record, { checkpointEvery: 7 }).state(mid);
      expect(b.board).toEqual(a.board);
      expect(b.seats).toEqual(a.seats);
      // Stepping backwards and forwards again.
      replay.state(replay.length);
      expect(replay.state(mid).board).toEqual(a.board);
    });

    it("keeps the trade worth the engine recorded (reserve goes up by it)", () => {
      // Every cards_traded event's armies is what the state said the reserve grows by.
      let g = replay.state(0);
      for (const ev of replay.events) {
        const r = applyEvent(g, ev);
        if (r.status !== "applied") throw new Error(r.status);
        if (ev.kind === "cards_traded" && g.reserve !== null) {
          expect(r.state.reserve).toBe(g.reserve + (ev.payload.armies as number));
        }
        g = r.state;
      }
    });
  },
);

const tiny: MapInfo = {
  keys: ["a", "b", "c", "d"],
  names: ["Alpha", "Beta", "Gamma", "Delta"],
  symbols: ["infantry", "cavalry", "artillery", "infantry"],
};

function started(): ClientGame {
  let g = emptyGame(
    tiny,
    [
      { seat: 0, color: "red" },
      { seat: 1, color: "blue" },
    ],
    { viewerSeat: 0 },
  );
  const r = applyEvents(g, [
    { seq: 1, turn: 0, kind: "game_started", payload: { order: [1, 0], startingArmies: 4 } },
    { seq: 2, turn: 0, kind: "territories_dealt", payload: { owners: [0, 1, 0, 1] } },
    { seq: 3, turn: 1, kind: "turn_started", payload: { player: 1, turn: 1, phase: "reinforce", armies: 3 } },
  ]);
  g = r.state;
  return g;
}

describe("applyEvent", () => {
  it("ignores a duplicate and reports a gap without applying anything", () => {
    const g = started();
    const dup = applyEvent(g, { seq: 3, turn: 1, kind: "phase_changed", payload: { phase: "attack" } });
    expect(dup.status).toBe("duplicate");
    expect(dup.state).toBe(g);
    const gap = applyEvent(g, { seq: 5, turn: 1, kind: "phase_changed", payload: { phase: "attack" } });
    expect(gap).toEqual({ status: "gap", state: g, resyncAfter: 3 });
  });

  it("applyEvents stops at a gap, keeping what came before it", () => {
    const g = started();
    const r = applyEvents(g, [
      { seq: 3, turn: 1, kind: "phase_changed", payload: { phase: "attack" } },
      {
        seq: 4,
        turn: 1,
        seat: 1,
        kind: "armies_placed",
        payload: { player: 1, placements: [{ territory: 1, armies: 3 }] },
      },
      { seq: 6, turn: 1, kind: "phase_changed", payload: { phase: "attack" } },
    ]);
    expect(r.applied).toBe(1);
    expect(r.resyncAfter).toBe(4);
    expect(r.state.seq).toBe(4);
    expect(r.changed).toEqual([1]);
    expect(r.state.board[1].armies).toBe(4);
    expect(r.state.reserve).toBe(0);
  });

  it("never modifies the state it is given", () => {
    const g = started();
    const before = JSON.stringify(g);
    const r = applyEvent(g, {
      seq: 4,
      turn: 1,
      kind: "armies_placed",
      payload: { player: 1, placements: [{ territory: 1, armies: 2 }] },
    });
    expect(r.status).toBe("applied");
    expect(JSON.stringify(g)).toBe(before);
    // Untouched territories keep their objects (cheap diffs on big boards).
    if (r.status === "applied") expect(r.state.board[0]).toBe(g.board[0]);
  });

  it("refuses an event that does not fit, leaving the state as it was", () => {
    const g = started();
    for (const ev of [
      { seq: 4, turn: 1, kind: "fortified", payload: { from: 0, to: 9, armies: 1 } },
      { seq: 4, turn: 1, kind: "battle_rolled", payload: { from: 0, to: 1 } },
      { seq: 4, turn: 1, kind: "territory_occupied", payload: { from: 0, to: 2, armies: 5 } },
      { seq: 4, turn: 1, kind: "no_such_kind", payload: {} },
    ] as ServerEvent[]) {
      const r = applyEvent(g, ev);
      expect(r.status).toBe("invalid");
      expect(r.state).toBe(g);
    }
  });

  it("takes a live event’s territories, phase and seat as the server says", () => {
    const g = started();
    const r = applyEvent(g, {
      seq: 4,
      turn: 1,
      seat: 1,
      kind: "armies_placed",
      payload: { player: 1, placements: [{ territory: 3, armies: 3 }] },
      phase: "attack",
      currentSeat: 1,
      territories: [{ index: 3, key: "d", owner: 1, neutral: false, armies: 4 }],
    });
    expect(r.status).toBe("applied");
    expect(r.state.phase).toBe("attack");
    expect(r.state.board[3]).toEqual({ owner: 1, neutral: false, armies: 4 });
    expect(r.state.seats[1]).toMatchObject({ territories: 2, armies: 5 });
  });

  it("hides other players’ cards but counts them", () => {
    let g = started();
    const r = applyEvents(g, [
      { seq: 4, turn: 1, kind: "card_drawn", payload: { player: 1, cardCount: 1 } },
      { seq: 5, turn: 2, kind: "turn_started", payload: { player: 0, turn: 2, phase: "reinforce", armies: 3 } },
      { seq: 6, turn: 2, kind: "card_drawn", payload: { player: 0, card: 2 } },
    ]);
    g = r.state;
    expect(g.seats[1]).toMatchObject({ cardCount: 1, cards: null });
    expect(g.seats[0]).toMatchObject({ cardCount: 1, cards: [2] });
  });

  it("turns a resigned seat’s territories neutral", () => {
    const g = started();
    const r = applyEvent(g, { seq: 4, turn: 1, kind: "player_resigned", payload: { player: 0, cardCount: 0 } });
    expect(r.status).toBe("applied");
    if (r.status !== "applied") return;
    expect(r.changed.sort()).toEqual([0, 2]);
    expect(r.state.board[0]).toEqual({ owner: null, neutral: true, armies: 1 });
    expect(r.state.seats[0]).toMatchObject({ status: "resigned", territories: 0, armies: 0 });
  });
});

describe("fromSnapshot", () => {
  const snapshot: GameSnapshot = {
    seq: 10,
    turn: 3,
    phase: "attack",
    status: "active",
    currentSeat: 0,
    cardSystem: "classic",
    ttbPercent: 6,
    seats: [
      {
        seat: 0,
        color: "red",
        userName: "alice",
        cpu: false,
        status: "active",
        territories: 2,
        armies: 5,
        cardCount: 1,
        cards: [3],
      },
      {
        seat: 1,
        color: "blue",
        cpu: true,
        difficulty: "normal",
        status: "active",
        territories: 2,
        armies: 2,
        cardCount: 0,
        cards: null,
      },
    ],
    board: [
      { key: "a", name: "Alpha", owner: 0, neutral: false, armies: 4 },
      { key: "b", name: "Beta", owner: 1, neutral: false, armies: 1 },
      { key: "c", name: "Gamma", owner: 0, neutral: false, armies: 1 },
      { key: "d", name: "Delta", owner: 1, neutral: false, armies: 1 },
    ],
  };

  it("builds the state and then follows events after its seq", () => {
    const g = fromSnapshot(snapshot, { viewerSeat: 0 });
    expect(g.map.keys).toEqual(["a", "b", "c", "d"]);
    expect(g.map.symbols).toEqual(["infantry", "cavalry", "artillery", "infantry"]);
    expect(g.reserve).toBeNull();
    const r = applyEvents(g, [
      {
        seq: 11,
        turn: 3,
        kind: "battle_rolled",
        payload: {
          from: 0,
          to: 1,
          attacker: 0,
          defender: 1,
          attackDice: [6, 5, 2],
          defendDice: [4],
          attackerLosses: 0,
          defenderLosses: 1,
        },
      },
      {
        seq: 12,
        turn: 3,
        kind: "territory_conquered",
        payload: { from: 0, to: 1, player: 0, previous: 1, minArmies: 3 },
      },
      { seq: 13, turn: 3, kind: "territory_occupied", payload: { from: 0, to: 1, armies: 3 } },
    ]);
    expect(r.applied).toBe(3);
    expect(r.state.board.slice(0, 2)).toEqual([
      { owner: 0, neutral: false, armies: 1 },
      { owner: 0, neutral: false, armies: 3 },
    ]);
    expect(r.state.seats.map((s) => [s.territories, s.armies])).toEqual([
      [3, 5],
      [1, 1],
    ]);
    expect(r.state.phase).toBe("attack");
    expect(r.state.conquest).toBeNull();
    expect(r.state.lastBattle?.attackDice).toEqual([6, 5, 2]);
  });
});

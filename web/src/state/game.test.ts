import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyEvent, applyEvents, emptyGame, fromSnapshot, type GameSnapshot } from "./game";
import { mapInfo, Replay, type GameRecord } from "./replay";
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
describe.each(["classic-random", "classic-roundrobin", "classic-fixed", "classic-scaling", "classic-fog"])(
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

interface ViewCheckpoint {
  seq: number;
  phase: string;
  sight: string[];
  owners: Array<number | null>;
  armies: Array<number | null>;
  seats: Array<{ territories: number | null; armies: number | null; cards: number | null }>;
}

// A fog game (heavy fog) as seat 0's live feed sent it (testdata/gen.go: rules.Watch), with what the seat
// may know at checkpoints (rules.Project): the client's fold of the feed must show exactly that, and a
// seat's count only where the seat may know it.
describe("following a fog game's live feed", () => {
  const record = testdata("classic-fog.record.json") as GameRecord;
  const view = testdata("classic-fog.view.json") as {
    viewer: number;
    events: ServerEvent[];
    checkpoints: ViewCheckpoint[];
  };
  const start: ClientGame = {
    ...emptyGame(
      mapInfo(record.map.definition),
      record.seats.map((s) => ({ seat: s.seat, color: s.color })),
      { viewerSeat: view.viewer },
    ),
    fog: record.settings.fog!,
  };
  const states = new Map<number, ClientGame>();
  let g = start;
  for (const ev of view.events) {
    const r = applyEvent(g, ev);
    if (r.status !== "applied") throw new Error(`event ${ev.seq} (${ev.kind}): ${r.status}`);
    g = r.state;
    states.set(ev.seq, g);
  }

  it("holds hidden values: -1 territories and numbers, territories out of sight and view changes", () => {
    const kinds = new Set(view.events.map((e) => e.kind));
    expect(kinds).toContain("view_changed");
    expect(JSON.stringify(view.events)).toMatch(/"(from|minArmies|armies)":-1/);
    const sights = new Set(view.events.flatMap((e) => e.territories ?? []).map((t) => t.sight));
    expect([...sights].sort()).toEqual(["full", "hidden", "owner"]);
  });

  it.each(view.checkpoints.map((c) => [c.seq, c]))("shows what the seat may know after event %i", (_seq, c) => {
    const s = states.get(c.seq)!;
    expect(s.phase).toBe(c.phase);
    expect(s.board.map((t) => t.sight)).toEqual(c.sight);
    expect(s.board.map((t) => t.owner)).toEqual(c.owners);
    expect(s.board.map((t) => t.armies)).toEqual(c.armies);
    c.seats.forEach((want, seat) => {
      const got = s.seats[seat];
      if (seat === view.viewer) {
        expect([got.territories, got.armies]).toEqual([want.territories, want.armies]);
        return;
      }
      // Never a guess: a count the seat may not know is unknown to the client too.
      if (want.territories === null) expect(got.territories).toBeNull();
      else if (got.territories !== null) expect(got.territories).toBe(want.territories);
      if (want.armies === null) expect(got.armies).toBeNull();
      else if (got.armies !== null) expect(got.armies).toBe(want.armies);
    });
  });

  it("sees the whole board once the game is over, as the record ends", () => {
    const whole = new Replay(record).state(record.events.length);
    expect(g.phase).toBe("over");
    expect(g.winner).toBe(record.winner);
    expect(g.board).toEqual(whole.board);
  });
});

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
      territories: [{ index: 3, key: "d", owner: 1, neutral: false, armies: 4, sight: "full" }],
    });
    expect(r.status).toBe("applied");
    expect(r.state.phase).toBe("attack");
    expect(r.state.board[3]).toEqual({ owner: 1, neutral: false, armies: 4, sight: "full" });
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

  it("takes every winner of a team game from game_over, the winner alone in a free-for-all", () => {
    const over = (payload: Record<string, unknown>) =>
      applyEvent(started(), { seq: 4, turn: 1, kind: "game_over", payload });
    const team = over({ winner: 1, winners: [0, 1] });
    expect(team.status === "applied" && [team.state.winner, team.state.winners]).toEqual([1, [0, 1]]);
    const ffa = over({ winner: 1 });
    expect(ffa.status === "applied" && [ffa.state.winner, ffa.state.winners, ffa.state.phase]).toEqual([
      1,
      [1],
      "over",
    ]);
    expect(over({ winner: 1, winners: ["x"] }).status).toBe("invalid");
  });

  it("turns a resigned seat’s territories neutral", () => {
    const g = started();
    const r = applyEvent(g, { seq: 4, turn: 1, kind: "player_resigned", payload: { player: 0, cardCount: 0 } });
    expect(r.status).toBe("applied");
    if (r.status !== "applied") return;
    expect(r.changed.sort()).toEqual([0, 2]);
    expect(r.state.board[0]).toEqual({ owner: null, neutral: true, armies: 1, sight: "full" });
    expect(r.state.seats[0]).toMatchObject({ status: "resigned", territories: 0, armies: 0 });
  });

  it("keeps a handed-over seat in the game with its territories (R90)", () => {
    const g = started();
    const r = applyEvent(g, { seq: 4, turn: 1, kind: "seat_handed_over", payload: { player: 0 } });
    expect(r.status).toBe("applied");
    if (r.status !== "applied") return;
    expect(r.state.board).toEqual(g.board);
    expect(r.state.seats[0]).toMatchObject({ status: "active", handedOver: true });
    expect(r.state.seats[1].handedOver).toBeFalsy();
  });
});

describe("applyEvent under fog", () => {
  // Seat 0 sees a and b (its own, and a neighbour owner only); c and d are out of sight.
  function fogged(): ClientGame {
    const g = {
      ...emptyGame(
        tiny,
        [
          { seat: 0, color: "red" },
          { seat: 1, color: "blue" },
        ],
        { viewerSeat: 0 },
      ),
      fog: "heavy",
    };
    const r = applyEvents(g, [
      { seq: 1, turn: 0, kind: "game_started", payload: { order: [1, 0], startingArmies: 4 } },
      {
        seq: 2,
        turn: 0,
        kind: "territories_dealt",
        payload: { owners: [0, 1, -4, -4] },
        territories: [{ index: 1, owner: 1, neutral: false, armies: null, sight: "owner" }],
      },
    ]);
    expect(r.error).toBeUndefined();
    return r.state;
  }

  it("draws what a payload hides as hidden, and counts only what the seat may know", () => {
    const g = fogged();
    expect(g.board).toEqual([
      { owner: 0, neutral: false, armies: 1, sight: "full" },
      { owner: 1, neutral: false, armies: null, sight: "owner" },
      { owner: null, neutral: false, armies: null, sight: "hidden" },
      { owner: null, neutral: false, armies: null, sight: "hidden" },
    ]);
    expect(g.seats.map((s) => [s.territories, s.armies])).toEqual([
      [1, 1],
      [null, null],
    ]);
  });

  it("reads -1 as unknown: a reserve, a territory, the least to move in", () => {
    const r = applyEvents(fogged(), [
      { seq: 3, turn: 1, kind: "turn_started", payload: { player: 1, turn: 1, phase: "reinforce", armies: -1 } },
      { seq: 4, turn: 1, kind: "territory_claimed", payload: { player: 1, territory: -1 } },
      {
        seq: 5,
        turn: 1,
        seat: 1,
        kind: "territory_conquered",
        payload: { from: -1, to: 0, player: 1, previous: 0, minArmies: -1 },
        territories: [{ index: 0, owner: 1, neutral: false, armies: null, sight: "owner" }],
      },
      { seq: 6, turn: 1, seat: 1, kind: "territory_occupied", payload: { from: -1, to: 0, armies: 3 } },
    ]);
    expect(r.error).toBeUndefined();
    expect(r.applied).toBe(4);
    expect(r.state.reserve).toBeNull();
    expect(r.state.board[0]).toEqual({ owner: 1, neutral: false, armies: null, sight: "owner" });
    expect(r.state.seats[0]).toMatchObject({ territories: 0, armies: 0 });
    expect(r.state.seats[1]).toMatchObject({ territories: null, armies: null });
  });

  it("keeps the conquest's hidden source and least occupation unknown", () => {
    const r = applyEvent(fogged(), {
      seq: 3,
      turn: 1,
      seat: 1,
      kind: "territory_conquered",
      payload: { from: -1, to: 1, player: 0, previous: 1, minArmies: -1 },
    });
    expect(r.status === "applied" && r.state.conquest).toEqual({ from: -1, to: 1, minArmies: null });
  });

  it("moves only the armies it sees; another seat's reserve is unknown once it places", () => {
    const r = applyEvents(fogged(), [
      { seq: 3, turn: 1, kind: "turn_started", payload: { player: 1, turn: 1, phase: "reinforce", armies: 3 } },
      { seq: 4, turn: 1, seat: 1, kind: "armies_placed", payload: { player: 1, placements: [] } },
      { seq: 5, turn: 1, seat: 0, kind: "fortified", payload: { from: -1, to: 0, armies: 2 } },
    ]);
    expect(r.error).toBeUndefined();
    expect(r.state.reserve).toBeNull();
    expect(r.state.board[0].armies).toBe(3);
  });

  it("applies view_changed as its territories alone, and a territory seen again as the server says", () => {
    const g = fogged();
    const r = applyEvent(g, {
      seq: 3,
      turn: 1,
      kind: "view_changed",
      payload: {},
      phase: "reinforce",
      currentSeat: 1,
      territories: [
        { index: 1, owner: null, neutral: false, armies: null, sight: "hidden" },
        { index: 2, owner: 1, neutral: false, armies: null, sight: "owner" },
      ],
    });
    expect(r.status).toBe("applied");
    if (r.status !== "applied") return;
    expect(r.changed.sort()).toEqual([1, 2]);
    expect(r.state.board[1].sight).toBe("hidden");
    expect(r.state.board[2]).toEqual({ owner: 1, neutral: false, armies: null, sight: "owner" });
    expect(r.state.seats[0]).toEqual(g.seats[0]);
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
    fog: "none",
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
      { key: "a", name: "Alpha", owner: 0, neutral: false, armies: 4, sight: "full" },
      { key: "b", name: "Beta", owner: 1, neutral: false, armies: 1, sight: "full" },
      { key: "c", name: "Gamma", owner: 0, neutral: false, armies: 1, sight: "full" },
      { key: "d", name: "Delta", owner: 1, neutral: false, armies: 1, sight: "full" },
    ],
  };

  it("keeps the winner of a finished game", () => {
    expect(fromSnapshot({ ...snapshot, status: "finished", phase: "over", winner: 1 }).winner).toBe(1);
    expect(fromSnapshot(snapshot).winner).toBeNull();
  });

  it("keeps a team game's teams, each seat's team and every winner", () => {
    const teams = [
      { index: 0, name: "Red", color: "#d62728" },
      { index: 1, name: "Blue", color: "#1f77b4" },
    ];
    const [a, b] = snapshot.seats;
    const g = fromSnapshot({
      ...snapshot,
      teams,
      seats: [
        { ...a, team: 1 },
        { ...b, team: 0 },
        { ...b, seat: 2, team: 1 },
      ],
      status: "finished",
      phase: "over",
      winner: 2,
      winners: [0, 2],
    });
    expect(g.teams).toEqual(teams);
    expect(g.seats.map((s) => [s.team, s.teamName])).toEqual([
      [1, "Blue"],
      [0, "Red"],
      [1, "Blue"],
    ]);
    expect(g.winners).toEqual([0, 2]);
    expect(fromSnapshot(snapshot).seats.map((s) => s.team)).toEqual([null, null]);
    expect(fromSnapshot({ ...snapshot, winner: 1 }).winners).toEqual([1]);
  });

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
      { owner: 0, neutral: false, armies: 1, sight: "full" },
      { owner: 0, neutral: false, armies: 3, sight: "full" },
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

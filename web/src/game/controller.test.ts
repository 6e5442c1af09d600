// The game controller against a stand-in API client: what it subscribes to, how it applies, skips and
// resyncs events, how it resumes after a dropped socket, and what it shows for refused commands. The
// server side of the same paths runs for real in the browser test (e2e/run.mjs).
import { beforeEach, describe, expect, it, vi } from "vitest";

type Handlers = {
  next(d: unknown): void;
  error(code: string, m: string, ext: Record<string, unknown>): void;
  complete(): void;
};

const api = vi.hoisted(() => ({
  queries: [] as Array<{ op: string; vars: unknown }>,
  mutations: [] as Array<{ op: string; vars: Record<string, unknown> }>,
  subs: [] as Array<{ vars: Record<string, unknown>; h: Handlers; closed: boolean }>,
  socket: null as null | ((s: string) => void),
  answers: {} as Record<string, (vars: Record<string, unknown>) => unknown>,
}));

vi.mock("../api/client", () => {
  const name = (doc: { definitions: Array<{ name?: { value: string } }> }) => doc.definitions[0].name!.value;
  class APIError extends Error {
    constructor(
      message: string,
      readonly code: string,
    ) {
      super(message);
    }
  }
  return {
    APIError,
    query: async (doc: never, vars: Record<string, unknown>) => {
      api.queries.push({ op: name(doc), vars });
      return api.answers[name(doc)](vars);
    },
    mutate: async (doc: never, vars: Record<string, unknown>) => {
      api.mutations.push({ op: name(doc), vars });
      return api.answers[name(doc)](vars);
    },
    subscribe: (_doc: never, vars: Record<string, unknown>, h: Handlers) => {
      const s = { vars, h, closed: false };
      api.subs.push(s);
      return () => {
        s.closed = true;
      };
    },
    onSocketState: (f: (s: string) => void) => {
      api.socket = f;
      f("connected");
      return () => undefined;
    },
    userErrorText: (errs: Array<{ message: string }>) => (errs.length ? errs.map((e) => e.message).join(" ") : null),
  };
});

import { BEHIND_MS, GameController } from "./controller";

const seats = [
  {
    seat: 0,
    color: "red",
    userName: "alice",
    user: { id: "U1" },
    cpu: false,
    difficulty: null,
    status: "active",
    territories: 2,
    armies: 4,
    cardCount: 0,
    cards: [],
  },
  {
    seat: 1,
    color: "blue",
    userName: null,
    user: null,
    cpu: true,
    difficulty: "easy",
    status: "active",
    territories: 1,
    armies: 2,
    cardCount: 0,
    cards: null,
  },
];
const board = [
  { key: "a", name: "Ay", owner: 0, neutral: false, armies: 3, sight: "full" },
  { key: "b", name: "Bee", owner: 1, neutral: false, armies: 2, sight: "full" },
  { key: "c", name: "Sea", owner: 0, neutral: false, armies: 1, sight: "full" },
];
const game = (over: Record<string, unknown> = {}) => ({
  game: {
    id: "G1",
    status: "active",
    phase: "attack",
    turn: 5,
    currentSeat: 0,
    turnDeadline: null,
    turnLimitSeconds: 3600,
    cardSystem: "classic",
    claim: "random",
    fog: "none",
    inviteCode: null,
    map: { key: "tiny", version: 1, name: "Tiny" },
    version: 40,
    seq: 10,
    ttbPercent: 6,
    seats,
    board,
    viewerActionSummary: [{ kind: "attack", count: 1, from: ["a"] }],
    ...over,
  },
});
const placed = (seq: number, territory: number, armies: number) => ({
  seq,
  turn: 5,
  seat: 0,
  kind: "armies_placed",
  payload: { player: 0, placements: [{ territory, armies }] },
  phase: "attack",
  currentSeat: 0,
  territories: [],
  dice: null,
  winner: null,
});

const attackAB = { kind: "attack", from: "a", to: "b", cards: null, min: 1, max: 2 };
const actions = (version: number, full: boolean) => ({
  game: {
    id: "G1",
    version,
    seq: 10,
    turnDeadline: null,
    viewerActionSummary: [{ kind: "attack", count: 1, from: ["a"] }],
    ...(full ? { viewerActions: [attackAB] } : {}),
    seats,
  },
});

beforeEach(() => {
  api.queries = [];
  api.mutations = [];
  api.subs = [];
  api.answers = {
    Game: () => game(),
    GameLog: () => ({ game: { id: "G1", events: [] } }),
    GameActions: (v) => actions(40, v.full as boolean),
  };
  vi.useFakeTimers();
});

async function started() {
  const c = new GameController("G1", "U1");
  await c.start();
  return c;
}

describe("GameController", () => {
  it("under fog, reads the whole game again when the fog lifts, numbered as the game is", async () => {
    api.answers.Game = () => game({ fog: "normal" });
    const c = await started();
    // The fog moving is applied on the map and kept in the record (for the playback), with no words.
    api.subs[0].h.next({
      gameEvents: { ...placed(11, 0, 0), kind: "view_changed", payload: {}, territories: [] },
    });
    expect(c.state.game!.seq).toBe(11);
    expect(c.state.log.map((l) => [l.seq, l.kind, l.text])).toEqual([[11, "view_changed", ""]]);
    // The end: the game is read again with every event, numbered by the game (its seq is 30, not 12).
    api.answers.Game = () => game({ fog: "normal", status: "finished", phase: "over", seq: 30, currentSeat: null });
    api.answers.GameLog = (v) => ({
      game: {
        id: "G1",
        events: (v.after as number) === 0 ? Array.from({ length: 30 }, (_, i) => placed(i + 1, 0, 1)) : [],
      },
    });
    api.subs[0].h.next({
      gameEvents: { ...placed(12, 0, 0), kind: "game_over", payload: { winner: 0 }, phase: "over", winner: 0 },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.queries.filter((q) => q.op === "Game")).toHaveLength(2);
    expect(c.state.game!.seq).toBe(30);
    expect(c.state.log.map((l) => l.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(api.subs.at(-1)!.vars).toEqual({ gameId: "G1", after: 30 });
  });

  it("takes the seats' counts from a read of the state it holds: null where fog hides them", async () => {
    const hidden = seats.map((s) => (s.seat === 1 ? { ...s, territories: null, armies: null, cardCount: null } : s));
    api.answers.GameActions = (v) => ({ game: { ...actions(40, v.full as boolean).game, seats: hidden } });
    const c = await started();
    expect(c.state.game!.seats[1]).toMatchObject({ territories: null, armies: null, cardCount: null });
    // A read of a later state (the events on their way) leaves the counts the client folded.
    api.answers.GameActions = (v) => ({ game: { ...actions(41, v.full as boolean).game, seq: 11, seats } });
    await c.refreshActions();
    expect(c.state.game!.seats[1]).toMatchObject({ territories: null, armies: null, cardCount: 0 });
  });

  it("raises a banner for an elimination seen live, keeps the exit for the places, and dismisses it", async () => {
    const c = await started();
    const live = { phase: "attack", currentSeat: 0, territories: [], dice: null, winner: null };
    api.subs[0].h.next({
      gameEvents: {
        seq: 11,
        turn: 5,
        seat: 0,
        kind: "player_eliminated",
        payload: { player: 1, by: 0, cards: [] },
        ...live,
      },
    });
    expect(c.state.banners).toEqual([{ id: 11, text: "You eliminated Blue — CPU (easy)." }]);
    expect(c.state.exits).toEqual([{ seq: 11, seat: 1, how: "eliminated", by: 0 }]);
    // The same event again (a resubscription) adds nothing.
    api.subs[0].h.next({
      gameEvents: {
        seq: 11,
        turn: 5,
        seat: 0,
        kind: "player_eliminated",
        payload: { player: 1, by: 0, cards: [] },
        ...live,
      },
    });
    expect(c.state.banners).toHaveLength(1);
    c.dismissBanner(11);
    expect(c.state.banners).toEqual([]);
    expect(c.state.exits).toHaveLength(1);
  });

  it("keeps the round and the reinforcements the actions come with", async () => {
    const r = { seat: 0, territories: 2, fromTerritories: 0, areas: [], minimum: 3, total: 3, fromCards: 0 };
    api.answers.GameActions = (v) => ({
      game: { ...actions(40, v.full as boolean).game, round: 4, reinforcements: r },
    });
    const c = await started();
    expect(c.state.round).toBe(4);
    expect(c.state.reinforcements).toEqual(r);
  });

  it("drops a read of the actions answered after a later one (it would bring back an older turn's)", async () => {
    const c = await started();
    // Two reads in flight: the first is answered last, with what the viewer could do before.
    const answers: Array<(v: unknown) => void> = [];
    api.answers.GameActions = () => new Promise((res) => answers.push(res));
    const first = c.refreshActions();
    const second = c.refreshActions();
    answers[1](actions(42, true));
    await second;
    answers[0]({ game: { ...actions(41, false).game, viewerActionSummary: [] } });
    await first;
    expect(c.state.version).toBe(42);
    expect(c.state.actions.all).toEqual([attackAB]);
  });

  it("reads the actions again when a read answers from before the events already applied", async () => {
    const c = await started();
    // The feed brings 11; the read that follows answers as of seq 10 (it shared a read under way).
    const late = { ...actions(40, true).game, viewerActionSummary: [], viewerActions: [] };
    const now = { ...actions(41, true).game, seq: 11 };
    const answers = [late, now];
    api.answers.GameActions = () => ({ game: answers.shift() });
    const reads = api.queries.length;
    api.subs[0].h.next({ gameEvents: placed(11, 0, 1) });
    await vi.advanceTimersByTimeAsync(200);
    expect(c.state.actions.all).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(api.queries.length - reads).toBe(2);
    expect(c.state.version).toBe(41);
    expect(c.state.actions.all).toEqual([attackAB]);
    // An answer as of the events applied is not read again.
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.queries.length - reads).toBe(2);
  });

  it("reads the game once and follows its events after its seq", async () => {
    const c = await started();
    expect(c.state.game!.seq).toBe(10);
    expect(c.state.game!.viewerSeat).toBe(0);
    expect(api.subs).toHaveLength(1);
    expect(api.subs[0].vars).toEqual({ gameId: "G1", after: 10 });
    expect(c.state.live).toBe("live");
  });

  it("applies events without reading the game again, skips duplicates, and tells them in the log", async () => {
    const c = await started();
    api.subs[0].h.next({ gameEvents: placed(11, 0, 2) });
    api.subs[0].h.next({ gameEvents: placed(11, 0, 2) });
    expect(c.state.game!.seq).toBe(11);
    expect(c.state.game!.board[0].armies).toBe(5);
    expect(c.state.log.map((l) => l.seq)).toEqual([11]);
    expect(c.state.log[0].text).toMatch(/Ay/);
    api.answers.GameActions = (v) => actions(41, v.full as boolean);
    await vi.advanceTimersByTimeAsync(200);
    expect(api.queries.filter((q) => q.op === "Game")).toHaveLength(1);
    // The viewer's choices are read at the start, and again after events, once for a burst.
    expect(api.queries.filter((q) => q.op === "GameActions")).toHaveLength(2);
    expect(c.state.version).toBe(41);
  });

  it("keeps the whole game's log: every page of the record before its seq, and every live event after", async () => {
    api.answers.Game = () => game({ seq: 250 });
    api.answers.GameLog = (v) => {
      const after = v.after as number;
      const n = Math.max(0, Math.min(100, 250 - after));
      return { game: { id: "G1", events: Array.from({ length: n }, (_, i) => placed(after + i + 1, 0, 1)) } };
    };
    const c = await started();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.queries.filter((q) => q.op === "GameLog").map((q) => (q.vars as { after: number }).after)).toEqual([
      0, 100, 200,
    ]);
    expect(c.state.log).toHaveLength(250);
    for (let seq = 251; seq <= 400; seq++) api.subs[0].h.next({ gameEvents: placed(seq, 0, 1) });
    expect(c.state.log.map((l) => l.seq)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
  });

  it("resubscribes after the last applied seq on a gap, and reads the game again on an event that does not fit", async () => {
    const c = await started();
    api.subs[0].h.next({ gameEvents: placed(12, 0, 1) });
    expect(c.state.game!.seq).toBe(10);
    expect(api.subs[0].closed).toBe(true);
    expect(api.subs[1].vars).toEqual({ gameId: "G1", after: 10 });

    api.answers.Game = () => game({ seq: 12, version: 42 });
    api.subs[1].h.next({ gameEvents: { ...placed(11, 7, 1) } });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.queries.filter((q) => q.op === "Game")).toHaveLength(2);
    expect(c.state.game!.seq).toBe(12);
    expect(api.subs[api.subs.length - 1].vars).toEqual({ gameId: "G1", after: 12 });
  });

  it("resumes from the last seq after RESUME_REQUIRED and after the socket comes back", async () => {
    const c = await started();
    api.subs[0].h.next({ gameEvents: placed(11, 0, 1) });
    api.subs[0].h.error("RESUME_REQUIRED", "fell behind", { lastSeq: 11 });
    expect(c.state.live).toBe("resyncing");
    await vi.advanceTimersByTimeAsync(600);
    expect(api.subs[1].vars).toEqual({ gameId: "G1", after: 11 });

    api.socket!("offline");
    expect(c.state.live).toBe("offline");
    api.subs[1].h.next({ gameEvents: placed(12, 2, 1) });
    api.socket!("connected");
    expect(c.state.live).toBe("live");
    expect(api.subs[api.subs.length - 1].vars).toEqual({ gameId: "G1", after: 12 });
  });

  it("follows again after the last applied seq when events a read showed do not arrive", async () => {
    const c = await started();
    // The actions are read at seq 12; the feed brings 11 and then falls silent.
    api.answers.GameActions = (v) => ({ game: { ...actions(42, v.full as boolean).game, seq: 12 } });
    api.subs[0].h.next({ gameEvents: placed(11, 0, 1) });
    await vi.advanceTimersByTimeAsync(200);
    expect(api.subs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(BEHIND_MS);
    expect(api.subs[0].closed).toBe(true);
    expect(api.subs[1].vars).toEqual({ gameId: "G1", after: 11 });

    // Events that arrive in time leave the feed alone.
    api.subs[1].h.next({ gameEvents: placed(12, 0, 1) });
    await vi.advanceTimersByTimeAsync(BEHIND_MS + 200);
    expect(api.subs).toHaveLength(2);
    expect(c.state.game!.seq).toBe(12);
  });

  it("stops following a game it may not see, and backs off after repeated failures", async () => {
    const c = await started();
    api.subs[0].h.error("INTERNAL_SERVER_ERROR", "internal error", {});
    await vi.advanceTimersByTimeAsync(600);
    expect(api.subs).toHaveLength(1); // a failure waits a second, the next two, ...
    await vi.advanceTimersByTimeAsync(500);
    expect(api.subs).toHaveLength(2);
    api.subs[1].h.error("NOT_FOUND", "no such game", {});
    await vi.advanceTimersByTimeAsync(20_000);
    expect(api.subs).toHaveLength(2);
    expect(c.state.live).toBe("offline");
    expect(c.state.error).toBe("no such game");
  });

  it("sends commands with the actions' version and a fresh idempotency key, and shows a refusal in words", async () => {
    const c = await started();
    api.answers.Attack = () => ({
      attack: { version: null, events: [], userErrors: [{ code: "NOT_ADJACENT", message: "Ay does not border Sea." }] },
    });
    const ok = await c.attack("a", "c", 3, false, null);
    expect(ok).toBe(false);
    expect(c.state.error).toBe("Ay does not border Sea.");
    const [m] = api.mutations;
    expect(m.op).toBe("Attack");
    const input = m.vars.input as Record<string, unknown>;
    expect(input).toMatchObject({
      gameId: "G1",
      from: "a",
      to: "c",
      dice: 3,
      untilConquered: false,
      stopAt: null,
      expectedVersion: 40,
    });
    expect(typeof input.idempotencyKey).toBe("string");

    api.answers.Resign = () => ({ resign: { version: 50, events: [], userErrors: [] } });
    await c.resign();
    const r = api.mutations[1].vars.input as Record<string, unknown>;
    expect(r.expectedVersion).toBeUndefined();
    expect(r.idempotencyKey).not.toBe(input.idempotencyKey);
    c.stop();
  });

  it("plays a seat handed over to the viewer with its seat named (R90)", async () => {
    // The viewer (seat 0) plays seat 1, whose player left; seat 1 is to move.
    api.answers.Game = () => game({ currentSeat: 1, viewerPlaysFor: [1] });
    const c = await started();
    expect(c.actingSeat()).toBe(1);
    expect(api.queries.find((q) => q.op === "GameActions")!.vars).toEqual({ id: "G1", full: true, seat: 1 });
    api.answers.EndTurn = () => ({ endTurn: { version: 41, events: [], userErrors: [] } });
    await c.endTurn();
    expect(api.mutations[0].vars.input).toMatchObject({ gameId: "G1", seat: 1, expectedVersion: 40 });
    c.stop();

    // On the viewer's own turn, or when the seat to move is not handed to them, no seat is named.
    api.answers.Game = () => game({ currentSeat: 1, viewerPlaysFor: [] });
    const own = await started();
    expect(own.actingSeat()).toBeNull();
    own.stop();
  });

  it("reads every action at once on a small board", async () => {
    const c = await started();
    expect(api.queries.find((q) => q.op === "GameActions")!.vars).toEqual({ id: "G1", full: true });
    expect(c.state.actions.complete).toBe(true);
    expect(c.state.actions.all).toEqual([attackAB]);
    await c.loadFrom("a");
    expect(api.queries.filter((q) => q.op === "GameActionsFrom")).toHaveLength(0);
  });

  it("reads a big board's sets to trade by kind, with their worth from the server", async () => {
    const big = Array.from({ length: 400 }, (_, i) => ({
      key: `t${i}`,
      name: `T${i}`,
      owner: i % 2,
      neutral: false,
      armies: 1,
    }));
    const summary = [
      { kind: "trade", count: 1, from: [] },
      { kind: "place", count: 200, from: big.filter((t) => t.owner === 0).map((t) => t.key) },
    ];
    const set = {
      kind: "trade",
      from: null,
      to: null,
      cards: [3, 7, 9],
      min: 0,
      max: 0,
      worth: 10,
      bonusTerritories: ["t4"],
      bonusArmies: 2,
    };
    api.answers.Game = () => game({ board: big, phase: "reinforce", viewerActionSummary: summary });
    api.answers.GameActions = (v) => {
      if (v.full) throw new Error("the whole list of a big board is never asked for");
      return {
        game: {
          id: "G1",
          version: 40,
          seq: 10,
          turnDeadline: null,
          viewerActionSummary: summary,
          trades: [set],
          seats,
        },
      };
    };
    api.answers.GameActionsFrom = (v) => ({
      game: {
        id: "G1",
        version: 40,
        viewerActions: [{ kind: "place", from: v.from, to: null, cards: null, min: 1, max: 7 }],
      },
    });
    const c = await started();
    expect(c.state.actions.complete).toBe(false);
    expect(c.state.actions.byKind.get("trade")).toEqual([set]);
    // A territory's actions read later keep the sets.
    await c.loadFrom("t2");
    expect(c.state.actions.byKind.get("trade")).toEqual([set]);
    c.stop();
  });

  it("reads a big board's summary, the reserve at once, and a territory's targets once it is picked", async () => {
    const big = Array.from({ length: 400 }, (_, i) => ({
      key: `t${i}`,
      name: `T${i}`,
      owner: i % 2,
      neutral: false,
      armies: 1,
    }));
    const summary = [
      { kind: "place", count: 200, from: big.filter((t) => t.owner === 0).map((t) => t.key) },
      { kind: "trade", count: 1, from: [] },
    ];
    api.answers.Game = () => game({ board: big, phase: "place", viewerActionSummary: summary });
    api.answers.GameActions = (v) => {
      if (v.full) throw new Error("the whole list of a big board is never asked for");
      return { game: { id: "G1", version: 40, seq: 10, turnDeadline: null, viewerActionSummary: summary, seats } };
    };
    api.answers.GameActionsFrom = (v) => ({
      game: {
        id: "G1",
        version: 40,
        viewerActions: [{ kind: "place", from: v.from, to: null, cards: null, min: 1, max: 7 }],
      },
    });
    const c = await started();
    expect(api.queries.find((q) => q.op === "GameActions")!.vars).toEqual({ id: "G1", full: false });
    const ix = c.state.actions;
    expect(ix.complete).toBe(false);
    expect(ix.summary.get("place")!.from.size).toBe(200);
    // The first territory to place on was read for the reserve.
    expect(api.queries.filter((q) => q.op === "GameActionsFrom").map((q) => q.vars)).toEqual([
      { id: "G1", from: "t0" },
    ]);
    expect(c.state.game!.reserve).toBe(7);

    await c.loadFrom("t2");
    expect(c.state.actions.read).toBe(ix.read);
    expect(c.state.actions.loaded.has("t2")).toBe(true);
    // Known territories are not read again.
    await c.loadFrom("t2");
    expect(api.queries.filter((q) => q.op === "GameActionsFrom")).toHaveLength(2);

    // Actions of an older version are dropped and the choices read again.
    api.answers.GameActionsFrom = () => ({ game: { id: "G1", version: 41, viewerActions: [] } });
    await c.loadFrom("t4");
    expect(c.state.actions.loaded.has("t4")).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(api.queries.filter((q) => q.op === "GameActions")).toHaveLength(2);
    c.stop();
  });

  it("falls back to the summary when the API refuses a small board's whole list", async () => {
    const { APIError } = (await import("../api/client")) as unknown as {
      APIError: new (m: string, c: string) => Error;
    };
    api.answers.GameActions = (v) => {
      if (v.full) throw new APIError("too many actions", "BAD_USER_INPUT");
      return actions(40, false);
    };
    const c = await started();
    expect(api.queries.filter((q) => q.op === "GameActions").map((q) => q.vars)).toEqual([
      { id: "G1", full: true },
      { id: "G1", full: false },
    ]);
    expect(c.state.actions.complete).toBe(false);
    expect(c.state.error).toBeNull();
    c.stop();
  });
});

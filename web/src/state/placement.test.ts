import { describe, expect, it } from "vitest";
import { emptyDraft, indexActions, indexSummary, withFrom, type PlacementDraft } from "./actions";
import {
  borderTerritories,
  distributeEvenly,
  history,
  leftToPlace,
  pushDraft,
  restHere,
  restoreDraft,
  setPlaced,
  storeDraft,
  undoDraft,
  UNDO_DEPTH,
} from "./placement";
import type { Action, TerritoryView } from "./types";

const place = (from: string, max: number): Action => ({ kind: "place", from, min: 1, max });
const ix = (reserve: number, keys = ["peru", "brazil", "chile", "argentina"]) =>
  indexActions([...keys.map((k) => place(k, reserve)), { kind: "resign", min: 0, max: 0 }]);

describe("placement helpers", () => {
  it("spreads the rest evenly, the remainder on the first territories", () => {
    const d = distributeEvenly(emptyDraft, ix(7), ["peru", "brazil", "chile"]);
    expect(d.placements).toEqual([
      { territory: "peru", armies: 3 },
      { territory: "brazil", armies: 2 },
      { territory: "chile", armies: 2 },
    ]);
    expect(d.total).toBe(7);
  });

  it("spreads only what is left, over offered territories, each once", () => {
    const x = ix(10);
    let d = setPlaced(emptyDraft, x, "argentina", 4);
    d = distributeEvenly(d, x, ["peru", "peru", "egypt", "brazil", "argentina"]);
    // 6 left over peru, brazil and argentina: 2 each, argentina's on top of its 4.
    expect(d.total).toBe(10);
    expect(Object.fromEntries(d.placements.map((p) => [p.territory, p.armies]))).toEqual({
      peru: 2,
      brazil: 2,
      argentina: 6,
    });
    expect(distributeEvenly(d, x, ["chile"])).toBe(d);
    expect(distributeEvenly(emptyDraft, x, ["egypt"])).toBe(emptyDraft);
  });

  it("spreads fewer armies than territories one each, in order", () => {
    const d = distributeEvenly(emptyDraft, ix(2), ["peru", "brazil", "chile"]);
    expect(d.placements).toEqual([
      { territory: "peru", armies: 1 },
      { territory: "brazil", armies: 1 },
    ]);
  });

  it("puts the rest here, and sets exact amounts within the reserve", () => {
    const x = ix(9);
    let d = setPlaced(emptyDraft, x, "peru", 2);
    d = restHere(d, x, "brazil");
    expect(d.placements).toEqual([
      { territory: "peru", armies: 2 },
      { territory: "brazil", armies: 7 },
    ]);
    expect(leftToPlace(d, x)).toBe(0);
    expect(restHere(d, x, "chile")).toBe(d);
    // Typing more than is left gives what is left; typing 0 takes them all back.
    d = setPlaced(d, x, "peru", 50);
    expect(d.placements.find((p) => p.territory === "peru")?.armies).toBe(2);
    d = setPlaced(d, x, "brazil", 0);
    expect(d).toEqual({ placements: [{ territory: "peru", armies: 2 }], total: 2 });
    d = setPlaced(d, x, "peru", 9);
    expect(d.total).toBe(9);
    expect(setPlaced(d, x, "peru", Number.NaN)).toBe(d);
    expect(setPlaced(d, x, "egypt", 1)).toBe(d);
  });

  it("finds the borders: own territories with a neighbour that is not theirs", () => {
    const keys = ["a", "b", "c", "d"];
    const own = (owner: number | null): TerritoryView => ({ owner, neutral: owner === null, armies: 1, sight: "full" });
    const board = [own(0), own(0), own(1), own(null)];
    const adj: Record<string, string[]> = { a: ["b"], b: ["a", "c"], c: ["b", "d"], d: ["c", "zz"] };
    expect(borderTerritories(keys, board, 0, (k) => adj[k])).toEqual(["b"]);
    expect(borderTerritories(keys, board, 1, (k) => adj[k])).toEqual(["c"]);
    expect(borderTerritories(keys, board, null, (k) => adj[k])).toEqual([]);
    // A neighbour missing from the board is not an enemy.
    const b2 = [own(0), own(0), own(0), own(0)];
    expect(borderTerritories(keys, b2, 0, (k) => adj[k])).toEqual([]);
  });

  it("undoes step by step, a change that changes nothing is no step", () => {
    const x = ix(5);
    let h = history(emptyDraft);
    h = pushDraft(h, setPlaced(h.draft, x, "peru", 2));
    h = pushDraft(h, restHere(h.draft, x, "chile"));
    h = pushDraft(h, restHere(h.draft, x, "brazil"));
    expect(h.past).toHaveLength(2);
    h = undoDraft(h);
    expect(h.draft.placements).toEqual([{ territory: "peru", armies: 2 }]);
    h = undoDraft(undoDraft(undoDraft(h)));
    expect(h.draft).toBe(emptyDraft);
    expect(h.past).toHaveLength(0);
    for (let i = 0; i < UNDO_DEPTH + 10; i++) h = pushDraft(h, setPlaced(h.draft, x, "peru", (i % 5) + 1));
    expect(h.past.length).toBe(UNDO_DEPTH);
  });
});

describe("the draft over a reload", () => {
  const x = ix(6);
  const at = { turn: 7, phase: "reinforce", version: 31 };
  const d: PlacementDraft = {
    placements: [
      { territory: "peru", armies: 2 },
      { territory: "chile", armies: 4 },
    ],
    total: 6,
  };

  it("comes back at the same turn, phase and version", () => {
    expect(restoreDraft(storeDraft(d, at), x, at)).toEqual(d);
  });

  it("is dropped once the turn, the phase or the version moved on", () => {
    const raw = storeDraft(d, at);
    expect(restoreDraft(raw, x, { ...at, turn: 8 })).toBeNull();
    expect(restoreDraft(raw, x, { ...at, phase: "attack" })).toBeNull();
    expect(restoreDraft(raw, x, { ...at, version: 32 })).toBeNull();
  });

  it("ignores bad stored values", () => {
    const bad = (placements: unknown) => JSON.stringify({ ...at, placements });
    for (const raw of [
      null,
      "",
      "not json",
      "42",
      "null",
      JSON.stringify({ ...at }),
      bad([]),
      bad([{ territory: "peru", armies: 0 }]),
      bad([{ territory: "peru", armies: 1.5 }]),
      bad([{ territory: "peru", armies: "2" }]),
      bad([{ territory: "egypt", armies: 1 }]),
      bad([
        { territory: "peru", armies: 1 },
        { territory: "peru", armies: 1 },
      ]),
      bad([{ territory: "peru", armies: 7 }]),
      bad(["peru"]),
    ]) {
      expect(restoreDraft(raw, x, at), String(raw)).toBeNull();
    }
  });

  it("checks territories against a big board summary", () => {
    const big = withFrom(indexSummary([{ kind: "place", count: 2, from: ["peru", "chile"] }]), "peru", [
      place("peru", 6),
    ]);
    expect(restoreDraft(storeDraft(d, at), big, at)).toEqual(d);
  });
});

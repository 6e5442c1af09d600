import { describe, expect, it } from "vitest";
import {
  choices,
  draftPlace,
  emptyDraft,
  find,
  has,
  indexActions,
  indexSummary,
  isLoaded,
  reserveOf,
  sources,
  startsFrom,
  withFrom,
} from "./actions";
import type { Action } from "./types";

const a = (kind: string, from?: string, to?: string, min = 0, max = 0): Action => ({ kind, from, to, min, max });

describe("actions", () => {
  const attack = indexActions([
    a("attack", "brazil", "peru", 1, 3),
    a("attack", "brazil", "venezuela", 1, 3),
    a("attack", "argentina", "peru", 1, 1),
    a("end_attack"),
    a("fortify", "brazil", "argentina", 1, 4),
    a("end_turn"),
    a("resign"),
  ]);

  it("highlights the sources without a selection, the targets from a selection", () => {
    expect(choices(attack, null).targets.sort()).toEqual(["argentina", "brazil"]);
    const c = choices(attack, "brazil");
    expect(c.targets).toEqual(["peru", "venezuela", "argentina"]);
    expect(c.kindOf.get("peru")).toBe("attack");
    expect(c.kindOf.get("argentina")).toBe("fortify");
    expect(choices(attack, "peru").targets).toEqual([]);
    expect(find(attack, "attack", "argentina", "peru")?.max).toBe(1);
    expect(find(attack, "attack", "argentina", "venezuela")).toBeUndefined();
  });

  it("drafts a placement within the reserve, on offered territories only", () => {
    const place = indexActions([
      a("place", "peru", undefined, 1, 5),
      a("place", "brazil", undefined, 1, 5),
      a("resign"),
    ]);
    expect(reserveOf(place)).toBe(5);
    expect(sources(place, "place")).toEqual(["peru", "brazil"]);
    let d = draftPlace(emptyDraft, place, "peru", 3);
    d = draftPlace(d, place, "brazil", 4);
    expect(d).toEqual({
      placements: [
        { territory: "peru", armies: 3 },
        { territory: "brazil", armies: 2 },
      ],
      total: 5,
    });
    expect(draftPlace(d, place, "peru", 1)).toBe(d);
    expect(draftPlace(d, place, "chile", 1)).toBe(d);
    d = draftPlace(d, place, "peru", -5);
    expect(d).toEqual({ placements: [{ territory: "brazil", armies: 2 }], total: 2 });
  });

  it("answers alike from the summary of a big board, with the targets of a territory once read", () => {
    const big = indexSummary([
      { kind: "attack", count: 3, from: ["brazil", "argentina"] },
      { kind: "end_attack", count: 1, from: [] },
      { kind: "fortify", count: 1, from: ["brazil"] },
      { kind: "trade", count: 0, from: [] },
    ]);
    expect(big.complete).toBe(false);
    expect(has(big, "attack") && has(big, "end_attack")).toBe(true);
    expect(has(big, "trade")).toBe(false);
    expect(choices(big, null)).toEqual(choices(attack, null));
    expect(startsFrom(big, "fortify", "brazil") && !startsFrom(big, "fortify", "argentina")).toBe(true);
    // Nothing is known from brazil until its actions are read.
    expect(isLoaded(big, "brazil")).toBe(false);
    expect(choices(big, "brazil").targets).toEqual([]);
    const read = withFrom(
      big,
      "brazil",
      attack.all.filter((x) => x.from === "brazil"),
    );
    expect(read.read).toBe(big.read);
    expect(isLoaded(read, "brazil")).toBe(true);
    expect(choices(read, "brazil")).toEqual(choices(attack, "brazil"));
    // Reading it again replaces, never doubles.
    const again = withFrom(
      read,
      "brazil",
      attack.all.filter((x) => x.from === "brazil"),
    );
    expect(again.all).toHaveLength(3);
    expect(find(again, "attack", "argentina", "peru")).toBeUndefined();
    expect(isLoaded(attack, "anything")).toBe(true);
  });

  it("drafts a placement on a big board from the summary and one place action read", () => {
    let place = indexSummary([{ kind: "place", count: 2, from: ["peru", "brazil"] }]);
    expect(reserveOf(place)).toBe(0);
    place = withFrom(place, "peru", [a("place", "peru", undefined, 1, 5)]);
    expect(reserveOf(place)).toBe(5);
    const d = draftPlace(draftPlace(emptyDraft, place, "brazil", 4), place, "peru", 4);
    expect(d).toEqual({
      placements: [
        { territory: "brazil", armies: 4 },
        { territory: "peru", armies: 1 },
      ],
      total: 5,
    });
    expect(draftPlace(d, place, "chile", 1)).toBe(d);
  });
});

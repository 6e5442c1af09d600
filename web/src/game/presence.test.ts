import { describe, expect, it } from "vitest";
import type { SubscriptionHandlers } from "../api/client";
import { followPresence, watchingWords, type Presence } from "./presence";

type Data = { gamePresence?: { spectatorCount: number; presentSeats: number[] } | null };

/** A subscribe that records its subscriptions, for the follower to drive. */
function recorder() {
  const subs: { handlers: SubscriptionHandlers<Data>; closed: boolean }[] = [];
  const pending: (() => void)[] = [];
  return {
    subs,
    pending,
    sub: (_id: string, h: SubscriptionHandlers<Data>) => {
      const s = { handlers: h, closed: false };
      subs.push(s);
      return () => {
        s.closed = true;
      };
    },
    later: (f: () => void) => void pending.push(f),
  };
}

describe("watchingWords", () => {
  it("counts spectators in words", () => {
    expect(watchingWords(0)).toBe("No spectators");
    expect(watchingWords(1)).toBe("1 spectator");
    expect(watchingWords(12)).toBe("12 spectators");
  });
});

describe("followPresence", () => {
  it("passes each value on, with the present seats as a set", () => {
    const r = recorder();
    const seen: Presence[] = [];
    followPresence("g", (p) => seen.push(p), r.sub, r.later);
    r.subs[0].handlers.next({ gamePresence: { spectatorCount: 1, presentSeats: [0, 2] } });
    expect(seen).toEqual([{ spectatorCount: 1, presentSeats: new Set([0, 2]) }]);
  });

  it("subscribes again after a resume, and not after NOT_FOUND", () => {
    const r = recorder();
    followPresence("g", () => undefined, r.sub, r.later);
    r.subs[0].handlers.error("RESUME_REQUIRED", "", {});
    r.pending.shift()!();
    expect(r.subs).toHaveLength(2);
    expect(r.subs[0].closed).toBe(true);
    r.subs[1].handlers.error("NOT_FOUND", "", {});
    expect(r.pending).toHaveLength(0);
  });

  it("stops for good", () => {
    const r = recorder();
    const seen: Presence[] = [];
    const stop = followPresence("g", (p) => seen.push(p), r.sub, r.later);
    stop();
    expect(r.subs[0].closed).toBe(true);
    r.subs[0].handlers.next({ gamePresence: { spectatorCount: 3, presentSeats: [] } });
    r.subs[0].handlers.complete();
    expect(seen).toEqual([]);
    expect(r.pending).toHaveLength(0);
  });
});

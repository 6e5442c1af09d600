// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Each read of the luck waits here until the test answers it.
const api = vi.hoisted(() => ({
  reads: [] as Array<{
    op: string;
    vars: Record<string, unknown>;
    answer: (v: unknown) => void;
    fail: (e: unknown) => void;
  }>,
}));

vi.mock("../api/client", () => {
  class APIError extends Error {}
  return {
    APIError,
    query: (doc: { definitions: Array<{ name?: { value: string } }> }, vars: Record<string, unknown>) =>
      new Promise((answer, fail) => api.reads.push({ op: doc.definitions[0].name!.value, vars, answer, fail })),
  };
});

import { LuckSoFar } from "./sofar";

const seats = [
  { seat: 0, color: "red", userName: "ada", cpu: false, difficulty: null, status: "active" },
  { seat: 1, color: "blue", userName: null, cpu: true, difficulty: "easy", status: "active" },
];
const test = { statistic: 0, degreesOfFreedom: 5, pValue: 1, smallSample: true };
/** The API's answer after `rolls` rolls, ada the luckier by `luck` armies. */
const answer = (rolls: number, luck: number, partial = false) => ({
  game: {
    id: "g1",
    seats,
    luck: {
      partial,
      rolls,
      faces: { counts: [0, 0, 0, 0, 0, 0], test },
      pairings: [],
      seats: [0, 1].map((seat) => ({
        seat,
        luck: {
          rolls,
          expectedLosses: rolls,
          losses: rolls - (seat === 0 ? luck : -luck),
          luck: seat === 0 ? luck : -luck,
          z: 0,
          percentile: 0.5,
        },
      })),
    },
  },
});

let host: HTMLElement;
const show = (turn: number, over = false) => act(() => render(<LuckSoFar gameId="g1" turn={turn} over={over} />, host));
const toggle = (open: boolean) =>
  act(() => {
    const d = host.querySelector("details")!;
    d.open = open;
    d.dispatchEvent(new Event("toggle"));
  });
const settle = (i: number, value: unknown) =>
  act(async () => {
    api.reads[i].answer(value);
    await Promise.resolve();
  });
const rows = () => [...host.querySelectorAll(".luck-seats tbody tr th")].map((th) => th.textContent);

beforeEach(() => {
  api.reads.length = 0;
  host = document.createElement("div");
  document.body.append(host);
});

describe("luck so far", () => {
  it("is closed at first and reads nothing until opened", async () => {
    await show(3);
    expect(host.querySelector("details")!.open).toBe(false);
    expect(host.querySelector("summary h2")!.textContent).toBe("Luck so far");
    await show(4);
    expect(api.reads).toHaveLength(0);
  });

  it("opened, says it is loading, then shows each player's luck under its heading", async () => {
    await show(3);
    await toggle(true);
    expect(api.reads.map((r) => [r.op, r.vars])).toEqual([["GameLuckSoFar", { id: "g1" }]]);
    expect(host.querySelector("[role=status]")!.textContent).toBe("Loading…");
    await settle(0, answer(12, 1.5, true));
    expect(host.querySelector("[role=status]")).toBeNull();
    expect(rows()).toEqual(["Red", "Blue"]);
    expect(host.textContent).toContain("The 12 rolls you saw");
    // The panel is labelled by the summary's heading: no heading nor id of its own.
    expect(host.querySelector(".luck-panel")!.getAttribute("aria-labelledby")).toBe("luck-so-far-title");
    expect(host.querySelectorAll("h2")).toHaveLength(1);
    expect(host.querySelector("#luck-title")).toBeNull();
  });

  it("reads again on a new turn and at the end, not on the same turn, and drops an overtaken answer", async () => {
    await show(3);
    await toggle(true);
    await settle(0, answer(2, 0));
    await show(3); // another event of the same turn
    expect(api.reads).toHaveLength(1);
    await show(4);
    await show(5);
    expect(api.reads).toHaveLength(3);
    // Turn 5's answer comes back before turn 4's: turn 4's is dropped.
    await settle(2, answer(30, 2));
    await settle(1, answer(20, -1));
    expect(host.textContent).toContain("All 30 battle rolls");
    // While it reads again, the last answer stays on screen.
    expect(host.querySelector("[role=status]")).toBeNull();
    await show(5, true);
    expect(api.reads).toHaveLength(4);
    await settle(3, answer(31, 2));
    expect(host.textContent).toContain("All 31 battle rolls");
  });

  it("says when no battle was rolled yet, or none the viewer saw", async () => {
    await show(1);
    await toggle(true);
    await settle(0, answer(0, 0));
    expect(host.querySelector(".luck-note")!.textContent).toBe("No battle rolls yet.");
    await show(2);
    await settle(1, answer(0, 0, true));
    expect(host.querySelector(".luck-note")!.textContent).toBe(
      "No battle rolls you saw yet; the rest stay hidden until the game ends.",
    );
  });

  it("closed, reads nothing more and drops the read under way", async () => {
    await show(3);
    await toggle(true);
    await toggle(false);
    await show(4);
    expect(api.reads).toHaveLength(1);
    await settle(0, answer(5, 0));
    await toggle(true);
    expect(api.reads).toHaveLength(2);
    expect(host.querySelector("[role=status]")!.textContent).toBe("Loading…");
  });

  it("says so when the read fails", async () => {
    await show(3);
    await toggle(true);
    await act(async () => {
      api.reads[0].fail(new Error("offline"));
      await Promise.resolve();
    });
    expect(host.querySelector("[role=alert]")!.textContent).toBe("Could not read the luck.");
    expect(host.querySelector("[role=status]")).toBeNull();
  });
});

// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { GameLog } from "./log";
import type { LogLine } from "./controller";

const lines = (n: number, from = 1): LogLine[] =>
  Array.from({ length: n }, (_, i) => ({
    seq: from + i,
    turn: 1 + Math.floor((from + i) / 20),
    kind: "battle_rolled",
    text: `Line ${from + i}`,
  }));

describe("the game log", () => {
  it("renders a window of a 20,000-line log, each line with its place in the whole", () => {
    const el = document.createElement("div");
    document.body.append(el);
    act(() => render(<GameLog lines={lines(20_000)} />, el));
    const items = el.querySelectorAll(".log-v li");
    expect(items.length).toBeGreaterThan(5);
    expect(items.length).toBeLessThan(60);
    // Following the end: the newest lines are the ones drawn.
    const last = items[items.length - 1];
    expect(last.textContent).toContain("Line 20000");
    expect(last.getAttribute("aria-setsize")).toBe("20000");
    expect(last.getAttribute("aria-posinset")).toBe("20000");
    render(null, el);
  });

  it("announces the lines that arrive, not those it opened with", () => {
    const el = document.createElement("div");
    document.body.append(el);
    const first = lines(100);
    act(() => render(<GameLog lines={first} />, el));
    const live = () => Array.from(el.querySelectorAll('[role="log"] p')).map((p) => p.textContent);
    expect(live()).toEqual([]);
    act(() => render(<GameLog lines={[...first, ...lines(2, 101)]} />, el));
    expect(live()).toEqual(["Line 101", "Line 102"]);
    act(() => render(<GameLog lines={[...first, ...lines(5, 101)]} />, el));
    expect(live()).toEqual(["Line 103", "Line 104", "Line 105"]);
    render(null, el);
  });
});

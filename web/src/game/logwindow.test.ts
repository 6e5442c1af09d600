import { describe, expect, it } from "vitest";
import { lineOffsets, lineWindow } from "./logwindow";

const seqs = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("the log window", () => {
  it("lays lines out by their measured height, or the estimate", () => {
    const o = lineOffsets([1, 2, 3], new Map([[2, 50]]), 20);
    expect(Array.from(o)).toEqual([0, 20, 70, 90]);
  });

  it("renders the visible lines and a margin of each side", () => {
    const o = lineOffsets(seqs(1000), new Map(), 20);
    // 200 px visible from 2,000 px: lines 100 to 109, and 5 lines (100 px) more each side.
    expect(lineWindow(o, 2000, 200, 100)).toEqual({ start: 95, end: 116 });
  });

  it("clamps at the start and the end", () => {
    const o = lineOffsets(seqs(30), new Map(), 20);
    expect(lineWindow(o, 0, 100, 100)).toEqual({ start: 0, end: 11 });
    expect(lineWindow(o, 500, 100, 100)).toEqual({ start: 20, end: 30 });
    expect(lineWindow(lineOffsets([], new Map()), 0, 100)).toEqual({ start: 0, end: 0 });
  });

  it("renders a few dozen lines of 20,000", () => {
    const o = lineOffsets(seqs(20_000), new Map(), 24);
    const w = lineWindow(o, 240_000, 350);
    expect(w.start).toBeGreaterThan(9000);
    expect(w.end - w.start).toBeLessThan(60);
  });
});

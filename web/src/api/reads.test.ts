import { describe, expect, it } from "vitest";
import { Reads } from "./reads";

describe("reads that overlap", () => {
  it("take an answer unless a later read's came first", () => {
    const r = new Reads();
    const [a, b, c] = [r.start(), r.start(), r.start()];
    expect(r.take(a)).toBe(true); // the first back, though not the last started
    expect(r.take(c)).toBe(true);
    expect(r.take(b)).toBe(false); // overtaken by c
    const d = r.start();
    r.drop();
    expect(r.take(d)).toBe(false);
    expect(r.take(r.start())).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { areaBorders, rings } from "./borders";

describe("areaBorders", () => {
  // Three squares in a row: a and b in area x, c in area y.
  const paths = ["M0 0L10 0L10 10L0 10Z", "M10 0L20 0L20 10L10 10Z", "M20 0L30 0L30 10L20 10Z"];
  const area = ["x", "x", "y"];
  it("reads the rings of a shape", () => {
    expect(rings("M0 0L1 0L1 1ZM5 5L6 5L6 6Z")).toHaveLength(2);
  });
  it("draws only the edges shared by territories of different areas, each once", () => {
    expect(areaBorders(paths, (i) => area[i])).toBe("M20,0L20,10");
    expect(areaBorders(paths, () => "x")).toBe("");
    expect(areaBorders(paths, () => undefined)).toBe("");
  });
  it("finds an edge the other side splits in two", () => {
    const split = ["M0 0L10 0L10 10L0 10Z", "M10 0L20 0L20 10L10 10L10 5Z"];
    expect(areaBorders(split, (i) => ["x", "y"][i])).toBe("M10,0L10,10");
  });
});

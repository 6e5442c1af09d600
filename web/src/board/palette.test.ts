import { describe, expect, it } from "vitest";
import { AREA_COLORS, areaColors, inkOn, luminance, ownerStyle, ownerStyles, SAFE } from "./palette";

describe("palette", () => {
  it("maps seat colour names to the colour-blind-safe palette", () => {
    expect(ownerStyle(0, "red").fill).toBe(SAFE.vermillion);
    expect(ownerStyle(1, "Blue").fill).toBe(SAFE.blue);
    expect(ownerStyle(2, "#123456").fill).toBe("#123456");
    expect(Object.values(SAFE)).toContain(ownerStyle(3, "chartreuse-ish").fill);
  });

  it("never gives two of 24 seats the same look, nor relies on colour alone for the first 8", () => {
    const names = ["red", "blue", "green", "yellow", "purple", "sky", "orange", "grey"];
    const seats = Array.from({ length: 24 }, (_, s) => ({ seat: s, color: s < 8 ? names[s] : `colour-${s}` }));
    const looks = new Set([...ownerStyles(seats).values()].map((st) => `${st.fill}/${st.pattern}`));
    expect(looks.size).toBe(24);
    // Two names of one safe colour still look different.
    const [a, b] = [
      ...ownerStyles([
        { seat: 0, color: "red" },
        { seat: 8, color: "vermillion" },
      ]).values(),
    ];
    expect(a.fill).toBe(b.fill);
    expect(a.pattern).not.toBe(b.pattern);
    const patterns = new Set(names.map((n, s) => ownerStyle(s, n).pattern));
    expect(patterns.size).toBe(8);
  });

  it("picks the army count ink with the better contrast", () => {
    expect(inkOn(SAFE.yellow)).toBe("#000");
    expect(inkOn(SAFE.blue)).toBe("#fff");
    expect(luminance("#ffffff")).toBeCloseTo(1);
    expect(luminance("#000000")).toBe(0);
  });

  it("colours each area by the API's colorIndex, not by its position", () => {
    // Nine areas: by position, the first and the ninth would share the first colour.
    const areas = Array.from({ length: 9 }, (_, i) => ({ key: `a${i}`, name: `A${i}`, colorIndex: i === 8 ? 1 : 0 }));
    const c = areaColors(areas);
    expect(c.get("a0")).toBe(AREA_COLORS[0]);
    expect(c.get("a8")).toBe(AREA_COLORS[1]);
    expect(c.get("a8")).not.toBe(c.get("a0"));
    // An index past the palette (a cached answer for a longer one) still names a palette colour.
    expect(areaColors([{ key: "x", name: "X", colorIndex: AREA_COLORS.length + 2 }]).get("x")).toBe(AREA_COLORS[2]);
  });

  it("colours a map file's areas, which have no colorIndex, by their position", () => {
    const c = areaColors([
      { key: "a", name: "A" },
      { key: "b", name: "B" },
    ]);
    expect([c.get("a"), c.get("b")]).toEqual([AREA_COLORS[0], AREA_COLORS[1]]);
  });
});

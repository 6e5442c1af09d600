import { describe, expect, it } from "vitest";
import { CHART_BOX, changeWords, chartSummary, layoutChart, lengthWords, niceTicks } from "./chart";

describe("niceTicks", () => {
  it("steps by 1, 2 or 5 times a power of ten, around the range", () => {
    expect(niceTicks(1000, 1100)).toEqual([1000, 1050, 1100]);
    expect(niceTicks(987, 1043)).toEqual([980, 1000, 1020, 1040, 1060]);
    expect(niceTicks(0, 2000)).toEqual([0, 500, 1000, 1500, 2000]);
  });
  it("widens a flat range by a step each way", () => {
    expect(niceTicks(1000, 1000)).toEqual([999, 1000, 1001]);
  });
  it("takes its bounds in either order", () => {
    expect(niceTicks(1100, 1000)).toEqual(niceTicks(1000, 1100));
  });
});

describe("layoutChart", () => {
  const pts = [
    { at: "2026-01-01T00:00:00Z", rating: 1000 },
    { at: "2026-01-02T00:00:00Z", rating: 1100 },
    { at: "2026-01-03T00:00:00Z", rating: 1050 },
  ];
  it("spreads the games from left to right and the ratings from bottom to top", () => {
    const l = layoutChart(pts);
    const bottom = CHART_BOX.height - CHART_BOX.bottom;
    expect(l.min).toBe(1000);
    expect(l.max).toBe(1100);
    expect(l.points.map((p) => p.x)).toEqual([CHART_BOX.left, 338, CHART_BOX.width - CHART_BOX.right]);
    expect(l.points.map((p) => p.y)).toEqual([bottom, CHART_BOX.top, (bottom + CHART_BOX.top) / 2]);
    expect(l.path).toBe(`M48 ${bottom} L338 12 L628 ${(bottom + CHART_BOX.top) / 2}`);
    expect(l.ticks.map((t) => t.value)).toEqual([1000, 1050, 1100]);
    expect(l.ticks[0].y).toBe(bottom);
  });
  it("puts a single game in the middle, inside its scale", () => {
    const l = layoutChart([pts[0]]);
    expect(l.points[0].x).toBe(338);
    expect(l.points[0].y).toBeGreaterThan(CHART_BOX.top);
    expect(l.points[0].y).toBeLessThan(CHART_BOX.height - CHART_BOX.bottom);
  });
  it("draws nothing for no games", () => {
    expect(layoutChart([]).path).toBe("");
  });
});

describe("words", () => {
  it("signs changes with a plus, a minus sign or ±", () => {
    expect(changeWords(12)).toBe("+12");
    expect(changeWords(-5)).toBe("\u22125");
    expect(changeWords(0)).toBe("\u00b10");
  });
  it("says a game's length in the largest units", () => {
    expect(lengthWords(30)).toBe("under a minute");
    expect(lengthWords(45 * 60)).toBe("45 min");
    expect(lengthWords(3 * 3600 + 20 * 60)).toBe("3 h 20 min");
    expect(lengthWords(2 * 86400 + 5 * 3600)).toBe("2 d 5 h");
    expect(lengthWords(86400)).toBe("1 d");
  });
  it("sums a history up for screen readers", () => {
    expect(chartSummary([])).toBe("No rated games yet.");
    expect(
      chartSummary([
        { at: "", rating: 1000 },
        { at: "", rating: 1040 },
        { at: "", rating: 990 },
      ]),
    ).toBe("3 rated games: from 1000 to 990, lowest 990, highest 1040.");
  });
});

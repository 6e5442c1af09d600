import { describe, expect, it } from "vitest";
import { extent, linePath, luckWords, outcomeWords, pText, signed, testWords, ticks, zWords } from "./words";

describe("the luck in words", () => {
  it("says the armies with their sign and the share of games luckier or unluckier", () => {
    expect(luckWords(4.23, 0.8, 30)).toBe("+4.2 armies, luckier than 80% of games like this");
    expect(luckWords(-1.04, 0.25, 12)).toBe("−1.0 army, unluckier than 75% of games like this");
    expect(luckWords(0, 0.5, 3)).toBe("0.0 armies, luckier than 50% of games like this");
    expect(luckWords(9, 0.99999, 3)).toBe("+9.0 armies, luckier than 99% of games like this");
    expect(luckWords(0, 0.5, 0)).toBe("No battle rolls yet.");
  });
  it("signs numbers with a true minus", () => {
    expect(signed(-0.04)).toBe("0.0");
    expect(signed(-2.26)).toBe("−2.3");
    expect(signed(2)).toBe("+2.0");
  });
  it("reads z-scores and tests", () => {
    expect(zWords(0.4)).toMatch(/well within/);
    expect(zWords(-3.5)).toMatch(/very unusual/);
    expect(testWords({ pValue: 0.43, smallSample: false }, 50)).toBe("consistent with fair dice (p = 0.43)");
    expect(testWords({ pValue: 0.0004, smallSample: false }, 50)).toBe("unusual for fair dice (p < 0.001)");
    expect(testWords({ pValue: 0.5, smallSample: true }, 2)).toMatch(/too few rolls/);
    expect(testWords({ pValue: 1, smallSample: true }, 0)).toBe("no rolls");
    expect(pText(0.0123)).toBe("0.012");
    expect(outcomeWords(1, 1)).toBe("each loses 1");
    expect(outcomeWords(0, 2)).toBe("defender loses 2");
    expect(outcomeWords(2, 0)).toBe("attacker loses 2");
  });
});

describe("the charts' arithmetic", () => {
  it("draws a line over the box, breaking where a value is unknown", () => {
    // Three points over 0..10 wide and 0..4 high, values 0..2: up is more.
    expect(linePath([0, 1, 2], 3, [0, 2], 10, 4)).toBe("M0,4L5,2L10,0");
    expect(linePath([0, null, 2], 3, [0, 2], 10, 4)).toBe("M0,4M10,0");
    expect(linePath([null, null], 2, [0, 1], 10, 4)).toBe("");
  });
  it("keeps zero in the luck's extent and never a flat one", () => {
    expect(extent([2, 5, null], true)).toEqual([0, 5]);
    expect(extent([2, 5], false)).toEqual([2, 5]);
    expect(extent([3, 3], false)).toEqual([2, 4]);
    expect(extent([null], false)).toEqual([0, 1]);
  });
  it("ticks round numbers", () => {
    expect(ticks([0, 40])).toEqual([0, 10, 20, 30, 40]);
    expect(ticks([-3, 2])).toEqual([-2, 0, 2]);
  });
});

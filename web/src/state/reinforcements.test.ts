import { describe, expect, it } from "vitest";
import { reinforcementTotal, reinforcementWords } from "./reinforcements";

describe("the reinforcement breakdown in words", () => {
  const na = { key: "north_america", name: "North America", bonus: 5 };
  const au = { key: "australia", name: "Australia", bonus: 2 };

  it("says the territories, each area held and the cards", () => {
    const r = { seat: 0, territories: 11, fromTerritories: 3, areas: [na, au], minimum: 3, total: 10, fromCards: 10 };
    expect(reinforcementWords(r)).toBe(
      "20 armies: 11 territories ÷ 3 = 3 (minimum 3), North America +5, Australia +2, cards +10",
    );
    expect(reinforcementTotal(r)).toBe(20);
  });

  it("shows the minimum when the territories count for less", () => {
    expect(
      reinforcementWords({
        seat: 1,
        territories: 5,
        fromTerritories: 1,
        areas: [],
        minimum: 3,
        total: 3,
        fromCards: 0,
      }),
    ).toBe("3 armies: 5 territories ÷ 3 = 1 (minimum 3)");
    expect(reinforcementWords({ seat: 1, territories: 1, fromTerritories: 0, areas: [], minimum: 3, total: 3 })).toBe(
      "3 armies: 1 territory ÷ 3 = 0 (minimum 3)",
    );
  });

  it("shows a negative bonus, and the server total when it is the minimum", () => {
    const bad = { key: "swamp", name: "The Swamp", bonus: -2 };
    expect(
      reinforcementWords({
        seat: 0,
        territories: 9,
        fromTerritories: 3,
        areas: [bad],
        minimum: 3,
        total: 3,
        fromCards: null,
      }),
    ).toBe("3 armies: 9 territories ÷ 3 = 3 (minimum 3), The Swamp −2, at least 3 in all");
  });
});

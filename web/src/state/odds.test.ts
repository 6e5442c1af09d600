import { describe, expect, it } from "vitest";
import {
  formatArmies,
  formatOdds,
  formatPercent,
  oddsArgs,
  oddsRequest,
  oddsSentence,
  rollBand,
  rollSentence,
} from "./odds";

describe("odds display", () => {
  it.each([
    [0, "0%"],
    [1, "100%"],
    [0.5, "50.0%"],
    [0.73249, "73.2%"],
    [0.0004, "<0.1%"],
    [0.9996, ">99.9%"],
    [Number.NaN, "0%"],
  ])("shows %f as %s", (p, s) => {
    expect(formatPercent(p)).toBe(s);
  });

  it("rounds expected armies to one decimal, dropping .0", () => {
    expect([0, 4.04, 4.06, 12.5, -1].map(formatArmies)).toEqual(["0", "4", "4.1", "12.5", "0"]);
  });

  it("says the odds in one sentence, with a band", () => {
    // battleOdds(3, 2) as the API answers it (rules.BattleOdds).
    const o = formatOdds({ attackerWins: 0.6559, expectedAttackerSurvivors: 1.78, expectedDefenderSurvivors: 0.42 });
    expect(o).toEqual({
      win: "65.6%",
      attackerLeft: "1.8",
      defenderLeft: "0.4",
      band: "likely",
      text: "65.6% to conquer; on average 1.8 attacking and 0.4 defending armies left",
    });
    expect(formatOdds({ attackerWins: 0.45, expectedAttackerSurvivors: 1, expectedDefenderSurvivors: 1 }).band).toBe(
      "even",
    );
    expect(formatOdds({ attackerWins: 0.1, expectedAttackerSurvivors: 1, expectedDefenderSurvivors: 1 }).band).toBe(
      "unlikely",
    );
  });

  it("asks battleOdds for the armies that attack, not the one left behind", () => {
    expect(oddsArgs(5, 3)).toEqual({ attackers: 4, defenders: 3 });
    expect(oddsArgs(10, 3, 4)).toEqual({ attackers: 6, defenders: 3 });
    expect(oddsArgs(1, 3)).toBeNull();
    expect(oddsArgs(5, 0)).toBeNull();
    expect(oddsArgs(2000, 3)).toBeNull();
  });
});

describe("the odds are for exactly what will be sent", () => {
  it("asks for the roll itself, or the battle to its end or down to N", () => {
    // One roll: the defender's dice are the server's (Action.defendDice), whatever the armies.
    expect(oddsRequest("once", 5, 3, 3, 2)).toEqual({ kind: "roll", attackDice: 3, defendDice: 2 });
    expect(oddsRequest("once", 5, 1, 2, 1)).toEqual({ kind: "roll", attackDice: 2, defendDice: 1 });
    expect(oddsRequest("once", 5, 3, 3, 1)).toEqual({ kind: "roll", attackDice: 3, defendDice: 1 });
    expect(oddsRequest("once", 5, 3, 3, null)).toBeNull();
    expect(oddsRequest("once", 5, 3, 3, undefined)).toBeNull();
    expect(oddsRequest("conquered", 5, 3, 3, 2)).toEqual({ kind: "battle", attackers: 4, defenders: 3 });
    expect(oddsRequest("downto", 10, 3, 3, 2, 4)).toEqual({ kind: "battle", attackers: 6, defenders: 3 });
    expect(oddsRequest("downto", 4, 3, 3, 2, 4)).toBeNull();
    expect(oddsRequest("once", 5, 0, 3, 0)).toBeNull();
    // Fog hides the defenders: nothing to ask, for one roll (no defendDice) or a battle.
    expect(oddsRequest("once", 5, null, 3, null)).toBeNull();
    expect(oddsRequest("conquered", 5, null, 3, null)).toBeNull();
    expect(oddsRequest("downto", 10, null, 3, null, 4)).toBeNull();
  });

  const o = formatOdds({ attackerWins: 0.89, expectedAttackerSurvivors: 2.04, expectedDefenderSurvivors: 0.2 });
  it("names the attack until conquered and down to N", () => {
    expect(oddsSentence(o, "conquered", "Peru", 1)).toBe(
      "Odds of conquering: 89.0%; on average 2 of your armies and 0.2 of theirs left.",
    );
    expect(oddsSentence(o, "downto", "Peru", 3)).toMatch(/^Odds of conquering before Peru is down to 3: 89.0%/);
  });

  it("says one roll's own outcomes", () => {
    // rollOdds(3, 2) as the API answers it: 2890/7776, 2611/7776, 2275/7776.
    const roll = [
      { attackerLosses: 0, defenderLosses: 2, probability: 2890 / 7776 },
      { attackerLosses: 1, defenderLosses: 1, probability: 2611 / 7776 },
      { attackerLosses: 2, defenderLosses: 0, probability: 2275 / 7776 },
    ];
    expect(rollSentence(roll, "Red", "Blue")).toBe(
      "Odds of this roll: Red loses 0, Blue loses 2: 37.2%; Red loses 1, Blue loses 1: 33.6%; Red loses 2, Blue loses 0: 29.3%.",
    );
    expect(rollBand(roll)).toBe("unlikely");
    expect(
      rollBand([
        { attackerLosses: 0, defenderLosses: 1, probability: 0.7 },
        { attackerLosses: 1, defenderLosses: 0, probability: 0.3 },
      ]),
    ).toBe("likely");
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cardsInSets, setWords, tradeSets } from "./cards";
import { applyEvent } from "./game";
import { Replay, type GameRecord } from "./replay";
import type { Action, ClientGame } from "./types";

describe("the sets of the hand are the trade actions", () => {
  it("lists each trade action as a set, with the worth and bonus the server gives", () => {
    const actions: Action[] = [
      { kind: "trade", cards: [0, 3, 4], min: 0, max: 0, worth: 8, bonusTerritories: ["a"], bonusArmies: 2 },
      { kind: "trade", cards: [3, 1, 4], min: 0, max: 0, worth: 8, bonusTerritories: [], bonusArmies: 2 },
      { kind: "place", from: "a", min: 1, max: 5 },
    ];
    const sets = tradeSets(actions);
    expect(sets).toEqual([
      { cards: [0, 3, 4], worth: 8, bonus: ["a"], bonusArmies: 2 },
      { cards: [3, 1, 4], worth: 8, bonus: [], bonusArmies: 2 },
    ]);
    expect([...cardsInSets(sets)].sort()).toEqual([0, 1, 3, 4]);
    expect(tradeSets([{ kind: "end_turn", min: 0, max: 0 }])).toEqual([]);
  });

  it("says what a set brings", () => {
    const name = (k: string) => ({ peru: "Peru", brazil: "Brazil" })[k] ?? k;
    expect(setWords({ cards: [1, 2, 3], worth: 8, bonus: [], bonusArmies: 2 }, name)).toBe("8 armies");
    expect(setWords({ cards: [1, 2, 3], worth: 10, bonus: ["peru"], bonusArmies: 2 }, name)).toBe(
      "10 armies, and +2 on Peru",
    );
    expect(setWords({ cards: [1, 2, 3], worth: 4, bonus: ["peru", "brazil"], bonusArmies: 2 }, name)).toBe(
      "4 armies, and +2 on Peru and Brazil",
    );
    expect(setWords({ cards: [1, 2, 3], worth: null, bonus: [], bonusArmies: 2 }, name)).toBe(
      "armies the server did not say",
    );
  });
});

// Every trade of the engine's records: the set traded is in the hand the client holds (which sets a hand
// makes, and their worth and bonus, are the server's: Action.cards, Action.worth, Action.bonusTerritories).
describe.each(["classic-random", "classic-roundrobin", "classic-fixed", "classic-scaling"])("trades of %s", (name) => {
  const record = JSON.parse(readFileSync(join(__dirname, "testdata", `${name}.record.json`), "utf8")) as GameRecord;
  it(`finds each traded set in the hand (${record.settings.cardSystem})`, () => {
    const replay = new Replay(record);
    let g: ClientGame = replay.state(0);
    let trades = 0;
    for (const ev of replay.events) {
      if (ev.kind === "cards_traded") {
        const p = ev.payload as { player: number; cards: number[] };
        const hand = g.seats[p.player].cards!;
        expect(
          p.cards.every((c) => hand.includes(c)),
          `set ${p.cards} in hand ${hand}`,
        ).toBe(true);
        trades++;
      }
      const r = applyEvent(g, ev);
      if (r.status !== "applied") throw new Error(r.status);
      g = r.state;
    }
    expect(trades).toBeGreaterThan(0);
  });
});

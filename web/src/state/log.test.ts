import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeEvent, inLog, namesOf } from "./log";
import { Replay, type GameRecord } from "./replay";

const record = JSON.parse(
  readFileSync(join(__dirname, "testdata", "classic-random.record.json"), "utf8"),
) as GameRecord;
const replay = new Replay(record);
const names = namesOf(replay.initial);
const peru = record.map.definition.territories.findIndex((t) => t.id === "peru");
const brazil = record.map.definition.territories.findIndex((t) => t.id === "brazil");

describe("the log in words", () => {
  it("says a battle as the issue shows it", () => {
    const s = describeEvent(
      {
        kind: "battle_rolled",
        seat: 0,
        payload: {
          from: brazil,
          to: peru,
          attacker: 0,
          defender: 1,
          attackDice: [6, 5, 2],
          defendDice: [4, 1],
          attackerLosses: 1,
          defenderLosses: 1,
        },
      },
      names,
    );
    expect(s).toBe("Red attacked Peru from Brazil: 6-5-2 against 4-1, Red lost 1, Peru lost 1");
  });

  it.each([
    [
      { kind: "game_started", payload: { order: [2, 0, 1], startingArmies: 35 } },
      "The game started. Turn order: Green, Red and Blue; 35 armies to start with each.",
    ],
    [
      { kind: "turn_started", payload: { player: 1, turn: 7, phase: "reinforce", armies: 1 } },
      "Turn 7: Blue's turn, with 1 army to place.",
    ],
    [
      { kind: "turn_started", payload: { player: 1, turn: 2, phase: "claim", armies: 0 } },
      "Turn 2: Blue picks a territory.",
    ],
    [{ kind: "territory_claimed", payload: { player: 2, territory: peru } }, "Green claimed Peru."],
    [
      {
        kind: "armies_placed",
        payload: {
          player: 0,
          placements: [
            { territory: peru, armies: 2 },
            { territory: brazil, armies: 1 },
          ],
        },
      },
      "Red placed 2 on Peru and 1 on Brazil (3 armies).",
    ],
    [
      { kind: "armies_placed", payload: { player: 0, placements: [{ territory: peru, armies: 3 }] } },
      "Red placed 3 on Peru.",
    ],
    [
      {
        kind: "armies_placed",
        payload: {
          player: 0,
          starting: true,
          placements: [
            { territory: peru, armies: 3 },
            { territory: brazil, armies: 2 },
          ],
        },
      },
      "Red's remaining starting armies (5) were placed at random.",
    ],
    [
      { kind: "cards_traded", payload: { player: 0, cards: [peru, brazil, 42], armies: 8, bonus: [peru] } },
      "Red traded Peru (cavalry), Brazil (artillery) and a wild card for 8 armies, and 2 armies on Peru.",
    ],
    [
      { kind: "territory_conquered", payload: { player: 0, from: brazil, to: peru, previous: 1, minArmies: 3 } },
      "Red conquered Peru from Blue.",
    ],
    [
      { kind: "territory_conquered", payload: { player: 0, from: brazil, to: peru, previous: -1, minArmies: 3 } },
      "Red conquered Peru from the neutrals.",
    ],
    [
      { kind: "territory_occupied", seat: 0, payload: { from: brazil, to: peru, armies: 3 } },
      "Red moved 3 armies into Peru from Brazil.",
    ],
    [
      { kind: "fortified", seat: 2, payload: { from: brazil, to: peru, armies: 1 } },
      "Green fortified Peru with 1 army from Brazil.",
    ],
    [
      { kind: "player_eliminated", payload: { player: 1, by: 0, cardCount: 2 } },
      "Blue was eliminated by Red, who takes their 2 cards.",
    ],
    [{ kind: "player_eliminated", payload: { player: 1, by: 0 } }, "Blue was eliminated by Red."],
    [
      { kind: "player_eliminated", payload: { player: 1, by: 0, cardCount: -1 } },
      "Blue was eliminated by Red, who takes their cards.",
    ],
    [{ kind: "card_drawn", payload: { player: 1, cardCount: 1 } }, "Blue drew a card."],
    [{ kind: "card_drawn", payload: { player: 0, card: 43 } }, "Red drew a card: a wild card."],
    [{ kind: "player_resigned", payload: { player: 1 } }, "Blue resigned; their territories are neutral now."],
    [{ kind: "seat_handed_over", payload: { player: 1 } }, "Blue left; their team plays their seat now."],
    [{ kind: "phase_changed", seat: 0, payload: { phase: "fortify" } }, "Red moved on to the fortify phase."],
    [{ kind: "deck_reshuffled", payload: {} }, "The discard pile was shuffled into a new deck."],
    [{ kind: "game_over", payload: { winner: 2 } }, "Green won the game."],
    [{ kind: "some_new_kind", payload: {} }, "Some new kind."],
  ])("%j", (ev, want) => {
    expect(describeEvent(ev as never, names)).toBe(want);
  });

  // Under fog of war (docs/rules.md R79): -1 a territory or number the viewer cannot see, -4 a player.
  const fogged = { ...names, fogged: true };
  it.each([
    [{ kind: "territory_claimed", payload: { player: 1, territory: -1 } }, "Blue claimed a hidden territory."],
    [
      { kind: "turn_started", payload: { player: 1, turn: 7, phase: "reinforce", armies: -1 } },
      "Turn 7: Blue's turn, with some armies to place.",
    ],
    [
      { kind: "armies_placed", payload: { player: 1, starting: true, placements: [{ territory: peru, armies: 3 }] } },
      "Blue's remaining starting armies were placed at random.",
    ],
    [
      { kind: "territory_conquered", payload: { player: 1, from: -1, to: peru, previous: -4, minArmies: -1 } },
      "Blue conquered Peru from someone.",
    ],
    [
      { kind: "territory_occupied", seat: 1, payload: { from: -1, to: peru, armies: 3 } },
      "Blue moved 3 armies into Peru from a hidden territory.",
    ],
    [
      { kind: "fortified", seat: 1, payload: { from: peru, to: -1, armies: 2 } },
      "Blue fortified a hidden territory with 2 armies from Peru.",
    ],
    [{ kind: "player_eliminated", payload: { player: -4, by: 1, cardCount: 0 } }, "Someone was eliminated by Blue."],
  ])("under fog %j", (ev, want) => {
    expect(describeEvent(ev as never, fogged)).toBe(want);
  });

  it("leaves view_changed out of the log: the fog moving shows on the map", () => {
    expect(inLog({ kind: "view_changed" })).toBe(false);
    expect(inLog({ kind: "battle_rolled" })).toBe(true);
  });

  it("has a sentence for every event of a whole game", () => {
    for (const ev of replay.events) {
      const s = describeEvent(ev, names);
      expect(s).not.toMatch(/undefined|NaN|territory \d|\[object/);
    }
  });
});

describe("a team game's log", () => {
  const teams = [
    { index: 0, name: "Red", color: "#d62728" },
    { index: 1, name: "Blue", color: "#1f77b4" },
  ];
  const g = new Replay({
    ...record,
    seats: [0, 1, 2, 3].map((i) => ({
      seat: i,
      color: `c${i}`,
      cpu: i > 0,
      difficulty: "",
      name: i === 0 ? "Ann" : "",
      team: i % 2,
    })),
    settings: { ...record.settings, teams },
  });
  const n = namesOf(g.initial);

  it("names seats by player and team", () => {
    expect(describeEvent({ kind: "game_started", payload: { order: [0, 1], startingArmies: 30 } }, n)).toBe(
      "The game started. Turn order: Ann (Red) and CPU 2 (Blue); 30 armies to start with each.",
    );
  });

  it("says the winning team and every winner", () => {
    expect(describeEvent({ kind: "game_over", payload: { winner: 2, winners: [0, 2] } }, n)).toBe(
      "Red won the game: Ann and CPU 3.",
    );
  });
});

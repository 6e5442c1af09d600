import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { namesOf } from "./log";
import { Replay, type GameRecord } from "./replay";
import { awayStart, eventArrow, summarise, summaryLines } from "./summary";
import type { ServerEvent } from "./types";

const record = JSON.parse(
  readFileSync(join(__dirname, "testdata", "classic-random.record.json"), "utf8"),
) as GameRecord;
const replay = new Replay(record);
const names = namesOf(replay.initial);
const t = (id: string) => record.map.definition.territories.findIndex((x) => x.id === id);
const peru = t("peru");
const brazil = t("brazil");
const alaska = t("alaska");
const kamchatka = t("kamchatka");

// Events as Game.events(after:, first:) pages give them: seq, turn, seat, kind, payload.
let seq = 0;
function ev(kind: string, payload: Record<string, unknown>, seat: number | null = null, turn = 0): ServerEvent {
  return { seq: ++seq, turn, seat, kind, payload };
}
const turn = (player: number, n: number) =>
  ev("turn_started", { player, turn: n, phase: "reinforce", armies: 3 }, player, n);

/** Red (0) plays turn 10; Blue (1) trades, takes Peru and Brazil from Red, eliminates Green (2); Red's turn again. */
function absence(): ServerEvent[] {
  seq = 0;
  return [
    turn(0, 10),
    ev("armies_placed", { player: 0, placements: [{ territory: peru, armies: 3 }] }, 0, 10),
    ev("phase_changed", { phase: "fortify" }, 0, 10),
    turn(1, 11),
    ev("cards_traded", { player: 1, cards: [peru, brazil, 42], armies: 8, bonus: [] }, 1, 11),
    ev(
      "battle_rolled",
      {
        attacker: 1,
        defender: 0,
        from: alaska,
        to: peru,
        attackDice: [6, 5, 2],
        defendDice: [4, 1],
        attackerLosses: 0,
        defenderLosses: 2,
      },
      1,
      11,
    ),
    ev("territory_conquered", { player: 1, from: alaska, to: peru, previous: 0, minArmies: 3 }, 1, 11),
    ev("territory_occupied", { from: alaska, to: peru, armies: 3 }, 1, 11),
    ev("territory_conquered", { player: 1, from: peru, to: brazil, previous: 0, minArmies: 3 }, 1, 11),
    ev("territory_conquered", { player: 1, from: alaska, to: kamchatka, previous: 2, minArmies: 3 }, 1, 11),
    ev("player_eliminated", { player: 2, by: 1, cardCount: 2 }, 1, 11),
    ev("card_drawn", { player: 1 }, 1, 11),
    turn(0, 12),
  ];
}

describe("since your last turn", () => {
  it("starts at the first other turn after the previous turn of a viewer whose turn it is", () => {
    const e = absence();
    expect(awayStart(e, 0)).toBe(3);
  });

  it("starts after the last turn of a viewer waiting for theirs", () => {
    const e = absence().slice(0, -1);
    expect(awayStart(e, 0)).toBe(3);
    // Blue's view: its first turn is now: the game so far.
    expect(awayStart(e, 1)).toBe(0);
    // The game's first turn, the viewer's: nothing to say.
    expect(summarise([ev("game_started", { order: [1, 0] }), e[3]], 1)).toBeNull();
  });

  it("covers the whole game for a viewer who has not played yet", () => {
    expect(awayStart(absence(), 2)).toBe(0);
  });

  it("says the losses, the conquests, the trade and the elimination, without card names", () => {
    const s = summarise(absence(), 0)!;
    expect(s.turns).toEqual([{ seat: 1, turn: 11 }]);
    expect(s.trades).toEqual([{ seat: 1, armies: 8 }]);
    expect(s.eliminated).toEqual([{ seat: 2, by: 1 }]);
    const lines = summaryLines(s, names, 0);
    expect(lines).toEqual([
      "1 turn passed (Blue).",
      "Blue took Peru and Brazil from you.",
      "Blue took 1 territory (1 from Green).",
      "Blue traded a set of cards for 8 armies.",
      "Green was eliminated by Blue.",
    ]);
    expect(lines.join(" ")).not.toMatch(/infantry|cavalry|artillery|wild/);
  });

  it("counts the conquests and trades of each seat", () => {
    seq = 0;
    const e = [
      turn(0, 1),
      turn(1, 2),
      ev("cards_traded", { player: 1, cards: [1, 2, 3], armies: 4 }, 1, 2),
      ev("territory_conquered", { player: 1, from: alaska, to: peru, previous: 2 }, 1, 2),
      ev("territory_conquered", { player: 1, from: peru, to: brazil, previous: -1 }, 1, 2),
      ev("territory_conquered", { player: 1, from: alaska, to: kamchatka, previous: 2 }, 1, 2),
      turn(2, 3),
      turn(1, 4),
      ev("cards_traded", { player: 1, cards: [4, 5, 6], armies: 6 }, 1, 4),
    ];
    expect(summaryLines(summarise(e, 0)!, names, 0)).toEqual([
      "3 turns passed (Blue and Green).",
      "Blue took 3 territories (2 from Green and 1 from the neutrals).",
      "Blue traded 2 sets of cards, for 4 and 6 armies.",
    ]);
  });

  it("names the winning team of a team game", () => {
    seq = 0;
    const teams = [
      { index: 0, name: "Wolves", color: "#d62728" },
      { index: 1, name: "Owls", color: "#1f77b4" },
    ];
    const teamNames = namesOf(
      new Replay({
        ...record,
        seats: record.seats.map((s) => ({ ...s, team: s.seat === 1 ? 1 : 0 })),
        settings: { ...record.settings, teams },
      }).initial,
    );
    const e = [turn(0, 1), turn(1, 2), ev("game_over", { winner: 2, winners: [0, 2] }, 2, 2)];
    expect(summaryLines(summarise(e, 0)!, teamNames, 0)).toContain("Wolves won the game.");
    expect(summaryLines(summarise(e, 0)!, names, 0)).toContain("Green won the game.");
  });

  it("says someone for a seat fog hides", () => {
    seq = 0;
    const e = [
      turn(0, 1),
      turn(1, 2),
      ev("territory_conquered", { player: 1, from: -1, to: peru, previous: -4 }, 1, 2),
    ];
    expect(summaryLines(summarise(e, 0)!, names, 0)).toContain("Blue took 1 territory (1 from someone).");
  });

  it('says "you" for the viewer eliminated', () => {
    const s = summarise(absence(), 2)!;
    expect(summaryLines(s, names, 2)).toContain("You were eliminated by Blue.");
  });

  it("is nothing when nothing happened", () => {
    seq = 0;
    expect(summarise([turn(0, 1)], 0)).toBeNull();
  });

  it("summarises only the end of a very long absence, and says so", () => {
    seq = 0;
    const e = [turn(0, 1)];
    for (let i = 0; i < 50; i++) e.push(turn(1 + (i % 2), 2 + i));
    const s = summarise(e, 0, 10)!;
    expect(s.capped).toBe(true);
    expect(s.start).toBe(41);
    expect(s.turns).toHaveLength(10);
    expect(summaryLines(s, names, 0)[0]).toBe("A long absence: only its last 10 events are summarised.");
  });

  it("finds an absence in a whole recorded game", () => {
    const e = replay.events;
    // A seat who did not play the game's last turn.
    const last = [...e].reverse().find((x) => x.kind === "turn_started")!;
    const viewer = record.seats.find((x) => x.seat !== (last.payload.player as number))!.seat;
    const s = summarise(e, viewer);
    expect(s).not.toBeNull();
    expect(s!.turns.every((x) => x.seat !== viewer)).toBe(true);
  });
});

describe("arrows of events", () => {
  const g = replay.initial;
  it("draws an attack, a conquest and a move in the mover colour", () => {
    const e = absence();
    expect(eventArrow(e[5], g)).toEqual({ from: "alaska", to: "peru", kind: "attack", seat: 1 });
    expect(eventArrow(e[6], g)).toEqual({ from: "alaska", to: "peru", kind: "conquest", seat: 1 });
    expect(eventArrow(e[7], g)).toEqual({ from: "alaska", to: "peru", kind: "fortify", seat: 1 });
    expect(eventArrow(e[4], g)).toBeNull();
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commitmentOf, diceKey, drawer, newDiceSeed, verifyDice, type DiceRecord } from "./verify";

// The vectors of docs/record-format.md, which the Go and the example verifiers are tested against too.
const doc = readFileSync(join(__dirname, "..", "..", "..", "docs", "record-format.md"), "utf8");
const block = /<!-- dice vectors -->\n```json\n([\s\S]*?)```/.exec(doc);
const vectors = JSON.parse(block![1]) as {
  serverSeed: string;
  commitment: string;
  playerSeeds: string[];
  key: string;
  draws: Array<{ i: number; n: number; v: number }>;
};

// A finished game's record, played by the Go service (game.TestVerifyDiceOfTheWebFixture verifies it too).
const recorded = (): DiceRecord =>
  JSON.parse(readFileSync(join(__dirname, "testdata", "committed.record.json"), "utf8")) as DiceRecord;

describe("committed dice", () => {
  it("gives the documented commitment, key and draws", async () => {
    expect(await commitmentOf(vectors.serverSeed)).toBe(vectors.commitment);
    const key = await diceKey(vectors.serverSeed, vectors.playerSeeds);
    expect(key).toBe(vectors.key);
    const draw = await drawer(key);
    for (const d of vectors.draws) expect([d.i, await draw(d.i, d.n)]).toEqual([d.i, d.v]);
  });

  it("makes seeds of 64 hex digits, never the same", () => {
    const a = newDiceSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newDiceSeed()).not.toBe(a);
  });

  it("verifies a recorded game, as the Go verifier does", async () => {
    const check = await verifyDice(recorded());
    expect(check).toEqual({ kind: "verified", draws: 978 });
  });

  it("refuses a recorded game with a draw, a die, a seed or the commitment changed", async () => {
    const battle = recorded().events.findIndex((e) => e.event.kind === "battle_rolled");
    const forgeries: Array<[string, (r: DiceRecord) => void]> = [
      ["a draw", (r) => (r.events[battle].draws![0][1] = (r.events[battle].draws![0][1] + 1) % 6)],
      [
        "a die",
        (r) =>
          ((r.events[battle].event.defendDice as number[])[0] = 7 - (r.events[battle].event.defendDice as number[])[0]),
      ],
      ["a player's seed", (r) => (r.dice!.playerSeeds![0] = "ee".repeat(32))],
      ["the commitment", (r) => (r.dice!.commitment = "0".repeat(64))],
      ["the status", (r) => (r.status = "active")],
    ];
    for (const [name, forge] of forgeries) {
      const r = recorded();
      forge(r);
      expect([name, (await verifyDice(r)).kind]).toEqual([name, "failed"]);
    }
    const old = recorded();
    delete old.dice;
    expect(await verifyDice(old)).toEqual({ kind: "none" });
  });
});

#!/usr/bin/env node
// An independent verifier of Rout's committed dice, in JavaScript for Node.js (18 or later), with nothing
// but Node's own modules. It follows docs/record-format.md, "Committed dice", and shares no code with the
// server: it is an example of checking a game's dice in another language.
//
//   node dice-verify.mjs record.json          checks a finished game's record
//   node dice-verify.mjs --vectors FILE.md    checks the derivation against the vectors of the document
//
// It checks that the server's seed is the one its commitment names, derives every draw of the record again
// from the seeds (counting the draws of all events from 0) and compares it with the record's, and checks
// the faces of every battle against the draws of its roll. The turn order, the deal and the cards need the
// rules too: `rout games verify-dice` replays the game for those. It prints "dice verified: ..." and exits
// 0, or prints "bad dice: ..." and exits 1.
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";

const TWO64 = 1n << 64n;
const SEED_HEX = /^[0-9a-f]{64}$/;

// diceKey returns the key: SHA-256 of "rout-dice/1", the server's seed, then each seat's seed (32 zero
// bytes for "").
export function diceKey(serverSeed, playerSeeds) {
  const h = createHash("sha256");
  h.update("rout-dice/1", "ascii");
  h.update(Buffer.from(serverSeed, "hex"));
  for (const s of playerSeeds) h.update(s === "" ? Buffer.alloc(32) : Buffer.from(s, "hex"));
  return h.digest();
}

// draw returns draw number i of key with bound n (both Numbers), by rejection sampling over HMAC-SHA256.
export function draw(key, i, n) {
  const bound = BigInt(n);
  const limit = TWO64 - (TWO64 % bound);
  for (let attempt = 0; ; attempt++) {
    const msg = Buffer.alloc(12);
    msg.writeBigUInt64BE(BigInt(i), 0);
    msg.writeUInt32BE(attempt, 8);
    const x = createHmac("sha256", key).update(msg).digest().readBigUInt64BE(0);
    if (x < limit) return Number(x % bound);
  }
}

class BadDice extends Error {}

function fail(message) {
  throw new BadDice(message);
}

// verify checks a record and returns the number of draws it checked.
export function verify(record) {
  const dice = record.dice;
  if (!dice) fail("the record has no committed dice");
  if (dice.scheme !== "rout-hmac-sha256/1") fail(`unknown dice scheme ${JSON.stringify(dice.scheme)}`);
  if (record.status !== "finished" || !dice.serverSeed) fail("the seeds are revealed when the game is finished");
  if (!SEED_HEX.test(dice.serverSeed)) fail("the server seed is not 64 hexadecimal digits");
  const commitment = createHash("sha256").update(Buffer.from(dice.serverSeed, "hex")).digest("hex");
  if (commitment !== dice.commitment) fail(`the server seed's SHA-256 is ${commitment}, not the commitment ${dice.commitment}`);
  const seeds = dice.playerSeeds ?? [];
  if (seeds.length !== record.seats.length) fail(`${seeds.length} player seeds for ${record.seats.length} seats`);
  seeds.forEach((s, seat) => {
    if (s !== "" && !SEED_HEX.test(s)) fail(`the seed of seat ${seat} is not 64 hexadecimal digits`);
  });
  const key = diceKey(dice.serverSeed, seeds);
  let i = 0;
  for (const e of record.events) {
    const draws = e.draws ?? [];
    for (const [n, v] of draws) {
      if (!Number.isSafeInteger(n) || n < 1) fail(`event ${e.seq}: a bound of ${n}`);
      const want = draw(key, i, n);
      if (v !== want) fail(`event ${e.seq}: draw ${i} (bound ${n}) is ${v} in the record, ${want} from the seeds`);
      i++;
    }
    if (e.event.kind === "battle_rolled") checkBattle(e, draws);
  }
  if (i === 0) fail("the record lists no draws");
  return i;
}

// checkBattle checks a battle's faces against the draws of its roll: the attacker's dice first, then the
// defender's, each face a draw plus one, each side sorted from highest.
function checkBattle(e, draws) {
  const { attackDice, defendDice } = e.event;
  const faces = draws.map(([n, v]) => (n === 6 ? v + 1 : 0));
  const sorted = (xs) => [...xs].sort((a, b) => b - a).join(",");
  if (faces.length !== attackDice.length + defendDice.length || faces.includes(0) ||
      sorted(faces.slice(0, attackDice.length)) !== attackDice.join(",") ||
      sorted(faces.slice(attackDice.length)) !== defendDice.join(",")) {
    fail(`event ${e.seq}: the battle shows ${attackDice} against ${defendDice}, its draws give ${faces}`);
  }
}

// checkVectors checks the derivation against the JSON block after "<!-- dice vectors -->" in a document.
function checkVectors(doc) {
  const m = doc.match(/<!-- dice vectors -->\n```json\n([\s\S]*?)```/);
  if (!m) fail("the document has no dice vectors");
  const v = JSON.parse(m[1]);
  const commitment = createHash("sha256").update(Buffer.from(v.serverSeed, "hex")).digest("hex");
  if (commitment !== v.commitment) fail(`commitment ${commitment}, want ${v.commitment}`);
  const key = diceKey(v.serverSeed, v.playerSeeds);
  if (key.toString("hex") !== v.key) fail(`key ${key.toString("hex")}, want ${v.key}`);
  for (const d of v.draws) {
    const got = draw(key, d.i, d.n);
    if (got !== d.v) fail(`draw ${d.i} with bound ${d.n} is ${got}, want ${d.v}`);
  }
  return v.draws.length;
}

function main(args) {
  try {
    if (args[0] === "--vectors" && args.length === 2) {
      console.log(`vectors verified: ${checkVectors(readFileSync(args[1], "utf8"))} draws`);
    } else if (args.length === 1) {
      const record = JSON.parse(readFileSync(args[0], "utf8"));
      console.log(`dice verified: ${verify(record)} draws of ${record.events.length} events`);
    } else {
      console.error("usage: node dice-verify.mjs record.json | --vectors record-format.md");
      process.exit(2);
    }
  } catch (err) {
    if (!(err instanceof BadDice)) throw err;
    console.log(`bad dice: ${err.message}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));

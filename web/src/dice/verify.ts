// Committed dice (docs/dice.md): the seed a player contributes, and the check of a finished game's dice in
// the browser. The derivation is docs/record-format.md's ("Committed dice"), over WebCrypto: the key is the
// SHA-256 of "rout-dice/1", the server's seed and each seat's seed; draw i with bound n takes the first 8
// bytes of HMAC-SHA256(key, i ‖ attempt) until they fall below the largest multiple of n under 2^64, mod n.

export const DICE_SCHEME = "rout-hmac-sha256/1";

const TWO64 = 1n << 64n;
const SEED_HEX = /^[0-9a-f]{64}$/;

/** A new dice seed to contribute on creating or joining a game: 32 random bytes as 64 hex digits. */
export function newDiceSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data));
}

/** The SHA-256 of a seed given in hex, in hex: the commitment to a server seed. */
export async function commitmentOf(seedHex: string): Promise<string> {
  return toHex(await sha256(fromHex(seedHex)));
}

/** The key of a game's dice, in hex, from the server's seed and each seat's ("" for none). */
export async function diceKey(serverSeed: string, playerSeeds: string[]): Promise<string> {
  const label = new TextEncoder().encode("rout-dice/1");
  const data = new Uint8Array(label.length + 32 * (1 + playerSeeds.length));
  data.set(label, 0);
  [serverSeed, ...playerSeeds].forEach((s, i) => {
    if (s !== "") data.set(fromHex(s), label.length + 32 * i);
  });
  return toHex(await sha256(data));
}

/** Draws of a key: draw(i, n) is draw number i with bound n. */
export async function drawer(keyHex: string): Promise<(i: number, n: number) => Promise<number>> {
  const key = await crypto.subtle.importKey("raw", fromHex(keyHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (i, n) => {
    const bound = BigInt(n);
    const limit = TWO64 - (TWO64 % bound);
    for (let attempt = 0; ; attempt++) {
      const msg = new DataView(new ArrayBuffer(12));
      msg.setBigUint64(0, BigInt(i));
      msg.setUint32(8, attempt);
      const mac = new DataView(await crypto.subtle.sign("HMAC", key, msg.buffer));
      const x = mac.getBigUint64(0);
      if (x < limit) return Number(x % bound);
    }
  };
}

/** What the check of a record needs of it (docs/record-format.md). */
export interface DiceRecord {
  status: string;
  seats: unknown[];
  dice?: { scheme: string; commitment: string; serverSeed?: string; playerSeeds?: string[] };
  events: Array<{ seq: number; event: { kind: string } & Record<string, unknown>; draws?: Array<[number, number]> }>;
}

/** The answer of verifyDice: the draws checked, or why the dice are refused; "none" for a record without committed dice. */
export type DiceCheck = { kind: "verified"; draws: number } | { kind: "failed"; reason: string } | { kind: "none" };

/**
 * verifyDice checks a finished game's dice as docs/dice-verify.mjs does: the server's seed against its
 * commitment, every listed draw against the seeds, every battle's faces against its draws. The turn order,
 * the deal and the cards need the rules: `rout games verify-dice` checks those.
 */
export async function verifyDice(record: DiceRecord): Promise<DiceCheck> {
  const dice = record.dice;
  if (!dice) return { kind: "none" };
  const fail = (reason: string): DiceCheck => ({ kind: "failed", reason });
  if (dice.scheme !== DICE_SCHEME) return fail(`unknown dice scheme ${dice.scheme}`);
  if (record.status !== "finished" || !dice.serverSeed) return fail("the seeds are revealed when the game is finished");
  if (!SEED_HEX.test(dice.serverSeed)) return fail("the server seed is not 64 hex digits");
  if ((await commitmentOf(dice.serverSeed)) !== dice.commitment)
    return fail("the server seed is not the one the game committed to");
  const seeds = dice.playerSeeds ?? [];
  if (seeds.length !== record.seats.length)
    return fail(`${seeds.length} player seeds for ${record.seats.length} seats`);
  if (seeds.some((s) => s !== "" && !SEED_HEX.test(s))) return fail("a player seed is not 64 hex digits");
  const draw = await drawer(await diceKey(dice.serverSeed, seeds));
  let i = 0;
  for (const e of record.events) {
    const draws = e.draws ?? [];
    for (const [n, v] of draws) {
      if (!Number.isSafeInteger(n) || n < 1) return fail(`event ${e.seq}: a bound of ${n}`);
      if ((await draw(i, n)) !== v) return fail(`event ${e.seq}: draw ${i} is not the seeds'`);
      i++;
    }
    if (e.event.kind === "battle_rolled" && !battleFits(e.event, draws))
      return fail(`event ${e.seq}: the battle's dice are not its draws`);
  }
  if (i === 0) return fail("the record lists no draws");
  return { kind: "verified", draws: i };
}

// battleFits tells whether a battle's faces are its draws: the attacker's first, then the defender's, each a
// draw plus one, each side sorted from highest.
function battleFits(event: Record<string, unknown>, draws: Array<[number, number]>): boolean {
  const attack = event.attackDice as number[];
  const defend = event.defendDice as number[];
  const faces = draws.map(([n, v]) => (n === 6 ? v + 1 : 0));
  const sorted = (xs: number[]) => [...xs].sort((a, b) => b - a).join(",");
  return (
    faces.length === attack.length + defend.length &&
    !faces.includes(0) &&
    sorted(faces.slice(0, attack.length)) === attack.join(",") &&
    sorted(faces.slice(attack.length)) === defend.join(",")
  );
}

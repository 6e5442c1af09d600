// The odds shown before an attack, for exactly what will be sent: Query.rollOdds for one roll,
// Query.battleOdds for an attack until conquered or down to some armies.

export interface BattleOdds {
  attackerWins: number;
  expectedAttackerSurvivors: number;
  expectedDefenderSurvivors: number;
}

export interface OddsDisplay {
  /** The chance of taking the territory, such as "73.2%", "<0.1%" or "100%". */
  win: string;
  /** The expected attacking armies left, such as "4.1". */
  attackerLeft: string;
  defenderLeft: string;
  /** One sentence for the button's description and screen readers. */
  text: string;
  /** A coarse band for styling: likely (>= 60%), even (>= 40%) or unlikely. */
  band: "likely" | "even" | "unlikely";
}

/** A probability as a percentage with one decimal; never "0.0%" or "100.0%" for what is only nearly so. */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p) || p <= 0) return "0%";
  if (p >= 1) return "100%";
  const pct = p * 100;
  if (pct < 0.1) return "<0.1%";
  if (pct > 99.9) return ">99.9%";
  return `${pct.toFixed(1)}%`;
}

/** An expected number of armies with one decimal, trailing ".0" dropped. */
export function formatArmies(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return "0";
  const s = n.toFixed(1);
  return s.endsWith(".0") ? s.slice(0, -2) : s;
}

export function formatOdds(o: BattleOdds): OddsDisplay {
  const win = formatPercent(o.attackerWins);
  const attackerLeft = formatArmies(o.expectedAttackerSurvivors);
  const defenderLeft = formatArmies(o.expectedDefenderSurvivors);
  const band = o.attackerWins >= 0.6 ? "likely" : o.attackerWins >= 0.4 ? "even" : "unlikely";
  return {
    win,
    attackerLeft,
    defenderLeft,
    band,
    text: `${win} to conquer; on average ${attackerLeft} attacking and ${defenderLeft} defending armies left`,
  };
}

/** The largest army count Query.battleOdds accepts (rules.MaxOddsArmies). */
export const MAX_ODDS_ARMIES = 1000;

/**
 * The battleOdds arguments for an attack until conquered from a territory of `fromArmies` armies that stops
 * when it is down to `stopAt`, or null when the API cannot answer (nothing to attack with, or more armies
 * than it computes).
 */
export function oddsArgs(
  fromArmies: number,
  toArmies: number,
  stopAt = 1,
): { attackers: number; defenders: number } | null {
  const attackers = fromArmies - Math.max(1, stopAt);
  if (attackers < 1 || toArmies < 1 || attackers > MAX_ODDS_ARMIES || toArmies > MAX_ODDS_ARMIES) return null;
  return { attackers, defenders: toArmies };
}

/** How long an attack goes on: one roll, until conquered, or until conquered or down to some armies. */
export type AttackLength = "once" | "conquered" | "downto";

/** The question to ask the API for exactly what will be sent: one roll's outcomes, or a whole battle's. */
export type OddsRequest =
  { kind: "roll"; attackDice: number; defendDice: number } | { kind: "battle"; attackers: number; defenders: number };

/**
 * The odds to show before an attack of `length` from `fromArmies` on `toArmies`: one roll of `dice` asks
 * Query.rollOdds for the dice chosen against `defendDice`, the dice the server says the defender rolls
 * (the attack action's `defendDice`); until conquered asks battleOdds(from − 1, to); down to N
 * battleOdds(from − N, to). Null when there is nothing to ask: one roll without the defender's dice, or a
 * battle against armies fog hides (`toArmies` null).
 */
export function oddsRequest(
  length: AttackLength,
  fromArmies: number,
  toArmies: number | null,
  dice: number,
  defendDice: number | null | undefined,
  stopAt = 1,
): OddsRequest | null {
  if (length === "once") {
    if (dice < 1 || !defendDice || defendDice < 1) return null;
    return { kind: "roll", attackDice: dice, defendDice };
  }
  if (toArmies === null) return null;
  const args = oddsArgs(fromArmies, toArmies, length === "downto" ? stopAt : 1);
  return args && { kind: "battle", ...args };
}

/**
 * The sentence shown before an attack until conquered (or down to `stopAt`), saying what the odds are for.
 */
export function oddsSentence(
  o: OddsDisplay,
  length: Exclude<AttackLength, "once">,
  from: string,
  stopAt: number,
): string {
  const what = length === "downto" ? ` before ${from} is down to ${stopAt}` : "";
  return `Odds of conquering${what}: ${o.win}; on average ${o.attackerLeft} of your armies and ${o.defenderLeft} of theirs left.`;
}

/** One result of one roll, as Query.rollOdds answers it. */
export interface RollOutcome {
  attackerLosses: number;
  defenderLosses: number;
  probability: number;
}

/**
 * One roll's outcomes in one sentence, in the server's order (best first for the attacker): "Odds of this
 * roll: Red loses 0, Blue loses 2: 37.2%; Red loses 1, Blue loses 1: 33.6%; Red loses 2, Blue loses 0: 29.3%."
 */
export function rollSentence(outcomes: readonly RollOutcome[], attacker: string, defender: string): string {
  const parts = outcomes.map(
    (o) =>
      `${attacker} loses ${o.attackerLosses}, ${defender} loses ${o.defenderLosses}: ${formatPercent(o.probability)}`,
  );
  return `Odds of this roll: ${parts.join("; ")}.`;
}

/** A band for one roll's colour: by the chance that the defender loses more than the attacker. */
export function rollBand(outcomes: readonly RollOutcome[]): OddsDisplay["band"] {
  const good = outcomes.filter((o) => o.defenderLosses > o.attackerLosses).reduce((s, o) => s + o.probability, 0);
  return good >= 0.6 ? "likely" : good >= 0.4 ? "even" : "unlikely";
}

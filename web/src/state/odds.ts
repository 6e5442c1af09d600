// Formatting Query.battleOdds for display before an attack.

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
  band: 'likely' | 'even' | 'unlikely';
}

/** A probability as a percentage with one decimal; never "0.0%" or "100.0%" for what is only nearly so. */
export function formatPercent(p: number): string {
  if (!Number.isFinite(p) || p <= 0) return '0%';
  if (p >= 1) return '100%';
  const pct = p * 100;
  if (pct < 0.1) return '<0.1%';
  if (pct > 99.9) return '>99.9%';
  return `${pct.toFixed(1)}%`;
}

/** An expected number of armies with one decimal, trailing ".0" dropped. */
export function formatArmies(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  const s = n.toFixed(1);
  return s.endsWith('.0') ? s.slice(0, -2) : s;
}

export function formatOdds(o: BattleOdds): OddsDisplay {
  const win = formatPercent(o.attackerWins);
  const attackerLeft = formatArmies(o.expectedAttackerSurvivors);
  const defenderLeft = formatArmies(o.expectedDefenderSurvivors);
  const band = o.attackerWins >= 0.6 ? 'likely' : o.attackerWins >= 0.4 ? 'even' : 'unlikely';
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
export function oddsArgs(fromArmies: number, toArmies: number, stopAt = 1): { attackers: number; defenders: number } | null {
  const attackers = fromArmies - Math.max(1, stopAt);
  if (attackers < 1 || toArmies < 1 || attackers > MAX_ODDS_ARMIES || toArmies > MAX_ODDS_ARMIES) return null;
  return { attackers, defenders: toArmies };
}

/** How long an attack goes on: one roll, until conquered, or until conquered or down to some armies. */
export type AttackLength = 'once' | 'conquered' | 'downto';

/**
 * The sentence shown before an attack, saying what the odds are for. Query.battleOdds answers for a battle
 * carried on to its end, so for one roll the sentence says they are the odds of going on until conquered,
 * never the roll's own.
 */
export function oddsSentence(o: OddsDisplay, length: AttackLength, from: string, stopAt: number): string {
  const what =
    length === 'once'
      ? ' if you go on until conquered (not this one roll)'
      : length === 'downto'
        ? ` before ${from} is down to ${stopAt}`
        : '';
  return `Odds of conquering${what}: ${o.win}; on average ${o.attackerLeft} of your armies and ${o.defenderLeft} of theirs left.`;
}

// The reinforcement breakdown at the start of a turn, in words, from Game.reinforcements (the engine's own
// count): "13 armies: 11 territories ÷ 3 = 3 (minimum 3), North America +5, Australia +2, cards +10".
// Nothing is computed here but the sentence: every number is the server's.

/** Game.reinforcements as the API gives it. */
export interface Reinforcements {
  seat: number;
  territories: number;
  fromTerritories: number;
  areas: ReadonlyArray<{ key: string; name: string; bonus: number }>;
  minimum: number;
  total: number;
  /** The worth of the sets traded this turn so far (the territory bonus not counted). */
  fromCards?: number | null;
}

function signed(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

/** The armies the turn brings, all told: the turn's grant and the sets traded so far. */
export function reinforcementTotal(r: Reinforcements): number {
  return r.total + (r.fromCards ?? 0);
}

/** The breakdown in one line: what the territories count for, each area held whole, the cards. */
export function reinforcementWords(r: Reinforcements): string {
  const all = reinforcementTotal(r);
  const parts = [
    `${r.territories} ${r.territories === 1 ? "territory" : "territories"} ÷ 3 = ${r.fromTerritories} (minimum ${r.minimum})`,
  ];
  for (const a of r.areas) parts.push(`${a.name} ${signed(a.bonus)}`);
  // The areas' sum may take the count under the minimum (a negative bonus): the server's total says so.
  const counted = Math.max(r.minimum, r.fromTerritories) + r.areas.reduce((s, a) => s + a.bonus, 0);
  if (counted !== r.total) parts.push(`at least ${r.total} in all`);
  if (r.fromCards) parts.push(`cards ${signed(r.fromCards)}`);
  return `${all} ${all === 1 ? "army" : "armies"}: ${parts.join(", ")}`;
}

// Bonus areas as the legend shows them: each area with its bonus, who holds it whole, and how close each
// seat is (territories held out of the area's size). Pure: from the map's areas, each territory's areas
// and the owners, in map order.

export interface AreaDef {
  key: string;
  name: string;
  bonus?: number;
}

export interface AreaShare {
  seat: number;
  held: number;
}

export interface AreaStanding {
  key: string;
  name: string;
  bonus: number;
  /** The number of territories in the area. */
  size: number;
  /** The seat that holds every territory of the area, or null. */
  holder: number | null;
  /** Seats holding part of the area, most territories first (then by seat). */
  shares: AreaShare[];
}

/**
 * The standing of every area: `areasOf[i]` are territory i's area keys, `owners[i]` its owner (null:
 * unclaimed or neutral). Areas come in the map's order.
 */
export function areaStandings(
  areas: readonly AreaDef[],
  areasOf: ReadonlyArray<readonly string[] | undefined>,
  owners: ReadonlyArray<number | null>,
): AreaStanding[] {
  const byKey = new Map<string, { size: number; held: Map<number, number> }>(
    areas.map((a) => [a.key, { size: 0, held: new Map() }]),
  );
  areasOf.forEach((keys, i) => {
    for (const k of keys ?? []) {
      const a = byKey.get(k);
      if (!a) continue;
      a.size++;
      const o = owners[i];
      if (o !== null && o !== undefined) a.held.set(o, (a.held.get(o) ?? 0) + 1);
    }
  });
  return areas.map((a) => {
    const { size, held } = byKey.get(a.key)!;
    const shares = [...held].map(([seat, n]) => ({ seat, held: n })).sort((x, y) => y.held - x.held || x.seat - y.seat);
    const holder = size > 0 && shares.length === 1 && shares[0].held === size ? shares[0].seat : null;
    return { key: a.key, name: a.name, bonus: a.bonus ?? 0, size, holder, shares };
  });
}

/** The armies a seat gets each turn from the areas it holds whole. */
export function bonusOf(standings: readonly AreaStanding[], seat: number): number {
  return standings.reduce((sum, a) => sum + (a.holder === seat ? a.bonus : 0), 0);
}

/** A share in words: "Red — alice 7/9", with the seat's title from the caller. */
export function shareText(title: string, held: number, size: number): string {
  return `${title} ${held}/${size}`;
}

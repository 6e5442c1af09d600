// The viewer's hand and the sets it can trade, for display. The card rules live in the server alone: each
// `trade` action of viewerActions is a set the viewer may trade now, with its worth under the game's card
// system (`Action.worth`) and the territories that get the territory bonus (`bonusTerritories`, each
// `bonusArmies` armies). Nothing here makes a set or computes a worth. On every board the trade actions are
// read: a big board, where the API does not list every action at once, reads them by kind
// (`viewerActions(kind: "trade")`, bounded by the hand).

import type { Action, CardSymbol, MapInfo } from "./types";

export interface CardSet {
  cards: number[];
  /** The armies the set brings into the reserve now, as the server says; null when it has not said. */
  worth: number | null;
  /** The keys of the territories that get `bonusArmies` each if the set is traded now. */
  bonus: string[];
  bonusArmies: number;
}

/** The symbol a card shows: a territory's (from the map) or, past the territories, a wild card. */
export function cardSymbol(map: MapInfo, card: number): CardSymbol {
  return card < map.symbols.length ? map.symbols[card] : "wild";
}

/** The territory a card shows, or null for a wild card. */
export function cardTerritory(map: MapInfo, card: number): number | null {
  return card >= 0 && card < map.keys.length ? card : null;
}

/** The sets the server offers to trade now: one per `trade` action, in the server's order. */
export function tradeSets(actions: readonly Action[]): CardSet[] {
  return actions
    .filter((a) => a.kind === "trade" && a.cards && a.cards.length > 0)
    .map((a) => ({
      cards: [...a.cards!],
      worth: a.worth ?? null,
      bonus: [...(a.bonusTerritories ?? [])],
      bonusArmies: a.bonusArmies ?? 2,
    }));
}

/** The cards of the hand that are part of at least one set (to highlight them). */
export function cardsInSets(sets: readonly CardSet[]): Set<number> {
  const s = new Set<number>();
  for (const set of sets) for (const c of set.cards) s.add(c);
  return s;
}

/** What a set brings: "8 armies, and +2 on Peru and Brazil". */
export function setWords(s: CardSet, name: (key: string) => string): string {
  const worth = s.worth === null ? "armies the server did not say" : `${s.worth} ${s.worth === 1 ? "army" : "armies"}`;
  if (s.bonus.length === 0) return worth;
  const on = s.bonus.map(name);
  const list = on.length === 1 ? on[0] : `${on.slice(0, -1).join(", ")} and ${on[on.length - 1]}`;
  return `${worth}, and +${s.bonusArmies} on ${list}`;
}

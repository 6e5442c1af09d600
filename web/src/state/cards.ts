// The viewer's hand and the sets it can trade, for display. The card rules live in the server alone: each
// `trade` action of viewerActions is a set the viewer may trade now, with its worth under the game's card
// system (`Action.worth`) and the territories that get the territory bonus (`bonusTerritories`, each
// `bonusArmies` armies). Nothing here computes a worth.
//
// On a big board, where only the summary of the actions is read (more than the API lists at once), the trade
// actions are not known: the hand's sets are then grouped for display only (`groupSets`, three symbols alike
// or all different, wild cards standing in) and their worth is the server's to say when traded.

import type { Action, CardSymbol, MapInfo } from './types';

export interface CardSet {
  cards: number[];
  /** The armies the set brings into the reserve now, as the server says; null when it has not said. */
  worth: number | null;
  /** The keys of the territories that get `bonusArmies` each if the set is traded now. */
  bonus: string[];
  bonusArmies: number;
  /** Whether the server offers this trade now. */
  legal: boolean;
}

/** The symbol a card shows: a territory's (from the map) or, past the territories, a wild card. */
export function cardSymbol(map: MapInfo, card: number): CardSymbol {
  return card < map.symbols.length ? map.symbols[card] : 'wild';
}

/** The territory a card shows, or null for a wild card. */
export function cardTerritory(map: MapInfo, card: number): number | null {
  return card >= 0 && card < map.keys.length ? card : null;
}

/** The sets the server offers to trade now: one per `trade` action, in the server's order. */
export function tradeSets(actions: readonly Action[]): CardSet[] {
  return actions
    .filter((a) => a.kind === 'trade' && a.cards && a.cards.length > 0)
    .map((a) => ({
      cards: [...a.cards!],
      worth: a.worth ?? null,
      bonus: [...(a.bonusTerritories ?? [])],
      bonusArmies: a.bonusArmies ?? 2,
      legal: true,
    }));
}

/**
 * A big board's sets, grouped for display from the hand's symbols when the trade actions are not read: three
 * alike or three different, wild cards standing in. Their worth is unknown here (null).
 */
export function groupSets(map: MapInfo, hand: readonly number[], tradeOffered: boolean): CardSet[] {
  const out: CardSet[] = [];
  for (let i = 0; i < hand.length; i++) {
    for (let j = i + 1; j < hand.length; j++) {
      for (let k = j + 1; k < hand.length; k++) {
        const cards = [hand[i], hand[j], hand[k]];
        const symbols = cards.map((c) => cardSymbol(map, c));
        const kinds = symbols.filter((s) => s !== 'wild');
        const distinct = new Set(kinds).size;
        if (distinct === 1 || distinct === kinds.length || kinds.length === 0) {
          out.push({ cards, worth: null, bonus: [], bonusArmies: 2, legal: tradeOffered });
        }
      }
    }
  }
  return out;
}

/** The cards of the hand that are part of at least one set (to highlight them). */
export function cardsInSets(sets: readonly CardSet[]): Set<number> {
  const s = new Set<number>();
  for (const set of sets) for (const c of set.cards) s.add(c);
  return s;
}

/** What a set brings: "8 armies, and +2 on Peru and Brazil". */
export function setWords(s: CardSet, name: (key: string) => string): string {
  const worth = s.worth === null ? 'armies counted by the server when traded' : `${s.worth} ${s.worth === 1 ? 'army' : 'armies'}`;
  if (s.bonus.length === 0) return worth;
  const on = s.bonus.map(name);
  const list = on.length === 1 ? on[0] : `${on.slice(0, -1).join(', ')} and ${on[on.length - 1]}`;
  return `${worth}, and +${s.bonusArmies} on ${list}`;
}

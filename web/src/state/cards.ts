// The viewer's hand: which three-card sets it holds and what each is worth now (docs/rules.md R15-R23).
// Whether a trade is allowed at this moment is the server's word (a `trade` action in viewerActions);
// the worth is computed here because the API does not say it, from the same public figures the server
// uses: the game-wide trade counter and the armies on the board.

import type { Action, CardSymbol, ClientGame, MapInfo } from './types';

export interface CardSet {
  cards: [number, number, number];
  symbols: [CardSymbol, CardSymbol, CardSymbol];
  /** The armies the set brings into the reserve now; null when the trade counter is unknown. */
  worth: number | null;
  /** The territories of the trader's that would get the 2-army territory bonus (R23). */
  bonus: number[];
  /** Whether the server offers this trade now (a `trade` action with these cards). */
  legal: boolean;
}

/** The symbol of card `card`: card i < T shows territory i, the rest are wild (R2). */
export function cardSymbol(map: MapInfo, card: number): CardSymbol {
  return card < map.symbols.length ? map.symbols[card] : 'wild';
}

/** The territory a card shows, or null for a wild card. */
export function cardTerritory(map: MapInfo, card: number): number | null {
  return card >= 0 && card < map.keys.length ? card : null;
}

/** The number of wild cards of a deck for T territories: max(2, round(2T / 42)) (R2). */
export function wildCards(territories: number): number {
  return Math.max(2, Math.round((2 * territories) / 42));
}

export interface SetKinds {
  /** Three infantry, three cavalry, three artillery (wilds standing in). */
  three: [boolean, boolean, boolean];
  oneEach: boolean;
}

const KIND_INDEX: Record<string, number> = { infantry: 0, cavalry: 1, artillery: 2 };

/** What kinds three symbols make, or null when they make no set (R15). */
export function classify(symbols: readonly CardSymbol[]): SetKinds | null {
  const counts = [0, 0, 0];
  let wilds = 0;
  for (const s of symbols) {
    if (s === 'wild') wilds++;
    else counts[KIND_INDEX[s]]++;
  }
  const three = counts.map((c) => c + wilds === 3) as [boolean, boolean, boolean];
  const oneEach = counts.every((c) => c <= 1);
  return three.some(Boolean) || oneEach ? { three, oneEach } : null;
}

/** The classic value of the set traded after `trades` others: 4, 6, 8, 10, 12, 15, 20, 25, ... (R18). */
export function classicValue(trades: number): number {
  return trades < 5 ? 4 + 2 * trades : 15 + 5 * (trades - 5);
}

/** The fixed value, the best the kinds allow: 4, 6, 8 for three of a kind, 10 for one of each (R16, R19). */
export function fixedValue(k: SetKinds): number {
  if (k.oneEach) return 10;
  let best = 0;
  [4, 6, 8].forEach((v, i) => {
    if (k.three[i]) best = v;
  });
  return best;
}

/** What a set of these kinds is worth to `seat` now under the game's card system (R18-R21). */
export function setWorth(g: ClientGame, seat: number, k: SetKinds): number | null {
  let others = 0;
  let active = 0;
  for (const s of g.seats) {
    if (s.status !== 'active') continue;
    active++;
    if (s.seat !== seat) others += s.armies;
  }
  switch (g.cardSystem) {
    case 'fixed':
      return fixedValue(k);
    case 'fixed_ttb':
      return Math.max(fixedValue(k), Math.floor((others * (g.ttbPercent || 6)) / 100));
    case 'classic_scaling_ttb':
      return g.trades === null ? null : Math.min(classicValue(g.trades), Math.floor(others / Math.max(1, active)));
    default:
      return g.trades === null ? null : classicValue(g.trades);
  }
}

function sameCards(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

/**
 * Every set in `hand`, in hand order, with its worth, bonus and whether the server offers it now: a `trade`
 * action with its cards, or on a big board, where only the summary is read, `tradeOffered` (the summary
 * holds a trade: every set of the hand may be traded).
 */
export function findSets(g: ClientGame, seat: number, hand: readonly number[], actions: readonly Action[] = [], tradeOffered = false): CardSet[] {
  const trades = actions.filter((a) => a.kind === 'trade' && a.cards);
  const out: CardSet[] = [];
  for (let i = 0; i < hand.length; i++) {
    for (let j = i + 1; j < hand.length; j++) {
      for (let k = j + 1; k < hand.length; k++) {
        const cards: [number, number, number] = [hand[i], hand[j], hand[k]];
        const symbols = cards.map((c) => cardSymbol(g.map, c)) as [CardSymbol, CardSymbol, CardSymbol];
        const kinds = classify(symbols);
        if (!kinds) continue;
        const bonus: number[] = [];
        for (const c of cards) {
          const t = cardTerritory(g.map, c);
          if (t !== null && g.board[t]?.owner === seat) bonus.push(t);
        }
        out.push({
          cards,
          symbols,
          worth: setWorth(g, seat, kinds),
          bonus,
          legal: tradeOffered || trades.some((a) => sameCards(a.cards!, cards)),
        });
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

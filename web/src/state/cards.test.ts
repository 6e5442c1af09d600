import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardsInSets, groupSets, setWords, tradeSets } from './cards';
import { applyEvent } from './game';
import { Replay, type GameRecord } from './replay';
import type { Action, ClientGame, MapInfo } from './types';

describe('the sets of the hand are the trade actions', () => {
  it('lists each trade action as a set, with the worth and bonus the server gives', () => {
    const actions: Action[] = [
      { kind: 'trade', cards: [0, 3, 4], min: 0, max: 0, worth: 8, bonusTerritories: ['a'], bonusArmies: 2 },
      { kind: 'trade', cards: [3, 1, 4], min: 0, max: 0, worth: 8, bonusTerritories: [], bonusArmies: 2 },
      { kind: 'place', from: 'a', min: 1, max: 5 },
    ];
    const sets = tradeSets(actions);
    expect(sets).toEqual([
      { cards: [0, 3, 4], worth: 8, bonus: ['a'], bonusArmies: 2, legal: true },
      { cards: [3, 1, 4], worth: 8, bonus: [], bonusArmies: 2, legal: true },
    ]);
    expect([...cardsInSets(sets)].sort()).toEqual([0, 1, 3, 4]);
    expect(tradeSets([{ kind: 'end_turn', min: 0, max: 0 }])).toEqual([]);
  });

  it('says what a set brings', () => {
    const name = (k: string) => ({ peru: 'Peru', brazil: 'Brazil' })[k] ?? k;
    expect(setWords({ cards: [1, 2, 3], worth: 8, bonus: [], bonusArmies: 2, legal: true }, name)).toBe('8 armies');
    expect(setWords({ cards: [1, 2, 3], worth: 10, bonus: ['peru'], bonusArmies: 2, legal: true }, name)).toBe('10 armies, and +2 on Peru');
    expect(setWords({ cards: [1, 2, 3], worth: 4, bonus: ['peru', 'brazil'], bonusArmies: 2, legal: true }, name)).toBe('4 armies, and +2 on Peru and Brazil');
    expect(setWords({ cards: [1, 2, 3], worth: null, bonus: [], bonusArmies: 2, legal: true }, name)).toBe('armies counted by the server when traded');
  });

  it('groups a big board hand for display, the worth left to the server', () => {
    const map: MapInfo = { keys: ['a', 'b', 'c', 'd'], names: ['A', 'B', 'C', 'D'], symbols: ['infantry', 'cavalry', 'artillery', 'infantry'] };
    // Cards 0 (infantry), 3 (infantry), 1 (cavalry), 4 (wild).
    const sets = groupSets(map, [0, 3, 1, 4], true);
    expect(sets.map((s) => s.cards)).toEqual([
      [0, 3, 4],
      [0, 1, 4],
      [3, 1, 4],
    ]);
    expect(sets.every((s) => s.worth === null && s.legal)).toBe(true);
    expect(groupSets(map, [0, 3, 1], false)).toEqual([]);
  });
});

// Every trade of the engine's records: the set traded is one the hand held, grouped alike for display (the
// worth and the bonus are the server's, in Action.worth and Action.bonusTerritories).
describe.each(['classic-random', 'classic-roundrobin', 'classic-fixed', 'classic-scaling'])('trades of %s', (name) => {
  const record = JSON.parse(readFileSync(join(__dirname, 'testdata', `${name}.record.json`), 'utf8')) as GameRecord;
  it(`finds each traded set in the hand (${record.settings.cardSystem})`, () => {
    const replay = new Replay(record);
    let g: ClientGame = replay.state(0);
    let trades = 0;
    for (const ev of replay.events) {
      if (ev.kind === 'cards_traded') {
        const p = ev.payload as { player: number; cards: number[] };
        const hand = g.seats[p.player].cards!;
        const set = groupSets(g.map, hand, true).find((s) => s.cards.every((c) => p.cards.includes(c)));
        expect(set, `set ${p.cards} in hand ${hand}`).toBeDefined();
        trades++;
      }
      const r = applyEvent(g, ev);
      if (r.status !== 'applied') throw new Error(r.status);
      g = r.state;
    }
    expect(trades).toBeGreaterThan(0);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardsInSets, classicValue, classify, findSets, fixedValue, wildCards } from './cards';
import { applyEvent } from './game';
import { Replay, type GameRecord } from './replay';
import type { Action, ClientGame } from './types';

describe('classify (R15)', () => {
  it.each([
    [['infantry', 'infantry', 'infantry'], true],
    [['cavalry', 'cavalry', 'cavalry'], true],
    [['infantry', 'cavalry', 'artillery'], true],
    [['infantry', 'infantry', 'wild'], true],
    [['infantry', 'cavalry', 'wild'], true],
    [['wild', 'wild', 'artillery'], true],
    [['wild', 'wild', 'wild'], true],
    [['infantry', 'infantry', 'cavalry'], false],
    [['artillery', 'artillery', 'cavalry'], false],
  ] as const)('%j makes a set: %s', (symbols, ok) => {
    expect(classify(symbols) !== null).toBe(ok);
  });

  it('counts infantry + wild + wild as one of each, worth 10 when fixed (R16)', () => {
    const k = classify(['infantry', 'wild', 'wild'])!;
    expect(k).toEqual({ three: [true, false, false], oneEach: true });
    expect(fixedValue(k)).toBe(10);
    expect(fixedValue(classify(['artillery', 'artillery', 'wild'])!)).toBe(8);
  });
});

describe('values', () => {
  it('follows the classic schedule (R18)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(classicValue)).toEqual([4, 6, 8, 10, 12, 15, 20, 25]);
  });
  it('has 2 wild cards on the classic map, 3 from 53 territories (R2)', () => {
    expect([42, 52, 53, 74, 5000].map(wildCards)).toEqual([2, 2, 3, 4, 238]);
  });
});

// Every trade of the engine's records: the set was found in the trader's hand, worth exactly what the engine
// gave for it, with the same territory bonus: under each of the four card systems.
describe.each(['classic-random', 'classic-roundrobin', 'classic-fixed', 'classic-scaling'])('trades of %s', (name) => {
  const record = JSON.parse(readFileSync(join(__dirname, 'testdata', `${name}.record.json`), 'utf8')) as GameRecord;
  it(`finds each traded set at its recorded worth (${record.settings.cardSystem})`, () => {
    const replay = new Replay(record);
    let g: ClientGame = replay.state(0);
    let trades = 0;
    for (const ev of replay.events) {
      if (ev.kind === 'cards_traded') {
        const p = ev.payload as { player: number; cards: number[]; armies: number; bonus?: number[] };
        const hand = g.seats[p.player].cards!;
        const action: Action = { kind: 'trade', cards: [...p.cards].reverse(), min: 0, max: 0 };
        const sets = findSets(g, p.player, hand, [action]);
        const set = sets.find((s) => s.cards.every((c) => p.cards.includes(c)));
        expect(set, `set ${p.cards} in hand ${hand}`).toBeDefined();
        expect(set!.worth).toBe(p.armies);
        expect(set!.bonus).toEqual((p.bonus ?? []).slice().sort((a, b) => p.cards.indexOf(a) - p.cards.indexOf(b)));
        expect(set!.legal).toBe(true);
        expect(sets.filter((s) => s.legal)).toHaveLength(1);
        trades++;
      }
      const r = applyEvent(g, ev);
      if (r.status !== 'applied') throw new Error(r.status);
      g = r.state;
    }
    expect(trades).toBeGreaterThan(0);
  });

  it('finds no set in hands that hold none', () => {
    const replay = new Replay(record);
    const g = replay.state(replay.length);
    for (const s of g.seats) {
      for (const set of findSets(g, s.seat, s.cards!)) expect(classify(set.symbols)).not.toBeNull();
    }
  });
});

describe('findSets', () => {
  const g = {
    map: { keys: ['a', 'b', 'c', 'd'], names: ['A', 'B', 'C', 'D'], symbols: ['infantry', 'cavalry', 'artillery', 'infantry'] },
    board: [
      { owner: 0, neutral: false, armies: 3 },
      { owner: 1, neutral: false, armies: 3 },
      { owner: 0, neutral: false, armies: 1 },
      { owner: 1, neutral: false, armies: 1 },
    ],
    seats: [
      { seat: 0, status: 'active', armies: 4 },
      { seat: 1, status: 'active', armies: 4 },
    ],
    cardSystem: 'classic',
    ttbPercent: 6,
    trades: 2,
  } as unknown as ClientGame;

  it('lists every set of the hand in hand order, with its worth and bonus', () => {
    // Cards 0 (inf, a), 1 (cav, b), 2 (art, c), 3 (inf, d), 4 (wild).
    const sets = findSets(g, 0, [0, 3, 1, 4]);
    expect(sets.map((s) => s.cards)).toEqual([
      [0, 3, 4],
      [0, 1, 4],
      [3, 1, 4],
    ]);
    expect(sets.map((s) => s.worth)).toEqual([8, 8, 8]);
    expect(sets[0].bonus).toEqual([0]);
    expect(sets[1].bonus).toEqual([0]);
    expect(sets[2].bonus).toEqual([]);
    expect(sets.every((s) => !s.legal)).toBe(true);
    expect([...cardsInSets(sets)].sort()).toEqual([0, 1, 3, 4]);
    expect(findSets(g, 0, [0, 3, 1])).toEqual([]);
  });

  it('offers a set by its trade action, or every set when a big board only says a trade is offered', () => {
    const trade = { kind: 'trade', cards: [3, 1, 4], min: 0, max: 0 };
    expect(findSets(g, 0, [0, 3, 1, 4], [trade]).map((s) => s.legal)).toEqual([false, false, true]);
    expect(findSets(g, 0, [0, 3, 1, 4], [], true).every((s) => s.legal)).toBe(true);
  });

  it('does not know the classic worth without the trade counter', () => {
    expect(findSets({ ...g, trades: null }, 0, [0, 1, 2])[0].worth).toBeNull();
    expect(findSets({ ...g, trades: null, cardSystem: 'fixed' }, 0, [0, 1, 2])[0].worth).toBe(10);
  });
});

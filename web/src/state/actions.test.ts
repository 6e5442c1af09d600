import { describe, expect, it } from 'vitest';
import { choices, draftPlace, emptyDraft, find, indexActions, reserveOf, sources } from './actions';
import type { Action } from './types';

const a = (kind: string, from?: string, to?: string, min = 0, max = 0): Action => ({ kind, from, to, min, max });

describe('actions', () => {
  const attack = indexActions([
    a('attack', 'brazil', 'peru', 1, 3),
    a('attack', 'brazil', 'venezuela', 1, 3),
    a('attack', 'argentina', 'peru', 1, 1),
    a('end_attack'),
    a('fortify', 'brazil', 'argentina', 1, 4),
    a('end_turn'),
    a('resign'),
  ]);

  it('highlights the sources without a selection, the targets from a selection', () => {
    expect(choices(attack, null).targets.sort()).toEqual(['argentina', 'brazil']);
    const c = choices(attack, 'brazil');
    expect(c.targets).toEqual(['peru', 'venezuela', 'argentina']);
    expect(c.kindOf.get('peru')).toBe('attack');
    expect(c.kindOf.get('argentina')).toBe('fortify');
    expect(choices(attack, 'peru').targets).toEqual([]);
    expect(find(attack, 'attack', 'argentina', 'peru')?.max).toBe(1);
    expect(find(attack, 'attack', 'argentina', 'venezuela')).toBeUndefined();
  });

  it('drafts a placement within the reserve, on offered territories only', () => {
    const place = indexActions([a('place', 'peru', undefined, 1, 5), a('place', 'brazil', undefined, 1, 5), a('resign')]);
    expect(reserveOf(place)).toBe(5);
    expect(sources(place, 'place')).toEqual(['peru', 'brazil']);
    let d = draftPlace(emptyDraft, place, 'peru', 3);
    d = draftPlace(d, place, 'brazil', 4);
    expect(d).toEqual({ placements: [{ territory: 'peru', armies: 3 }, { territory: 'brazil', armies: 2 }], total: 5 });
    expect(draftPlace(d, place, 'peru', 1)).toBe(d);
    expect(draftPlace(d, place, 'chile', 1)).toBe(d);
    d = draftPlace(d, place, 'peru', -5);
    expect(d).toEqual({ placements: [{ territory: 'brazil', armies: 2 }], total: 2 });
  });
});

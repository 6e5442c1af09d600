import { describe, expect, it } from 'vitest';
import { arrowShape } from './arrows';

describe('arrows', () => {
  it('runs from near one label point to near the other, bending to one side', () => {
    const s = arrowShape(0, 0, 100, 0, 10, 6)!;
    // From 10 units out of the start; the head's point 10 units short of the end.
    expect(s.line.startsWith('M10.0 0.0Q50.0 12.5 ')).toBe(true);
    expect(s.head.startsWith('M90.0 0.0L')).toBe(true);
    expect(s.head.endsWith('Z')).toBe(true);
  });

  it('keeps a short arrow visible and has no shape for no length', () => {
    const s = arrowShape(0, 0, 9, 0, 10, 6)!;
    expect(s.line.startsWith('M3.0 0.0')).toBe(true);
    expect(arrowShape(5, 5, 5, 5, 10, 6)).toBeNull();
  });
});

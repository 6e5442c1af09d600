// The log's window: which lines to render, out of thousands, for a scroll position. Lines are laid out
// one under the other; a line's height is its measured one once it has been shown, an estimate before.

/** The height of a line not measured yet, in pixels (one line of text and its padding). */
export const LINE_ESTIMATE = 24;

/** How far beyond the visible part lines are rendered, in pixels, above and below. */
export const LINE_MARGIN = 400;

/** The top of every line and, last, the total height: offsets[i] is line i's top, offsets[n] the end. */
export function lineOffsets(
  seqs: readonly number[],
  measured: ReadonlyMap<number, number>,
  estimate = LINE_ESTIMATE,
): Float64Array {
  const out = new Float64Array(seqs.length + 1);
  for (let i = 0; i < seqs.length; i++) out[i + 1] = out[i] + (measured.get(seqs[i]) ?? estimate);
  return out;
}

/** The first index whose line ends below y (the line under y), by bisection. */
function lineAt(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The lines to render, [start, end), for a box scrolled to `top` showing `height` pixels: those that cross
 * the visible part widened by `margin` on each side.
 */
export function lineWindow(
  offsets: Float64Array,
  top: number,
  height: number,
  margin = LINE_MARGIN,
): { start: number; end: number } {
  const n = offsets.length - 1;
  if (n <= 0) return { start: 0, end: 0 };
  const start = lineAt(offsets, Math.max(0, top - margin));
  const end = Math.min(n, lineAt(offsets, top + height + margin) + 1);
  return { start: Math.min(start, end), end };
}

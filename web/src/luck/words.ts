// The luck audit in plain words, and the arithmetic of the charts (docs/luck.md): pure functions, tested
// alone.

/** A player's luck in armies with its standing: "+4.2 armies, luckier than 80% of players with these rolls". */
export function luckWords(luck: number, percentile: number, rolls: number): string {
  if (rolls === 0) return "No battle rolls yet.";
  const armies = `${signed(luck)} ${Math.abs(luck) >= 0.95 && Math.abs(luck) < 1.05 ? "army" : "armies"}`;
  const pct = Math.round(percentile * 100);
  if (pct >= 50) return `${armies}, luckier than ${Math.min(pct, 99)}% of games like this`;
  return `${armies}, unluckier than ${Math.min(100 - pct, 99)}% of games like this`;
}

/** A number with its sign and one decimal: "+4.2", "−0.3" (a true minus sign), "0.0". */
export function signed(n: number): string {
  const r = Math.round(n * 10) / 10;
  if (r === 0) return "0.0";
  return `${r > 0 ? "+" : "−"}${Math.abs(r).toFixed(1)}`;
}

/** How far a z-score is from the expected, in words. */
export function zWords(z: number): string {
  const a = Math.abs(z);
  if (a < 1) return "well within what fair dice do";
  if (a < 2) return "within what fair dice often do";
  if (a < 3) return "unusual, but fair dice do this about once in 20 to 400 games";
  return "very unusual for fair dice";
}

/** A chi-square test's reading in words. */
export function testWords(t: { pValue: number; smallSample: boolean }, rolls: number): string {
  if (rolls === 0) return "no rolls";
  const p = t.pValue < 0.001 ? "p < 0.001" : `p = ${pText(t.pValue)}`;
  let words: string;
  if (t.pValue >= 0.05) words = `consistent with fair dice (${p})`;
  else if (t.pValue >= 0.001) words = `a little unusual (${p}); among many tests, some are`;
  else words = `unusual for fair dice (${p})`;
  return t.smallSample ? `${words}; too few rolls for the test to say much` : words;
}

/** A p-value to show: two significant digits, "< 0.001" below. */
export function pText(p: number): string {
  if (p < 0.001) return "< 0.001";
  return p >= 0.1 ? p.toFixed(2) : p.toPrecision(2);
}

/** A pairing's name: "3 v 2". */
export function pairingName(attackDice: number, defendDice: number): string {
  return `${attackDice} v ${defendDice}`;
}

/** An outcome of a pairing in words: "defender loses 2", "each loses 1", "attacker loses 1". */
export function outcomeWords(attackerLosses: number, defenderLosses: number): string {
  if (attackerLosses > 0 && defenderLosses > 0) return `each loses ${attackerLosses}`;
  if (defenderLosses > 0) return `defender loses ${defenderLosses}`;
  return `attacker loses ${attackerLosses}`;
}

/** The extent of a chart's values, with room: [min, max], always with max > min and 0 within for luck. */
export function extent(values: ReadonlyArray<number | null>, withZero: boolean): [number, number] {
  let lo = withZero ? 0 : Infinity;
  let hi = withZero ? 0 : -Infinity;
  for (const v of values) {
    if (v == null) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (!Number.isFinite(lo)) return [0, 1];
  if (hi === lo) return [lo - 1, hi + 1];
  return [lo, hi];
}

/**
 * The SVG path of a series drawn over [0, width] × [0, height]: x from the index over count points, y
 * from the value over [lo, hi] (up is more). A null value breaks the line: the viewer did not know it.
 */
export function linePath(
  values: ReadonlyArray<number | null>,
  count: number,
  [lo, hi]: [number, number],
  width: number,
  height: number,
): string {
  const x = (i: number) => (count <= 1 ? 0 : (i / (count - 1)) * width);
  const y = (v: number) => height - ((v - lo) / (hi - lo)) * height;
  let d = "";
  let pen = false;
  values.forEach((v, i) => {
    if (v == null) {
      pen = false;
      return;
    }
    d += `${pen ? "L" : "M"}${round(x(i))},${round(y(v))}`;
    pen = true;
  });
  return d;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Up to five round ticks over [lo, hi]. */
export function ticks([lo, hi]: [number, number]): number[] {
  const span = hi - lo;
  const raw = span / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

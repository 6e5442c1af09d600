// The rating chart's arithmetic: where each point of a rating's history goes in the SVG, the round numbers
// of its scale, and the words of a change. Pure, for the chart (./ratingchart.tsx) and its tests.

/** One point of the chart: a rated game, with the public number after it. */
export interface ChartPoint {
  /** When the game ended (ISO time). */
  at: string;
  rating: number;
}

/** The drawing's size and the margins left for the scale's labels. */
export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const CHART_BOX: ChartBox = { width: 640, height: 240, left: 48, right: 12, top: 12, bottom: 28 };

/** A mark of the scale: its value and where it goes. */
export interface Tick {
  value: number;
  y: number;
}

/** The chart laid out: the line's path, the points, the horizontal lines of the scale. */
export interface ChartLayout {
  path: string;
  points: { x: number; y: number; p: ChartPoint }[];
  ticks: Tick[];
  min: number;
  max: number;
}

/**
 * Round numbers from at or below lo to at or above hi, about `count` steps apart: steps of 1, 2 or 5 times a
 * power of ten (never below 1). A flat range widens by one step each way.
 */
export function niceTicks(lo: number, hi: number, count = 4): number[] {
  if (!(hi >= lo)) [lo, hi] = [hi, lo];
  const span = Math.max(hi - lo, 1);
  const raw = span / Math.max(count, 1);
  const pow = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow);
  let start = Math.floor(lo / step) * step;
  let end = Math.ceil(hi / step) * step;
  if (start === end) {
    start -= step;
    end += step;
  }
  const out: number[] = [];
  for (let v = start; v <= end + step / 2; v += step) out.push(Math.round(v));
  return out;
}

/**
 * Lays out points (oldest first) in box: evenly spaced from left to right, one game a step (a single point
 * in the middle), the ratings on a vertical scale of round numbers that holds them all.
 */
export function layoutChart(points: ChartPoint[], box: ChartBox = CHART_BOX): ChartLayout {
  const ratings = points.map((p) => p.rating);
  const ticksValues = niceTicks(Math.min(...ratings, Infinity), Math.max(...ratings, -Infinity));
  const min = ticksValues[0];
  const max = ticksValues[ticksValues.length - 1];
  const innerW = box.width - box.left - box.right;
  const innerH = box.height - box.top - box.bottom;
  const y = (v: number) => box.top + innerH - ((v - min) / (max - min)) * innerH;
  const x = (i: number) =>
    points.length === 1 ? box.left + innerW / 2 : box.left + (i / (points.length - 1)) * innerW;
  const placed = points.map((p, i) => ({ x: round1(x(i)), y: round1(y(p.rating)), p }));
  const path = placed.map((q, i) => `${i === 0 ? "M" : "L"}${q.x} ${q.y}`).join(" ");
  return { path, points: placed, ticks: ticksValues.map((v) => ({ value: v, y: round1(y(v)) })), min, max };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** A rating change as players read it: "+12", "−5" (a minus sign), "±0". */
export function changeWords(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "\u00b10";
}

/** A game's length: "45 min", "3 h 20 min", "2 d 5 h"; "under a minute" below one. */
export function lengthWords(seconds: number): string {
  const m = Math.floor(seconds / 60);
  if (m < 1) return "under a minute";
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** A short description of a history for screen readers: from, to, the lowest and the highest. */
export function chartSummary(points: ChartPoint[]): string {
  if (points.length === 0) return "No rated games yet.";
  const r = points.map((p) => p.rating);
  const first = r[0];
  const last = r[r.length - 1];
  const games = points.length === 1 ? "1 rated game" : `${points.length} rated games`;
  return `${games}: from ${first} to ${last}, lowest ${Math.min(...r)}, highest ${Math.max(...r)}.`;
}

// The graphs of a game (Game.graphs): territories, armies, income and luck of every seat over the turns,
// as SVG line charts in the seats' colours, each with its seats' glyphs at the line's end so colour is never
// alone, a title and a summary for screen readers, and its numbers in a table on demand.
import { colorHex, seatGlyph, seatShort, type TitledSeat } from "../ui/format";
import { extent, linePath, signed, ticks } from "./words";

/** One point of the graphs as the API gives it. */
export type GraphPoint = {
  turn: number;
  round: number;
  seat?: number | null;
  final: boolean;
  seats: ReadonlyArray<{
    seat: number;
    territories?: number | null;
    armies?: number | null;
    income?: number | null;
    luck: number;
  }>;
};

/** The measures charted, in order. */
export const MEASURES = [
  { key: "territories", title: "Territories", unit: "territories" },
  { key: "armies", title: "Armies", unit: "armies" },
  { key: "income", title: "Income", unit: "armies a turn" },
  { key: "luck", title: "Luck", unit: "armies against the odds" },
] as const;

type Measure = (typeof MEASURES)[number]["key"];

const W = 320;
const H = 140;
const PAD = { left: 34, right: 22, top: 8, bottom: 20 };

/** The value of a measure of a seat at a point: null where the viewer did not know it. */
export function valueAt(p: GraphPoint, seat: number, m: Measure): number | null {
  const s = p.seats[seat];
  if (!s) return null;
  return s[m] ?? null;
}

/** The charts of a game's graphs; turn marks the replay's turn on each. */
export function GameCharts(props: {
  points: ReadonlyArray<GraphPoint>;
  seats: ReadonlyArray<TitledSeat>;
  turn?: number;
}) {
  const { points, seats } = props;
  if (points.length === 0) return <p>No game turn has started yet: the charts begin with the first.</p>;
  return (
    <div class="luck-charts">
      {MEASURES.map((m) => (
        <Chart key={m.key} measure={m} points={points} seats={seats} turn={props.turn} />
      ))}
    </div>
  );
}

function Chart(props: {
  measure: (typeof MEASURES)[number];
  points: ReadonlyArray<GraphPoint>;
  seats: ReadonlyArray<TitledSeat>;
  turn?: number;
}) {
  const { measure, points, seats } = props;
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const series = seats.map((_, s) => points.map((p) => valueAt(p, s, measure.key)));
  const range = extent(series.flat(), measure.key === "luck");
  const y = (v: number) => PAD.top + ih - ((v - range[0]) / (range[1] - range[0])) * ih;
  const x = (i: number) => PAD.left + (points.length <= 1 ? 0 : (i / (points.length - 1)) * iw);
  const id = `chart-${measure.key}`;
  const last = points[points.length - 1];
  const summary = seats
    .map((s, i) => {
      const v = valueAt(last, i, measure.key);
      return `${seatShort(s)} ${v == null ? "unknown" : measure.key === "luck" ? signed(v) : v}`;
    })
    .join(", ");
  const marker = props.turn == null ? -1 : lastIndexAtOrBefore(points, props.turn);
  const fmt = (v: number | null) => (v == null ? "?" : measure.key === "luck" ? signed(v) : String(v));
  return (
    <figure class="luck-chart">
      <figcaption id={`${id}-title`}>{measure.title}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <desc id={`${id}-desc`}>
          {`${measure.title} per player over ${points.length} turns, ${measure.unit}; at the ${last.final ? "end" : "last turn"}: ${summary}.`}
        </desc>
        <g class="luck-axis" aria-hidden="true">
          {ticks(range).map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={PAD.left + iw} y1={y(t)} y2={y(t)} class={t === 0 ? "zero" : undefined} />
              <text x={PAD.left - 4} y={y(t) + 3} text-anchor="end">
                {measure.key === "luck" ? signed(t).replace(".0", "") : t}
              </text>
            </g>
          ))}
          <text x={PAD.left} y={H - 4}>
            turn {points[0].turn}
          </text>
          <text x={PAD.left + iw} y={H - 4} text-anchor="end">
            {last.final ? "end" : `turn ${last.turn}`}
          </text>
          {marker >= 0 && <line class="luck-now" x1={x(marker)} x2={x(marker)} y1={PAD.top} y2={PAD.top + ih} />}
        </g>
        <g transform={`translate(${PAD.left},${PAD.top})`} aria-hidden="true">
          {series.map((vals, s) => (
            <path
              key={s}
              d={linePath(vals, points.length, range, iw, ih)}
              stroke={colorHex(seats[s].color)}
              class="luck-line"
            />
          ))}
        </g>
        <g aria-hidden="true">
          {series.map((vals, s) => {
            const i = lastKnown(vals);
            if (i < 0) return null;
            return (
              <text key={s} x={x(i) + 3} y={y(vals[i]!) + 4} fill={colorHex(seats[s].color)} class="luck-glyph">
                {seatGlyph(s)}
              </text>
            );
          })}
        </g>
      </svg>
      <details>
        <summary>Numbers</summary>
        <table class="luck-table">
          <caption class="visually-hidden">{measure.title} per turn</caption>
          <thead>
            <tr>
              <th scope="col">Turn</th>
              {seats.map((s, i) => (
                <th scope="col" key={i}>
                  {seatShort(s)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i}>
                <th scope="row">{p.final ? "end" : p.turn}</th>
                {seats.map((_, s) => (
                  <td key={s}>{fmt(valueAt(p, s, measure.key))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The index of the last point of a turn at or before turn; -1 when none. */
export function lastIndexAtOrBefore(points: ReadonlyArray<GraphPoint>, turn: number): number {
  let out = -1;
  points.forEach((p, i) => {
    if (!p.final && p.turn <= turn) out = i;
  });
  return out;
}

function lastKnown(vals: ReadonlyArray<number | null>): number {
  for (let i = vals.length - 1; i >= 0; i--) if (vals[i] != null) return i;
  return -1;
}

/** The legend of the charts: each seat's swatch, glyph and name. */
export function ChartLegend(props: { seats: ReadonlyArray<TitledSeat> }) {
  return (
    <ul class="luck-legend" aria-label="Players in the charts">
      {props.seats.map((s, i) => (
        <li key={i}>
          <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
            {seatGlyph(i)}
          </span>
          {seatShort(s)}
        </li>
      ))}
    </ul>
  );
}

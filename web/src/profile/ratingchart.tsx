// A rating's history as an SVG line chart, drawn here from ./chart.ts's layout: a title and a description
// for screen readers, and the same points as a table under it.
import { CHART_BOX, changeWords, chartSummary, layoutChart, type ChartPoint } from "./chart";

export interface HistoryPoint extends ChartPoint {
  change: number;
  place: number;
  gameId?: string | null;
}

export function RatingChart(props: { id: string; title: string; points: HistoryPoint[] }) {
  const { points } = props;
  const l = layoutChart(points);
  const b = CHART_BOX;
  const date = (at: string) => new Date(at).toLocaleDateString();
  return (
    <figure class="rating-chart">
      {points.length === 0 ? (
        <p class="hint">{chartSummary(points)}</p>
      ) : (
        <svg viewBox={`0 0 ${b.width} ${b.height}`} role="img" aria-labelledby={`${props.id}-title ${props.id}-desc`}>
          <title id={`${props.id}-title`}>{props.title}</title>
          <desc id={`${props.id}-desc`}>{chartSummary(points)}</desc>
          {l.ticks.map((t) => (
            <g key={t.value} class="tick">
              <line x1={b.left} x2={b.width - b.right} y1={t.y} y2={t.y} />
              <text x={b.left - 6} y={t.y} dy="0.32em" text-anchor="end">
                {t.value}
              </text>
            </g>
          ))}
          <text class="axis" x={b.left} y={b.height - 8}>
            {date(points[0].at)}
          </text>
          {points.length > 1 && (
            <text class="axis" x={b.width - b.right} y={b.height - 8} text-anchor="end">
              {date(points[points.length - 1].at)}
            </text>
          )}
          <path class="line" d={l.path} />
          {l.points.map((q, i) => (
            <circle key={i} class="dot" cx={q.x} cy={q.y} r={points.length > 60 ? 1.5 : 3} />
          ))}
        </svg>
      )}
      {points.length > 0 && (
        <details>
          <summary>The history as a table</summary>
          <table>
            <caption class="visually-hidden">{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">Game ended</th>
                <th scope="col">Place</th>
                <th scope="col">Rating</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {points
                .slice()
                .reverse()
                .map((p, i) => (
                  <tr key={i}>
                    <th scope="row">
                      {p.gameId ? (
                        <a href={`/games/${encodeURIComponent(p.gameId)}/replay`}>{date(p.at)}</a>
                      ) : (
                        date(p.at)
                      )}
                    </th>
                    <td class="num">{p.place}</td>
                    <td class="num">{p.rating}</td>
                    <td class="num">{changeWords(p.change)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}

// The bonus areas beside the map: each area in its outline colour on the map with its bonus, who holds it
// (colour glyph and name, never colour alone) and how close each player is ("Red — alice 7/9"). The logic
// is state/areas.ts.
import { useMemo } from "preact/hooks";
import { areaColors, type MapGeometry } from "../board";
import { areaStandings, bonusOf, shareText } from "../state/areas";
import type { ClientGame } from "../state/types";
import { colorHex, seatGlyph, seatTitle } from "../ui/format";
import "./legend.css";

/** Players shown per area; the rest are counted. */
const SHOWN = 3;

export function AreaLegend(props: { geometry: MapGeometry; game: ClientGame }) {
  const { geometry, game } = props;
  const owners = game.board.map((t) => (t.neutral ? null : t.owner));
  const areasOf = useMemo(() => geometry.territories.map((t) => t.areas ?? []), [geometry]);
  const colorOf = useMemo(() => areaColors(geometry.areas ?? []), [geometry]);
  const standings = areaStandings(geometry.areas ?? [], areasOf, owners);
  if (standings.length === 0) return null;
  const seat = (n: number) => game.seats.find((s) => s.seat === n);
  const mine = game.viewerSeat !== null ? bonusOf(standings, game.viewerSeat) : 0;
  return (
    <section class="area-legend" aria-labelledby="area-legend-h">
      <h2 id="area-legend-h">Areas</h2>
      {game.viewerSeat !== null && <p class="area-mine">Your area bonus: +{mine} a turn.</p>}
      <ul tabIndex={0} aria-label="Areas, their bonuses and who holds them">
        {standings.map((a) => {
          const holder = a.holder !== null ? seat(a.holder) : undefined;
          return (
            <li key={a.key} class={holder ? "held" : ""}>
              <span class="area-swatch" style={{ borderColor: colorOf.get(a.key) }} aria-hidden="true" />
              <span class="area-name">{a.name}</span> <span class="area-bonus">+{a.bonus}</span>
              {holder ? (
                <span class="area-holder">
                  {" "}
                  held by{" "}
                  <span class="swatch" style={{ background: colorHex(holder.color) }} aria-hidden="true">
                    {seatGlyph(holder.seat)}
                  </span>{" "}
                  {seatTitle(holder)}
                </span>
              ) : (
                <span class="area-shares">
                  {a.shares.length === 0 && " unclaimed"}
                  {a.shares.slice(0, SHOWN).map((sh) => {
                    const s = seat(sh.seat);
                    if (!s) return null;
                    return (
                      <span key={sh.seat} class="area-share">
                        {" "}
                        <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
                          {seatGlyph(s.seat)}
                        </span>{" "}
                        {shareText(seatTitle(s), sh.held, a.size)}
                      </span>
                    );
                  })}
                  {a.shares.length > SHOWN && ` and ${a.shares.length - SHOWN} more`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

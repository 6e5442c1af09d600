// The seats panel: who plays, their territories, armies and cards ("?" where fog hides them), their status,
// and the time left for the one whose turn it is.
import type { GameInfo } from "./controller";
import type { ClientGame } from "../state/types";
import { colorHex, countdown, seatGlyph, seatTitle } from "../ui/format";
import { Count } from "./count";

export function SeatsPanel(props: { game: ClientGame; info: GameInfo; now: number }) {
  const { game } = props;
  return (
    <section class="seats" aria-label="Players" tabIndex={0}>
      <h2>Players</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" title="Territories">
              Terr.
            </th>
            <th scope="col">Armies</th>
            <th scope="col">Cards</th>
          </tr>
        </thead>
        <tbody>
          {game.seats.map((s) => {
            const current = game.currentSeat === s.seat && game.phase !== "over";
            return (
              <tr key={s.seat} class={current ? "current" : ""} aria-current={current ? "true" : undefined}>
                <th scope="row">
                  <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
                    {seatGlyph(s.seat)}
                  </span>{" "}
                  {seatTitle(s)}
                  {s.seat === game.viewerSeat && " (you)"}
                  <div class="sub">
                    {s.cpu ? "CPU" : "human"}
                    {s.status !== "active" && ` · ${s.status}`}
                    {game.winner === s.seat && " · winner"}
                    {current && props.info.turnDeadline && ` · ${countdown(props.info.turnDeadline, props.now)} left`}
                  </div>
                </th>
                <td class="num">
                  <Count n={s.territories} />
                </td>
                <td class="num">
                  <Count n={s.armies} />
                </td>
                <td class="num">
                  <Count n={s.cardCount} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

// The seats panel: who plays, their territories, armies and cards ("?" where fog hides them), their status,
// and the time left for the one whose turn it is. A team game's seats are grouped by team, each under its
// name and hue, and once it is over the panel says which team won and who was on it. With the game's
// presence (./presence.ts), a dot marks the players here now and a line says how many spectators watch.
import type { GameInfo } from "./controller";
import type { ClientGame, SeatView } from "../state/types";
import { groupByTeam, winnersWords } from "../state/teams";
import { colorHex, countdown, seatGlyph, seatTitle } from "../ui/format";
import { Count } from "./count";
import { Link } from "../ui/link";
import { changeWords } from "../profile/chart";
import { watchingWords, type Presence } from "./presence";

export function SeatsPanel(props: { game: ClientGame; info: GameInfo; now: number; presence?: Presence | null }) {
  const { game, presence } = props;
  const over = game.phase === "over";
  const won = over && game.teams.length > 0 ? winnersWords(game.teams, game.seats, game.winners) : "";
  return (
    <section class="seats" aria-label="Players" tabIndex={0}>
      <h2>{game.teams.length > 0 ? "Teams" : "Players"}</h2>
      {won && <p class="winners">{won}</p>}
      {presence && (
        <p class="watching" aria-live="polite">
          {watchingWords(presence.spectatorCount)}
        </p>
      )}
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
        {groupByTeam(game.teams, game.seats).map((g) => (
          <tbody key={g.team?.index ?? -1} class={g.team ? "team" : undefined}>
            {g.team && (
              <tr class="team-head">
                <th scope="rowgroup" colSpan={4}>
                  <span class="team-hue" style={{ background: g.team.color }} aria-hidden="true" />
                  {g.team.name}
                  {over && game.winners?.some((w) => g.seats.some((s) => s.seat === w)) && " · winners"}
                </th>
              </tr>
            )}
            {g.seats.map((s) => (
              <SeatRow key={s.seat} s={s} {...props} />
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}

function SeatRow(props: { s: SeatView; game: ClientGame; info: GameInfo; now: number; presence?: Presence | null }) {
  const { s, game } = props;
  const here = props.presence?.presentSeats.has(s.seat) ?? false;
  const current = game.currentSeat === s.seat && game.phase !== "over";
  const winner = game.phase === "over" && (game.winners ?? [game.winner]).includes(s.seat);
  // The player's profile, and what a finished rated game did to their rating.
  const userId = props.info.seats.find((x) => x.seat === s.seat)?.user?.id;
  const rc = props.info.ratingChanges?.find((c) => c.seat === s.seat);
  return (
    <tr class={current ? "current" : ""} aria-current={current ? "true" : undefined}>
      <th scope="row">
        <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
          {seatGlyph(s.seat)}
        </span>{" "}
        {userId ? <Link href={`/players/${encodeURIComponent(userId)}`}>{seatTitle(s)}</Link> : seatTitle(s)}
        {s.seat === game.viewerSeat && " (you)"}
        {here && <span class="presence-dot" role="img" aria-label="here now" title="Watching this game now" />}
        <div class="sub">
          {s.cpu ? (s.teamName != null ? `CPU (${s.difficulty || "normal"})` : "CPU") : "human"}
          {s.status !== "active" && ` · ${s.status}`}
          {s.handedOver && " · left, played for the team"}
          {winner && " · winner"}
          {current && props.info.turnDeadline && ` · ${countdown(props.info.turnDeadline, props.now)} left`}
        </div>
        {rc && (
          <div class="sub rating-change">
            Rating {rc.ratingAfter}
            {rc.provisional && "?"} ({changeWords(rc.change)})
          </div>
        )}
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
}

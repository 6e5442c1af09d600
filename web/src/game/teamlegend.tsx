// The map's key to a team game: each team by its hue and name, and each of its seats as its territories
// look on the map (the shade of the team's hue and the seat's pattern), so that teams read at a glance and
// teammates stay apart. Nothing in a free-for-all: the seats panel's swatches are its key.
import { ownerStyles, swatchSvg } from "../board";
import { groupByTeam } from "../state/teams";
import type { ClientGame } from "../state/types";
import { teamSeatName } from "../ui/format";

export function TeamLegend(props: { game: ClientGame }) {
  const { game } = props;
  if (game.teams.length === 0) return null;
  const styles = ownerStyles(game.seats);
  return (
    <section class="team-legend" aria-label="Teams on the map">
      <ul>
        {groupByTeam(game.teams, game.seats).map((g) => (
          <li key={g.team?.index}>
            <span class="team-hue" style={{ background: g.team?.color }} aria-hidden="true" />
            <strong>{g.team?.name}</strong>:{" "}
            {g.seats.map((s, i) => {
              const st = styles.get(s.seat);
              return (
                <span key={s.seat} class="seat-chip">
                  {st && (
                    <span
                      class="pattern-swatch"
                      // The board's own pattern drawing (board/svg.ts): static markup, no user text.
                      dangerouslySetInnerHTML={{ __html: swatchSvg(`team-legend-${s.seat}`, st, 18) }}
                    />
                  )}
                  {teamSeatName(s)}
                  {i < g.seats.length - 1 ? ", " : ""}
                </span>
              );
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

// The game screen's heading: the game's title and round, who the viewer is, the fog of war, whose turn it is
// and for how long, how the reinforcements of a turn were counted, the connection, and the replay once the
// game is over.
import type { GameInfo, View } from "./controller";
import type { ClientGame } from "../state/types";
import {
  colorHex,
  colourName,
  countdown,
  FOG_LEVELS,
  fogWords,
  phaseText,
  seatGlyph,
  seatShort,
  seatTitle,
} from "../ui/format";
import { shapeWords, teamRulesWords, winnersWords } from "../state/teams";
import { reinforcementWords } from "../state/reinforcements";
import { Link } from "../ui/link";

export function PlayHeader(props: { view: View; info: GameInfo; game: ClientGame; myTurn: boolean; now: number }) {
  const { view, info, game, myTurn, now } = props;
  const over = info.status === "finished" || game.phase === "over";
  const winner = game.winner !== null ? game.seats[game.winner] : null;
  const you = game.viewerSeat !== null ? game.seats[game.viewerSeat] : null;
  const turnSeat = game.currentSeat !== null ? game.seats[game.currentSeat] : null;
  const r = view.reinforcements;
  const rSeat = r ? game.seats[r.seat] : null;
  return (
    <header class="play-head">
      <h1>
        {info.map.name} <small data-turn={game.turn}>{roundWords(view.round, game)}</small>
      </h1>
      {you && (
        <p class="you-are">
          <span class="swatch" style={{ background: colorHex(you.color) }} aria-hidden="true">
            {seatGlyph(you.seat)}
          </span>{" "}
          {you.teamName != null ? `You play for ${you.teamName}.` : `You are ${colourName(you.color)}.`}
        </p>
      )}
      {game.fog !== "none" && (
        <p class="fog-line">
          {colourName(fogWords(game.fog))}.{" "}
          {over ? "The game is over: the fog has lifted." : FOG_LEVELS.find((f) => f.value === game.fog)?.help}
        </p>
      )}
      {game.teams.length > 0 && (
        <p class="team-line">
          Team game, {shapeWords(game.teams, game.seats)}
          {teamRulesWords(info.teamRules) ? `: ${teamRulesWords(info.teamRules)}.` : "."}{" "}
          <Link href="/rules#teams">How team games work</Link>
        </p>
      )}
      <p class="turn-line" aria-live="polite">
        {over ? (
          <>
            Game over
            {game.teams.length > 0
              ? `: ${winnersWords(game.teams, game.seats, game.winners)}`
              : winner
                ? `: ${seatTitle(winner)} won`
                : ""}
            .{" "}
          </>
        ) : myTurn ? (
          <strong>Your turn: {phaseText(game.phase)}.</strong>
        ) : turnSeat ? (
          <>
            <span class="swatch" style={{ background: colorHex(turnSeat.color) }} aria-hidden="true">
              {seatGlyph(turnSeat.seat)}
            </span>{" "}
            {seatTitle(turnSeat)} is {phaseText(game.phase)}.
          </>
        ) : (
          <>{phaseText(game.phase)}</>
        )}{" "}
        {!over && info.turnDeadline && <span class="countdown">{countdown(info.turnDeadline, now)} left</span>}
      </p>
      {r && rSeat && !over && (
        <p class="reinforcements">
          {r.seat === game.viewerSeat ? "You receive" : `${seatTitle(rSeat)} receives`} {reinforcementWords(r)}.
        </p>
      )}
      <LiveBadge live={view.live} />
      {over && <Link href={`/games/${encodeURIComponent(info.id)}/replay`}>Replay the game</Link>}
    </header>
  );
}

/**
 * The round as players count it ("Round 7"), with the seat to move and, when the turn order is known (the
 * client folded the game from its start), its place among the seats still playing ("Round 7, Red's turn
 * (2 of 3)"). Before the first game turn: the setting up.
 */
export function roundWords(round: number, game: Pick<ClientGame, "phase" | "currentSeat" | "seats" | "order">): string {
  if (round <= 0) return game.phase === "over" ? "over" : "setting up";
  const seat = game.currentSeat !== null ? game.seats[game.currentSeat] : undefined;
  if (!seat || game.phase === "over") return `Round ${round}`;
  const playing = game.order.filter((s) => game.seats[s]?.status === "active");
  const at = playing.indexOf(seat.seat);
  return `Round ${round}, ${seatShort(seat)}'s turn${at >= 0 ? ` (${at + 1} of ${playing.length})` : ""}`;
}

function LiveBadge(props: { live: View["live"] }) {
  const words: Record<View["live"], string> = {
    loading: "loading",
    connecting: "connecting…",
    live: "live",
    offline: "offline: reconnecting…",
    resyncing: "catching up…",
  };
  return (
    <span class={`live live-${props.live}`} role="status" aria-label={`Connection: ${words[props.live]}`}>
      <span aria-hidden="true">{props.live === "live" ? "●" : "○"}</span> {words[props.live]}
    </span>
  );
}

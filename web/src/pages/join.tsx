// An invitation, /join/{game id} (?code={invite code} from a shared link): what the game is (who invited,
// the map, the seats, the time for a turn) and Join or Decline. The in-app notice of an invitation and the
// lobby's list of invitations open it. A stranger with a private game's code cannot read the game before
// joining: they get the join button alone.
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { DeclineInvitationMutation, InvitationQuery, JoinGameMutation } from "../api/operations";
import { newDiceSeed } from "../dice/verify";
import type { InvitationQuery as Invitation } from "../gql/graphql";
import { invitationLine } from "../state/lobby";
import { shapeWords, teamRulesWords, withTeamNames } from "../state/teams";
import { ErrorLine } from "../ui/form";
import { CARD_SYSTEMS, colorHex, duration, FOG_LEVELS, seatGlyph, seatTitle } from "../ui/format";
import { navigate } from "../ui/router";
import type { Viewer } from "../ui/session";

export function JoinPage(props: { id: string; code: string; viewer: Viewer }) {
  const [game, setGame] = useState<Invitation["game"] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const gamePath = `/games/${encodeURIComponent(props.id)}`;
  useEffect(() => {
    query(InvitationQuery, { id: props.id })
      .then((d) => {
        const g = d.game ?? null;
        // A player of the game, or a game that started: the game's own page says the rest.
        if (g && (g.status !== "open" || g.seats.some((s) => s.user?.id === props.viewer.id))) navigate(gamePath, true);
        else setGame(g);
      })
      .catch(() => setGame(null));
  }, [props.id]);

  async function run(kind: "join" | "decline") {
    setBusy(true);
    setError(null);
    try {
      const input = { gameId: props.id };
      const errs =
        kind === "join"
          ? (
              await mutate(JoinGameMutation, {
                input: { ...input, inviteCode: props.code || null, diceSeed: newDiceSeed() },
              })
            ).joinGame.userErrors
          : (await mutate(DeclineInvitationMutation, { input })).declineInvitation.userErrors;
      const err = userErrorText(errs);
      if (err) setError(err);
      else navigate(kind === "join" ? gamePath : "/", true);
    } catch (e) {
      setError(e instanceof APIError ? e.message : kind === "join" ? "Could not join." : "Could not decline.");
    } finally {
      setBusy(false);
    }
  }
  if (game === undefined) return <p role="status">Loading the invitation…</p>;
  const invited = game?.viewerInvitedSeat != null;
  return (
    <section class="card invitation">
      <h1>
        {game
          ? `You are invited to ${game.name ? `“${game.name}”, a game` : "a game"} on ${game.map.name}`
          : "You are invited to a game"}
      </h1>
      <ErrorLine text={error} />
      {game ? (
        <>
          <p>{invitationLine(game)}.</p>
          <dl class="facts">
            <dt>Map</dt>
            <dd>{game.map.name}</dd>
            <dt>Time for a turn</dt>
            <dd>{duration(game.turnLimitSeconds)}</dd>
            <dt>Cards</dt>
            <dd>{CARD_SYSTEMS.find((c) => c.value === game.cardSystem)?.label ?? game.cardSystem}</dd>
            <dt>Fog of war</dt>
            <dd>{FOG_LEVELS.find((f) => f.value === game.fog)?.label ?? game.fog}</dd>
            {game.teams.length > 0 && (
              <>
                <dt>Teams</dt>
                <dd>
                  {shapeWords(game.teams, game.seats)}: {game.teams.map((t) => t.name).join(", ")}
                  {teamRulesWords(game.teamRules) && ` (${teamRulesWords(game.teamRules)})`}
                </dd>
              </>
            )}
          </dl>
          <ul class="seat-list" aria-label="Seats">
            {withTeamNames(game.teams, game.seats).map((s) => (
              <li key={s.seat} class="seat-row">
                <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
                  {seatGlyph(s.seat)}
                </span>
                {seatTitle(s)}
                {s.seat === game.viewerInvitedSeat && " (kept for you)"}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Take your seat: the game starts when every seat is filled and its creator starts it.</p>
      )}
      <p>
        <button type="button" class="primary" disabled={busy} onClick={() => void run("join")}>
          Join the game
        </button>{" "}
        {invited && (
          <button type="button" disabled={busy} onClick={() => void run("decline")}>
            Decline
          </button>
        )}
      </p>
    </section>
  );
}

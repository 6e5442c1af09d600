// A game waiting for players: its seats named by colour and player, the invitation link (for the creator),
// Start (for the creator alone, once every seat is taken), Join or Decline (for an invitee), Join (for anyone
// when a seat is open) and Leave. The seats follow the game live (GameController.followLobby); once the game
// starts, the page becomes the game screen.
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, userErrorText } from "../api/client";
import { DeclineInvitationMutation, JoinGameMutation, LeaveGameMutation, StartGameMutation } from "../api/operations";
import { newDiceSeed } from "../dice/verify";
import type { GameController, View } from "../game/controller";
import { gameTitle, invitationLine, mayStart, openTeams } from "../state/lobby";
import { ErrorLine } from "../ui/form";
import { withTeamNames } from "../state/teams";
import { colorHex, duration, seatGlyph, seatTitle } from "../ui/format";
import { FogNote } from "../ui/fognote";
import { navigate } from "../ui/router";
import type { Viewer } from "../ui/session";

export function WaitingPage(props: { ctl: GameController; view: View; viewer: Viewer }) {
  const info = props.view.info!;
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const me = info.seats.find((s) => s.user?.id === props.viewer.id);
  const link = info.inviteCode
    ? `${window.location.origin}/join/${encodeURIComponent(info.id)}?code=${encodeURIComponent(info.inviteCode)}`
    : null;
  const start = mayStart(info, props.viewer.id);
  const invited = info.viewerInvitedSeat != null;
  const free = info.seats.some((s) => s.status === "open");
  async function run(kind: "start" | "join" | "leave" | "decline", team: number | null = null) {
    setError(null);
    try {
      const input = { gameId: info.id };
      const errs =
        kind === "start"
          ? (await mutate(StartGameMutation, { input })).startGame.userErrors
          : kind === "join"
            ? (await mutate(JoinGameMutation, { input: { ...input, team, diceSeed: newDiceSeed() } })).joinGame
                .userErrors
            : kind === "leave"
              ? (await mutate(LeaveGameMutation, { input })).leaveGame.userErrors
              : (await mutate(DeclineInvitationMutation, { input })).declineInvitation.userErrors;
      const err = userErrorText(errs);
      if (err) setError(err);
      else if (kind === "decline") return navigate("/");
      await props.ctl.load();
    } catch (e) {
      setError(e instanceof APIError ? e.message : "That did not work.");
    }
  }
  // Seats fill while the game waits: follow them live (gameLobby), with a slow read while the socket is down.
  useEffect(() => props.ctl.followLobby(), [props.ctl]);
  return (
    <section class="card open-game">
      <h1>{gameTitle(info)}: waiting for players</h1>
      {info.name && <p>{info.map.name}</p>}
      <p>
        {invited ? invitationLine(info) : `Created by ${start.creator ? "you" : info.creator.name}`} ·{" "}
        {duration(info.turnLimitSeconds)} a turn
        <FogNote fog={info.fog} />
      </p>
      <ErrorLine text={error} />
      <ul class="seat-list" aria-label="Seats">
        {withTeamNames(info.teams, info.seats).map((s) => (
          <li key={s.seat} class="seat-row">
            <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
              {seatGlyph(s.seat)}
            </span>
            {seatTitle(s)}
            {s.user?.id === props.viewer.id && " (you)"}
            {s.seat === info.viewerInvitedSeat && " (kept for you)"}
          </li>
        ))}
      </ul>
      {link && (
        <p>
          Invitation link:{" "}
          <input
            class="invite-link"
            readOnly
            value={link}
            aria-label="Invitation link"
            onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
          />{" "}
          <button
            type="button"
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true));
            }}
          >
            Copy
          </button>
          <span role="status">{copied ? " Copied." : ""}</span>
        </p>
      )}
      <p>
        {me ? (
          <>
            {start.creator ? (
              <>
                <button type="button" class="primary" disabled={!start.ready} onClick={() => void run("start")}>
                  Start the game
                </button>{" "}
                {!start.ready && <small>It can start once every seat is taken. </small>}
              </>
            ) : (
              <small>{info.creator.name} starts the game once every seat is taken. </small>
            )}
            <button type="button" onClick={() => void run("leave")}>
              Leave
            </button>
          </>
        ) : invited ? (
          <>
            <button type="button" class="primary" onClick={() => void run("join")}>
              Join the game
            </button>{" "}
            <button type="button" onClick={() => void run("decline")}>
              Decline
            </button>
          </>
        ) : (
          free &&
          (info.teams.length === 0 ? (
            <button type="button" class="primary" onClick={() => void run("join")}>
              Join
            </button>
          ) : (
            openTeams(info)
              .filter((t) => t.open > 0)
              .map((t) => (
                <button key={t.index} type="button" onClick={() => void run("join", t.index)}>
                  Join {t.name} ({t.open} open)
                </button>
              ))
          ))
        )}
      </p>
    </section>
  );
}

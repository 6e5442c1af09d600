// The lobby: invitations waiting for an answer (join or decline), my games in progress (those waiting on me
// first, each with whose turn, the deadline and a badge for mine), open games to join, joining by an
// invitation link, and my latest finished games with who won and the viewer's place. My games are read in
// three lists (waiting on me, the rest in progress, over), each a page at a time with "Show more", so that
// none crowds out another however many games I have.
import { useEffect, useRef, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import {
  DeclineInvitationMutation,
  InvitationsQuery,
  JoinGameMutation,
  MyGamesQuery,
  OpenGamesQuery,
  RematchGameMutation,
} from "../api/operations";
import { loadPages, type Page } from "../api/pages";
import { newDiceSeed } from "../dice/verify";
import type { GameCardFragment } from "../gql/graphql";
import { ErrorLine, Field } from "../ui/form";
import { gameTitle, invitationLine, openTeams, resultLine } from "../state/lobby";
import { groupByTeam, shapeWords, withTeamNames } from "../state/teams";
import { colorHex, countdown, duration, phaseText, seatGlyph, seatName, seatTitle } from "../ui/format";
import { FogNote } from "../ui/fognote";
import { Link } from "../ui/link";
import { onNotice } from "../ui/notices";
import { navigate } from "../ui/router";
import { useNow, type Viewer } from "../ui/session";

export type GameCard = GameCardFragment;
/** One of the viewer's games: its card and its unread chat messages. */
type MyGame = GameCard & { chatUnread: number };

/** The games of a page of the lobby's lists, and the finished games it shows. */
const PAGE = 20;
const FINISHED_SHOWN = 5;

/** A reader of one page of the viewer's games: over or not, and waiting on them or not (null: either). */
function myGames(over: boolean, yourTurn: boolean | null, first: number) {
  return async (after: string | null): Promise<Page<MyGame>> => {
    const d = await query(MyGamesQuery, { over, yourTurn, first, after });
    return {
      items: d.games.edges.map((e) => e.node),
      total: d.games.totalCount,
      next: d.games.pageInfo.hasNextPage ? (d.games.pageInfo.endCursor ?? null) : null,
    };
  };
}

export function mySeat(g: GameCard, viewer: Viewer) {
  return g.seats.find((s) => s.user?.id === viewer.id) ?? null;
}

export function LobbyPage(props: { viewer: Viewer }) {
  const [data, setData] = useState<{
    waiting: Page<MyGame>;
    others: Page<MyGame>;
    done: Page<MyGame>;
    open: GameCard[];
    invitations: GameCard[];
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const now = useNow();
  // How many pages of each list of games in progress are shown: a refresh reads them all again.
  const pages = useRef({ waiting: 1, others: 1 });
  // The number of the latest read: an earlier one that answers after it is dropped.
  const reads = useRef(0);

  async function load() {
    const read = ++reads.current;
    try {
      const [waiting, others, done, open, invitations] = await Promise.all([
        loadPages(myGames(false, true, PAGE), pages.current.waiting),
        loadPages(myGames(false, false, PAGE), pages.current.others),
        myGames(true, null, FINISHED_SHOWN)(null),
        query(OpenGamesQuery, {}),
        query(InvitationsQuery, {}),
      ]);
      if (read !== reads.current) return;
      setData({
        waiting,
        others,
        done,
        open: open.games.edges.map((e) => e.node),
        invitations: invitations.games.edges.map((e) => e.node),
      });
      setError(null);
    } catch (e) {
      if (read === reads.current) setError(e instanceof APIError ? e.message : "Could not load the games.");
    }
  }
  useEffect(() => {
    void load();
    const t = setInterval(() => void load(), 30_000);
    const off = onNotice(() => void load());
    return () => {
      clearInterval(t);
      off();
    };
  }, []);

  async function join(id: string, team: number | null = null) {
    try {
      const d = await mutate(JoinGameMutation, { input: { gameId: id, team, diceSeed: newDiceSeed() } });
      const err = userErrorText(d.joinGame.userErrors);
      if (err) setError(err);
      else navigate(`/games/${encodeURIComponent(id)}`);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Could not join.");
    }
  }
  async function decline(id: string) {
    try {
      const d = await mutate(DeclineInvitationMutation, { input: { gameId: id } });
      const err = userErrorText(d.declineInvitation.userErrors);
      if (err) setError(err);
      await load();
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Could not decline.");
    }
  }

  function more(list: "waiting" | "others") {
    pages.current[list]++;
    void load();
  }

  // A game whose turn passed between two lists' reads may be in both until the next refresh.
  const live = [...(data?.waiting.items ?? []), ...(data?.others.items ?? [])].filter(
    (g, i, all) => all.findIndex((o) => o.id === g.id) === i,
  );
  const waitingCount = data?.waiting.total ?? 0;
  const done = data?.done.items ?? [];
  const invitations = data?.invitations ?? [];
  const openToJoin = (data?.open ?? []).filter(
    (g) => !mySeat(g, props.viewer) && !invitations.some((i) => i.id === g.id),
  );
  // The tab's title counts the games waiting on me, so that a glance at the tab bar says it.
  useEffect(() => {
    document.title = waitingCount > 0 ? `(${waitingCount}) Rout` : "Rout";
    return () => {
      document.title = "Rout";
    };
  }, [waitingCount]);

  return (
    <div class="lobby">
      <div class="lobby-head">
        <h1>
          My games
          {waitingCount > 0 && (
            <span class="badge" aria-label={`${waitingCount} waiting on you`}>
              {waitingCount}
            </span>
          )}
        </h1>
        <Link href="/new" class="button primary">
          New game
        </Link>
      </div>
      <ErrorLine text={error} />
      {!data && !error && <p role="status">Loading…</p>}
      {invitations.length > 0 && (
        <section aria-labelledby="invitations-title">
          <h2 id="invitations-title">Invitations</h2>
          <ul class="games" aria-label="Invitations">
            {invitations.map((g) => (
              <li key={g.id} class="game-item invitation-item">
                <div>
                  <Link href={`/join/${encodeURIComponent(g.id)}`}>
                    <strong>{invitationLine(g)}</strong>
                  </Link>
                  <div class="sub">
                    {g.name && <>{g.name} · </>}
                    {g.map.name} · {g.seats.length} seats · {duration(g.turnLimitSeconds)} a turn
                    <FogNote fog={g.fog} />
                    {g.rated && " · rated"}
                  </div>
                  <SeatsLine g={g} />
                </div>
                <span class="actions">
                  <button
                    type="button"
                    class="primary"
                    onClick={() => void join(g.id)}
                    aria-label={`Join ${g.creator.name}'s game on ${g.map.name}`}
                  >
                    Join
                  </button>{" "}
                  <button
                    type="button"
                    onClick={() => void decline(g.id)}
                    aria-label={`Decline ${g.creator.name}'s game on ${g.map.name}`}
                  >
                    Decline
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data && live.length === 0 && invitations.length === 0 && (
        <p>
          You have no games yet. <Link href="/new">Create one</Link> — against the computer, or invite friends — or join
          an open game below.
        </p>
      )}
      <ul class="games" aria-label="Games in progress">
        {live.map((g) => (
          <GameItem key={g.id} g={g} viewer={props.viewer} now={now} />
        ))}
      </ul>
      {(data?.waiting.next || data?.others.next) && (
        <p class="actions">
          {data.waiting.next && (
            <button type="button" onClick={() => more("waiting")}>
              Show more games waiting on you
            </button>
          )}{" "}
          {data.others.next && (
            <button type="button" onClick={() => more("others")}>
              Show more games in progress
            </button>
          )}
        </p>
      )}

      <h2>Open games</h2>
      {data && openToJoin.length === 0 && <p>No open games to join right now.</p>}
      <ul class="games" aria-label="Open games">
        {openToJoin.map((g) => (
          <li key={g.id} class="game-item">
            <div>
              <strong>{gameTitle(g)}</strong> · {g.name && <>{g.map.name} · </>}
              {g.teams.length > 0 ? `${shapeWords(g.teams, g.seats)} teams` : `${g.seats.length} seats`} ·{" "}
              {duration(g.turnLimitSeconds)} a turn
              <FogNote fog={g.fog} />
              {g.rated && " · rated"}
              <SeatsLine g={g} />
            </div>
            {g.teams.length === 0 ? (
              <button type="button" onClick={() => void join(g.id)}>
                Join
              </button>
            ) : (
              <span class="actions">
                {openTeams(g)
                  .filter((t) => t.open > 0)
                  .map((t) => (
                    <button
                      key={t.index}
                      type="button"
                      onClick={() => void join(g.id, t.index)}
                      aria-label={`Join ${t.name} in ${gameTitle(g)} (${t.words})`}
                    >
                      Join {t.name} ({t.open} open)
                    </button>
                  ))}
              </span>
            )}
          </li>
        ))}
      </ul>

      <JoinByCode />

      {done.length > 0 && (
        <>
          <h2>Finished</h2>
          <ul class="games" aria-label="Finished games">
            {done.map((g) => (
              <GameItem key={g.id} g={g} viewer={props.viewer} now={now} />
            ))}
          </ul>
          {data && data.done.total > done.length && (
            <p>
              The latest {done.length} of {data.done.total}.{" "}
              <Link href={`/players/${encodeURIComponent(props.viewer.id)}`}>All your finished games</Link> are on your
              profile.
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** A game's seats by colour and player; a team game's team by team, each with its open seats while it waits. */
function SeatsLine(props: { g: GameCard }) {
  const { g } = props;
  const chip = (s: GameCard["seats"][number] & { teamName: string | null }) => (
    <span key={s.seat} class="seat-chip">
      <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
        {seatGlyph(s.seat)}
      </span>
      {seatTitle(s)}
    </span>
  );
  const open = new Map(openTeams(g).map((t) => [t.index, t.open]));
  return (
    <span class="seats-line">
      {groupByTeam(g.teams, withTeamNames(g.teams, g.seats)).map((t) =>
        t.team ? (
          <span key={t.team.index} class="team-chip">
            <span>
              <span class="team-hue" style={{ background: t.team.color }} aria-hidden="true" />
              <strong>{t.team.name}</strong>
              {g.status === "open" && ` (${open.get(t.team.index) ?? 0} open)`}:
            </span>
            {t.seats.map(chip)}
          </span>
        ) : (
          t.seats.map(chip)
        ),
      )}
    </span>
  );
}

function GameItem(props: { g: MyGame; viewer: Viewer; now: number }) {
  const { g } = props;
  const mine = g.viewerTurn;
  const turnSeat = g.currentSeat != null ? g.seats[g.currentSeat] : null;
  let status: string;
  if (g.status === "open") status = "waiting for players";
  else if (g.status === "finished" || g.status === "cancelled") status = resultLine(g, props.viewer.id);
  else
    status = mine ? `your turn: ${phaseText(g.phase)}` : turnSeat ? `${seatName(turnSeat)}'s turn` : phaseText(g.phase);
  return (
    <li class={`game-item${mine ? " mine" : ""}`}>
      <div>
        <Link href={`/games/${encodeURIComponent(g.id)}`}>
          <strong>{gameTitle(g)}</strong>
          {g.name && <> · {g.map.name}</>}
          {g.turn > 0 && <> · turn {g.turn}</>}
        </Link>
        <FogNote fog={g.fog} />
        {g.rated && " · rated"} {mine && <span class="badge">Your turn</span>}
        {g.chatUnread > 0 && (
          <span class="badge chat-badge">
            {g.chatUnread} unread {g.chatUnread === 1 ? "message" : "messages"}
          </span>
        )}
        <div class="sub">
          {status}
          {g.status === "active" && g.turnDeadline && (
            <>
              {" "}
              · <span class="countdown">{countdown(g.turnDeadline, props.now)}</span> left
            </>
          )}
        </div>
        <SeatsLine g={g} />
      </div>
      {(g.status === "finished" || g.status === "cancelled") && (
        <span class="actions">
          {g.status === "finished" && <Link href={`/games/${encodeURIComponent(g.id)}/replay`}>Replay</Link>}{" "}
          <Rematch id={g.id} />
        </span>
      )}
    </li>
  );
}

/** A rematch: a new game with the same map, settings and seats, the other players invited again. */
function Rematch(props: { id: string }) {
  const [error, setError] = useState<string | null>(null);
  async function rematch() {
    try {
      const d = await mutate(RematchGameMutation, { input: { gameId: props.id } });
      const err = userErrorText(d.rematchGame.userErrors);
      if (err || !d.rematchGame.game) setError(err ?? "No rematch was made.");
      else navigate(`/games/${encodeURIComponent(d.rematchGame.game.id)}`);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "No rematch was made.");
    }
  }
  return (
    <>
      <button type="button" onClick={() => void rematch()}>
        Rematch
      </button>
      <ErrorLine text={error} />
    </>
  );
}

/** Joining with an invitation link's game id and code, pasted. */
function JoinByCode() {
  const [error, setError] = useState<string | null>(null);
  function submit(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const link = String(f.get("invite") ?? "").trim();
    try {
      const u = new URL(link, window.location.href);
      const m = u.pathname.match(/^\/join\/([^/]+)$/);
      if (!m) throw new Error();
      navigate(`${u.pathname}${u.search}`);
    } catch {
      setError("Paste the whole invitation link, such as https://…/join/…?code=….");
    }
  }
  return (
    <form class="inline-form" onSubmit={submit}>
      <h2>Have an invitation?</h2>
      <ErrorLine text={error} />
      <Field label="Invitation link" id="invite">
        <input id="invite" name="invite" />
      </Field>
      <button type="submit">Open</button>
    </form>
  );
}

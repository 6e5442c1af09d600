// A player's profile (/players/<id>): their rating in each mode (with the provisional mark), a rating's
// history as a chart, what their finished games add up to (by mode, by size, by map), their games under
// way, and their record of finished games, each with its place, its rating change and a link to its replay.
// Another player's profile counts public games only (docs/ratings.md, "What players see").
import { useEffect, useState } from "preact/hooks";
import { APIError, query } from "../api/client";
import { FinishedGamesQuery, ProfileQuery } from "../api/operations";
import type { FinishedGamesQuery as FinishedData, ProfileQuery as ProfileData, RatingMode } from "../gql/graphql";
import { ordinal } from "../state/lobby";
import { ErrorLine } from "../ui/form";
import { Link } from "../ui/link";
import { changeWords, lengthWords } from "../profile/chart";
import { RatingChart } from "../profile/ratingchart";
import { PlayerLuck } from "../luck/player";
import "../profile/profile.css";

type User = Extract<NonNullable<ProfileData["node"]>, { __typename?: "User"; ratings: unknown }>;
type Played = NonNullable<
  Extract<NonNullable<FinishedData["node"]>, { profile: unknown }>["profile"]
>["finishedGames"]["edges"][number]["node"];
type StatLine = User["profile"]["stats"]["byMode"][number];

const MODES: { mode: RatingMode; label: string }[] = [
  { mode: "DUEL", label: "Duel" },
  { mode: "FFA", label: "Free-for-all" },
  { mode: "TEAMS", label: "Teams" },
];

function modeLabel(m: string): string {
  return MODES.find((x) => x.mode === m.toUpperCase())?.label ?? m;
}

export function ProfilePage(props: { id: string; viewerId: string }) {
  const [mode, setMode] = useState<RatingMode>("DUEL");
  const [user, setUser] = useState<User | null>(null);
  const [games, setGames] = useState<Played[]>([]);
  const [more, setMore] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    query(ProfileQuery, { id: props.id, mode })
      .then((d) => {
        const n = d.node;
        if (!n || !("ratings" in n)) {
          setError("No such player.");
          return;
        }
        setUser(n as User);
        document.title = `${n.name} · Rout`;
      })
      .catch((e) => setError(e instanceof APIError ? e.message : "Could not load the profile."));
  }, [props.id, mode]);
  const loadGames = (after: string | null) =>
    query(FinishedGamesQuery, { id: props.id, after })
      .then((d) => {
        const n = d.node;
        if (!n || !("profile" in n)) return;
        const page = n.profile.finishedGames;
        setGames((l) => (after ? [...l, ...page.edges.map((e) => e.node)] : page.edges.map((e) => e.node)));
        setMore(page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null);
      })
      .catch((e) => setError(e instanceof APIError ? e.message : "Could not load the games."));
  useEffect(() => {
    void loadGames(null);
    return () => {
      document.title = "Rout";
    };
  }, [props.id]);

  if (!user) {
    return (
      <div class="profile">
        <ErrorLine text={error} />
        {!error && <p role="status">Loading…</p>}
      </div>
    );
  }
  const p = user.profile;
  const st = p.stats;
  const own = props.viewerId === user.id;
  const history = p.ratingHistory.map((h) => ({ ...h, gameId: h.gameId ?? null }));
  return (
    <div class="profile">
      <h1>{own ? `${user.name} (you)` : user.name}</h1>
      <p class="hint">
        Playing since {new Date(user.createdAt).toLocaleDateString()}.{" "}
        {p.includesPrivate
          ? "Your own profile counts your private games too; others see your public games only."
          : "Counts public games only."}
      </p>
      <ErrorLine text={error} />

      <section aria-labelledby="ratings-h">
        <h2 id="ratings-h">Ratings</h2>
        <ul class="ratings">
          {user.ratings.map((r) => (
            <li key={r.mode} class="rating-card">
              <span class="rating-mode">{modeLabel(r.mode)}</span>
              <span class="rating-number">
                {r.rating}
                {r.provisional && (
                  <abbr class="provisional" title="Provisional: too few rated games to be sure">
                    ?
                  </abbr>
                )}
              </span>
              <span class="hint">
                {r.games === 1 ? "1 rated game" : `${r.games} rated games`}
                {r.provisional && " · provisional"}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="history-h">
        <h2 id="history-h">Rating history</h2>
        <div class="mode-switch" role="group" aria-label="Mode">
          {MODES.map((m) => (
            <button key={m.mode} type="button" aria-pressed={mode === m.mode} onClick={() => setMode(m.mode)}>
              {m.label}
            </button>
          ))}
        </div>
        <RatingChart id="rating-chart" title={`${user.name}'s ${modeLabel(mode)} rating`} points={history} />
      </section>

      <section aria-labelledby="stats-h">
        <h2 id="stats-h">Games</h2>
        <dl class="totals">
          <div>
            <dt>Finished</dt>
            <dd>{st.played}</dd>
          </div>
          <div>
            <dt>Won</dt>
            <dd>
              {st.won}
              {st.played > 0 && ` (${Math.round((100 * st.won) / st.played)}%)`}
            </dd>
          </div>
          <div>
            <dt>Longest winning streak</dt>
            <dd>{st.longestWinStreak}</dd>
          </div>
          <div>
            <dt>Average length</dt>
            <dd>{st.averageLengthSeconds != null ? lengthWords(st.averageLengthSeconds) : "—"}</dd>
          </div>
        </dl>
        {st.played > 0 && (
          <div class="stat-tables">
            <StatTable caption="By mode" head="Mode" lines={st.byMode} name={(l) => modeLabel(l.key)} />
            <StatTable caption="By number of seats" head="Seats" lines={st.bySize} name={(l) => l.name} />
            <StatTable caption="By map" head="Map" lines={st.byMap} name={(l) => l.name} />
          </div>
        )}
      </section>

      <PlayerLuck userId={props.id} />

      <section aria-labelledby="current-h">
        <h2 id="current-h">Games under way</h2>
        {p.currentGames.length === 0 ? (
          <p class="hint">None.</p>
        ) : (
          <ul class="current-games">
            {p.currentGames.map((g) => (
              <li key={g.id}>
                <Link href={`/games/${encodeURIComponent(g.id)}`}>{g.name || g.map.name}</Link>{" "}
                <span class="hint">
                  {g.map.name} · {g.seats.length} seats · {g.status === "open" ? "waiting for players" : "under way"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="record-h">
        <h2 id="record-h">Finished games</h2>
        {games.length === 0 ? (
          <p class="hint">None yet.</p>
        ) : (
          <div class="table-scroll">
            <table class="record">
              <thead>
                <tr>
                  <th scope="col">Ended</th>
                  <th scope="col">Game</th>
                  <th scope="col">Place</th>
                  <th scope="col">Rating</th>
                  <th scope="col">
                    <span class="visually-hidden">Replay</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {games.map((g) => (
                  <tr key={g.gameId} class={g.won ? "won" : undefined}>
                    <td>{new Date(g.finishedAt).toLocaleDateString()}</td>
                    <th scope="row">
                      <Link href={`/games/${encodeURIComponent(g.gameId)}`}>{g.name || g.mapName}</Link>
                      <div class="hint">
                        {g.mapName} · {modeLabel(g.mode)}, {g.seats} seats
                        {g.rated ? " · rated" : ""}
                      </div>
                    </th>
                    <td class="num">{g.place != null ? ordinal(g.place) : "—"}</td>
                    <td class="num">
                      {g.ratingChange ? (
                        <>
                          {g.ratingChange.ratingAfter}{" "}
                          <span class={g.ratingChange.change >= 0 ? "up" : "down"}>
                            ({changeWords(g.ratingChange.change)})
                          </span>
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td>
                      <Link href={`/games/${encodeURIComponent(g.gameId)}/replay`}>Replay</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more && (
          <button type="button" onClick={() => void loadGames(more)}>
            More games
          </button>
        )}
      </section>
    </div>
  );
}

function StatTable(props: { caption: string; head: string; lines: StatLine[]; name: (l: StatLine) => string }) {
  return (
    <table class="stats">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.head}</th>
          <th scope="col">Played</th>
          <th scope="col">Won</th>
          <th scope="col">Average place</th>
        </tr>
      </thead>
      <tbody>
        {props.lines.map((l) => (
          <tr key={l.key}>
            <th scope="row">{props.name(l)}</th>
            <td class="num">{l.played}</td>
            <td class="num">{l.won}</td>
            <td class="num">{l.averagePlace != null ? l.averagePlace.toFixed(1) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

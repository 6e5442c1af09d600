// A tournament's page (/tournaments/:id): its settings, its entrants with the viewer's entry (enter,
// leave), its rounds with their tables and links to their games, the standings with their tie-breaks,
// and for single elimination the bracket, rounds to come included.
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { EnterTournamentMutation, LeaveTournamentMutation, TournamentQuery } from "../api/operations";
import type { TournamentQuery as Read } from "../gql/graphql";
import { formatWords, pointsWords, statusWords, tournamentId, turnLimitWords } from "../tournament/words";
import { ErrorLine } from "../ui/form";
import { ordinal } from "../ui/format";
import { Link } from "../ui/link";

type T = Read["tournament"];
type Round = T["rounds"][number];
type Table = Round["tables"][number];

export function TournamentPage(props: { id: string }) {
  const id = tournamentId(props.id);
  const [t, setT] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    try {
      setT((await query(TournamentQuery, { id })).tournament);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "The tournament cannot be read.");
    }
  }
  useEffect(() => void load(), [id]);

  async function entry(enter: boolean) {
    setBusy(true);
    try {
      const d = enter
        ? (await mutate(EnterTournamentMutation, { id })).enterTournament
        : (await mutate(LeaveTournamentMutation, { id })).leaveTournament;
      setError(userErrorText(d.userErrors));
      await load();
    } catch (e) {
      setError(e instanceof APIError ? e.message : "That did not work.");
    } finally {
      setBusy(false);
    }
  }

  if (!t) {
    return (
      <div class="tournament">
        <ErrorLine text={error} />
        {!error && <p role="status">Loading…</p>}
      </div>
    );
  }
  const full = t.entryLimit != null && t.entrants.length >= t.entryLimit;
  return (
    <div class="tournament">
      <p>
        <Link href="/tournaments">All tournaments</Link>
      </p>
      <h1>{t.name}</h1>
      <p class="sub">
        {statusWords(t.status)}
        {t.status === "RUNNING" && `: round ${t.round}${t.roundCount != null ? ` of ${t.roundCount}` : ""}`}
      </p>
      <dl class="tournament-settings">
        <dt>Format</dt>
        <dd>{formatWords(t.format)}</dd>
        <dt>Tables</dt>
        <dd>up to {t.seats} players</dd>
        <dt>Maps</dt>
        <dd>{t.maps.join(", ")}</dd>
        <dt>Turn limit</dt>
        <dd>{turnLimitWords(t.turnLimitSeconds)}</dd>
        <dt>Rated</dt>
        <dd>{t.rated ? `yes (${t.ratingMode})` : "no"}</dd>
        <dt>Entrants</dt>
        <dd>
          {t.entrants.length}
          {t.entryLimit != null ? ` of ${t.entryLimit}` : ""}
        </dd>
        <dt>Start</dt>
        <dd>
          {t.startedAt
            ? new Date(t.startedAt).toLocaleString()
            : t.startsAt
              ? new Date(t.startsAt).toLocaleString()
              : "when full"}
        </dd>
        {t.creator && (
          <>
            <dt>Created by</dt>
            <dd>{t.creator.name}</dd>
          </>
        )}
      </dl>
      <ErrorLine text={error} />
      {t.status === "OPEN" && (
        <p>
          {t.viewerEntered ? (
            <button type="button" disabled={busy} onClick={() => void entry(false)}>
              Leave the tournament
            </button>
          ) : (
            <button type="button" disabled={busy || full} onClick={() => void entry(true)}>
              {full ? "The tournament is full" : "Enter the tournament"}
            </button>
          )}
        </p>
      )}

      {t.standings.length > 0 && (
        <section aria-labelledby="standings-title">
          <h2 id="standings-title">Standings</h2>
          <div class="table-scroll" role="region" aria-label="The standings table" tabIndex={0}>
            <table class="standings">
              <caption class="visually-hidden">
                Ranked by points, then Buchholz (the points of everyone met), wins and seed
              </caption>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">Player</th>
                  <th scope="col">Points</th>
                  <th scope="col">
                    <abbr title="The points of everyone met: the first tie-break">Buchholz</abbr>
                  </th>
                  <th scope="col">Wins</th>
                  <th scope="col">Played</th>
                  <th scope="col">Seed</th>
                </tr>
              </thead>
              <tbody>
                {t.standings.map((s) => (
                  <tr key={s.rank}>
                    <td>{s.rank}</td>
                    <th scope="row">{s.userName}</th>
                    <td>{pointsWords(s.points)}</td>
                    <td>{pointsWords(s.buchholz)}</td>
                    <td>{s.wins}</td>
                    <td>{s.played}</td>
                    <td>{Math.round(s.seed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {t.bracket && t.bracket.length > 0 && (
        <section aria-labelledby="bracket-title">
          <h2 id="bracket-title">Bracket</h2>
          <ol class="bracket">
            {t.bracket.map((r) => (
              <li key={r.number} class="bracket-round">
                <h3>Round {r.number}</h3>
                {r.tables.length === 0 ? (
                  <p class="sub">
                    {r.tableCount} {r.tableCount === 1 ? "table" : "tables"} to come
                  </p>
                ) : (
                  <ul>
                    {r.tables.map((tb) => (
                      <li key={tb.number} class="bracket-table">
                        {tb.seats.map((s) => (
                          <span key={s.userName} class={tb.advancing?.userName === s.userName ? "advances" : undefined}>
                            {s.userName}
                            {tb.advancing?.userName === s.userName && " (advances)"}
                          </span>
                        ))}
                        {tb.bye && <span class="sub">bye</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}

      {t.rounds.length > 0 && (
        <section aria-labelledby="rounds-title">
          <h2 id="rounds-title">Rounds</h2>
          {t.rounds.map((r) => (
            <RoundView key={r.number} round={r} current={t.status === "RUNNING" && r.number === t.round} />
          ))}
        </section>
      )}

      <section aria-labelledby="entrants-title">
        <h2 id="entrants-title">Entrants</h2>
        {t.entrants.length === 0 ? (
          <p>Nobody has entered yet.</p>
        ) : (
          <ol class="entrants">
            {t.entrants.map((e) => (
              <li key={e.userName}>
                {e.userName} <span class="sub">(seed {Math.round(e.seed)})</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function RoundView(props: { round: Round; current: boolean }) {
  const r = props.round;
  return (
    <div class="tournament-round">
      <h3>
        Round {r.number}
        {props.current && <span class="sub"> (being played)</span>}
      </h3>
      <ul class="tournament-tables">
        {r.tables.map((tb) => (
          <TableView key={tb.number} table={tb} />
        ))}
      </ul>
    </div>
  );
}

function TableView(props: { table: Table }) {
  const tb = props.table;
  return (
    <li class="tournament-table">
      <strong>Table {tb.number}</strong>{" "}
      {tb.gameId ? (
        <Link href={`/games/${encodeURIComponent(tb.gameId)}`}>{tb.over ? "See the game" : "Watch the game"}</Link>
      ) : (
        tb.bye && <span class="sub">bye: a win without a game</span>
      )}
      <ul>
        {tb.seats.map((s) => (
          <li key={s.userName}>
            {s.userName}
            {s.place != null && (
              <span class="sub">
                {" "}
                {ordinal(s.place)}, {pointsWords(s.points ?? 0)} {s.points === 1 ? "point" : "points"}
              </span>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

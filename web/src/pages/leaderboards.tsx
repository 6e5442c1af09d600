// The leaderboards page (/leaderboards, signed in or not): a mode, a map family (or all maps) and a season
// to choose, a page of the board, and the viewer's own row highlighted (repeated under the table when it
// is not on the page). Names link to the players' profiles (/players/<id>).
import { useEffect, useState } from "preact/hooks";
import { APIError, query } from "../api/client";
import { LeaderboardQuery } from "../api/operations";
import type { LeaderboardMode, LeaderboardQuery as Board } from "../gql/graphql";
import { ErrorLine } from "../ui/form";
import { Link } from "../ui/link";

type Entry = Board["leaderboard"]["entries"][number];

/** How many rows a page shows. */
const PAGE = 50;

const MODES: Array<{ mode: LeaderboardMode; label: string }> = [
  { mode: "DUEL", label: "Duel" },
  { mode: "FFA", label: "Free-for-all" },
  { mode: "TEAMS", label: "Teams" },
];

const FAMILY_NAMES: Record<string, string> = {
  classic: "Classic world",
  regional: "Regional maps",
  generated: "Generated worlds",
};

/** familyLabel names a map family: a built-in one by its name, an uploaded map's by its key. */
export function familyLabel(f: string): string {
  if (f === "") return "All maps";
  return FAMILY_NAMES[f] ?? `Map ${f.replace(/^map:/, "")}`;
}

function Row(props: { e: Entry; mine: boolean }) {
  const { e, mine } = props;
  return (
    <tr class={mine ? "mine" : undefined} aria-current={mine ? "true" : undefined}>
      <td class="num">{e.rank}</td>
      <th scope="row">
        <Link href={`/players/${encodeURIComponent(e.userId)}`}>{e.name}</Link>
        {mine && <span class="sub"> (you)</span>}
      </th>
      <td class="num">
        {e.rating}
        {e.provisional && (
          <abbr title="provisional: still few games" class="sub">
            ?
          </abbr>
        )}
      </td>
      <td class="num">{e.games}</td>
    </tr>
  );
}

export function LeaderboardsPage() {
  const [mode, setMode] = useState<LeaderboardMode>("DUEL");
  const [family, setFamily] = useState("");
  const [season, setSeason] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Board | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    query(LeaderboardQuery, { mode, family, season, first: PAGE, page })
      .then((d) => live && setData(d))
      .catch((e: unknown) => live && setError(e instanceof APIError ? e.message : "Could not read the leaderboard."));
    return () => {
      live = false;
    };
  }, [mode, family, season, page]);

  const board = data?.leaderboard;
  const me = board?.viewerEntry ?? null;
  const onPage = me !== null && (board?.entries.some((e) => e.userId === me.userId) ?? false);
  const families = ["", ...(data?.leaderboardFamilies ?? [])];
  const pages = board ? Math.max(1, Math.ceil(board.total / PAGE)) : 1;

  return (
    <section class="card leaderboards" aria-labelledby="leaderboards-title">
      <h1 id="leaderboards-title">Leaderboards</h1>
      <div class="list-tools">
        <fieldset class="mode-tabs">
          <legend>Mode</legend>
          {MODES.map((m) => (
            <label key={m.mode}>
              <input
                type="radio"
                name="mode"
                checked={mode === m.mode}
                onChange={() => {
                  setMode(m.mode);
                  setPage(1);
                }}
              />{" "}
              {m.label}
            </label>
          ))}
        </fieldset>
        <label>
          Maps{" "}
          <select
            value={family}
            onChange={(e) => {
              setFamily((e.target as HTMLSelectElement).value);
              setPage(1);
            }}
          >
            {families.map((f) => (
              <option key={f} value={f}>
                {familyLabel(f)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Season{" "}
          <select
            value={season === null ? "" : String(season)}
            onChange={(e) => {
              const v = (e.target as HTMLSelectElement).value;
              setSeason(v === "" ? null : Number(v));
              setPage(1);
            }}
          >
            {(data?.leaderboardSeasons ?? []).map((s) => (
              <option key={s.number} value={s.closed ? String(s.number) : ""}>
                Season {s.number}
                {s.closed ? "" : " (current)"}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorLine text={error} />
      {board && board.total === 0 && <p class="sub">No one has played a rated game of this kind this season yet.</p>}
      {board && board.total > 0 && (
        <>
          <table class="leaderboard">
            <caption class="sub">
              {board.total} {board.total === 1 ? "player" : "players"}, page {page} of {pages}
            </caption>
            <thead>
              <tr>
                <th class="num" scope="col">
                  Rank
                </th>
                <th scope="col">Player</th>
                <th class="num" scope="col">
                  Rating
                </th>
                <th class="num" scope="col">
                  Games
                </th>
              </tr>
            </thead>
            <tbody>
              {board.entries.map((e) => (
                <Row key={e.userId} e={e} mine={me !== null && e.userId === me.userId} />
              ))}
            </tbody>
            {me && !onPage && (
              <tfoot>
                <Row e={me} mine={true} />
              </tfoot>
            )}
          </table>
          <nav class="list-tools" aria-label="Pages">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <button type="button" disabled={!board.hasNextPage} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

// "Luck so far" on the game page: the game's luck audit (Game.luck, without the graphs) in a fold, closed at
// first. Open, it reads the luck, then again whenever the game's turn changes and once more when the game
// ends (not on every event); an answer overtaken by a later read's is dropped. Under fog the API counts only
// the rolls the viewer saw, and the panel says so. docs/luck.md says what the numbers are.
import { useEffect, useState } from "preact/hooks";
import { APIError, query } from "../api/client";
import { GameLuckSoFarQuery } from "../api/luck";
import { Reads } from "../api/reads";
import type { GameLuckSoFarQuery as LuckSoFarData } from "../gql/graphql";
import type { TitledSeat } from "../ui/format";
import { ErrorLine } from "../ui/form";
import { LuckPanel } from "./panel";
import "./luck.css";

const TITLE = "luck-so-far-title";

export function LuckSoFar(props: {
  gameId: string;
  /** The game's turn: a new one reads the luck again while the fold is open. */
  turn: number;
  /** The game is over: one more read, as the fog lifts and the last rolls count. */
  over: boolean;
  /** The seats as the page names them (team names too); by default the query's. */
  seats?: ReadonlyArray<TitledSeat>;
}) {
  const { gameId, turn, over } = props;
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<LuckSoFarData["game"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reads] = useState(() => new Reads());
  // Another game: nothing of the last one's.
  useEffect(() => {
    reads.drop();
    setData(null);
    setError(null);
  }, [reads, gameId]);
  useEffect(() => {
    // Closed, the fold drops the reads under way and reads nothing.
    if (!open) {
      reads.drop();
      return;
    }
    const n = reads.start();
    query(GameLuckSoFarQuery, { id: gameId })
      .then((d) => {
        if (!reads.take(n)) return;
        setData(d.game ?? null);
        setError(d.game ? null : "The game is not there any more.");
      })
      .catch((e) => {
        if (reads.take(n)) setError(e instanceof APIError ? e.message : "Could not read the luck.");
      });
  }, [reads, open, gameId, turn, over]);
  // Leaving the page drops them too.
  useEffect(() => () => reads.drop(), [reads]);

  return (
    <details class="luck-so-far" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <h2 id={TITLE}>Luck so far</h2>
      </summary>
      {open && error && <ErrorLine text={error} />}
      {open && !data && !error && <p role="status">Loading…</p>}
      {open && data && <LuckPanel luck={data.luck} seats={props.seats ?? data.seats} labelledBy={TITLE} />}
    </details>
  );
}

// The replay of a game from its record (Game.record, rout-record/1): step back and forth or scrub to any
// event; the board and the log follow.
import { useEffect, useMemo, useState } from "preact/hooks";
import { APIError, query } from "../api/client";
import { GameRecordQuery } from "../api/operations";
import { describeEvent, namesOf } from "../state/log";
import { Replay, type GameRecord } from "../state/replay";
import { ErrorLine } from "../ui/form";
import { Link } from "../ui/link";
import { TerritoryList } from "../game/territories";
import { SeatsPanel } from "../game/seats";
import { emptyDraft } from "../state/actions";
import type { GameInfo } from "../game/controller";

export function ReplayPage(props: { id: string }) {
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    query(GameRecordQuery, { id: props.id })
      .then((d) => {
        if (!d.game) return setError("There is no such game, or it is not yours to see.");
        const r = new Replay(d.game.record as GameRecord);
        setReplay(r);
        setN(r.length);
      })
      .catch((e) => setError(e instanceof APIError ? e.message : e instanceof Error ? e.message : "Could not read the record."));
  }, [props.id]);
  const state = useMemo(() => (replay ? replay.state(n) : null), [replay, n]);
  const lines = useMemo(() => {
    if (!replay || !state) return [];
    const names = namesOf(state);
    return replay.events.slice(Math.max(0, n - 12), n).map((e) => ({ seq: e.seq, text: describeEvent(e, names) }));
  }, [replay, n, state]);

  if (error) return <ErrorLine text={error} />;
  if (!replay || !state) return <p role="status">Loading the record…</p>;
  const step = (d: number) => setN((x) => Math.max(0, Math.min(replay.length, x + d)));
  const info = { turnDeadline: null } as unknown as GameInfo;
  return (
    <div class="replay">
      <h1>
        Replay <small>turn {state.turn}</small>
      </h1>
      <p>
        <Link href={`/games/${encodeURIComponent(props.id)}`}>Back to the game</Link>
      </p>
      <div class="scrubber" role="group" aria-label="Replay controls">
        <button type="button" onClick={() => setN(0)} aria-label="To the start">
          ⏮
        </button>
        <button type="button" onClick={() => step(-1)} aria-label="One event back">
          ◀
        </button>
        <input
          type="range"
          min={0}
          max={replay.length}
          value={n}
          aria-label="Event"
          aria-valuetext={`event ${n} of ${replay.length}`}
          onInput={(e) => setN(Number((e.currentTarget as HTMLInputElement).value))}
        />
        <button type="button" onClick={() => step(1)} aria-label="One event forward">
          ▶
        </button>
        <button type="button" onClick={() => setN(replay.length)} aria-label="To the end">
          ⏭
        </button>
        <output>
          {n} / {replay.length}
        </output>
      </div>
      <ol class="replay-log" aria-live="polite">
        {lines.map((l) => (
          <li key={l.seq}>{l.text}</li>
        ))}
      </ol>
      <div class="play-body">
        <section class="board-area" aria-label="Board">
          <TerritoryList game={state} seatOf={(s) => state.seats[s]} targets={new Map()} selected={null} draft={emptyDraft} actionsFor={() => []} />
        </section>
        <aside class="side">
          <SeatsPanel game={state} info={info} now={0} />
        </aside>
      </div>
    </div>
  );
}

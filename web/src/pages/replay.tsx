// The replay of a game from its record (Game.record, rout-record/1), on the map: it opens at the start and
// plays (at 1×, 2×, 4× or a turn at a time), steps by event or by turn, back and forth, or scrubs to any
// event; the map shows the board at every step with an arrow for each attack, conquest and move, and the
// log beside it follows the step. Below, the game's graphs and luck (../luck), marked at the step's turn.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { APIError, query } from "../api/client";
import { GameRecordQuery } from "../api/operations";
import { describeEvent, namesOf } from "../state/log";
import { Replay, type GameRecord } from "../state/replay";
import { ErrorLine } from "../ui/form";
import { Link } from "../ui/link";
import { TerritoryList } from "../game/territories";
import { SeatsPanel } from "../game/seats";
import { GameLog } from "../game/log";
import { BoardView, loadGeometry } from "../game/boardview";
import { arrowAt, ReplayControls, useBoardArrows, usePlayer } from "../game/player";
import { GameLuckSection } from "../luck/section";
import { emptyDraft } from "../state/actions";
import type { GameInfo, LogLine } from "../game/controller";
import type { MapGeometry } from "../board";

export function ReplayPage(props: { id: string }) {
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [geometry, setGeometry] = useState<MapGeometry | null>(null);
  useEffect(() => {
    query(GameRecordQuery, { id: props.id })
      .then((d) => {
        if (!d.game) return setError("There is no such game, or it is not yours to see.");
        setReplay(new Replay(d.game.record as GameRecord));
      })
      .catch((e) =>
        setError(e instanceof APIError ? e.message : e instanceof Error ? e.message : "Could not read the record."),
      );
    let live = true;
    void loadGeometry(props.id).then((g) => live && setGeometry(g));
    return () => {
      live = false;
    };
  }, [props.id]);

  if (error) return <ErrorLine text={error} />;
  if (!replay) return <p role="status">Loading the record…</p>;
  return <ReplayScreen id={props.id} replay={replay} geometry={geometry} />;
}

function ReplayScreen(props: { id: string; replay: Replay; geometry: MapGeometry | null }) {
  const { replay, geometry } = props;
  // Opens at the start, not at the result.
  const p = usePlayer(replay.events, 0, replay.length);
  const state = useMemo(() => replay.state(p.n), [replay, p.n]);
  // Every line once (names are the seats' colours and the map's names, the same all game); the log shows
  // those up to the step.
  const all = useMemo<LogLine[]>(() => {
    const names = namesOf(replay.initial);
    return replay.events.map((e) => ({ seq: e.seq, turn: e.turn, kind: e.kind, text: describeEvent(e, names) }));
  }, [replay]);
  const lines = useMemo(() => all.slice(0, p.n), [all, p.n]);
  const area = useRef<HTMLElement>(null);
  useBoardArrows(area, arrowAt(replay.events, p.n, state), geometry);
  // The seats panel of the replay: no turn runs, and no links or rating changes (the record names no users).
  const info = { turnDeadline: null, seats: [], ratingChanges: [] } as unknown as GameInfo;
  const now = p.n > 0 ? all[p.n - 1].text : "The game before its first event.";
  return (
    <div class="replay">
      <h1>
        Replay <small>turn {state.turn}</small>
      </h1>
      <p>
        <Link href={`/games/${encodeURIComponent(props.id)}`}>Back to the game</Link>
      </p>
      <ReplayControls p={p} />
      {/* What the step shows, read out when stepping (not while playing: that would be a flood). */}
      <p class="replay-now" aria-live={p.playing ? "off" : "polite"}>
        {now}
      </p>
      <div class="play-body">
        <section class="board-area" aria-label="Board" ref={area}>
          {geometry && (
            <BoardView geometry={geometry} game={state} highlights={[]} selected={null} onPick={() => undefined} />
          )}
          <details open={!geometry}>
            <summary>Territories</summary>
            <TerritoryList
              game={state}
              seatOf={(s) => state.seats[s]}
              targets={new Map()}
              selected={null}
              draft={emptyDraft}
              actionsFor={() => []}
            />
          </details>
        </section>
        <aside class="side">
          <SeatsPanel game={state} info={info} now={0} />
          <GameLog lines={lines} title="Replay log" announce={false} />
        </aside>
      </div>
      <GameLuckSection id={props.id} turn={state.turn} />
    </div>
  );
}

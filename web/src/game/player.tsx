// Events played back on the map: the player's controls (play, pause, speed, steps by event and by turn, a
// scrubber, skip), the arrows of the event shown, the panel "Since your last turn" on the game screen and
// the brief arrows of live attacks. The animation is decoration: the game's state is always the current
// one, only the map shows the past while a playback runs.
import type { ComponentChildren, RefObject } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { boardIn, type BoardArrow } from "../board/api";
import { applyEvents } from "../state/game";
import { namesOf } from "../state/log";
import { eventArrow, summarise, summaryLines, type AwaySummary } from "../state/summary";
import type { ClientGame, ServerEvent } from "../state/types";
import type { LogLine } from "./controller";
import { nextTurn, previousTurn, SPEEDS, speedLabel, stateAfter, stepDelay, turnStarts, type Speed } from "./playback";
import "./player.css";

// Icons as inline SVG (glyphs such as ⏮ are missing from many fonts); the buttons' names are their text.
const paths: Record<string, string> = {
  start: "M3 2h2v12H3zM14 2v12L6 8z",
  end: "M11 2h2v12h-2zM2 2v12l8-6z",
  back: "M13 2v12L4 8z",
  forward: "M3 2v12l9-6z",
  prevTurn: "M1 8l6-6v12zM8 8l6-6v12z",
  nextTurn: "M15 8L9 2v12zM8 8L2 2v12z",
  play: "M4 2v12l10-6z",
  pause: "M3 2h4v12H3zM9 2h4v12H9z",
  skip: "M2 2v12l7-6zM9 2v12l5-6zM13 2h2v12h-2z",
};

export function Icon(props: { name: keyof typeof paths }) {
  return (
    <svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={paths[props.name]} fill="currentColor" />
    </svg>
  );
}

function Btn(props: { icon: keyof typeof paths; text: string; onClick: () => void; disabled?: boolean }) {
  return (
    // aria-disabled rather than disabled: a button that stops applying (End, once at the end) keeps the focus.
    <button
      type="button"
      class="pb-btn"
      onClick={() => !props.disabled && props.onClick()}
      aria-disabled={props.disabled ? "true" : undefined}
    >
      <Icon name={props.icon} />
      <span>{props.text}</span>
    </button>
  );
}

/** A playback's position and settings: n events applied of `end`, playing or not, at a speed. */
export interface Player {
  n: number;
  end: number;
  playing: boolean;
  speed: Speed;
  starts: number[];
  setN(n: number): void;
  setPlaying(p: boolean): void;
  setSpeed(s: Speed): void;
}

/** Steps through events[from..end) while playing, each event shown for its time at the speed. */
export function usePlayer(events: readonly ServerEvent[], from: number, end: number): Player {
  const [n, setN] = useState(from);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const starts = useMemo(() => turnStarts(events), [events]);
  useEffect(() => {
    if (!playing) return;
    if (n >= end) {
      setPlaying(false);
      return;
    }
    const instant = speed === Infinity;
    const wait = instant ? 250 : n > from ? stepDelay(events[n - 1].kind, speed) : 150;
    const t = setTimeout(() => setN(instant ? nextTurn(starts, n, end) : n + 1), wait);
    return () => clearTimeout(t);
  }, [playing, n, speed, end, events]);
  const clamp = (x: number) => Math.max(from, Math.min(end, x));
  return {
    n,
    end,
    playing,
    speed,
    starts,
    setN: (x) => setN(clamp(x)),
    setPlaying: (p) => {
      // Play at the end starts again from the beginning.
      if (p && n >= end) setN(from);
      setPlaying(p);
    },
    setSpeed,
  };
}

export function SpeedChoice(props: { p: Player; id: string }) {
  return (
    <label class="pb-speed" for={props.id}>
      Speed{" "}
      <select
        id={props.id}
        value={String(props.p.speed)}
        onChange={(e) => props.p.setSpeed(Number((e.currentTarget as HTMLSelectElement).value) as Speed)}
      >
        {SPEEDS.map((s) => (
          <option key={s} value={String(s)}>
            {speedLabel(s)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PlayButton(props: { p: Player }) {
  const { p } = props;
  return p.playing ? (
    <Btn icon="pause" text="Pause" onClick={() => p.setPlaying(false)} />
  ) : (
    <Btn icon="play" text="Play" onClick={() => p.setPlaying(true)} />
  );
}

/** The replay's controls: to the start, a turn back, an event back, play or pause, and forward likewise. */
export function ReplayControls(props: { p: Player; children?: ComponentChildren }) {
  const { p } = props;
  const at = p.n;
  return (
    <div class="pb-controls" role="group" aria-label="Replay controls">
      <div class="pb-buttons">
        <Btn icon="start" text="Start" onClick={() => p.setN(0)} disabled={at === 0} />
        <Btn
          icon="prevTurn"
          text="Previous turn"
          onClick={() => p.setN(previousTurn(p.starts, at))}
          disabled={at === 0}
        />
        <Btn icon="back" text="Back" onClick={() => p.setN(at - 1)} disabled={at === 0} />
        <PlayButton p={p} />
        <Btn icon="forward" text="Forward" onClick={() => p.setN(at + 1)} disabled={at >= p.end} />
        <Btn
          icon="nextTurn"
          text="Next turn"
          onClick={() => p.setN(nextTurn(p.starts, at, p.end))}
          disabled={at >= p.end}
        />
        <Btn icon="end" text="End" onClick={() => p.setN(p.end)} disabled={at >= p.end} />
      </div>
      <div class="pb-scrub">
        <label for="replay-scrubber">Event</label>
        <input
          id="replay-scrubber"
          type="range"
          min={0}
          max={p.end}
          value={at}
          aria-valuetext={`event ${at} of ${p.end}`}
          onInput={(e) => p.setN(Number((e.currentTarget as HTMLInputElement).value))}
        />
        <output for="replay-scrubber">
          {at} / {p.end}
        </output>
        <SpeedChoice p={p} id="replay-speed" />
      </div>
      {props.children}
    </div>
  );
}

/** The arrow of the event that brought a playback to n (the last one applied), if it has one. */
export function arrowAt(events: readonly ServerEvent[], n: number, g: ClientGame): BoardArrow[] {
  const a = n > 0 ? eventArrow(events[n - 1], g) : null;
  return a ? [a] : [];
}

/** Shows arrows on the board drawn inside `area` (once it is there: `ready` changes when it comes). */
export function useBoardArrows(area: RefObject<HTMLElement | null>, arrows: BoardArrow[], ready: unknown) {
  const key = arrows.map((a) => `${a.kind}:${a.from}>${a.to}:${a.seat ?? ""}`).join(",");
  useEffect(() => {
    const b = boardIn(area.current?.querySelector(".board-host"));
    if (!b) return;
    if (arrows.length > 0) b.showArrows(arrows);
    else b.clearArrows();
  }, [key, ready]);
}

/** How long a live attack's arrow stays on the map, in milliseconds. */
const LIVE_ARROW = 1600;

/**
 * Live attacks and conquests as brief arrows: each event that arrives after the screen opened (seq beyond
 * `since`) shows its arrow for a moment. The state is applied at once; the arrows only decorate it. A log
 * read anew (the fog lifted: the whole game, numbered as the game is) draws none.
 */
export function useLiveArrows(log: readonly LogLine[], game: ClientGame, since: number, off: boolean): BoardArrow[] {
  const seen = useRef(since);
  const before = useRef(log);
  const [shown, setShown] = useState<Array<BoardArrow & { at: number }>>([]);
  useEffect(() => {
    const was = before.current;
    before.current = log;
    if (was.length > 0 && log[was.length - 1] !== was[was.length - 1]) {
      seen.current = Math.max(seen.current, log.at(-1)?.seq ?? 0);
      return;
    }
    const fresh: Array<BoardArrow & { at: number }> = [];
    const now = Date.now();
    for (let i = log.length - 1; i >= 0 && log[i].seq > seen.current; i--) {
      const ev = log[i].event;
      if (!ev || (ev.kind !== "battle_rolled" && ev.kind !== "territory_conquered")) continue;
      const a = eventArrow(ev, game);
      if (a) fresh.unshift({ ...a, at: now });
    }
    if (log.length > 0) seen.current = Math.max(seen.current, log[log.length - 1].seq);
    if (fresh.length > 0) setShown((s) => [...s.filter((a) => now - a.at < LIVE_ARROW), ...fresh].slice(-6));
  }, [log]);
  useEffect(() => {
    if (shown.length === 0) return;
    const t = setTimeout(() => setShown((s) => s.filter((a) => Date.now() - a.at < LIVE_ARROW)), LIVE_ARROW);
    return () => clearTimeout(t);
  }, [shown]);
  return useMemo(() => (off ? [] : shown.map(({ at: _, ...a }) => a)), [off, shown]);
}

/** The summary since the viewer's last turn, computed once the whole log has been read. */
export interface Away {
  summary: AwaySummary;
  lines: string[];
  /** The viewer's record from its first event: under fog, each with the territories it left for them. */
  events: ServerEvent[];
  /**
   * The game before the first event summarised, folded when the playback first starts (not on opening: a
   * long game on a big map takes a moment); null when an event does not fit (no playback then).
   */
  before(): ClientGame | null;
}

/** Reads the summary once the log holds the whole game (its first line is event 1), once per screen. */
export function useAway(log: readonly LogLine[], game: ClientGame): Away | null {
  const [away, setAway] = useState<Away | null | undefined>(undefined);
  useEffect(() => {
    if (away !== undefined || game.viewerSeat === null) return;
    if (game.seq === 0) return setAway(null);
    if (log.length === 0 || log[0].seq !== 1) return;
    const events: ServerEvent[] = [];
    for (const l of log) {
      if (!l.event) return setAway(null);
      events.push(l.event);
    }
    const summary = summarise(events, game.viewerSeat);
    if (!summary) return setAway(null);
    const names = namesOf(game);
    let folded: ClientGame | null | undefined;
    const before = () => (folded === undefined ? (folded = stateAfter(game, events, summary.start)) : folded);
    setAway({
      summary,
      lines: summaryLines(summary, names, game.viewerSeat),
      events,
      before,
    });
  }, [log, away]);
  return away ?? null;
}

/**
 * The panel "Since your last turn": the summary in sentences, and the other seats' turns played on the map
 * (play, pause, speed, skip to now). `onBoard` gives the map the state to show while it plays (null: the
 * current state) and the arrow of the event shown.
 */
export function AwayPanel(props: {
  away: Away;
  game: ClientGame;
  onBoard: (g: ClientGame | null, arrows: BoardArrow[]) => void;
}) {
  const { away } = props;
  const end = away.events.length;
  const p = usePlayer(away.events, away.summary.start, end);
  const [open, setOpen] = useState(true);
  const [started, setStarted] = useState(false);
  const folded = useRef<{ n: number; g: ClientGame } | null>(null);
  // The state at the playback's position, advanced from the last one shown (one event at a time, forward).
  const state = useMemo(() => {
    const before = started ? away.before() : null;
    if (!before) return null;
    let f = folded.current;
    if (!f || f.n > p.n) f = { n: away.summary.start, g: before };
    const g = stateAfterFrom(f.g, away.events, f.n, p.n);
    if (!g) return null;
    folded.current = { n: p.n, g };
    return g;
  }, [started, p.n]);
  const done = started && p.n >= end;
  useEffect(() => {
    if (!started || done || !state) props.onBoard(null, []);
    else props.onBoard(state, arrowAt(away.events, p.n, state));
  }, [state, done, started]);
  useEffect(() => () => props.onBoard(null, []), []);
  if (!open) return null;
  const names = namesOf(props.game);
  const shown = started && !done && p.n > away.summary.start ? away.events[p.n - 1] : null;
  const turnOf = shown
    ? `Turn ${shown.turn}${typeof shown.seat === "number" && shown.seat >= 0 ? `, ${names.seat(shown.seat)}` : ""}`
    : null;
  return (
    <section class="away" aria-labelledby="away-title">
      <h2 id="away-title">Since your last turn</h2>
      <ul>
        {away.lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      {(!started || state || done) && (
        <div class="pb-controls" role="group" aria-label="Play back on the map">
          <div class="pb-buttons">
            {!started || done ? (
              <Btn
                icon="play"
                text={done ? "Play again" : "Play on the map"}
                onClick={() => {
                  folded.current = null;
                  p.setN(away.summary.start);
                  setStarted(true);
                  p.setPlaying(true);
                }}
              />
            ) : (
              <>
                <PlayButton p={p} />
                <Btn icon="skip" text="Skip" onClick={() => p.setN(end)} />
              </>
            )}
            <SpeedChoice p={p} id="away-speed" />
            <button type="button" class="pb-btn" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
          <p class="pb-now" role="status">
            {started && !done
              ? `Playing back: ${turnOf ?? "the start"} (${p.n - away.summary.start} of ${end - away.summary.start}).`
              : done
                ? "The map shows the game as it is now."
                : ""}
          </p>
        </div>
      )}
    </section>
  );
}

/** The game g (after `from` events) advanced to `to` events; null when an event does not fit. */
function stateAfterFrom(g: ClientGame, events: readonly ServerEvent[], from: number, to: number): ClientGame | null {
  if (from === to) return g;
  const r = applyEvents(g, events.slice(from, to));
  return r.error !== undefined || r.resyncAfter !== undefined ? null : r.state;
}

// The game's log in words, the whole game, newest last. It is virtualised: only the lines in view and a
// margin around them are in the document (logwindow.ts), with padding for the others, so a log of 20,000
// lines costs what a few dozen do. Lines are measured once shown (their text wraps), estimated before.
// It follows new lines while the player reads the newest ones and stays put once they scrolled up
// (logfollow.ts). Screen readers hear new lines from a hidden live region of their own, so lines that
// scroll into the window are not read out as new.
import { useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { LogLine } from "./controller";
import { followsEnd } from "./logfollow";
import { lineOffsets, lineWindow } from "./logwindow";
import "./log.css";

/** How many of the newest lines the live region keeps. */
const ANNOUNCED = 3;

export function GameLog(props: { lines: LogLine[]; title?: string; announce?: boolean }) {
  const { lines } = props;
  const box = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const heights = useRef(new Map<number, number>());
  const [measured, setMeasured] = useState(0);
  const [scroll, setScroll] = useState({ top: 0, height: 320 });
  const seqs = useMemo(() => lines.map((l) => l.seq), [lines]);
  const offsets = useMemo(() => lineOffsets(seqs, heights.current), [seqs, measured]);
  const total = offsets[offsets.length - 1];
  // While following, the window is the end's, so a new line is drawn where the box is about to scroll.
  const top = follow.current ? Math.max(0, total - scroll.height) : scroll.top;
  const { start, end } = lineWindow(offsets, top, scroll.height);

  // The lines to announce: those that arrive after the log was first shown, newest last.
  const seen = useRef<number | null>(null);
  const [news, setNews] = useState<LogLine[]>([]);
  useLayoutEffect(() => {
    if (props.announce === false || lines.length === 0) return;
    const last = lines[lines.length - 1].seq;
    if (seen.current === null) {
      seen.current = last;
      return;
    }
    if (last <= seen.current) return;
    const fresh: LogLine[] = [];
    for (let i = lines.length - 1; i >= 0 && lines[i].seq > seen.current && fresh.length < ANNOUNCED; i--)
      fresh.unshift(lines[i]);
    seen.current = last;
    setNews((n) => [...n, ...fresh].slice(-ANNOUNCED));
  }, [lines]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // Measure the lines drawn for the first time (or drawn at another width).
    let changed = false;
    for (const li of Array.from(el.querySelectorAll<HTMLLIElement>("li[data-seq]"))) {
      const seq = Number(li.dataset.seq);
      const h = li.offsetHeight;
      if (h > 0 && heights.current.get(seq) !== h) {
        heights.current.set(seq, h);
        changed = true;
      }
    }
    if (changed) setMeasured((m) => m + 1);
    if (el.clientHeight !== scroll.height && el.clientHeight > 0)
      setScroll({ top: el.scrollTop, height: el.clientHeight });
    if (follow.current) el.scrollTop = el.scrollHeight;
  });

  return (
    <section class="log" aria-label={props.title ?? "Game log"}>
      <h2>{props.title ?? "Log"}</h2>
      <div
        ref={box}
        class="log-box log-v"
        role="region"
        tabIndex={0}
        aria-label="Events, newest last"
        onScroll={(e) => {
          const el = e.currentTarget;
          follow.current = followsEnd(el);
          setScroll({ top: el.scrollTop, height: el.clientHeight });
        }}
      >
        <ol style={{ paddingTop: `${offsets[start]}px`, paddingBottom: `${total - offsets[end]}px` }}>
          {lines.slice(start, end).map((l, i) => (
            <li
              key={l.seq}
              data-seq={l.seq}
              class={`log-${l.kind}`}
              aria-setsize={lines.length}
              aria-posinset={start + i + 1}
            >
              <span class="turn">T{l.turn}</span> {l.text}
            </li>
          ))}
        </ol>
      </div>
      {props.announce !== false && (
        <div class="visually-hidden" role="log" aria-label="New events">
          {news.map((l) => (
            <p key={l.seq}>{l.text}</p>
          ))}
        </div>
      )}
    </section>
  );
}

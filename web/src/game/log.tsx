// The game's log in words, newest last; screen readers hear new lines as they come.
import { useEffect, useRef } from "preact/hooks";
import type { LogLine } from "./controller";

export function GameLog(props: { lines: LogLine[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [props.lines.length]);
  return (
    <section class="log" aria-label="Game log">
      <h2>Log</h2>
      <div ref={box} class="log-box" role="log" aria-live="polite" tabIndex={0} aria-label="Events, newest last">
        <ol>
        {props.lines.map((l) => (
          <li key={l.seq} class={`log-${l.kind}`}>
            <span class="turn">T{l.turn}</span> {l.text}
          </li>
        ))}
        </ol>
      </div>
    </section>
  );
}

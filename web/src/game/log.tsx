// The game's log in words, the whole game, newest last; screen readers hear new lines as they come.
// It follows new lines while the player reads the newest ones and stays put once they scrolled up
// (logfollow.ts). Lines out of view are not laid out or painted (content-visibility in style.css), so a
// long game's log stays cheap.
import { useLayoutEffect, useRef } from "preact/hooks";
import type { LogLine } from "./controller";
import { followsEnd } from "./logfollow";

export function GameLog(props: { lines: LogLine[] }) {
  const box = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [props.lines.length]);
  return (
    <section class="log" aria-label="Game log">
      <h2>Log</h2>
      <div
        ref={box}
        class="log-box"
        role="log"
        aria-live="polite"
        tabIndex={0}
        aria-label="Events, newest last"
        onScroll={(e) => (follow.current = followsEnd(e.currentTarget))}
      >
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

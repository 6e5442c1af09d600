// viewerEvents: the signed-in user's notices across games, shown as in-app notices and, when the user
// allowed it, as browser notifications.
import { useEffect, useState } from "preact/hooks";
import { subscribe } from "../api/client";
import { ViewerEventsSubscription } from "../api/operations";
import { navigate } from "./router";
import { noticeHref, noticeText } from "./format";

export interface Notice {
  seq: number;
  kind: string;
  gameId: string;
  text: string;
  /** Where the notice leads (noticeHref). */
  href: string;
}

const listeners = new Set<(n: Notice) => void>();

/** Calls f for every notice that arrives while it is registered (the game screen refreshes on them). */
export function onNotice(f: (n: Notice) => void): () => void {
  listeners.add(f);
  return () => void listeners.delete(f);
}

const LAST_SEQ = "rout.noticeSeq";

/** The notice stream and the list of unread notices, while signed in. */
export function Notices(props: { userId: string }) {
  const [items, setItems] = useState<Notice[]>([]);
  useEffect(() => {
    // Only notices that arrive from now on are shown: older ones were seen (or are stale).
    let after = Number(sessionStorage.getItem(LAST_SEQ) ?? "-1");
    let stop: (() => void) | null = null;
    let ended = false;
    const start = () => {
      stop = subscribe(ViewerEventsSubscription, after >= 0 ? { after } : {}, {
        next: (d) => {
          const ev = d.viewerEvents;
          if (!ev) return;
          const fresh = after >= 0 || Date.now() - Date.parse(ev.createdAt) < 60_000;
          after = Math.max(after, ev.seq);
          sessionStorage.setItem(LAST_SEQ, String(after));
          if (!fresh) return;
          const n: Notice = {
            seq: ev.seq,
            kind: ev.kind,
            gameId: ev.gameId,
            text: noticeText(ev.kind, ev.game?.map.name, ev.data),
            href: noticeHref(ev.kind, ev.gameId, ev.data),
          };
          for (const f of listeners) f(n);
          // The open game's screen says it already; elsewhere one notice per game and kind, the newest.
          const here = window.location.pathname === `/games/${encodeURIComponent(n.gameId)}` && !document.hidden;
          if (!here) setItems((l) => [n, ...l.filter((x) => x.gameId !== n.gameId || x.kind !== n.kind)].slice(0, 5));
          if (typeof Notification !== "undefined" && Notification.permission === "granted" && document.hidden) {
            const bn = new Notification("Rout", { body: n.text, tag: `rout-${n.gameId}` });
            bn.onclick = () => {
              window.focus();
              navigate(n.href);
            };
          }
        },
        error: (code, _m, ext) => {
          if (code === "RESUME_REQUIRED" && typeof ext.lastSeq === "number") after = ext.lastSeq;
          if (code === "UNAUTHENTICATED") ended = true; // signed out: the session screen takes over
        },
        complete: () => {
          if (!ended) setTimeout(start, 1000);
        },
      });
    };
    start();
    return () => {
      ended = true;
      stop?.();
    };
  }, [props.userId]);

  if (items.length === 0) return null;
  return (
    <section class="notices" aria-label="Notices">
      <ul>
        {items.map((n) => (
          <li key={n.seq} class={`notice notice-${n.kind}`}>
            <a
              href={n.href}
              onClick={(e) => {
                e.preventDefault();
                setItems((l) => l.filter((x) => x.seq !== n.seq));
                navigate(n.href);
              }}
            >
              {n.text}
            </a>
            <button
              type="button"
              class="link"
              aria-label="Dismiss notice"
              onClick={() => setItems((l) => l.filter((x) => x.seq !== n.seq))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

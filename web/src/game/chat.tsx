// The game's chat: beside the board on a wide screen, a drawer behind a button (with the unread count) on
// a phone. Room tabs, the lines oldest to newest (older ones on demand), the send box with its counter,
// the viewer's "chat off" switch and the creator's "players only" switch. Text is only ever rendered as
// text (JSX text nodes): never as HTML, links included. Each message has its menu (./chatmenu.tsx: report,
// block, delete, a moderator's timeout). Its state lives in ../state/chat.ts, its reads and live lines in
// ./chatfeed.ts.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import {
  ChatTimeoutQuery,
  MarkChatReadMutation,
  SendChatMessageMutation,
  SetChatOffMutation,
  SetChatPlayersOnlyMutation,
} from "../api/operations";
import {
  MAX_CHAT_CHARS,
  chatLength,
  emptyRoom,
  mergeLive,
  mergeNewest,
  mergeOlder,
  roomTitle,
  shownLines,
  toMarkRead,
  unreadCounts,
  waitWords,
  withoutAuthor,
  type ChatLine,
  type RoomInfo,
  type RoomLines,
} from "../state/chat";
import { timeoutWords } from "../state/chatmenu";
import { ErrorLine } from "../ui/form";
import { useNow } from "../ui/session";
import { followChat, readChat, type ChatFeed, type ChatRead } from "./chatfeed";
import { MessageMenu, type MenuEffects } from "./chatmenu";
import { newKey } from "./controller";

/** The media query of the phone layout (style.css): the chat is a drawer there. */
const PHONE = "(max-width: 60rem)";

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const m = window.matchMedia(PHONE);
    const f = () => setPhone(m.matches);
    m.addEventListener("change", f);
    return () => m.removeEventListener("change", f);
  }, []);
  return phone;
}

function errorWords(e: unknown, fallback: string): string {
  return e instanceof APIError ? e.message : fallback;
}

export function ChatPanel(props: {
  gameId: string;
  viewerId: string;
  /** Whether the viewer moderates the chat (the moderator's actions in the messages' menus). */
  moderator: boolean;
  /** Whether the viewer holds a seat: a spectator reads the spectators' room alone. */
  player: boolean;
  /** Whether the viewer created the game (the "players only" switch). */
  creator: boolean;
  teams: ReadonlyArray<{ index: number; name: string }>;
}) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const shown = !phone || open;
  const [spectators, setSpectators] = useState(false);
  const [rooms, setRooms] = useState<RoomInfo[] | null>(null);
  const [settings, setSettings] = useState<ChatRead["settings"] | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  const [held, setHeld] = useState<Map<string, RoomLines>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const marked = useRef(new Map<string, number>());

  // The feed reads the room shown when it is one the viewer reads (the last read's rooms).
  const cur = useRef({ room, rooms, spectators });
  cur.current = { room, rooms, spectators };
  const feed = useRef<ChatFeed | null>(null);
  useEffect(() => {
    const f = followChat(props.gameId, {
      viewerId: props.viewerId,
      roomOf: () => {
        const c = cur.current;
        return c.room && c.rooms?.some((r) => r.name === c.room) ? c.room : null;
      },
      spectators: () => cur.current.spectators,
      onRead: (r, asked) => {
        setRooms(r.rooms);
        setSettings(r.settings);
        setError(null);
        setRoom((was) => (was && r.rooms.some((x) => x.name === was) ? was : (r.rooms[0]?.name ?? null)));
        if (asked && r.page) {
          const page = r.page;
          setHeld((h) => new Map(h).set(asked, mergeNewest(h.get(asked) ?? emptyRoom(asked), page)));
        }
      },
      onLines: (room, ls) => addLines(room, ls),
      onError: (e) => setError(errorWords(e, "The chat cannot be read.")),
    });
    feed.current = f;
    return () => f.stop();
  }, [props.gameId]);
  // A room chosen (or the spectators' room asked for) is read at once.
  useEffect(() => feed.current?.refresh(), [room, spectators]);

  const lines = room ? (held.get(room) ?? emptyRoom(room)) : null;
  // The room shown is marked read up to its newest line.
  useEffect(() => {
    if (!shown || !room || !lines) return;
    const seq = toMarkRead(lines, marked.current.get(room) ?? 0);
    if (seq === null) return;
    marked.current.set(room, seq);
    void mutate(MarkChatReadMutation, { input: { gameId: props.gameId, room, seq } }).catch(() => {
      marked.current.delete(room); // tried again with the next read
    });
  }, [shown, room, lines]);

  const counts = unreadCounts(rooms ?? [], shown ? room : null);
  const info = rooms?.find((r) => r.name === room) ?? null;

  async function older() {
    if (!room || !lines?.cursor) return;
    try {
      const r = await readChat(props.gameId, room, spectators, lines.cursor);
      if (r.page) {
        const page = r.page;
        setHeld((h) => new Map(h).set(room, mergeOlder(h.get(room) ?? emptyRoom(room), page)));
      }
    } catch (e) {
      setError(errorWords(e, "The older messages cannot be read."));
    }
  }
  // Lines of the subscription, and those the viewer's own actions wrote (shown before the subscription
  // brings them: the merge holds each line once).
  function addLines(room: string, ls: ChatLine[]) {
    setHeld((h) => {
      const r = h.get(room);
      return r ? new Map(h).set(room, mergeLive(r, ls)) : h;
    });
  }
  const effects: MenuEffects = {
    onBlocked: (authorId) => setHeld((h) => new Map([...h].map(([name, r]) => [name, withoutAuthor(r, authorId)]))),
    onLine: (l) => addLines(l.room, [l]),
  };
  async function setOff(off: boolean) {
    try {
      const d = await mutate(SetChatOffMutation, { input: { gameId: props.gameId, off } });
      setError(userErrorText(d.setChatOff.userErrors));
      if (d.setChatOff.settings) setSettings(d.setChatOff.settings);
      if (off) setHeld(new Map());
      feed.current?.refresh();
    } catch (e) {
      setError(errorWords(e, "The chat setting was not changed."));
    }
  }
  async function setPlayersOnly(playersOnly: boolean) {
    // Shown at once (a read on its way would put the box back until the answer).
    setSettings((s) => s && { ...s, playersOnly });
    try {
      const d = await mutate(SetChatPlayersOnlyMutation, { input: { gameId: props.gameId, playersOnly } });
      setError(userErrorText(d.setChatPlayersOnly.userErrors));
      if (d.setChatPlayersOnly.settings) setSettings(d.setChatPlayersOnly.settings);
      feed.current?.refresh();
    } catch (e) {
      setError(errorWords(e, "The chat setting was not changed."));
    }
  }

  const off = settings?.off ?? false;
  const body = (
    <>
      <div class="chat-head">
        <h2 id="chat-title">
          Chat
          {room && rooms?.length === 1 && <span class="sub"> · {roomTitle(room, props.teams)}</span>}
        </h2>
        {phone && (
          <button type="button" onClick={() => setOpen(false)} aria-label="Close the chat">
            Close
          </button>
        )}
      </div>
      <ErrorLine text={error} />
      {off ? (
        <p>
          You switched this game's chat off.{" "}
          <button type="button" onClick={() => void setOff(false)}>
            Turn chat on
          </button>
        </p>
      ) : (
        <>
          {rooms && rooms.length > 1 && (
            <div class="chat-tabs" role="tablist" aria-label="Chat rooms">
              {rooms.map((r) => {
                const n = counts.byRoom.get(r.name) ?? 0;
                return (
                  <button
                    key={r.name}
                    type="button"
                    role="tab"
                    id={`chat-tab-${r.name}`}
                    aria-selected={r.name === room}
                    aria-controls="chat-room"
                    onClick={() => setRoom(r.name)}
                  >
                    {roomTitle(r.name, props.teams)}
                    {n > 0 && (
                      <span class="badge" aria-label={`${n} unread`}>
                        {n}
                      </span>
                    )}
                  </button>
                );
              })}
            </div>
          )}
          {rooms && rooms.length === 0 && (
            <p>
              {settings?.playersOnly && !props.player
                ? "The game's creator keeps its chat to the players."
                : "There is no chat room for you in this game."}
            </p>
          )}
          {room && lines && (
            <Room
              key={room}
              title={roomTitle(room, props.teams)}
              tabbed={(rooms?.length ?? 0) > 1}
              lines={lines}
              viewer={{ id: props.viewerId, moderator: props.moderator }}
              effects={effects}
              onOlder={() => void older()}
            />
          )}
          {room && info?.canPost && <SendBox gameId={props.gameId} room={room} onSent={(l) => addLines(room, [l])} />}
          {room && info && !info.canPost && (
            <p class="sub">
              {room === "spectators" && props.player
                ? "Players write in the spectators' room once the game is over."
                : "You cannot write in this room."}
            </p>
          )}
        </>
      )}
      <div class="chat-options">
        {props.player && !off && (
          <label>
            <input
              type="checkbox"
              checked={spectators}
              onChange={(e) => setSpectators((e.currentTarget as HTMLInputElement).checked)}
            />{" "}
            Show the spectators' room
          </label>
        )}
        {props.creator && settings && (
          <label>
            <input
              type="checkbox"
              checked={settings.playersOnly}
              onChange={(e) => void setPlayersOnly((e.currentTarget as HTMLInputElement).checked)}
            />{" "}
            Players only (close the spectators' room)
          </label>
        )}
        {!off && settings && (
          <button type="button" onClick={() => void setOff(true)}>
            Turn chat off for this game
          </button>
        )}
      </div>
    </>
  );

  return (
    <>
      {phone && (
        <button
          type="button"
          class="chat-toggle"
          aria-expanded={open}
          aria-controls="chat-panel"
          onClick={() => setOpen(!open)}
        >
          Chat
          {counts.total > 0 && (
            <span class="badge" aria-label={`${counts.total} unread`}>
              {counts.total}
            </span>
          )}
        </button>
      )}
      {shown && (
        <section id="chat-panel" class={`chat${phone ? " chat-drawer" : ""}`} aria-labelledby="chat-title">
          {body}
        </section>
      )}
    </>
  );
}

/** A room's lines, oldest to newest, following the newest while the reader is at the end. */
function Room(props: {
  title: string;
  /** Whether the room is one of tabs (a tab panel). */
  tabbed: boolean;
  lines: RoomLines;
  viewer: { id: string; moderator: boolean };
  effects: MenuEffects;
  onOlder: () => void;
}) {
  const box = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);
  const first = useRef<number | null>(null);
  const shownList = useMemo(() => shownLines(props.lines), [props.lines]);
  // New lines at the end keep the reader at the end; older lines added above keep what they were reading
  // in place.
  const before = useRef({ height: 0, top: 0 });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const oldest = shownList[0]?.seq ?? null;
    if (first.current !== null && oldest !== null && oldest < first.current && !atEnd.current) {
      el.scrollTop = before.current.top + (el.scrollHeight - before.current.height);
    } else if (atEnd.current) el.scrollTop = el.scrollHeight;
    first.current = oldest;
    before.current = { height: el.scrollHeight, top: el.scrollTop };
  }, [shownList]);
  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    before.current = { height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop === 0 && props.lines.hasOlder) props.onOlder();
  };
  return (
    <div
      class="chat-room"
      id="chat-room"
      role={props.tabbed ? "tabpanel" : undefined}
      aria-labelledby={props.tabbed ? `chat-tab-${props.lines.room}` : undefined}
    >
      {props.lines.hasOlder && (
        <button type="button" class="chat-older" onClick={props.onOlder}>
          Older messages
        </button>
      )}
      <ol class="chat-lines" ref={box} onScroll={onScroll} aria-label={`${props.title} messages`} tabIndex={0}>
        {shownList.length === 0 && <li class="sub">No messages yet.</li>}
        {shownList.map((l) => (
          <MessageRow key={l.id} line={l} viewer={props.viewer} effects={props.effects} />
        ))}
      </ol>
    </div>
  );
}

/** One message: its author, time and text (as text), and its menu beside the author (style.css puts the text under both). */
function MessageRow(props: { line: ChatLine; viewer: { id: string; moderator: boolean }; effects: MenuEffects }) {
  const l = props.line;
  const mine = l.authorId === props.viewer.id;
  const at = new Date(l.createdAt);
  const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (l.removed)
    return (
      <li class="chat-line removed">
        <span class="sub">A message was removed.</span>
      </li>
    );
  return (
    <li class={`chat-line${mine ? " mine" : ""}`}>
      <span class="chat-meta">
        <strong>{mine ? "You" : l.authorName}</strong>{" "}
        <time dateTime={l.createdAt} title={at.toLocaleString()}>
          {time}
        </time>
      </span>
      <span class="chat-text">{l.body}</span>
      <MessageMenu line={l} viewer={props.viewer} effects={props.effects} />
    </li>
  );
}

/** The send box: the text, its counter, and the refusals in words with the wait of the limits. */
function SendBox(props: { gameId: string; room: string; onSent: (l: ChatLine) => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [until, setUntil] = useState(0);
  const [busy, setBusy] = useState(false);
  // A retry of the same text keeps its key, so that a message sent whose answer was lost is not sent twice.
  const key = useRef<{ text: string; key: string } | null>(null);
  const now = useNow();
  const waiting = until > now;
  const n = chatLength(text);
  const tooLong = n > MAX_CHAT_CHARS;

  // A timeout's refusal in words: until when, in the viewer's time, and why (User.chatTimeout).
  async function sayTimeout() {
    try {
      const t = (await query(ChatTimeoutQuery, {})).viewer?.chatTimeout;
      if (t) setError(timeoutWords(t));
    } catch {
      // The server's words stay.
    }
  }
  async function send(e: Event) {
    e.preventDefault();
    if (n === 0 || tooLong || waiting || busy) return;
    if (key.current?.text !== text) key.current = { text, key: newKey() };
    const sent = key.current;
    setBusy(true);
    try {
      const d = await mutate(SendChatMessageMutation, {
        input: { gameId: props.gameId, room: props.room, body: sent.text, clientKey: sent.key },
      });
      const p = d.sendChatMessage;
      const err = userErrorText(p.userErrors);
      setError(err);
      if (p.userErrors.some((u) => u.code === "CHAT_TIMED_OUT")) void sayTimeout();
      if (p.retryAfter) setUntil(Date.now() + p.retryAfter * 1000);
      if (!err && p.message) {
        // The line may come live before this answer, and the writer may have typed on: only the text sent
        // is cleared.
        setText((t) => (t === sent.text ? "" : t));
        if (key.current === sent) key.current = null;
        props.onSent(p.message);
      }
    } catch (e) {
      setError(errorWords(e, "The message was not sent."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form class="chat-send" onSubmit={(e) => void send(e)}>
      <label for="chat-text" class="visually-hidden">
        Message
      </label>
      <textarea
        id="chat-text"
        rows={2}
        value={text}
        placeholder="Write a message"
        aria-describedby="chat-count"
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey) {
            e.preventDefault();
            (e.currentTarget as HTMLTextAreaElement).form?.requestSubmit();
          }
        }}
      />
      <div class="chat-send-row">
        <span id="chat-count" class={`sub${tooLong ? " over" : ""}`}>
          {n}/{MAX_CHAT_CHARS}
        </span>
        <button type="submit" class="primary" disabled={n === 0 || tooLong || waiting || busy}>
          {waiting ? `Wait ${waitWords((until - now) / 1000)}` : "Send"}
        </button>
      </div>
      <ErrorLine text={error} />
    </form>
  );
}

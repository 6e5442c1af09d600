// How the chat panel learns of new lines: the one place that knows. Today it reads the rooms and the
// shown room's newest page again (ChatQuery): at once, after each message sent (refresh), when the window
// gets the focus or the tab is shown again, and every CHAT_POLL_MS while the panel is open and the tab
// visible. A live subscription would replace the timer here and nothing else (docs/web.md, "Chat").
import { APIError, query } from "../api/client";
import { ChatQuery } from "../api/operations";
import type { ChatLineFieldsFragment } from "../gql/graphql";
import type { ChatPage, RoomInfo } from "../state/chat";

/** How often the open chat reads its newest page again. */
export const CHAT_POLL_MS = 4000;

/** The size of a page of lines. */
export const CHAT_PAGE = 30;

/** What one read says: the rooms the viewer reads, their settings, and the asked room's page when it is one. */
export interface ChatRead {
  rooms: RoomInfo[];
  settings: { off: boolean; playersOnly: boolean };
  page: ChatPage | null;
}

/**
 * Reads the rooms and a page of `room` (its newest, or the one older than `after`); with no room, or when
 * the room may no longer be read, the rooms alone (`page` null).
 */
export async function readChat(
  gameId: string,
  room: string | null,
  spectators: boolean,
  after: string | null = null,
): Promise<ChatRead> {
  let d;
  try {
    d = await query(ChatQuery, {
      id: gameId,
      room: room ?? "",
      read: room !== null,
      spectators,
      first: CHAT_PAGE,
      after,
    });
  } catch (e) {
    // The room closed since the last read (players only, chat off): the rooms alone say what is left.
    if (room !== null && e instanceof APIError && (e.code === "CHAT_ROOM" || e.code === "CHAT_OFF"))
      return readChat(gameId, null, spectators);
    throw e;
  }
  const g = d.game;
  if (!g) throw new Error("the game cannot be read");
  const c = g.chat;
  return {
    rooms: g.chatRooms,
    settings: g.chatSettings,
    page: c
      ? {
          lines: c.edges.map((e) => e.node satisfies ChatLineFieldsFragment),
          hasOlder: c.pageInfo.hasNextPage,
          cursor: c.pageInfo.endCursor ?? null,
        }
      : null,
  };
}

/** A followed chat: read again now (after a send), or stop following. */
export interface ChatFeed {
  refresh(): void;
  stop(): void;
}

/**
 * Follows a game's chat: `onRead` gets each new read of the rooms and of the room `roomOf()` names (null
 * until the rooms are known: only a room the last read listed is asked for), with the room asked.
 */
export function followChat(
  gameId: string,
  opts: {
    roomOf: () => string | null;
    spectators: () => boolean;
    onRead: (r: ChatRead, room: string | null) => void;
    onError: (e: unknown) => void;
  },
): ChatFeed {
  let stopped = false;
  let running = false;
  let again = false;
  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const room = opts.roomOf();
      const r = await readChat(gameId, room, opts.spectators());
      if (!stopped) opts.onRead(r, room);
    } catch (e) {
      if (!stopped) opts.onError(e);
    } finally {
      running = false;
      if (again) {
        again = false;
        void tick();
      }
    }
  };
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") void tick();
  }, CHAT_POLL_MS);
  const onFocus = () => void tick();
  const onVisible = () => {
    if (document.visibilityState === "visible") void tick();
  };
  window.addEventListener("focus", onFocus);
  document.addEventListener("visibilitychange", onVisible);
  void tick();
  return {
    refresh: () => void tick(),
    stop: () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    },
  };
}

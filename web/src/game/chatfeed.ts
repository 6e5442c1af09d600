// How the chat panel learns of new lines: the one place that knows. It reads the rooms the viewer reads
// (with their unread counts and the settings) and the newest page of each room, then follows each room
// through the chatMessages subscription from the newest line held, as the game's events are followed
// (controller.ts): after a dropped socket, a RESUME_REQUIRED or a failed stream it subscribes again after
// the last line it got, so the panel misses nothing and a line delivered twice is held once (mergeLive).
// The rooms are read again when one is chosen, when the spectators' room is asked for, after a setting
// changed, after the socket came back, (shortly after) when a line of another user comes to a room that is
// not shown (its unread count is the server's), when the window gets the focus or the tab is shown again,
// and every ROOMS_READ_MS while the tab is visible: the subscription carries lines, not a room closed to the
// viewer (players only) or a setting changed elsewhere. Lines are never polled (docs/web.md, "Chat").
import { APIError, onSocketState, query, subscribe, type SocketState } from "../api/client";
import { ChatMessagesSubscription, ChatQuery } from "../api/operations";
import type { ChatLineFieldsFragment } from "../gql/graphql";
import type { ChatLine, ChatPage, RoomInfo } from "../state/chat";

/** The size of a page of lines. */
export const CHAT_PAGE = 30;

/** How often the rooms (not their lines) are read again while the tab is visible. */
export const ROOMS_READ_MS = 15_000;

/** How long after a line in a room not shown the rooms' unread counts are read again (lines coalesce). */
export const UNREAD_READ_MS = 1000;

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

/** A followed chat: read the rooms again now (a room chosen, a setting changed), or stop following. */
export interface ChatFeed {
  refresh(): void;
  stop(): void;
}

/** One room followed: the number of the newest line it got, and the end of its subscription. */
interface Followed {
  last: number;
  unsubscribe: (() => void) | null;
  retries: number;
}

/**
 * Follows a game's chat: `onRead` gets each read of the rooms (with the newest page of a room read first,
 * named), `onLines` the lines of a room as they come, in order (lines of
 * users the viewer blocks never come). `onError` gets a failed read.
 */
export function followChat(
  gameId: string,
  opts: {
    viewerId: string;
    roomOf: () => string | null;
    spectators: () => boolean;
    onRead: (r: ChatRead, room: string | null) => void;
    onLines: (room: string, lines: ChatLine[]) => void;
    onError: (e: unknown) => void;
  },
): ChatFeed {
  let stopped = false;
  let running = false;
  let again = false;
  let unreadTimer: ReturnType<typeof setTimeout> | null = null;
  const followed = new Map<string, Followed>();

  // Subscribes to room after the last line it got; a failure of the stream subscribes again after it.
  const follow = (room: string) => {
    const f = followed.get(room);
    if (!f || stopped) return;
    f.unsubscribe?.();
    f.unsubscribe = subscribe(
      ChatMessagesSubscription,
      { gameId, room, after: f.last },
      {
        next: (d) => {
          const l = d.chatMessages;
          if (!l || stopped || followed.get(room) !== f) return;
          f.retries = 0;
          if (l.seq <= f.last) return; // sent again after a resubscription
          f.last = l.seq;
          opts.onLines(room, [l]);
          if (room !== opts.roomOf() && l.kind === "message" && l.authorId !== opts.viewerId) readUnreadSoon();
        },
        error: (code) => {
          if (stopped || followed.get(room) !== f) return;
          f.unsubscribe?.();
          f.unsubscribe = null;
          if (code === "CHAT_ROOM" || code === "CHAT_OFF" || code === "NOT_FOUND" || code === "UNAUTHENTICATED") {
            void tick(); // the room closed to the viewer: the rooms say what is left
            return;
          }
          f.retries = code === "RESUME_REQUIRED" ? 0 : f.retries + 1;
          setTimeout(() => follow(room), Math.min(10_000, 500 * 2 ** f.retries));
        },
        complete: () => {
          if (!stopped && followed.get(room) === f) setTimeout(() => follow(room), 500);
        },
      },
    );
  };

  // Follows the rooms listed (a room new to the feed from its newest page, read first), and stops following
  // the others.
  const sync = async (rooms: RoomInfo[]) => {
    const names = new Set(rooms.map((r) => r.name));
    for (const [name, f] of followed) {
      if (names.has(name)) continue;
      f.unsubscribe?.();
      followed.delete(name);
    }
    for (const name of names) {
      if (followed.has(name) || stopped) continue;
      const f: Followed = { last: 0, unsubscribe: null, retries: 0 };
      followed.set(name, f);
      try {
        const r = await readChat(gameId, name, opts.spectators());
        if (stopped || followed.get(name) !== f) continue;
        opts.onRead(r, r.page ? name : null);
        f.last = Math.max(0, ...(r.page?.lines.map((l) => l.seq) ?? []));
        follow(name);
      } catch (e) {
        followed.delete(name); // tried again with the next read
        if (!stopped) opts.onError(e);
      }
    }
  };

  // Reads the rooms (not their lines: those come live), then follows what they list.
  const tick = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const r = await readChat(gameId, null, opts.spectators());
      if (!stopped) {
        opts.onRead(r, null);
        await sync(r.rooms);
      }
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

  const readUnreadSoon = () => {
    if (unreadTimer) return;
    unreadTimer = setTimeout(() => {
      unreadTimer = null;
      void tick();
    }, UNREAD_READ_MS);
  };

  // Back after a drop (a restart, a sleeping laptop): every room from the last line it got, and the rooms.
  let was: SocketState | null = null;
  const offSocket = onSocketState((s) => {
    if (s === "connected" && was === "offline") {
      for (const room of followed.keys()) follow(room);
      void tick();
    }
    was = s;
  });
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") void tick();
  }, ROOMS_READ_MS);
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
      offSocket();
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
      if (unreadTimer) clearTimeout(unreadTimer);
      for (const f of followed.values()) f.unsubscribe?.();
      followed.clear();
    },
  };
}

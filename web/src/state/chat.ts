// A game's chat as the client holds it: one room's lines, oldest first, merged from pages the API gives
// newest first (the newest page, older pages on demand) and from the lines the chatMessages subscription
// brings after the newest held, the rooms' names in words, and what to mark read. Pure: game/chatfeed.ts
// reads the pages and follows the subscription, game/chat.tsx shows them.

/** One line of a room, as the API gives it (ChatMessage). */
export interface ChatLine {
  id: string;
  room: string;
  seq: number;
  kind: string;
  authorId?: string | null;
  authorName?: string | null;
  body?: string | null;
  removed: boolean;
  target?: number | null;
  createdAt: string;
}

/** A page of a room's lines, newest first, with whether older lines remain and the cursor to them. */
export interface ChatPage {
  lines: ChatLine[];
  hasOlder: boolean;
  cursor: string | null;
}

/** A room's lines the client holds, oldest first, and how to read the lines before them. */
export interface RoomLines {
  room: string;
  lines: ChatLine[];
  /** Whether lines older than the first held remain to read. */
  hasOlder: boolean;
  /** The cursor of the oldest line held: read older lines after it. */
  cursor: string | null;
}

/** The most characters a message may have (the API's limit, counted in code points as the server does). */
export const MAX_CHAT_CHARS = 500;

/** The number of characters of a message as the limit counts them: code points, not UTF-16 units. */
export function chatLength(text: string): number {
  return [...text.trim()].length;
}

/** No line held yet. */
export function emptyRoom(room: string): RoomLines {
  return { room, lines: [], hasOlder: false, cursor: null };
}

/**
 * Folds lines into those held: a line of a seq already held replaces it (a message removed since), a
 * removal marks its target removed (and shows as that message's "removed" line, not a line of its own).
 */
function fold(held: ChatLine[], incoming: ChatLine[]): ChatLine[] {
  const bySeq = new Map(held.map((l) => [l.seq, l]));
  for (const l of incoming) bySeq.set(l.seq, l);
  for (const l of incoming) {
    if (l.kind !== "removal" || l.target == null) continue;
    const t = bySeq.get(l.target);
    if (t) bySeq.set(l.target, { ...t, removed: true, body: null, authorId: null, authorName: null });
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The room after a read of its newest page. A page that does not reach the lines held (more lines came
 * than a page holds, older ones remaining) replaces them: the lines between are read by paging back.
 */
export function mergeNewest(r: RoomLines, page: ChatPage): RoomLines {
  const newestHeld = r.lines.at(-1)?.seq ?? 0;
  const oldestOfPage = page.lines.at(-1)?.seq ?? Infinity;
  if (r.lines.length === 0 || (page.hasOlder && oldestOfPage > newestHeld)) {
    return { room: r.room, lines: fold([], page.lines), hasOlder: page.hasOlder, cursor: page.cursor };
  }
  return { ...r, lines: fold(r.lines, page.lines) };
}

/**
 * The room after lines the subscription (or a mutation's answer) brought: each folded in by its number, so
 * a line delivered twice (a resubscription after a reconnect) is held once, and lines out of order land in
 * place.
 */
export function mergeLive(r: RoomLines, lines: ChatLine[]): RoomLines {
  if (lines.length === 0) return r;
  return { ...r, lines: fold(r.lines, lines) };
}

/** The number to resume the room's subscription after: the newest line held (0 when none). */
export function resumeAfter(r: RoomLines): number {
  return r.lines.at(-1)?.seq ?? 0;
}

/** The room without the lines of user `authorId` (just blocked: their lines go at once). */
export function withoutAuthor(r: RoomLines, authorId: string): RoomLines {
  const lines = r.lines.filter((l) => l.authorId !== authorId);
  return lines.length === r.lines.length ? r : { ...r, lines };
}

/** The room after a read of the page older than the lines held. */
export function mergeOlder(r: RoomLines, page: ChatPage): RoomLines {
  return { room: r.room, lines: fold(r.lines, page.lines), hasOlder: page.hasOlder, cursor: page.cursor };
}

/** The lines to show: messages (removed ones as such), not the removals' own lines. */
export function shownLines(r: RoomLines): ChatLine[] {
  return r.lines.filter((l) => l.kind !== "removal");
}

/** The newest line to mark read when the room is shown, or null when nothing past `marked` is held. */
export function toMarkRead(r: RoomLines, marked: number): number | null {
  const newest = r.lines.at(-1)?.seq ?? 0;
  return newest > marked ? newest : null;
}

/** A room as the API lists it for the viewer (ChatRoom). */
export interface RoomInfo {
  name: string;
  canPost: boolean;
  unread: number;
}

/**
 * The unread count of each room for the tabs: the API's, except the room shown, which is read as it shows
 * (its mark is on its way); and their total, for the drawer's button.
 */
export function unreadCounts(rooms: RoomInfo[], shown: string | null): { byRoom: Map<string, number>; total: number } {
  const byRoom = new Map(rooms.map((r) => [r.name, r.name === shown ? 0 : r.unread]));
  let total = 0;
  for (const n of byRoom.values()) total += n;
  return { byRoom, total };
}

/** A room's name in words: "Players", "Spectators", or the team's name ("Team Red"). */
export function roomTitle(room: string, teams: ReadonlyArray<{ index: number; name: string }>): string {
  if (room === "players") return "Players";
  if (room === "spectators") return "Spectators";
  const m = /^team:(\d+)$/.exec(room);
  if (m) {
    const t = teams.find((x) => x.index === Number(m[1]));
    return `Team ${t ? t.name : Number(m[1]) + 1}`;
  }
  return room;
}

/** The wait before sending again, in words ("8 s", "3 min", "2 h"): the limits' retry time counting down. */
export function waitWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.ceil(s / 60)} min`;
  return `${Math.ceil(s / 3600)} h`;
}

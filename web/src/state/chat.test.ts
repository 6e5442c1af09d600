import { describe, expect, it } from "vitest";
import {
  chatLength,
  emptyRoom,
  mergeLive,
  mergeNewest,
  mergeOlder,
  resumeAfter,
  roomTitle,
  shownLines,
  toMarkRead,
  unreadCounts,
  waitWords,
  withoutAuthor,
  type ChatLine,
  type ChatPage,
} from "./chat";

function line(seq: number, over: Partial<ChatLine> = {}): ChatLine {
  return {
    id: `m${seq}`,
    room: "players",
    seq,
    kind: "message",
    authorId: "u1",
    authorName: "alice",
    body: `line ${seq}`,
    removed: false,
    target: null,
    createdAt: "2026-12-05T20:00:00Z",
    ...over,
  };
}

/** A page as the API gives it: newest first, seqs from hi down to lo. */
function page(hi: number, lo: number, hasOlder: boolean, extra: ChatLine[] = []): ChatPage {
  const lines: ChatLine[] = [...extra];
  for (let s = hi; s >= lo; s--) lines.push(line(s));
  lines.sort((a, b) => b.seq - a.seq);
  return { lines, hasOlder, cursor: hasOlder ? `c${lo}` : null };
}

const seqs = (ls: ChatLine[]) => ls.map((l) => l.seq);

describe("mergeNewest", () => {
  it("holds the first page oldest first, with the cursor to older lines", () => {
    const r = mergeNewest(emptyRoom("players"), page(40, 11, true));
    expect(seqs(r.lines)).toEqual(Array.from({ length: 30 }, (_, i) => 11 + i));
    expect(r.hasOlder).toBe(true);
    expect(r.cursor).toBe("c11");
  });

  it("adds new lines after those held and keeps the older lines' cursor", () => {
    let r = mergeNewest(emptyRoom("players"), page(40, 11, true));
    r = mergeNewest(r, page(43, 14, true));
    expect(seqs(r.lines).at(0)).toBe(11);
    expect(seqs(r.lines).at(-1)).toBe(43);
    expect(r.lines).toHaveLength(33);
    expect(r.cursor).toBe("c11");
  });

  it("starts again from a page that does not reach the lines held (more came than a page)", () => {
    let r = mergeNewest(emptyRoom("players"), page(10, 1, false));
    r = mergeNewest(r, page(80, 51, true));
    expect(seqs(r.lines)).toEqual(Array.from({ length: 30 }, (_, i) => 51 + i));
    expect(r.hasOlder).toBe(true);
    expect(r.cursor).toBe("c51");
  });

  it("skips numbers without a gap when the page holds the room's first line (blocked authors' lines)", () => {
    let r = mergeNewest(emptyRoom("players"), page(3, 1, false));
    r = mergeNewest(r, { lines: [line(9), line(7)], hasOlder: false, cursor: null });
    expect(seqs(r.lines)).toEqual([1, 2, 3, 7, 9]);
  });

  it("replaces a line read again (a message removed since) and folds removals into their target", () => {
    let r = mergeNewest(emptyRoom("players"), page(5, 1, false));
    r = mergeNewest(r, {
      lines: [
        line(6, { kind: "removal", target: 2, body: null, authorId: null, authorName: null }),
        line(4, { removed: true, body: null, authorId: null, authorName: null }),
      ],
      hasOlder: false,
      cursor: null,
    });
    const shown = shownLines(r);
    expect(seqs(shown)).toEqual([1, 2, 3, 4, 5]);
    expect(shown.filter((l) => l.removed).map((l) => l.seq)).toEqual([2, 4]);
    expect(shown.find((l) => l.seq === 2)?.body).toBeNull();
  });
});

describe("mergeOlder", () => {
  it("puts an older page before the lines held and moves the cursor", () => {
    let r = mergeNewest(emptyRoom("players"), page(60, 31, true));
    r = mergeOlder(r, page(30, 1, false));
    expect(seqs(r.lines)).toEqual(Array.from({ length: 60 }, (_, i) => 1 + i));
    expect(r.hasOlder).toBe(false);
    expect(r.cursor).toBeNull();
  });

  it("keeps the lines read meanwhile when an older page overlaps them", () => {
    let r = mergeNewest(emptyRoom("players"), page(60, 31, true));
    r = mergeNewest(r, page(62, 33, true));
    r = mergeOlder(r, page(32, 3, true));
    expect(seqs(r.lines).at(0)).toBe(3);
    expect(seqs(r.lines).at(-1)).toBe(62);
    expect(new Set(seqs(r.lines)).size).toBe(r.lines.length);
    expect(r.cursor).toBe("c3");
  });
});

describe("unread", () => {
  it("marks the newest line held once, and nothing when nothing is newer", () => {
    const r = mergeNewest(emptyRoom("players"), page(12, 1, false));
    expect(toMarkRead(r, 0)).toBe(12);
    expect(toMarkRead(r, 12)).toBeNull();
    expect(toMarkRead(emptyRoom("players"), 0)).toBeNull();
  });

  it("counts the rooms not shown, and their total for the drawer's button", () => {
    const rooms = [
      { name: "players", canPost: true, unread: 3 },
      { name: "team:0", canPost: true, unread: 2 },
      { name: "spectators", canPost: false, unread: 0 },
    ];
    const shown = unreadCounts(rooms, "players");
    expect(shown.byRoom.get("players")).toBe(0);
    expect(shown.byRoom.get("team:0")).toBe(2);
    expect(shown.total).toBe(2);
    expect(unreadCounts(rooms, null).total).toBe(5);
  });
});

describe("words", () => {
  it("names rooms by their team", () => {
    const teams = [
      { index: 0, name: "Red" },
      { index: 1, name: "Blue" },
    ];
    expect(roomTitle("players", teams)).toBe("Players");
    expect(roomTitle("spectators", teams)).toBe("Spectators");
    expect(roomTitle("team:1", teams)).toBe("Team Blue");
    expect(roomTitle("team:4", teams)).toBe("Team 5");
  });

  it("counts characters as code points, trimmed", () => {
    expect(chatLength("  hi  ")).toBe(2);
    expect(chatLength("🎲🎲")).toBe(2);
    expect(chatLength("x".repeat(501))).toBe(501);
  });

  it("says the wait in seconds, minutes or hours", () => {
    expect(waitWords(0.2)).toBe("1 s");
    expect(waitWords(8)).toBe("8 s");
    expect(waitWords(600)).toBe("10 min");
    expect(waitWords(20 * 3600)).toBe("20 h");
  });
});

describe("mergeLive", () => {
  it("adds the subscription's lines after the page and resumes after the newest", () => {
    let r = mergeNewest(emptyRoom("players"), page(5, 1, false));
    expect(resumeAfter(r)).toBe(5);
    r = mergeLive(r, [line(6), line(7)]);
    expect(seqs(r.lines)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(resumeAfter(r)).toBe(7);
  });

  it("holds a line delivered twice (a resubscription from an older number) once", () => {
    let r = mergeNewest(emptyRoom("players"), page(3, 1, false));
    r = mergeLive(r, [line(4)]);
    r = mergeLive(r, [line(3), line(4), line(5)]);
    expect(seqs(r.lines)).toEqual([1, 2, 3, 4, 5]);
  });

  it("leaves gaps where the viewer sees nothing (blocked, shadow-muted) and resumes after the newest", () => {
    const r = mergeLive(emptyRoom("players"), [line(2), line(9)]);
    expect(seqs(r.lines)).toEqual([2, 9]);
    expect(resumeAfter(r)).toBe(9);
    expect(resumeAfter(emptyRoom("players"))).toBe(0);
  });

  it("applies a removal that comes live to the message it names", () => {
    let r = mergeLive(emptyRoom("players"), [line(1), line(2)]);
    r = mergeLive(r, [line(3, { kind: "removal", target: 1, authorId: null, authorName: null, body: null })]);
    expect(shownLines(r).map((l) => [l.seq, l.removed])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(resumeAfter(r)).toBe(3);
  });

  it("returns the room itself when nothing came", () => {
    const r = mergeLive(emptyRoom("players"), [line(1)]);
    expect(mergeLive(r, [])).toBe(r);
  });
});

describe("withoutAuthor", () => {
  it("drops the lines of a user just blocked and keeps the others", () => {
    const r = mergeLive(emptyRoom("players"), [line(1), line(2, { authorId: "u2" }), line(3)]);
    expect(seqs(withoutAuthor(r, "u2").lines)).toEqual([1, 3]);
    expect(withoutAuthor(r, "u9")).toBe(r);
  });
});

import { describe, expect, it } from "vitest";
import type { ChatLine } from "./chat";
import { TIMEOUT_CHOICES, actionLabel, messageActions, reportReason, timeoutWords } from "./chatmenu";

function line(over: Partial<ChatLine> = {}): ChatLine {
  return {
    id: "m1",
    room: "players",
    seq: 1,
    kind: "message",
    authorId: "u2",
    authorName: "bob",
    body: "hi",
    removed: false,
    target: null,
    createdAt: "2026-12-05T20:00:00Z",
    ...over,
  };
}

const player = { id: "u1", moderator: false };
const moderator = { id: "u1", moderator: true };

describe("messageActions", () => {
  it("offers report and block on another's message", () => {
    expect(messageActions(line(), player)).toEqual(["report", "block"]);
  });
  it("offers delete alone on one's own message, moderator or not", () => {
    expect(messageActions(line({ authorId: "u1" }), player)).toEqual(["delete"]);
    expect(messageActions(line({ authorId: "u1" }), moderator)).toEqual(["delete"]);
  });
  it("adds a moderator's delete, timeout and shadow-mute on another's message", () => {
    expect(messageActions(line(), moderator)).toEqual(["report", "block", "delete", "timeout", "shadowMute"]);
  });
  it("offers nothing on a removed message or a removal", () => {
    expect(messageActions(line({ removed: true, authorId: null }), moderator)).toEqual([]);
    expect(messageActions(line({ kind: "removal", authorId: null }), moderator)).toEqual([]);
  });
});

describe("actionLabel", () => {
  it("names the author to block", () => {
    expect(actionLabel("block", "bob")).toBe("Block bob");
    expect(actionLabel("timeout", "bob")).toBe("Time out…");
  });
});

describe("reportReason", () => {
  it("sends the choice, and the note after it when there is one", () => {
    expect(reportReason("Spam", "  ")).toBe("Spam");
    expect(reportReason("Spam", " links every turn ")).toBe("Spam: links every turn");
  });
});

describe("TIMEOUT_CHOICES", () => {
  it("spans the API's 15 minutes to 30 days", () => {
    expect(TIMEOUT_CHOICES[0].minutes).toBe(15);
    expect(TIMEOUT_CHOICES.at(-1)?.minutes).toBe(43_200);
  });
});

describe("timeoutWords", () => {
  it("says until when and why", () => {
    const w = timeoutWords({ until: "2026-12-06T00:32:44Z", reason: "be kind" }, "en-GB");
    expect(w).toMatch(/^A moderator timed you out of chat until .*2026.*: be kind$/);
    expect(timeoutWords({ until: "2026-12-06T00:32:44Z", reason: "" }, "en-GB")).toMatch(/2026.*\.$/);
  });
});

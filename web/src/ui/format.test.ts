import { describe, expect, it } from "vitest";
import {
  colorHex,
  countdown,
  duration,
  noticeHref,
  noticeText,
  PALETTE,
  seatGlyph,
  seatName,
  seatTitle,
  TURN_LIMITS,
} from "./format";
import { match } from "./path";

describe("duration", () => {
  it("says a turn limit in words", () => {
    expect(duration(3600)).toBe("1 hour");
    expect(duration(36 * 3600)).toBe("1 day 12 hours");
    expect(duration(30 * 86400)).toBe("30 days");
    expect(duration(90 * 60)).toBe("1 hour 30 minutes");
    expect(duration(45)).toBe("45 seconds");
    expect(duration(-5)).toBe("0 seconds");
  });
});

describe("countdown", () => {
  const now = Date.parse("2026-01-02T10:00:00Z");
  it("counts down to a deadline", () => {
    expect(countdown("2026-01-02T11:02:03Z", now)).toBe("01:02:03");
    expect(countdown("2026-01-04T11:02:03.5Z", now)).toBe("2d 01:02:03");
  });
  it("says when the time is up, and nothing without a deadline", () => {
    expect(countdown("2026-01-02T09:59:59Z", now)).toBe("time is up");
    expect(countdown(null, now)).toBe("");
    expect(countdown("not a time", now)).toBe("");
  });
});

describe("the palette", () => {
  it("has distinct colours and glyphs, so that owners are told apart without colour", () => {
    expect(new Set(PALETTE.map((p) => p.hex)).size).toBe(PALETTE.length);
    expect(new Set(PALETTE.map((p) => p.glyph)).size).toBe(PALETTE.length);
    expect(seatGlyph(0)).not.toBe(seatGlyph(1));
    expect(colorHex("blue")).toBe("#0072B2");
    expect(colorHex("#123456")).toBe("#123456");
  });
  it("offers turn limits from 1 hour to 30 days, the API's bounds", () => {
    expect(TURN_LIMITS[0].seconds).toBe(3600);
    expect(TURN_LIMITS[TURN_LIMITS.length - 1].seconds).toBe(2592000);
  });
});

describe("seatTitle", () => {
  it("names a seat by colour and player", () => {
    expect(seatTitle({ color: "red", userName: "alice", cpu: false, status: "active" })).toBe("Red — alice");
    expect(seatTitle({ color: "blue", cpu: true, difficulty: "normal", status: "active" })).toBe("Blue — CPU (normal)");
  });
});

describe("seatName", () => {
  it("names players, CPUs and empty seats", () => {
    expect(seatName({ userName: "alice", cpu: false, status: "active" })).toBe("alice");
    expect(seatName({ cpu: true, difficulty: "cautious", status: "active" })).toBe("CPU (cautious)");
    expect(seatName({ cpu: false, status: "invited" })).toBe("invited player");
    expect(seatName({ cpu: false, status: "open" })).toBe("open seat");
  });
});

describe("noticeText", () => {
  it("words every notice kind", () => {
    expect(noticeText("your_turn", "Classic World", null)).toBe("It is your turn in your game on Classic World.");
    expect(noticeText("cpu_played", undefined, { seat: 1 })).toBe(
      "Your time ran out in your game: a CPU played your turn.",
    );
    expect(noticeText("game_over", "Classic World", { winner: 2 })).toBe("Your game on Classic World is over.");
    expect(noticeText("turn_warning", "X", { deadline: "2026-01-02T10:00:00Z" })).toMatch(
      /^Your time is running out in your game on X: the turn ends at /,
    );
    expect(noticeText("invited", "X", {})).toBe("You were invited to a game on X.");
    expect(noticeText("declined", "X", { seat: 1, color: "blue", name: "bob" })).toBe(
      "bob declined the Blue seat in your game on X: it is open again.",
    );
    expect(noticeText("declined", undefined, {})).toBe("Your invitee declined a seat in your game: it is open again.");
    expect(noticeText("chat", "X", null)).toBe("New messages in the chat of your game on X.");
    expect(noticeText("chat_timeout", "X", { until: "2026-01-02T10:00:00Z", reason: "insults" })).toMatch(
      /^A moderator timed you out of chat until .+ \(reason: insults\)\.$/,
    );
    expect(noticeText("chat_timeout", undefined, {})).toBe("A moderator timed you out of chat.");
    expect(noticeText("tournament_round", "X", { tournamentName: "Cup", round: 2 })).toBe(
      "Round 2 of Cup has started: your table plays your game on X.",
    );
    expect(noticeText("tournament_round", "X", { tournamentName: "Cup", round: 2, bye: true })).toBe(
      "Round 2 of Cup has started: you have a bye this round, which scores as a win.",
    );
    expect(
      noticeText("tournament_standing", "X", { tournamentName: "Cup", round: 1, rank: 3, entrants: 6, points: 2.5 }),
    ).toBe("Round 1 of Cup is over: you are 3rd of 6 with 2.5 points.");
    expect(
      noticeText("tournament_standing", "X", {
        tournamentName: "Cup",
        round: 3,
        rank: 11,
        entrants: 12,
        points: 0,
        final: true,
      }),
    ).toBe("Cup is over: you finished 11th of 12 with 0 points.");
    expect(noticeText("something_new", "X", {})).toBe("Something new in your game on X.");
  });
});

describe("noticeHref", () => {
  it("leads an invitation to its page, a bye to its tournament, anything else to its game", () => {
    expect(noticeHref("invited", "G1", null)).toBe("/join/G1");
    expect(noticeHref("your_turn", "G1", { deadline: "2026-12-06T00:00:00Z" })).toBe("/games/G1");
    expect(noticeHref("tournament_round", "G1", { tournament: "T7", round: 2 })).toBe("/games/G1");
    expect(noticeHref("tournament_round", "G1", { tournament: "T7", round: 2, bye: true })).toBe("/tournaments/T7");
    expect(noticeHref("tournament_round", "G1", { bye: true })).toBe("/games/G1");
  });
});

describe("match", () => {
  it("matches the app's paths", () => {
    expect(match("/games/:id", "/games/R2FtZToz")).toEqual({ id: "R2FtZToz" });
    expect(match("/games/:id/replay", "/games/a%2Fb/replay")).toEqual({ id: "a/b" });
    expect(match("/games/:id", "/games/x/replay")).toBeNull();
    expect(match("/new", "/settings")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { formatWords, pointsWords, statusWords, tournamentId, turnLimitWords } from "./words";

describe("tournament words", () => {
  it("names formats and statuses", () => {
    expect(formatWords("ELIMINATION")).toBe("Single elimination");
    expect(statusWords("OPEN")).toBe("Open for entries");
  });
  it("writes points and turn limits", () => {
    expect(pointsWords(1.5)).toBe("1.5");
    expect(pointsWords(1 / 3)).toBe("0.33");
    expect(turnLimitWords(36 * 3600)).toBe("36 hours");
    expect(turnLimitWords(3 * 86400)).toBe("3 days");
    expect(turnLimitWords(3600)).toBe("1 hour");
  });
  it("turns a notification's number into the global id", () => {
    // The server's GlobalID("Tournament", 7): base64url of "Tournament:7", unpadded.
    expect(tournamentId("7")).toBe("VG91cm5hbWVudDo3");
    expect(tournamentId("VG91cm5hbWVudDo3")).toBe("VG91cm5hbWVudDo3");
  });
});

import { describe, expect, it } from "vitest";
import { followsEnd, FOLLOW_SLACK } from "./logfollow";

describe("the log follows new lines unless scrolled up", () => {
  it("follows a box that shows its end", () => {
    expect(followsEnd({ scrollTop: 600, clientHeight: 200, scrollHeight: 800 })).toBe(true);
  });
  it("follows a box within the slack of its end", () => {
    expect(followsEnd({ scrollTop: 600 - FOLLOW_SLACK, clientHeight: 200, scrollHeight: 800 })).toBe(true);
  });
  it("follows a box shorter than its view", () => {
    expect(followsEnd({ scrollTop: 0, clientHeight: 200, scrollHeight: 120 })).toBe(true);
  });
  it("stays where the player scrolled up to", () => {
    expect(followsEnd({ scrollTop: 600 - FOLLOW_SLACK - 1, clientHeight: 200, scrollHeight: 800 })).toBe(false);
    expect(followsEnd({ scrollTop: 0, clientHeight: 200, scrollHeight: 800 })).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { rateLimitRetries, retryWait, withRetry, type Answer } from "./ratelimit";

const refused = (retryAfter: string | null): Answer => ({
  error: { response: { status: 429, headers: { get: (n) => (n === "Retry-After" ? retryAfter : null) } } },
});

describe("requests refused for their rate", () => {
  it("wait as long as Retry-After says, within bounds", () => {
    expect(retryWait(refused("2"))).toBe(2000);
    expect(retryWait(refused(null))).toBe(1000);
    expect(retryWait(refused("soon"))).toBe(1000);
    expect(retryWait(refused("600"))).toBe(10_000);
    expect(retryWait({})).toBeNull();
    expect(retryWait({ error: { response: { status: 400 } } })).toBeNull();
  });

  it("are sent again until answered", async () => {
    const answers: Array<Answer & { data?: number }> = [refused("1"), refused("3"), { data: 1 }];
    const waits: number[] = [];
    const res = await withRetry(
      async () => answers.shift()!,
      async (ms) => void waits.push(ms),
    );
    expect(res).toEqual({ data: 1 });
    expect(waits).toEqual([1000, 3000]);
  });

  it("show the refusal after the last try", async () => {
    let sent = 0;
    const res = await withRetry(
      async () => (sent++, refused("1")),
      async () => {},
    );
    expect(sent).toBe(rateLimitRetries + 1);
    expect(res.error?.response?.status).toBe(429);
  });
});

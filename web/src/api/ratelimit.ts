// Requests the server refused for their rate (HTTP 429, RATE_LIMITED) before running them: the client
// waits as long as the answer's Retry-After says and sends them again, so that a burst of reads (several
// tabs open while CPUs play at once) costs a moment's wait instead of a stale screen or a failed command.

/** How many times a refused request is sent again before its refusal is shown. */
export const rateLimitRetries = 3;

/** The longest wait between tries, whatever Retry-After says. */
const maxWaitMs = 10_000;

/** The part of an urql result the retry reads. */
export interface Answer {
  error?: { response?: { status?: number; headers?: { get(name: string): string | null } } };
}

/**
 * How long to wait before sending the request of this answer again, in ms, or null when it was not refused
 * for its rate. Only a 429 is sent again: the server refuses those before running anything, so a retry
 * cannot run a mutation twice (a RATE_LIMITED error from inside an operation, as a sign-in's, is shown).
 */
export function retryWait(a: Answer): number | null {
  const r = a.error?.response;
  if (r?.status !== 429) return null;
  const secs = Number(r.headers?.get("Retry-After") ?? "1");
  return Math.min(maxWaitMs, Math.max(1, Number.isFinite(secs) ? secs : 1) * 1000);
}

/** Sends a request, and again after the wait the server asks for while it refuses it for its rate. */
export async function withRetry<R extends Answer>(
  send: () => Promise<R>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((ok) => setTimeout(ok, ms)),
): Promise<R> {
  for (let tries = 0; ; tries++) {
    const res = await send();
    const wait = retryWait(res);
    if (wait === null || tries === rateLimitRetries) return res;
    await sleep(wait);
  }
}

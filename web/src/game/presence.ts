// Who follows the game live (docs/api.md, "Spectators and presence"): the number of spectators and the
// seats whose players are here now, as the server shows them to this viewer (hidden and blocked players
// left out there). Kept current by the gamePresence subscription.
import { subscribe, type SubscriptionHandlers } from "../api/client";
import { GamePresenceSubscription } from "../api/operations";

/** What the viewer is shown of who follows the game. */
export interface Presence {
  spectatorCount: number;
  presentSeats: ReadonlySet<number>;
}

/** The words for a number of spectators. */
export function watchingWords(n: number): string {
  if (n <= 0) return "No spectators";
  return n === 1 ? "1 spectator" : `${n} spectators`;
}

type Subscribe = (
  gameId: string,
  h: SubscriptionHandlers<{ gamePresence?: { spectatorCount: number; presentSeats: number[] } | null }>,
) => () => void;

const subscribePresence: Subscribe = (gameId, h) => subscribe(GamePresenceSubscription, { gameId }, h);

/**
 * Follows the presence of game gameId, calling onChange with each new value; subscribes again after a
 * passing failure (a resume, a failed stream), later after repeated ones, and stops on an error that will
 * not pass (the game hidden from the viewer). Returns the function that stops following.
 */
export function followPresence(
  gameId: string,
  onChange: (p: Presence) => void,
  sub: Subscribe = subscribePresence,
  later: (f: () => void, ms: number) => void = (f, ms) => void setTimeout(f, ms),
): () => void {
  let stopped = false;
  let retries = 0;
  let unsub: (() => void) | null = null;
  const follow = () => {
    unsub?.();
    if (stopped) return;
    unsub = sub(gameId, {
      next: (d) => {
        retries = 0;
        const p = d.gamePresence;
        if (p && !stopped) onChange({ spectatorCount: p.spectatorCount, presentSeats: new Set(p.presentSeats) });
      },
      error: (code) => {
        if (stopped || code === "NOT_FOUND" || code === "FORBIDDEN" || code === "UNAUTHENTICATED") return;
        retries = code === "RESUME_REQUIRED" ? 0 : retries + 1;
        later(follow, Math.min(10_000, 500 * 2 ** retries));
      },
      complete: () => {
        if (!stopped) later(follow, 500);
      },
    });
  };
  follow();
  return () => {
    stopped = true;
    unsub?.();
  };
}

// Reads of one thing that may overlap (a page's lists read again after each action, a panel read again as
// the game goes on), so that an older answer never replaces a newer one.

/**
 * Reads of one thing that may overlap, numbered as they start: an answer is taken only when no later read's
 * answer was taken before it, so that a slow, older answer never replaces a newer one.
 */
export class Reads {
  private started = 0;
  private taken = 0;
  /** A new read: its number. */
  start(): number {
    return ++this.started;
  }
  /** Whether read n's answer (or failure) is to be shown; true marks it the latest shown. */
  take(n: number): boolean {
    if (n <= this.taken) return false;
    this.taken = n;
    return true;
  }
  /** Drops every read under way (the fold closed, the page left). */
  drop(): void {
    this.taken = this.started;
  }
}

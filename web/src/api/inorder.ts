// Reads of the same query and variables, one after another. The API client shares the answer of a query
// still under way with a like one asked meanwhile, so a page that reads its lists again right after an
// action (a report closed) could be given the answer of the read before the action.

/**
 * Runs of one key in the order they are asked, one at a time: a run starts once the run before it of the
 * same key has settled, so that its answer is always the server's after it was asked.
 */
export class InOrder {
  private last = new Map<number | string, Promise<void>>();

  run<T>(key: number | string, f: () => Promise<T>): Promise<T> {
    const before = this.last.get(key);
    const p = before ? before.then(f) : f();
    const settled = p.then(
      () => undefined,
      () => undefined,
    );
    this.last.set(key, settled);
    void settled.then(() => {
      if (this.last.get(key) === settled) this.last.delete(key);
    });
    return p;
  }

  /** How many keys have a run under way or waiting. */
  get busy(): number {
    return this.last.size;
  }
}

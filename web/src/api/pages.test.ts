import { describe, expect, it } from "vitest";
import { loadPages, type Page } from "./pages";

// A connection over 0..n-1, pages of size, cursors the index of the next item.
function connection(n: number, size: number) {
  const reads: (string | null)[] = [];
  const read = async (after: string | null): Promise<Page<number>> => {
    reads.push(after);
    const from = after === null ? 0 : Number(after);
    const items = Array.from({ length: Math.max(0, Math.min(size, n - from)) }, (_, i) => from + i);
    const end = from + items.length;
    return { items, total: n, next: end < n ? String(end) : null };
  };
  return { read, reads };
}

describe("loadPages", () => {
  it("reads one page when asked for one", async () => {
    const c = connection(50, 20);
    expect(await loadPages(c.read, 1)).toEqual({ items: [...Array(20).keys()], total: 50, next: "20" });
    expect(c.reads).toEqual([null]);
  });
  it("reads the pages in order, each after the last", async () => {
    const c = connection(50, 20);
    const p = await loadPages(c.read, 2);
    expect(p.items).toEqual([...Array(40).keys()]);
    expect(p.next).toBe("40");
    expect(c.reads).toEqual([null, "20"]);
  });
  it("stops at the end of the connection", async () => {
    const c = connection(30, 20);
    const p = await loadPages(c.read, 5);
    expect(p).toEqual({ items: [...Array(30).keys()], total: 30, next: null });
    expect(c.reads).toEqual([null, "20"]);
  });
  it("reads at least one page", async () => {
    const c = connection(0, 20);
    expect(await loadPages(c.read, 0)).toEqual({ items: [], total: 0, next: null });
    expect(c.reads).toEqual([null]);
  });
});

// Reading the first pages of a connection as one list, for lists that show "more" a page at a time and
// refresh what they show.

/** One page of a connection: its items, the connection's total and the cursor of the next page (null at the end). */
export interface Page<T> {
  items: T[];
  total: number;
  next: string | null;
}

/**
 * loadPages reads up to `pages` pages (at least one), each from the end of the one before, and gives them
 * as one page: their items in order, the newest total and where the page after them starts.
 */
export async function loadPages<T>(read: (after: string | null) => Promise<Page<T>>, pages: number): Promise<Page<T>> {
  let page = await read(null);
  const items = [...page.items];
  for (let n = 1; n < pages && page.next !== null; n++) {
    page = await read(page.next);
    items.push(...page.items);
  }
  return { items, total: page.total, next: page.next };
}

// The log's follow rule: new lines scroll into view while the player reads the newest ones, and leave
// the view alone once the player has scrolled up to read older ones.

/** How close to the end, in pixels, still counts as reading the newest lines (a rounding of zoom). */
export const FOLLOW_SLACK = 24;

/** The scroll position of a box, as the DOM gives it. */
export interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** Whether the box shows its end, so that new lines should scroll into view. */
export function followsEnd(box: ScrollBox): boolean {
  return box.scrollHeight - box.clientHeight - box.scrollTop <= FOLLOW_SLACK;
}

// Where the keyboard focus goes when the control that held it goes away: a command's button is disabled
// while the command runs (the browser then drops the focus to <body>), and the command changes the panels.
// One rule for the whole game screen, not one per button:
//
//  1. the same control again, if it is still there and enabled (after a roll, the Roll button while the
//     attack can go on; after a trade, the next set's Trade button);
//  2. else what the screen prefers now (the page passes selectors: the targets' buttons in the territory
//     list while a source is chosen), then the control the panels say comes first (`data-focus-next`: the
//     Roll button of a chosen attack, the armies of an occupation, End attacks, End turn);
//  3. else the first heading of the "Your move" section (a panel that marks nothing);
//  4. else the turn line (the turn has passed: it says whose it is now).
//
// Controls name themselves for rule 1 with `data-focus="key"`. Focus moves only when it was lost (on <body>)
// and it was last inside the screen on a control that went away, was disabled, or while a command ran: a
// click on the page's background keeps the focus where the player put it.

/** The attribute a control's stable name for the focus is kept in. */
export const FOCUS_KEY = "data-focus";
/** The attribute of the control a panel wants first when it appears. */
export const FOCUS_NEXT = "data-focus-next";

const FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]";

function usable(el: Element | null): el is HTMLElement {
  if (!el || !(el as HTMLElement).isConnected) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  if (el.closest("[hidden], [inert]")) return false;
  return true;
}

/** The focus key of an element or of the nearest ancestor that has one. */
export function focusKeyOf(el: Element | null): string | null {
  return el?.closest(`[${FOCUS_KEY}]`)?.getAttribute(FOCUS_KEY) ?? null;
}

/** Where the focus should go in `root`, given the key of the control that last held it (rules 1-4 above). */
export function focusTarget(
  root: ParentNode,
  lastKey: string | null,
  prefer: readonly string[] = [],
): HTMLElement | null {
  if (lastKey) {
    const same = [...root.querySelectorAll(`[${FOCUS_KEY}]`)].find((e) => e.getAttribute(FOCUS_KEY) === lastKey);
    const el = same && (same.matches(FOCUSABLE) ? same : same.querySelector(FOCUSABLE));
    if (usable(el ?? null)) return el as HTMLElement;
  }
  for (const sel of prefer) {
    const el = [...root.querySelectorAll(sel)].find(usable);
    if (el) return el;
  }
  const next = [...root.querySelectorAll(`[${FOCUS_NEXT}]`)].find(usable);
  if (next) return next;
  const heading = root.querySelector<HTMLElement>(".actions h2");
  if (heading) return heading;
  return root.querySelector<HTMLElement>(".turn-line");
}

/** Focuses an element that may not be focusable by itself (a heading, the turn line). */
export function focusOn(el: HTMLElement): void {
  if (!el.matches(FOCUSABLE)) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: !isOffscreen(el) });
}

function isOffscreen(el: HTMLElement): boolean {
  if (typeof window === "undefined" || !el.getBoundingClientRect) return false;
  const r = el.getBoundingClientRect();
  return r.bottom < 0 || r.top > window.innerHeight;
}

/**
 * Keeps the focus inside the game screen: call `settle(busy)` after every render. It remembers the control
 * that last held the focus in `root` and, once no command runs, brings the focus back when it was lost.
 */
export class FocusKeeper {
  private last: Element | null = null;
  private lastKey: string | null = null;
  private sawBusy = false;
  private readonly onIn = (e: Event) => {
    this.last = e.target as Element;
    this.lastKey = focusKeyOf(this.last);
    this.sawBusy = false;
  };

  constructor(private readonly root: HTMLElement) {
    root.addEventListener("focusin", this.onIn);
  }

  destroy(): void {
    this.root.removeEventListener("focusin", this.onIn);
  }

  /** Brings the focus back if it was lost; `busy` while a command runs (nothing moves until it is done). */
  settle(busy: boolean, prefer: readonly string[] = []): HTMLElement | null {
    const doc = this.root.ownerDocument;
    const active = doc.activeElement;
    if (busy) {
      if (this.last) this.sawBusy = true;
      return null;
    }
    const lost = !active || active === doc.body || (active === this.last && !usable(active));
    if (!lost || !this.last) return null;
    // Lost by a click on the background: the control is still there and no command ran since.
    if (usable(this.last) && !this.sawBusy && active !== this.last) return null;
    const target = focusTarget(this.root, this.lastKey, prefer);
    if (!target) return null;
    focusOn(target);
    return target;
  }
}

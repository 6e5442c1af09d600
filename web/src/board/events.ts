// Input, apart from state and rendering: pointer (click or tap to select, hover for the tooltip; the next
// tap anywhere dismisses a tooltip) and keyboard (arrow keys move the focus to the neighbour that way, Tab
// and Shift+Tab through the territories that can be chosen, Enter or Space selects, Escape clears, + and -
// zoom, 0 resets the view).

import type { Direction } from "./state";

export interface InputHandlers {
  /** A territory was picked (by index), or the selection cleared (null). */
  select(i: number | null): void;
  /** Arrow key: move the focus. */
  move(dir: Direction): void;
  /** Tab / Shift+Tab: the next or previous choosable territory; false lets the focus leave the board. */
  cycle(step: 1 | -1): boolean;
  /** The keyboard focus landed on territory i (or left the board, or a tap dismissed the tooltip: null). */
  focused(i: number | null): void;
  /** The pointer is over territory i (null: over none), at client coordinates. */
  hover(i: number | null, clientX: number, clientY: number): void;
  zoomBy(factor: number): void;
  zoomReset(): void;
  /** The territory that holds the focus now. */
  current(): number;
}

const ARROWS: Record<string, Direction> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

/** The territory index of an event target inside the cells group, or null. */
export function territoryOf(target: EventTarget | null): number | null {
  const el = target as Element | null;
  const cell = el?.closest?.(".rb-t");
  const m = cell ? /-t(\d+)$/.exec(cell.id) : null;
  return m ? Number(m[1]) : null;
}

/** What a key press does, for keydown events on the board (pure: tested without a DOM). */
export function keyAction(
  e: Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey">,
):
  | { kind: "move"; dir: Direction }
  | { kind: "cycle"; step: 1 | -1 }
  | { kind: "select" }
  | { kind: "clear" }
  | { kind: "zoom"; factor: number }
  | { kind: "reset" }
  | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (ARROWS[e.key]) return { kind: "move", dir: ARROWS[e.key] };
  switch (e.key) {
    case "Tab":
      return { kind: "cycle", step: e.shiftKey ? -1 : 1 };
    case "Enter":
    case " ":
      return { kind: "select" };
    case "Escape":
      return { kind: "clear" };
    case "+":
    case "=":
      return { kind: "zoom", factor: 1.5 };
    case "-":
    case "_":
      return { kind: "zoom", factor: 1 / 1.5 };
    case "0":
      return { kind: "reset" };
  }
  return null;
}

/** Binds the board's input; returns the function that unbinds it. */
export function bindEvents(svg: HTMLElement, h: InputHandlers): () => void {
  let frame = 0;
  let last: PointerEvent | null = null;

  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented) return; // a drag that d3-zoom turned into a pan
    const i = territoryOf(e.target);
    h.select(i);
  };
  const onMove = (e: PointerEvent) => {
    if (e.pointerType === "touch") return; // taps show the tooltip through selection
    last = e;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (last) h.hover(territoryOf(last.target), last.clientX, last.clientY);
    });
  };
  // A tap anywhere on the page (on the map or off it) dismisses a tooltip a tap showed; a tap on a
  // territory then shows that territory's own.
  const onDocDown = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") h.focused(null);
  };
  const onLeave = () => {
    last = null;
    h.hover(null, 0, 0);
  };
  const onKey = (e: KeyboardEvent) => {
    const a = keyAction(e);
    if (!a) return;
    switch (a.kind) {
      case "move":
        h.move(a.dir);
        break;
      case "cycle":
        if (!h.cycle(a.step)) return; // let the browser move the focus out of the board
        break;
      case "select":
        h.select(h.current());
        break;
      case "clear":
        h.select(null);
        break;
      case "zoom":
        h.zoomBy(a.factor);
        break;
      case "reset":
        h.zoomReset();
        break;
    }
    e.preventDefault();
  };
  const onFocusIn = (e: FocusEvent) => {
    svg.classList.add("rb-focused");
    const i = territoryOf(e.target);
    if (i !== null) h.focused(i);
  };
  const onFocusOut = (e: FocusEvent) => {
    if (!svg.contains(e.relatedTarget as Node | null)) {
      svg.classList.remove("rb-focused");
      h.focused(null);
    }
  };

  svg.addEventListener("click", onClick);
  svg.addEventListener("pointermove", onMove);
  svg.addEventListener("pointerleave", onLeave);
  svg.addEventListener("keydown", onKey);
  svg.addEventListener("focusin", onFocusIn);
  svg.addEventListener("focusout", onFocusOut);
  const doc = svg.ownerDocument;
  doc.addEventListener("pointerdown", onDocDown, true);
  return () => {
    doc.removeEventListener("pointerdown", onDocDown, true);
    if (frame) cancelAnimationFrame(frame);
    svg.removeEventListener("click", onClick);
    svg.removeEventListener("pointermove", onMove);
    svg.removeEventListener("pointerleave", onLeave);
    svg.removeEventListener("keydown", onKey);
    svg.removeEventListener("focusin", onFocusIn);
    svg.removeEventListener("focusout", onFocusOut);
  };
}

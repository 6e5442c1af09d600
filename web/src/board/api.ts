// The board's public API: a framework-free map view that knows territories, owners, armies, selection and
// highlights, and nothing about GraphQL.
//
//   const board = createBoard(el, { geometry, seats, territories });
//   board.onSelect((key) => ...);
//   board.setState(liveEvent.territories);   // only those change
//   board.setHighlights(targets); board.setSelection(key); board.setTarget(key);
//   board.zoomTo([source, ...targets]);    // "zoom to the choice"
//
// Pan and zoom frames move one element: during a gesture the stage of layers gets a CSS transform
// (composited, nothing repainted); at the gesture's end the SVG transform is set once, the layers repaint
// sharp, and the names and detail for the new zoom are shown.

import "./board.css";
import { resolveConfig, type BoardConfig } from "./config";
import { createArrowLayer, type ArrowLayer, type BoardArrow } from "./arrows";
import { bindEvents } from "./events";
import { render, type Renderer } from "./render";
import {
  createState,
  moveFocus,
  nextHighlight,
  setHighlights,
  updateTerritories,
  type BoardState,
  type TerritoryUpdate,
} from "./state";
import { levelAt, type Box } from "./labels";
import { hideTooltip, showTooltip } from "./tooltip";
import { bindZoom, frameOf, toPixels, unitTransform, zoomForPixels, type Frame, type Zoom } from "./zoom";

export type { BoardConfig } from "./config";
export type { MapGeometry, SeatStyle, TerritoryGeometry, TerritoryState, AreaGeometry, SeaLine } from "./types";
export type { TerritoryUpdate } from "./state";
export type { BoardArrow, ArrowKind } from "./arrows";

export interface Board {
  /** Updates territories: the whole board in map order, or some by index or key. Returns the indexes changed. */
  setState(update: TerritoryUpdate): number[];
  /** Marks one territory as selected (null: none). */
  setSelection(key: string | null): void;
  /** Marks the chosen target of the selection (null: none), drawn apart from the selection. */
  setTarget(key: string | null): void;
  /**
   * The territories that can be chosen now (legal targets); the others are dimmed. `kinds` (key -> attack,
   * fortify, claim, place or select) draws attack targets dashed and fortify targets doubled, and says so
   * to screen readers; `choices(...).kindOf` from the client state fits as it is.
   */
  setHighlights(keys: Iterable<string>, kinds?: ReadonlyMap<string, string>): void;
  /** Moves the keyboard focus to a territory (and the board's focus with it when `focusElement`). */
  setFocus(key: string, focusElement?: boolean): void;
  /** Called with the key of a territory picked by pointer or keyboard, or null when the selection is cleared. */
  onSelect(cb: (key: string | null) => void): () => void;
  zoomBy(factor: number): void;
  resetZoom(): void;
  /** Draws arrows between territories (attacks, conquests, moves) over the map, replacing any shown. */
  showArrows(arrows: readonly BoardArrow[]): void;
  clearArrows(): void;
  /** Zooms to the choice: fits these territories (a selection and its targets) in view. */
  zoomTo(keys: Iterable<string>): void;
  /** Pans a territory into view if it is not (keeping the zoom). */
  reveal(key: string): void;
  /** Whether every one of these territories' label points is in view now. */
  inView(keys: Iterable<string>): boolean;
  /** The board's plain state (read only). */
  readonly state: BoardState;
  /** The rendered elements (for tests and benchmarks). */
  readonly renderer: Renderer;
  destroy(): void;
}

export function createBoard(el: HTMLElement, config: BoardConfig): Board {
  const c = resolveConfig(config);
  const s = createState(c);
  const r = render(el, s, c);
  const listeners = new Set<(key: string | null) => void>();

  // Where the map sits in the element, measured on resize only (never during updates).
  let frame: Frame = frameOf(0, 0, s.canvas);
  let k = 1;
  // The arrow layer, made when first used; it follows the transform of the other layers.
  let arrows: ArrowLayer | null = null;
  let transform = "";
  const applyLabels = () => {
    const counts =
      c.labels === "always" || (c.labels !== "never" && k >= zoomForPixels(s.cell, frame.ppu, c.labelMinPixels));
    r.setLabelsVisible(counts);
    // Names by level of detail (they come with the counts); cells under 6 px lose their borders.
    const scale = k * frame.ppu;
    r.setDetail(counts && c.labels !== "never" ? levelAt(scale / r.nameBase) : -1, s.cell * scale < 6);
  };
  // The transform the layers' SVG holds; during a gesture the stage shows the change as a CSS transform.
  let committed = { k: 1, x: 0, y: 0 };
  let moving = false;
  const commit = (t: { k: number; x: number; y: number }) => {
    committed = { k: t.k, x: t.x, y: t.y };
    transform = unitTransform(t, frame, s.canvas);
    r.setTransform(transform);
    arrows?.setTransform(transform);
    r.setStageTransform("");
    applyLabels();
  };
  const maxZoom = c.maxZoom ?? Math.max(8, s.cell > 0 ? s.canvas.width / s.cell / 6 : 8);
  const z: Zoom = bindZoom(r.root, {
    canvas: s.canvas,
    maxZoom,
    frame: () => frame,
    changed: (t) => {
      k = t.k;
      if (moving) {
        const q = t.k / committed.k;
        r.setStageTransform(
          `translate(${(t.x - q * committed.x).toFixed(2)}px,${(t.y - q * committed.y).toFixed(2)}px) scale(${q.toFixed(5)})`,
        );
      } else {
        commit(t);
      }
      if (tipFor !== null && tipAnchored) placeTip(tipFor);
    },
    gesture(on) {
      if (!c.gestureLayer) return;
      moving = on;
      if (!on) commit(z.transform());
    },
  });
  /** The box around some territories (map units), or null when none is known. */
  const boxOf = (keys: Iterable<string>): Box | null => {
    let b: Box | null = null;
    for (const key of keys) {
      const i = s.index.get(key);
      const x = i === undefined ? undefined : r.boxes[i];
      if (!x || !(x.x1 >= x.x0)) continue;
      b = b
        ? { x0: Math.min(b.x0, x.x0), y0: Math.min(b.y0, x.y0), x1: Math.max(b.x1, x.x1), y1: Math.max(b.y1, x.y1) }
        : { ...x };
    }
    return b;
  };
  const measure = () => {
    frame = frameOf(r.root.clientWidth, r.root.clientHeight, s.canvas);
    z.resized();
  };

  let tipFor: number | null = null;
  let tipAnchored = false;
  /** The tooltip beside territory i, from the current transform (no layout read of the map). */
  const placeTip = (i: number) => {
    if (!c.tooltip) return;
    const t = z.transform();
    const [x, y] = toPixels(frame, s.canvas, s.xs[i], s.ys[i]);
    tipFor = i;
    tipAnchored = true;
    showTooltip(r.tooltip, s, i, t.applyX(x), t.applyY(y), frame.width, frame.height);
  };
  const hideTip = () => {
    tipFor = null;
    hideTooltip(r.tooltip);
  };

  const select = (i: number | null) => {
    const prev = s.selected;
    s.selected = i;
    r.updateSelection(prev, i);
  };
  const focus = (i: number, focusElement: boolean) => {
    const prev = s.focus;
    s.focus = i;
    r.updateFocus(prev, i, focusElement);
    if (focusElement) {
      z.reveal(s.xs[i], s.ys[i]);
      placeTip(i);
    }
  };

  const unbind = bindEvents(r.root, {
    select(i) {
      if (i !== null) {
        focus(i, false);
        placeTip(i);
      }
      for (const cb of listeners) cb(i === null ? null : s.keys[i]);
    },
    move(dir) {
      focus(moveFocus(s, s.focus, dir), true);
    },
    cycle(step) {
      const i = nextHighlight(s, s.focus, step);
      if (i === null) return false;
      focus(i, true);
      return true;
    },
    focused(i) {
      if (i === null) {
        if (tipAnchored) hideTip();
        return;
      }
      if (i !== s.focus) focus(i, false);
      placeTip(i);
    },
    hover(i, cx, cy) {
      s.hover = i;
      if (i === null) {
        if (!tipAnchored || tipFor === null) hideTip();
        return;
      }
      const box = r.root.getBoundingClientRect(); // one read per animation frame while hovering
      tipAnchored = false;
      tipFor = i;
      if (c.tooltip) showTooltip(r.tooltip, s, i, cx - box.left, cy - box.top, box.width, box.height);
    },
    zoomBy: (f) => z.zoomBy(f),
    zoomReset: () => z.reset(),
    current: () => s.focus,
  });

  const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(measure) : null;
  ro?.observe(r.root);
  measure();

  const board: Board = {
    state: s,
    renderer: r,
    setState(update) {
      const changed = updateTerritories(s, update);
      r.updateTerritories(changed);
      if (tipFor !== null && changed.includes(tipFor) && !r.tooltip.hidden) {
        if (tipAnchored) placeTip(tipFor);
      }
      return changed;
    },
    setSelection(key) {
      const i = key === null ? null : (s.index.get(key) ?? null);
      select(i);
    },
    setTarget(key) {
      r.updateTarget(key === null ? null : (s.index.get(key) ?? null));
    },
    zoomTo(keys) {
      const b = boxOf(keys);
      if (b) z.fit(b);
    },
    reveal(key) {
      const i = s.index.get(key);
      if (i !== undefined) z.reveal(s.xs[i], s.ys[i]);
    },
    inView(keys) {
      for (const key of keys) {
        const i = s.index.get(key);
        if (i !== undefined && !z.inView(s.xs[i], s.ys[i])) return false;
      }
      return true;
    },
    setHighlights(keys, kinds) {
      r.updateHighlights(setHighlights(s, keys, kinds));
    },
    setFocus(key, focusElement = false) {
      const i = s.index.get(key);
      if (i !== undefined) focus(i, focusElement);
    },
    onSelect(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    zoomBy: (f) => z.zoomBy(f),
    resetZoom: () => z.reset(),
    showArrows(list) {
      if (!arrows) {
        arrows = createArrowLayer(r.stage, s, r.uid);
        if (transform) arrows.setTransform(transform);
      }
      arrows.show(list);
    },
    clearArrows: () => arrows?.clear(),
    destroy() {
      unbind();
      ro?.disconnect();
      z.destroy();
      listeners.clear();
      arrows?.destroy();
      boards.delete(el);
      r.destroy();
    },
  };
  boards.set(el, board);
  return board;
}

const boards = new WeakMap<Element, Board>();

/** The board made in this element by createBoard, if any (for layers added from outside, such as arrows). */
export function boardIn(el: Element | null | undefined): Board | undefined {
  return el ? boards.get(el) : undefined;
}

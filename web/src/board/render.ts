// Rendering, apart from state and input: the SVG is built once per map as one string (the fastest way to
// make thousands of elements), then each update touches only the elements of the territories that changed,
// through the index of elements by territory (map order). Nothing here reads layout.

import type { ResolvedConfig } from "./config";
import { areaColors, FOG_FILL, inkOn, NEUTRAL_FILL, ownerStyles, UNCLAIMED_FILL } from "./palette";
import { ariaLabel, HIGHLIGHT_KINDS, type BoardState } from "./state";
import { areaBorders, rings } from "./borders";
import { LOD_MAX, NAME_MIN_PIXELS, nameLayout, pathBox, type Box } from "./labels";
import { escapeXml, fogDef, neutralDef, patternDef, seaLinePath } from "./svg";
import type { TerritoryState } from "./types";

const SVG_NS = "http://www.w3.org/2000/svg";

let boards = 0;

export interface Renderer {
  /** The board's element: a group with the role description "map", holding the stage and the tooltip. */
  root: HTMLDivElement;
  /** The layers' container: moved as one by a CSS transform during a gesture (composited, no repaint). */
  stage: HTMLDivElement;
  /** Each territory's bounding box in map units (from its outline). */
  boxes: Box[];
  /** The screen scale (pixels per map unit) of level-of-detail step 0: names' steps count from it. */
  nameBase: number;
  /** The top layer: sea lines, selection and focus outlines (no pointer events). */
  svg: SVGSVGElement;
  /** The layers of cells and their army counts, one per tile. */
  layers: SVGSVGElement[];
  /** The transformed group of every layer. */
  views: SVGGElement[];
  cells: SVGPathElement[];
  labels: SVGTextElement[];
  /** Territory names, made with the army counts (absent where the name can never fit). */
  names: Array<SVGTextElement | undefined>;
  tooltip: HTMLDivElement;
  /** The id prefix of this board's elements. */
  uid: string;
  updateTerritories(changed: Iterable<number>): void;
  updateHighlights(changed: Iterable<number>): void;
  updateSelection(prev: number | null, next: number | null): void;
  /** Marks the chosen target (null: none), apart from the selection. */
  updateTarget(next: number | null): void;
  updateFocus(prev: number, next: number, focusElement: boolean): void;
  setLabelsVisible(on: boolean): void;
  /** The level-of-detail step reached (names of that step and below show) and whether cells are tiny. */
  setDetail(level: number, tiny: boolean): void;
  /** A CSS transform of the stage during a gesture ('' to clear). */
  setStageTransform(t: string): void;
  /** Sets the pan and zoom transform (in map units) on every layer. */
  setTransform(t: string): void;
  destroy(): void;
}

interface Fills {
  fill(t: TerritoryState): string;
  ink(t: TerritoryState): string;
  defs: string;
}

function fills(s: BoardState, c: ResolvedConfig, uid: string): Fills {
  const byseat = new Map<number, { fill: string; ink: string }>();
  let defs = "";
  const tile = Math.max(2, s.cell / 6);
  for (const [seat, st] of ownerStyles(s.seats)) {
    if (c.patterns && st.pattern !== "solid") {
      const id = `${uid}-s${seat}`;
      defs += patternDef(id, st, tile);
      byseat.set(seat, { fill: `url(#${id})`, ink: st.ink });
    } else {
      byseat.set(seat, { fill: st.fill, ink: st.ink });
    }
  }
  const neutralFill = c.patterns ? `url(#${uid}-neutral)` : NEUTRAL_FILL;
  if (c.patterns) defs += neutralDef(`${uid}-neutral`, tile);
  const neutralInk = inkOn(NEUTRAL_FILL);
  // Fog: a dark hatched fill no seat has, whatever the patterns setting (it must never pass for a seat's).
  const fogFill = `url(#${uid}-fog)`;
  defs += fogDef(`${uid}-fog`, tile);
  const fogInk = inkOn(FOG_FILL);
  return {
    defs,
    fill: (t) =>
      t.sight === "hidden"
        ? fogFill
        : t.neutral
          ? neutralFill
          : t.owner === null
            ? UNCLAIMED_FILL
            : (byseat.get(t.owner)?.fill ?? NEUTRAL_FILL),
    ink: (t) =>
      t.sight === "hidden"
        ? fogInk
        : t.neutral
          ? neutralInk
          : t.owner === null
            ? "#000"
            : (byseat.get(t.owner)?.ink ?? "#000"),
  };
}

/** A territory's count: its armies, "?" where fog hides them, nothing when unclaimed or hidden whole. */
function labelText(t: TerritoryState): string {
  if (t.sight === "hidden" || (t.owner === null && !t.neutral)) return "";
  return t.armies === null ? "?" : String(t.armies);
}

/** Territories per tile of cells. */
export const TILE = 256;

/** The territories in spatial tiles of about TILE: a grid over the canvas, row by row. */
export function tiles(s: BoardState, size = TILE): number[][] {
  if (s.n <= size) return [s.keys.map((_, i) => i)];
  const side = Math.ceil(Math.sqrt(s.n / size));
  const out: number[][] = Array.from({ length: side * side }, () => []);
  for (let i = 0; i < s.n; i++) {
    const cx = Math.min(side - 1, Math.max(0, Math.floor(((s.xs[i] - s.canvas.x) / s.canvas.width) * side)));
    const cy = Math.min(side - 1, Math.max(0, Math.floor(((s.ys[i] - s.canvas.y) / s.canvas.height) * side)));
    out[cy * side + cx].push(i);
  }
  return out.filter((t) => t.length > 0);
}

/** Builds the board's DOM inside `el`. */
export function render(el: HTMLElement, s: BoardState, c: ResolvedConfig): Renderer {
  const uid = `rb${++boards}`;
  const { x, y, width, height } = s.canvas;
  const f = fills(s, c, uid);
  const paths = s.geometry.territories.map((t) => t.shape);
  const seaLines = s.geometry.seaLines;
  const areaIndex = areaColors(s.geometry.areas ?? []);
  const fontSize = Math.max(1, s.cell * 0.2);
  const boxes = paths.map((d) => pathBox(d));
  const nameBase = NAME_MIN_PIXELS / fontSize;

  const root = document.createElement("div");
  root.className = "rb-root";
  root.setAttribute("role", "group");
  root.setAttribute("aria-roledescription", "map");
  root.setAttribute("aria-label", c.label);
  const stage = document.createElement("div");
  stage.className = "rb-stage";
  root.append(stage);
  const layer = (cls: string, inner: string) => {
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("class", `rb ${cls}`);
    svg.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.setAttribute("role", "none");
    svg.innerHTML = inner;
    stage.append(svg);
    return svg;
  };

  // The cells, in spatial tiles of about TILE territories, each tile an <svg> of its own stacked on the
  // others: Chromium repaints a changed territory's tile, not all of the board.
  const layers: SVGSVGElement[] = [];
  const tileList = tiles(s, c.tileSize);
  tileList.forEach((tile, n) => {
    const parts: string[] = [];
    if (n === 0) parts.push(`<defs>${f.defs}</defs>`);
    parts.push('<g class="rb-view"><g class="rb-cells" stroke="#555">');
    for (const i of tile) {
      const t = s.geometry.territories[i];
      const st = s.territories[i];
      const area = t.areas?.length ? areaIndex.get(t.areas[0]) : undefined;
      parts.push(
        `<path id="${uid}-t${i}" class="rb-t${st.sight === "hidden" ? " rb-fog" : ""}" d="${paths[i]}" fill="${f.fill(st)}"${area ? ` stroke="${area}"` : ""} ` +
          `role="button" aria-label="${escapeXml(ariaLabel(s, i))}"/>`,
      );
    }
    // The tile's army counts, above its cells (a count stays inside its own cell): made when first shown.
    parts.push(
      `</g><g class="rb-labels" aria-hidden="true" font-size="${fontSize.toFixed(1)}"></g><g class="rb-names" aria-hidden="true"></g></g>`,
    );
    layers.push(layer(n === 0 ? "rb-cells-layer rb-base" : "rb-cells-layer", parts.join("")));
  });

  // On top, without pointer events: sea lines, the selection and focus outlines.
  const top: string[] = ['<g class="rb-view"><g class="rb-sea">'];
  for (const line of seaLines) {
    const a = s.index.get(line.from);
    const b = s.index.get(line.to);
    if (a === undefined || b === undefined) continue;
    const d = line.path || seaLinePath(s.xs[a], s.ys[a], s.xs[b], s.ys[b], s.canvas);
    top.push(`<path d="${escapeXml(d)}"/>`);
  }
  // The selection and the target: an outline each, and a copy of the army count above it, so that the
  // outline of a small territory never hides its count.
  // Bonus areas: a thicker line along the edges between territories of different areas.
  const areaLines = s.geometry.areas?.length ? areaBorders(paths, (i) => s.geometry.territories[i].areas?.[0]) : "";
  top.push(
    `</g><path class="rb-areas" d="${areaLines}"/><g class="rb-over"><path class="rb-tgt-u" fill="none" display="none"/><path class="rb-tgt-o" fill="none" display="none"/><path class="rb-sel-o" fill="none" display="none"/>` +
      `<path class="rb-focus-o" fill="none"/><g class="rb-over-n" font-size="${fontSize.toFixed(1)}">` +
      `<text class="rb-tgt-n" display="none"></text><text class="rb-sel-n" display="none"></text></g></g></g>`,
  );
  const svg = layer("rb-top", top.join(""));
  svg.setAttribute("aria-hidden", "true");
  const makeLabels = () => {
    tileList.forEach((tile, n) => {
      const out: string[] = [];
      for (const i of tile) {
        const t = s.geometry.territories[i];
        const st = s.territories[i];
        out.push(`<text x="${t.x}" y="${t.y}" fill="${f.ink(st)}">${labelText(st)}</text>`);
      }
      const g = layers[n].querySelector(".rb-labels") as SVGGElement;
      g.innerHTML = out.join("");
      Array.from(g.children).forEach((el, j) => (labels[tile[j]] = el as SVGTextElement));
      // Names: sized to fit the territory, each with the level of detail from which it is readable.
      const ns: string[] = [];
      const of: number[] = [];
      for (const i of tile) {
        const t = s.geometry.territories[i];
        const l = nameLayout(t.name, t.x, t.y, boxes[i], fontSize, fontSize * 0.8, ppu, rings(paths[i]));
        if (!Number.isFinite(l.level)) continue;
        of.push(i);
        ns.push(
          `<text class="rb-name rb-n${l.level}" x="${l.x.toFixed(1)}" y="${l.y.toFixed(1)}" font-size="${l.font.toFixed(2)}" fill="${f.ink(s.territories[i])}">${escapeXml(t.name)}</text>`,
        );
      }
      const gn = layers[n].querySelector(".rb-names") as SVGGElement;
      gn.innerHTML = ns.join("");
      Array.from(gn.children).forEach((el, j) => (names[of[j]] = el as SVGTextElement));
    });
  };

  const tooltip = document.createElement("div");
  tooltip.className = "rb-tip";
  tooltip.id = `${uid}-tip`;
  tooltip.setAttribute("role", "tooltip");
  tooltip.hidden = true;
  root.append(tooltip);
  el.append(root);

  const views = [...layers, svg].map((l) => l.querySelector(".rb-view") as SVGGElement);
  const cells: SVGPathElement[] = new Array(s.n);
  for (const p of Array.from(root.querySelectorAll(".rb-t")))
    cells[Number(/-t(\d+)$/.exec(p.id)![1])] = p as SVGPathElement;
  const labels: SVGTextElement[] = [];
  const names: Array<SVGTextElement | undefined> = [];
  // Names are levelled against the screen scale (pixels per map unit) at which a name of the count's size
  // would be NAME_MIN_PIXELS: step 0 starts there (see Renderer.nameBase).
  const ppu = nameBase;
  // The outlines copy a cell's outline, never its fill: a <use> of the cell would paint its fill over the
  // army count below.
  const selO = svg.querySelector(".rb-sel-o") as SVGPathElement;
  const focusO = svg.querySelector(".rb-focus-o") as SVGPathElement;
  const tgtO = svg.querySelector(".rb-tgt-o") as SVGPathElement;
  const tgtU = svg.querySelector(".rb-tgt-u") as SVGPathElement;
  const selN = svg.querySelector(".rb-sel-n") as SVGTextElement;
  const tgtN = svg.querySelector(".rb-tgt-n") as SVGTextElement;
  let selected: number | null = null;
  let target: number | null = null;
  /** The copy of territory i's count above its outline (or hidden). */
  const copyCount = (el: SVGTextElement, i: number | null) => {
    if (i === null) {
      el.setAttribute("display", "none");
      return;
    }
    const t = s.geometry.territories[i];
    el.setAttribute("x", String(t.x));
    el.setAttribute("y", String(t.y));
    el.setAttribute("fill", f.ink(s.territories[i]));
    el.textContent = labelText(s.territories[i]);
    el.removeAttribute("display");
  };
  let level = -1;
  let tiny = false;
  // Keyboard focus starts on the first territory (roving tabindex: one territory is in the tab order).
  cells[s.focus]?.setAttribute("tabindex", "0");

  const relabel = (i: number) => cells[i].setAttribute("aria-label", ariaLabel(s, i));

  return {
    root,
    stage,
    boxes,
    nameBase,
    names,
    svg,
    layers,
    views,
    cells,
    labels,
    tooltip,
    uid,
    updateTerritories(changed) {
      for (const i of changed) {
        const t = s.territories[i];
        cells[i].setAttribute("fill", f.fill(t));
        cells[i].classList.toggle("rb-fog", t.sight === "hidden");
        const l = labels[i];
        if (l) {
          l.textContent = labelText(t);
          l.setAttribute("fill", f.ink(t));
        }
        names[i]?.setAttribute("fill", f.ink(t));
        if (i === selected) copyCount(selN, i);
        if (i === target) copyCount(tgtN, i);
        relabel(i);
      }
    },
    updateHighlights(changed) {
      for (const i of changed) {
        const cl = cells[i].classList;
        cl.toggle("rb-hl", s.highlights.has(i));
        const kind = s.highlightKinds.get(i);
        for (const k of HIGHLIGHT_KINDS) cl.toggle(`rb-hl-${k}`, kind === k);
        relabel(i);
      }
      root.classList.toggle("rb-choosing", s.highlights.size > 0);
    },
    updateSelection(prev, next) {
      if (prev !== null) cells[prev]?.removeAttribute("aria-pressed");
      if (next !== null && cells[next]) {
        cells[next].setAttribute("aria-pressed", "true");
        selO.setAttribute("d", cells[next].getAttribute("d") ?? "");
        selO.removeAttribute("display");
      } else {
        selO.setAttribute("display", "none");
      }
      selected = next !== null && cells[next] ? next : null;
      copyCount(selN, selected);
    },
    updateTarget(next) {
      target = next !== null && cells[next] ? next : null;
      // The target: yellow dashes over a black line, so that it shows on any fill.
      for (const o of [tgtU, tgtO]) {
        if (target !== null) {
          o.setAttribute("d", cells[target].getAttribute("d") ?? "");
          o.removeAttribute("display");
        } else {
          o.setAttribute("display", "none");
        }
      }
      copyCount(tgtN, target);
    },
    updateFocus(prev, next, focusElement) {
      if (prev !== next) cells[prev]?.removeAttribute("tabindex");
      const cell = cells[next];
      if (!cell) return;
      cell.setAttribute("tabindex", "0");
      focusO.setAttribute("d", cell.getAttribute("d") ?? "");
      if (focusElement) cell.focus({ preventScroll: true });
    },
    setLabelsVisible(on) {
      if (on && labels.length === 0 && s.n > 0) makeLabels();
      root.classList.toggle("rb-nolabels", !on);
    },
    setDetail(next, small) {
      if (small !== tiny) root.classList.toggle("rb-tiny", (tiny = small));
      next = Math.max(-1, Math.min(LOD_MAX, next));
      if (next === level) return;
      // One class per step reached: `.rb-z3 .rb-n3` shows the names of step 3 (board.css).
      for (let j = 0; j <= LOD_MAX; j++) root.classList.toggle(`rb-z${j}`, j <= next);
      level = next;
    },
    setStageTransform(t) {
      stage.style.transform = t;
    },
    setTransform(t) {
      for (const v of views) v.setAttribute("transform", t);
    },
    destroy() {
      root.remove();
    },
  };
}

// The tooltip: a territory's name, areas, owner, armies and neighbours, beside the pointer or the territory.

import { territoryInfo, tooltipLines, type BoardState } from "./state";

/** The gap between the pointer (or the territory's centre) and the tooltip. */
const TIP_GAP = 14;

/**
 * Where the tooltip's top left corner goes for a point (left, top) of a map of mapW × mapH pixels: below
 * and right of the point, else on the side that has room, and always inside the map when it fits in it.
 */
export function tipPlace(
  left: number,
  top: number,
  tipW: number,
  tipH: number,
  mapW: number,
  mapH: number,
): [number, number] {
  const along = (p: number, size: number, room: number) => {
    const after = p + TIP_GAP;
    const at = after + size <= room ? after : p - TIP_GAP - size;
    return Math.max(0, Math.min(at, room - size));
  };
  return [Math.round(along(left, tipW, mapW)), Math.round(along(top, tipH, mapH))];
}

/** Shows territory i's tooltip beside the point (left, top) of a map of mapW × mapH pixels, inside it. */
export function showTooltip(
  tip: HTMLDivElement,
  s: BoardState,
  i: number,
  left: number,
  top: number,
  mapW: number,
  mapH: number,
): void {
  const lines = tooltipLines(territoryInfo(s, i));
  tip.replaceChildren(
    ...lines.map((l, n) => {
      const el = document.createElement(n === 0 ? "strong" : "div");
      el.textContent = l;
      return el;
    }),
  );
  tip.hidden = false;
  // Positioned with a transform, beside the pointer and never over it; its size is read once it has its text.
  const [x, y] = tipPlace(left, top, tip.offsetWidth, tip.offsetHeight, mapW, mapH);
  tip.style.transform = `translate(${x}px, ${y}px)`;
}

export function hideTooltip(tip: HTMLDivElement): void {
  tip.hidden = true;
}

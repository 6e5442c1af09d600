// The tooltip: a territory's name, areas, owner, armies and neighbours, beside the pointer or the territory.

import { territoryInfo, tooltipLines, type BoardState } from './state';

export function showTooltip(tip: HTMLDivElement, s: BoardState, i: number, left: number, top: number): void {
  const lines = tooltipLines(territoryInfo(s, i));
  tip.replaceChildren(
    ...lines.map((l, n) => {
      const el = document.createElement(n === 0 ? 'strong' : 'div');
      el.textContent = l;
      return el;
    }),
  );
  tip.hidden = false;
  // Positioned with a transform: no layout read, and the tooltip never covers the pointer.
  tip.style.transform = `translate(${Math.round(left + 14)}px, ${Math.round(top + 14)}px)`;
}

export function hideTooltip(tip: HTMLDivElement): void {
  tip.hidden = true;
}

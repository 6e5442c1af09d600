// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import { AREA_COLORS, type MapGeometry } from "../board";
import type { ClientGame } from "../state/types";
import { AreaLegend } from "./legend";

/** The CSS colour jsdom gives back for #rrggbb. */
const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe("the areas legend", () => {
  it("marks each area with the outline colour of its colorIndex, the map's colour for it", () => {
    // Nine areas of a territory each; by position the first and the ninth would share a colour.
    const geometry: MapGeometry = {
      territories: Array.from({ length: 9 }, (_, i) => ({
        key: `t${i}`,
        name: `T${i}`,
        x: i,
        y: 0,
        shape: "M0,0Z",
        neighbours: [],
        areas: [`a${i}`],
      })),
      areas: Array.from({ length: 9 }, (_, i) => ({ key: `a${i}`, name: `A${i}`, bonus: 1, colorIndex: (i * 3) % 7 })),
      seaLines: [],
    };
    const game = {
      board: geometry.territories.map(() => ({ owner: null, neutral: false, armies: 0 })),
      seats: [],
      viewerSeat: null,
    } as unknown as ClientGame;
    const el = document.createElement("div");
    document.body.append(el);
    act(() => render(<AreaLegend geometry={geometry} game={game} />, el));
    const swatches = [...el.querySelectorAll<HTMLElement>(".area-swatch")].map((s) => s.style.borderColor);
    expect(swatches).toEqual(geometry.areas!.map((a) => rgb(AREA_COLORS[a.colorIndex!])));
    expect(swatches[8]).not.toBe(swatches[0]);
    render(null, el);
    el.remove();
  });
});

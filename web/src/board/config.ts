// The board's configuration, with defaults.

import type { MapGeometry, SeatStyle, TerritoryState } from "./types";

export interface BoardConfig {
  geometry: MapGeometry;
  seats: SeatStyle[];
  /** The territories in map order; all unclaimed when absent. */
  territories?: TerritoryState[];
  /** Draw each seat's pattern over its colour (true by default). */
  patterns?: boolean;
  /** Army counts: `auto` shows them once a cell is big enough on screen to read one. */
  labels?: "auto" | "always" | "never";
  /** Cell size on screen, in CSS pixels, from which `auto` labels show. */
  labelMinPixels?: number;
  /** The largest zoom factor; enough by default to bring a cell to about 120 pixels. */
  maxZoom?: number;
  /** Show a tooltip on hover, focus and tap (true by default). */
  tooltip?: boolean;
  /** Territories per layer of cells (a change repaints its layer); 256 by default. */
  tileSize?: number;
  /** The accessible name of the board; "Map" followed by the map's name by default. */
  label?: string;
  /**
   * Move the layers as one composited element during a pan or zoom gesture, and redraw them at its end
   * (true by default); false sets the SVG transform on every frame (the benchmark's baseline).
   */
  gestureLayer?: boolean;
}

export interface ResolvedConfig extends Required<Omit<BoardConfig, "territories" | "maxZoom" | "label" | "tileSize">> {
  tileSize?: number;
  territories?: TerritoryState[];
  maxZoom?: number;
  label: string;
}

export function resolveConfig(c: BoardConfig): ResolvedConfig {
  return {
    geometry: c.geometry,
    seats: c.seats,
    territories: c.territories,
    patterns: c.patterns ?? true,
    labels: c.labels ?? "auto",
    labelMinPixels: c.labelMinPixels ?? 18,
    maxZoom: c.maxZoom,
    tileSize: c.tileSize,
    tooltip: c.tooltip ?? true,
    label: c.label ?? (c.geometry.name ? `Map: ${c.geometry.name}` : "Map"),
    gestureLayer: c.gestureLayer ?? true,
  };
}

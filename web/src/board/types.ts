// The board's input types: map geometry, seats and territory states. The board knows nothing of GraphQL:
// the app turns the API's GameMap and Game into these.

/** One territory of the map as drawn. */
export interface TerritoryGeometry {
  key: string;
  name: string;
  /** The label position, in map units (origin top left, y down). */
  x: number;
  y: number;
  /** An SVG path (`d`) of the territory's outline in map units (the server gives one for every territory). */
  shape: string;
  /** Keys of the bordering territories. */
  neighbours: string[];
  /** Keys of the bonus areas the territory belongs to. */
  areas?: string[];
}

export interface AreaGeometry {
  key: string;
  name: string;
  bonus?: number;
  /**
   * The area's outline colour as an index into the area palette (palette.ts, AREA_COLORS) that no
   * neighbouring area shares: the API's `colorIndex`. Absent (a map file): the area's position in the map.
   */
  colorIndex?: number;
}

/** A border across water, drawn as a dashed line. `path` overrides the straight line between the labels. */
export interface SeaLine {
  from: string;
  to: string;
  path?: string | null;
}

export interface MapGeometry {
  name?: string;
  /** The canvas the coordinates refer to; 0 or absent: the labels' bounding box with a margin. */
  width?: number;
  height?: number;
  territories: TerritoryGeometry[];
  areas?: AreaGeometry[];
  /** The borders across water (the map's sea crossings). */
  seaLines: SeaLine[];
}

/** A seat as the board shows it. */
export interface SeatStyle {
  seat: number;
  /** The seat's colour name (red, blue, ...) or a CSS colour. */
  color: string;
  /** The name for tooltips and screen readers, such as "Red (alice)". */
  name: string;
}

/**
 * How much of a territory fog of war lets the viewer see: everything, its owner only (armies unknown), or
 * nothing (drawn fogged).
 */
export type Sight = "full" | "owner" | "hidden";

/**
 * One territory as it stands. `owner` null: unclaimed, neutral when `neutral`, or unknown when `sight` is
 * hidden; `armies` null: unknown. No `sight`: full.
 */
export interface TerritoryState {
  owner: number | null;
  neutral: boolean;
  armies: number | null;
  sight?: Sight;
}

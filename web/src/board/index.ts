// The board module: see api.ts.
export { createBoard, type Board } from "./api";
export type { BoardConfig } from "./config";
export type { MapGeometry, SeatStyle, TerritoryGeometry, TerritoryState, AreaGeometry, SeaLine } from "./types";
export { areaColors, AREA_COLORS, ownerStyle, ownerStyles, SAFE } from "./palette";
export { swatchSvg } from "./svg";
export { geometryFromGameMap, geometryFromMapFile, type GameMapGeometry, type MapFile } from "./geometry";

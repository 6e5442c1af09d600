// Map geometry for the board: from the API's GameMap (the shapes the server gives and its sea crossings),
// or from a map file written with its geometry (`rout maps export --shapes`, `rout maps generate --shapes`:
// docs/maps.md), field by field. The board draws only the shapes it is given.

import type { MapGeometry } from "./types";

export interface MapFile {
  name?: string;
  width?: number;
  height?: number;
  territories: Array<{ id: string; name: string; x: number; y: number; shape?: string }>;
  borders?: Array<[string, string]>;
  sea?: Array<[string, string]>;
  bonusAreas?: Array<{ id: string; name: string; bonus: number; territories: string[] }>;
}

/** The geometry of a map file with a shape for every territory; throws naming the first without one. */
export function geometryFromMapFile(m: MapFile): MapGeometry {
  const bare = m.territories.find((t) => !t.shape);
  if (bare) throw new Error(`territory ${bare.id} has no shape: write the map with --shapes`);
  const neighbours = new Map<string, string[]>(m.territories.map((t) => [t.id, []]));
  for (const [a, b] of m.borders ?? []) {
    if (a === b) continue;
    const na = neighbours.get(a);
    const nb = neighbours.get(b);
    if (!na || !nb) continue;
    if (!na.includes(b)) na.push(b);
    if (!nb.includes(a)) nb.push(a);
  }
  const areas = new Map<string, string[]>(m.territories.map((t) => [t.id, []]));
  for (const a of m.bonusAreas ?? []) for (const t of a.territories) areas.get(t)?.push(a.id);
  return {
    name: m.name,
    width: m.width,
    height: m.height,
    territories: m.territories.map((t) => ({
      key: t.id,
      name: t.name,
      x: t.x,
      y: t.y,
      shape: t.shape!,
      neighbours: neighbours.get(t.id)!,
      areas: areas.get(t.id)!,
    })),
    areas: (m.bonusAreas ?? []).map((a) => ({ key: a.id, name: a.name, bonus: a.bonus })),
    seaLines: (m.sea ?? []).map(([from, to]) => ({ from, to })),
  };
}

/**
 * The API's GameMap geometry (`map(key, version) { width height territories { key name x y shape
 * neighbours bonusAreas } borders { from to sea } bonusAreas { key name bonus colorIndex(paletteSize) } }`),
 * as the board draws it: the server's shapes, its sea crossings as sea lines and its areas' colours.
 */
export interface GameMapGeometry {
  name?: string;
  width: number;
  height: number;
  territories: ReadonlyArray<{
    key: string;
    name: string;
    x: number;
    y: number;
    shape: string;
    neighbours: readonly string[];
    bonusAreas: readonly string[];
  }>;
  borders?: ReadonlyArray<{ from: string; to: string; sea: boolean }>;
  bonusAreas?: ReadonlyArray<{ key: string; name: string; bonus: number; colorIndex: number }>;
}

export function geometryFromGameMap(m: GameMapGeometry): MapGeometry {
  return {
    name: m.name,
    width: m.width,
    height: m.height,
    territories: m.territories.map((t) => ({
      key: t.key,
      name: t.name,
      x: t.x,
      y: t.y,
      shape: t.shape,
      neighbours: [...t.neighbours],
      areas: [...t.bonusAreas],
    })),
    areas: (m.bonusAreas ?? []).map((a) => ({ key: a.key, name: a.name, bonus: a.bonus, colorIndex: a.colorIndex })),
    seaLines: (m.borders ?? []).filter((b) => b.sea).map((b) => ({ from: b.from, to: b.to })),
  };
}

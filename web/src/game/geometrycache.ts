// The map geometry kept on the device (IndexedDB), so that opening a game again (a reload, the app started
// anew) draws its map without reading the geometry from the API: about 1 MB of JSON for 5,000
// territories. A map's geometry is kept by map key and version (a version never changes), and a game by
// its id, naming the version it is played on (a game keeps its map version). The cache is bounded: the
// last KEEP_MAPS maps and KEEP_GAMES games opened; an entry of another format, or one that does not read
// as a geometry, is ignored (the geometry is read from the API and replaces it). Any failure of IndexedDB
// (none in the browser, private mode, quota) leaves the API as the only source.
import type { MapGeometry } from "../board";

/** The form of the kept entries; bumped when MapGeometry changes, which drops the older entries. */
export const FORMAT = 1;
/** How many maps (versions) and games are kept. */
export const KEEP_MAPS = 8;
export const KEEP_GAMES = 200;

const DB_NAME = "rout-geometry";
const MAPS = "maps";
const GAMES = "games";

/** A map version's key: the map's key and its version. */
export function versionKey(mapKey: string, version: number): string {
  return `${mapKey}@${version}`;
}

/** A kept map version. */
export interface StoredMap {
  id: string;
  format: number;
  usedAt: number;
  geometry: MapGeometry;
}

/** A kept game: the map version it is played on. */
export interface StoredGame {
  id: string;
  map: string;
  usedAt: number;
}

/** Whether a value read from the store is a usable entry of this format (a broken one is replaced). */
export function isUsable(v: unknown, id: string): v is StoredMap {
  if (typeof v !== "object" || v === null) return false;
  const e = v as Partial<StoredMap>;
  const g = e.geometry;
  if (e.id !== id || e.format !== FORMAT || typeof g !== "object" || g === null || !Array.isArray(g.territories)) return false;
  if (g.territories.length === 0) return false;
  return g.territories.every(
    (t) => typeof t === "object" && t !== null && typeof t.key === "string" && typeof t.x === "number" && typeof t.y === "number" && Array.isArray(t.neighbours),
  );
}

/** The ids to delete so that only the `keep` most recently used entries stay. */
export function toEvict(entries: readonly { id: string; usedAt: number }[], keep: number): string[] {
  if (entries.length <= keep) return [];
  return [...entries]
    .sort((a, b) => b.usedAt - a.usedAt || (a.id < b.id ? -1 : 1))
    .slice(Math.max(0, keep))
    .map((e) => e.id);
}

/** A kept geometry found for a game. */
export interface Hit {
  version: string;
  geometry: MapGeometry;
}

export interface GeometryCache {
  /** The kept geometry of a game's map, or null (not kept, unusable, or no IndexedDB). */
  forGame(gameId: string): Promise<Hit | null>;
  /** Keeps a game's map geometry, then drops the least recently used beyond the bounds. */
  put(gameId: string, version: string, geometry: MapGeometry): Promise<void>;
}

const none: GeometryCache = { forGame: async () => null, put: async () => undefined };

function done(r: IDBRequest | IDBTransaction): Promise<void> {
  return new Promise((ok, fail) => {
    if ("oncomplete" in r) {
      r.oncomplete = () => ok();
      r.onabort = r.onerror = () => fail(r.error);
    } else {
      r.onsuccess = () => ok();
      r.onerror = () => fail(r.error);
    }
  });
}

function value<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(r.error);
  });
}

/** The cache in the browser's IndexedDB (`idb`, by default the page's); a no-op cache without one. */
export function openGeometryCache(idb: IDBFactory | undefined = globalThis.indexedDB, now: () => number = Date.now): GeometryCache {
  if (!idb) return none;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((ok, fail) => {
      const r = idb.open(DB_NAME, 1);
      r.onupgradeneeded = () => {
        r.result.createObjectStore(MAPS, { keyPath: "id" });
        r.result.createObjectStore(GAMES, { keyPath: "id" });
      };
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
      r.onblocked = () => fail(new Error("the geometry cache is blocked by another tab"));
    }));

  const evict = async (d: IDBDatabase, store: string, keep: number) => {
    const tx = d.transaction(store, "readwrite");
    const s = tx.objectStore(store);
    const all = (await value(s.getAll())) as { id: string; usedAt: number }[];
    for (const id of toEvict(all, keep)) s.delete(id);
    await done(tx);
  };

  return {
    async forGame(gameId) {
      try {
        const d = await db();
        const tx = d.transaction([GAMES, MAPS], "readonly");
        const game = (await value(tx.objectStore(GAMES).get(gameId))) as StoredGame | undefined;
        if (!game || typeof game.map !== "string") return null;
        const entry = await value(tx.objectStore(MAPS).get(game.map));
        if (!isUsable(entry, game.map)) return null;
        // Mark both as used (for the bounds), after the read.
        const t = now();
        const w = d.transaction([GAMES, MAPS], "readwrite");
        w.objectStore(GAMES).put({ ...game, usedAt: t });
        w.objectStore(MAPS).put({ ...entry, usedAt: t });
        void done(w).catch(() => undefined);
        return { version: game.map, geometry: entry.geometry };
      } catch {
        return null;
      }
    },
    async put(gameId, version, geometry) {
      try {
        const d = await db();
        const t = now();
        const tx = d.transaction([GAMES, MAPS], "readwrite");
        tx.objectStore(MAPS).put({ id: version, format: FORMAT, usedAt: t, geometry } satisfies StoredMap);
        tx.objectStore(GAMES).put({ id: gameId, map: version, usedAt: t } satisfies StoredGame);
        await done(tx);
        await evict(d, MAPS, KEEP_MAPS);
        await evict(d, GAMES, KEEP_GAMES);
      } catch {
        // A full or refused store: the API stays the source.
      }
    },
  };
}

// The map geometry kept on the device (IndexedDB), so that opening a game again (a reload, the app started
// anew) draws its map without reading the geometry from the API: about 1 MB of JSON for 5,000
// territories. A map's geometry is kept by map key and version (a version never changes), and a game by
// its id, naming the version it is played on (a game keeps its map version). The cache is bounded: the
// last KEEP_MAPS maps and KEEP_GAMES games opened (a map's last use is its games'; opening a game
// rewrites only the game's small entry); an entry of another format, or one that does not read
// as a geometry, is ignored (the geometry is read from the API and replaces it). Any failure of IndexedDB
// (none in the browser, private mode, quota) leaves the API as the only source.
import type { MapGeometry } from "../board";

/**
 * The form of the kept entries; bumped when MapGeometry changes, or the length of AREA_COLORS (the areas'
 * colorIndex is the API's for that palette), which drops the older entries.
 */
export const FORMAT = 2;
/** How many maps (versions) and games are kept. */
export const KEEP_MAPS = 8;
export const KEEP_GAMES = 200;

const DB_NAME = "rout-geometry";
/** The database's layout (its stores); a new one drops the older databases' content. */
const DB_VERSION = 2;
const MAPS = "maps";
const GAMES = "games";
/** The maps' save times apart from their geometry, so that bounding the cache reads no geometry. */
const SAVED = "saved";

/** A map version's key: the map's key and its version. */
export function versionKey(mapKey: string, version: number): string {
  return `${mapKey}@${version}`;
}

/** A kept map version. It is written once; when it was last used is its games' (mapsByUse). */
export interface StoredMap {
  id: string;
  format: number;
  savedAt: number;
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
  if (e.id !== id || e.format !== FORMAT || typeof g !== "object" || g === null || !Array.isArray(g.territories))
    return false;
  if (g.territories.length === 0 || !Array.isArray(g.seaLines)) return false;
  return g.territories.every(
    (t) =>
      typeof t === "object" &&
      t !== null &&
      typeof t.key === "string" &&
      typeof t.x === "number" &&
      typeof t.y === "number" &&
      typeof t.shape === "string" &&
      t.shape !== "" &&
      Array.isArray(t.neighbours),
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

/**
 * The kept maps with when each was last used: the latest use of a game played on it, or when it was
 * saved. Opening a game then rewrites only the game's small entry, never the map's geometry.
 */
export function mapsByUse(
  maps: readonly { id: string; savedAt: number }[],
  games: readonly StoredGame[],
): { id: string; usedAt: number }[] {
  const last = new Map<string, number>();
  for (const g of games) last.set(g.map, Math.max(last.get(g.map) ?? 0, g.usedAt));
  return maps.map((m) => ({ id: m.id, usedAt: Math.max(m.savedAt, last.get(m.id) ?? 0) }));
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
export function openGeometryCache(
  idb: IDBFactory | undefined = globalThis.indexedDB,
  now: () => number = Date.now,
): GeometryCache {
  if (!idb) return none;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((ok, fail) => {
      const r = idb.open(DB_NAME, DB_VERSION);
      r.onupgradeneeded = () => {
        // A database of another layout is started afresh: what it held is read from the API again.
        for (const name of [...r.result.objectStoreNames]) r.result.deleteObjectStore(name);
        r.result.createObjectStore(MAPS, { keyPath: "id" });
        r.result.createObjectStore(SAVED, { keyPath: "id" });
        r.result.createObjectStore(GAMES, { keyPath: "id" });
      };
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
      r.onblocked = () => fail(new Error("the geometry cache is blocked by another tab"));
    }));

  /** Drops the games and maps beyond the bounds; reads the games (small) and the maps' save times only. */
  const evict = async (d: IDBDatabase) => {
    const tx = d.transaction([GAMES, MAPS, SAVED], "readwrite");
    const games = tx.objectStore(GAMES);
    const all = (await value(games.getAll())) as StoredGame[];
    const dropped = new Set(toEvict(all, KEEP_GAMES));
    for (const id of dropped) games.delete(id);
    const saved = (await value(tx.objectStore(SAVED).getAll())) as { id: string; savedAt: number }[];
    for (const id of toEvict(
      mapsByUse(
        saved,
        all.filter((g) => !dropped.has(g.id)),
      ),
      KEEP_MAPS,
    )) {
      tx.objectStore(MAPS).delete(id);
      tx.objectStore(SAVED).delete(id);
    }
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
        // Mark the game as used (for the bounds), after the read: a small write, the geometry stays.
        const w = d.transaction(GAMES, "readwrite");
        w.objectStore(GAMES).put({ ...game, usedAt: now() } satisfies StoredGame);
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
        const tx = d.transaction([GAMES, MAPS, SAVED], "readwrite");
        tx.objectStore(MAPS).put({ id: version, format: FORMAT, savedAt: t, geometry } satisfies StoredMap);
        tx.objectStore(SAVED).put({ id: version, savedAt: t });
        tx.objectStore(GAMES).put({ id: gameId, map: version, usedAt: t } satisfies StoredGame);
        await done(tx);
        await evict(d);
      } catch {
        // A full or refused store: the API stays the source.
      }
    },
  };
}

// The app shell, kept by the service worker so that Rout opens without a network: the page (index.html),
// the hashed scripts and styles it loads, the manifest and the icons. The page is read from the network
// first (a new build is seen at once) and from the cache when the network fails; the hashed assets never
// change, so they come from the cache first. The API, its websocket, the map previews, the playground
// and the other server pages are never touched. Like handlers.ts, this sees the worker's globals through
// small interfaces of its own, so Vitest calls it with plain objects.
import type { ExtendableEventLike } from "./handlers";

/** The cache of the shell; a new name (a change in what is kept) drops the old cache on activate. */
export const SHELL_CACHE = "rout-shell-v1";
const SHELL_PREFIX = "rout-shell-";

/** The page's key in the cache: every app route is answered with the same page. */
export const PAGE_KEY = "/";

/** Files kept besides the page and its assets. */
export const SHELL_FILES = [
  "/manifest.webmanifest",
  "/icons/icon.svg",
  "/icons/apple-touch-icon.png",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/maskable-512.png",
];

/** The app's own routes (app.tsx): a navigation to one of them may be answered with the kept page. */
const APP_ROUTE = /^\/(?:signup|signin|new|settings|games\/[^/]+(?:\/replay)?|join\/[^/]+)?$/;

/** How the worker answers a request: the page, a hashed asset, another shell file, or not at all. */
export type Route = "page" | "asset" | "file" | null;

export function routeOf(method: string, url: URL, origin: string, mode: string): Route {
  if (method !== "GET" || url.origin !== origin) return null;
  if (mode === "navigate") return APP_ROUTE.test(url.pathname) ? "page" : null;
  if (url.pathname.startsWith("/assets/")) return "asset";
  if (SHELL_FILES.includes(url.pathname)) return "file";
  return null;
}

/** The hashed assets a page loads: its scripts, styles and preloads under /assets/. */
export function assetsOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)) out.add(m[1]);
  return [...out];
}

/** The kept assets (paths) that the current page no longer loads: a previous build's. */
export function staleAssets(kept: readonly string[], current: readonly string[]): string[] {
  const now = new Set(current);
  return kept.filter((p) => p.startsWith("/assets/") && !now.has(p));
}

export interface CacheLike {
  match(request: RequestInfo | URL): Promise<Response | undefined>;
  put(request: RequestInfo | URL, response: Response): Promise<void>;
  addAll(requests: string[]): Promise<void>;
  keys(): Promise<readonly Request[]>;
  delete(request: RequestInfo | URL): Promise<boolean>;
}

export interface CachesLike {
  open(name: string): Promise<CacheLike>;
  keys(): Promise<string[]>;
  delete(name: string): Promise<boolean>;
}

export interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(r: Promise<Response>): void;
}

interface ShellEvents {
  install: ExtendableEventLike;
  activate: ExtendableEventLike;
  fetch: FetchEventLike;
}

/** What the shell uses of ServiceWorkerGlobalScope. */
export interface ShellScope {
  location: { origin: string };
  caches: CachesLike;
  fetch(request: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  addEventListener<K extends keyof ShellEvents>(type: K, listener: (e: ShellEvents[K]) => void): void;
}

/**
 * Keeps the page and what it loads: the page as the network gives it now, its assets, the shell files.
 * Assets of an older build are dropped. Best effort: a failure leaves the cache as it was.
 */
export async function keepShell(scope: ShellScope, page?: Response): Promise<void> {
  const cache = await scope.caches.open(SHELL_CACHE);
  const res = page ?? (await scope.fetch(PAGE_KEY, { cache: "no-cache" }));
  if (!res.ok || !(res.headers.get("Content-Type") ?? "").startsWith("text/html")) return;
  const html = await res.clone().text();
  const assets = assetsOf(html);
  if (assets.length === 0) return; // not the built page (a build without the client): keep what was there
  const kept = (await cache.keys()).map((r) => new URL(r.url).pathname);
  const missing = [...assets, ...SHELL_FILES].filter((p) => !kept.includes(p) || SHELL_FILES.includes(p));
  await cache.addAll(missing);
  await cache.put(PAGE_KEY, res);
  await Promise.all(staleAssets(kept, assets).map((p) => cache.delete(p)));
}

/** A navigation: the network's page (kept for later), else the kept page, else a line saying why. */
async function page(scope: ShellScope, e: FetchEventLike): Promise<Response> {
  try {
    const res = await scope.fetch(e.request);
    if (res.ok) e.waitUntil(keepShell(scope, res.clone()).catch(() => undefined));
    return res;
  } catch {
    const cache = await scope.caches.open(SHELL_CACHE);
    const kept = await cache.match(PAGE_KEY);
    if (kept) return kept;
    return new Response("Rout is offline and this device has not kept the app yet.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** A hashed asset (it never changes) or a shell file: from the cache, else the network (then kept). */
async function kept(scope: ShellScope, e: FetchEventLike, networkFirst: boolean): Promise<Response> {
  const cache = await scope.caches.open(SHELL_CACHE);
  if (!networkFirst) {
    const hit = await cache.match(e.request);
    if (hit) return hit;
  }
  try {
    const res = await scope.fetch(e.request);
    if (res.ok) e.waitUntil(cache.put(e.request, res.clone()).catch(() => undefined));
    return res;
  } catch (err) {
    const hit = networkFirst ? await cache.match(e.request) : undefined;
    if (hit) return hit;
    throw err;
  }
}

/** The fetch handler: answers the shell's requests, leaves every other to the browser. */
export function onFetch(scope: ShellScope, e: FetchEventLike): void {
  const r = e.request;
  const route = routeOf(r.method, new URL(r.url), scope.location.origin, r.mode);
  if (route === "page") e.respondWith(page(scope, e));
  else if (route === "asset") e.respondWith(kept(scope, e, false));
  else if (route === "file") e.respondWith(kept(scope, e, true));
}

/** Drops the caches of earlier shells. */
export async function dropOldShells(scope: ShellScope): Promise<void> {
  const names = await scope.caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(SHELL_PREFIX) && n !== SHELL_CACHE).map((n) => scope.caches.delete(n)),
  );
}

/** Installs the shell's handlers: keep the shell on install, drop older ones on activate, answer fetches. */
export function installShell(scope: ShellScope): void {
  // Best effort: the worker installs even when the shell cannot be kept (web push does not need it).
  scope.addEventListener("install", (e) => e.waitUntil(keepShell(scope).catch(() => undefined)));
  scope.addEventListener("activate", (e) => e.waitUntil(dropOldShells(scope).catch(() => undefined)));
  scope.addEventListener("fetch", (e) => onFetch(scope, e));
}

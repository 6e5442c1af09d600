// The service worker's handlers (src/sw/sw.ts installs them; Vite builds it as /sw.js): a push shows the
// notification the server sent, a click on it focuses the tab of its game or opens one. They see the
// worker's globals through the small interfaces below (the DOM types have no worker scope), so Vitest
// calls them with plain objects.

/** The push message the server sends (notify's web push payload). */
export interface PushMessage {
  title: string;
  body: string;
  /** The page to open on a click: the game's link. */
  url: string;
  /** Notices of one game and kind share a tag, so a newer one replaces the older. */
  tag: string;
}

/** PushMessageData: the payload, once decrypted by the browser. */
export interface PushData {
  text(): string;
}

export interface ExtendableEventLike {
  waitUntil(p: Promise<unknown>): void;
}

export interface PushEventLike extends ExtendableEventLike {
  data: PushData | null;
}

export interface NotificationClickLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}

export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
}

/** NotificationOptions with `renotify`, which the DOM types leave out (Chromium and Edge honour it). */
export type ShownOptions = NotificationOptions & { renotify?: boolean };

interface WorkerEvents {
  install: ExtendableEventLike;
  activate: ExtendableEventLike;
  push: PushEventLike;
  notificationclick: NotificationClickLike;
}

/** What the handlers use of ServiceWorkerGlobalScope. */
export interface WorkerScope {
  location: { origin: string };
  registration: { showNotification(title: string, options: ShownOptions): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof WorkerEvents>(type: K, listener: (e: WorkerEvents[K]) => void): void;
}

const FALLBACK_TITLE = "Rout";

/**
 * The message of a push's payload, JSON `{"title","body","url","tag"}`. A payload that is not that JSON
 * (or none) still shows a notification, as userVisibleOnly requires: its text as the body, the lobby as
 * the link. `origin` is the worker's: the link must be http or https, relative links resolve against it.
 */
export function pushMessage(data: PushData | null, origin: string): PushMessage {
  const text = data ? safe(() => data.text(), "") : "";
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = undefined;
  }
  const o = typeof v === "object" && v !== null ? (v as Record<string, unknown>) : null;
  const str = (k: string) => (o && typeof o[k] === "string" ? (o[k] as string) : "");
  return {
    title: str("title") || FALLBACK_TITLE,
    body: o ? str("body") : text.slice(0, 500),
    url: linkOf(str("url"), origin),
    tag: str("tag"),
  };
}

function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

/** An http(s) URL from raw (relative ones against origin); the site's root for anything else. */
export function linkOf(raw: string, origin: string): string {
  try {
    const u = new URL(raw || "/", origin);
    if (u.protocol === "https:" || u.protocol === "http:") return u.href;
  } catch {
    // fall through
  }
  return new URL("/", origin).href;
}

/** The options of showNotification for a message: its tag (a newer notice replaces it, and rings again). */
export function notificationOptions(m: PushMessage): ShownOptions {
  const o: ShownOptions = { body: m.body, data: { url: m.url } };
  if (m.tag) {
    o.tag = m.tag;
    o.renotify = true;
  }
  return o;
}

/** The push handler: shows the notification. */
export function onPush(scope: WorkerScope, e: PushEventLike): void {
  const m = pushMessage(e.data, scope.location.origin);
  e.waitUntil(scope.registration.showNotification(m.title, notificationOptions(m)));
}

/** The URL a shown notification opens, from its data. */
export function clickedURL(data: unknown, origin: string): string {
  const url = typeof data === "object" && data !== null ? (data as { url?: unknown }).url : undefined;
  return linkOf(typeof url === "string" ? url : "", origin);
}

/** The tab showing url (same origin and path; the query and fragment do not count), if one is open. */
export function tabFor(clients: readonly WindowClientLike[], url: string): WindowClientLike | undefined {
  const want = new URL(url);
  return clients.find((c) => {
    try {
      const u = new URL(c.url);
      return u.origin === want.origin && u.pathname === want.pathname;
    } catch {
      return false;
    }
  });
}

/** The notificationclick handler: closes the notification, focuses the game's tab or opens it. */
export function onNotificationClick(scope: WorkerScope, e: NotificationClickLike): void {
  e.notification.close();
  const url = clickedURL(e.notification.data, scope.location.origin);
  e.waitUntil(
    scope.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const tab = tabFor(tabs, url);
      return tab ? tab.focus() : scope.clients.openWindow(url);
    }),
  );
}

/**
 * Installs the handlers. A new worker takes over at once (skipWaiting on install, clients.claim on
 * activate): the shell it keeps (shell.ts) answers an old page's hashed assets as well as a new one's.
 */
export function install(scope: WorkerScope): void {
  scope.addEventListener("install", (e) => e.waitUntil(scope.skipWaiting()));
  scope.addEventListener("activate", (e) => e.waitUntil(scope.clients.claim()));
  scope.addEventListener("push", (e) => onPush(scope, e));
  scope.addEventListener("notificationclick", (e) => onNotificationClick(scope, e));
}

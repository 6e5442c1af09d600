// The page's side of the service worker: registers /sw.js (scope /) when the page starts, so the app shell
// is kept for opening offline, and shows the offline line (index.html's #offline) while the browser has
// no network. The settings page's web push uses the same registration.

import { WORKER_SCOPE, WORKER_URL } from "../ui/push";

/** Whether this page can run the worker: a browser with service workers, in a secure context. */
export function canRegister(w: { isSecureContext?: boolean; navigator?: object }): boolean {
  return w.isSecureContext === true && w.navigator !== undefined && "serviceWorker" in w.navigator;
}

/** Registers the worker once the page has loaded (it then keeps the shell without slowing the start). */
export function registerWorker(): void {
  if (!canRegister(window)) return;
  const go = () => void navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE }).catch(() => undefined);
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}

/** Keeps the offline line in step with the browser's network state. */
export function showOffline(line: HTMLElement | null): void {
  if (!line) return;
  const set = () => {
    line.hidden = navigator.onLine;
  };
  set();
  window.addEventListener("online", set);
  window.addEventListener("offline", set);
}

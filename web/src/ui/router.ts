// A few lines of routing on the History API: the server answers every app path with the same page.
import { useEffect, useState } from "preact/hooks";

export { match } from "./path";

const listeners = new Set<() => void>();

export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  for (const f of listeners) f();
  window.scrollTo(0, 0);
}

window.addEventListener("popstate", () => {
  for (const f of listeners) f();
});

export interface Location {
  path: string;
  params: URLSearchParams;
}

function current(): Location {
  return { path: window.location.pathname, params: new URLSearchParams(window.location.search) };
}

export function useLocation(): Location {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const f = () => setLoc(current());
    listeners.add(f);
    return () => void listeners.delete(f);
  }, []);
  return loc;
}

/** A link that navigates without reloading the page. */
export function onLinkClick(e: MouseEvent): void {
  const a = (e.currentTarget as HTMLAnchorElement) ?? null;
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const href = a.getAttribute("href");
  if (!href || !href.startsWith("/")) return;
  e.preventDefault();
  navigate(href);
}

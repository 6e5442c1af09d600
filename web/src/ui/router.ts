// A few lines of routing on the History API: the server answers every app path with the same page.
import { useEffect, useState } from "preact/hooks";

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

/** The path's parts after a prefix, such as match("/games/:id", "/games/abc") = { id: "abc" }. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split("/").filter(Boolean);
  const a = path.split("/").filter(Boolean);
  if (p.length !== a.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(":")) out[p[i].slice(1)] = decodeURIComponent(a[i]);
    else if (p[i] !== a[i]) return null;
  }
  return out;
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

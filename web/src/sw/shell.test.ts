import { describe, expect, it } from "vitest";
import {
  assetsOf,
  dropOldShells,
  keepShell,
  onFetch,
  routeOf,
  SHELL_CACHE,
  SHELL_FILES,
  staleAssets,
  type CacheLike,
  type FetchEventLike,
  type ShellScope,
} from "./shell";

const origin = "https://rout.example.com";
const u = (p: string) => new URL(p, origin);

describe("routeOf", () => {
  it("answers navigations to the app's routes with the page", () => {
    for (const p of ["/", "/signin", "/signup", "/new", "/settings", "/games/g1", "/games/g1/replay", "/join/g2"]) {
      expect(routeOf("GET", u(p), origin, "navigate"), p).toBe("page");
    }
  });
  it("leaves the server's own pages, the API and other sites alone", () => {
    for (const p of [
      "/playground",
      "/riverui/",
      "/unsubscribe",
      "/graphql",
      "/metrics",
      "/games/g1/board.svg",
      "/games/g1/record.json",
    ]) {
      expect(routeOf("GET", u(p), origin, "navigate"), p).toBeNull();
    }
    expect(routeOf("POST", u("/graphql"), origin, "cors")).toBeNull();
    expect(routeOf("GET", new URL("https://elsewhere.example/assets/x.js"), origin, "no-cors")).toBeNull();
    expect(routeOf("GET", u("/maps/classic/preview.png"), origin, "no-cors")).toBeNull();
  });
  it("keeps the hashed assets and the shell files", () => {
    expect(routeOf("GET", u("/assets/index-abc.js"), origin, "cors")).toBe("asset");
    expect(routeOf("GET", u("/manifest.webmanifest"), origin, "same-origin")).toBe("file");
    expect(routeOf("GET", u("/icons/icon-192.png"), origin, "no-cors")).toBe("file");
  });
});

describe("assets", () => {
  const html = `<script type="module" crossorigin src="/assets/index-A1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-B2.css"><link rel="manifest" href="/manifest.webmanifest">`;
  it("lists what the page loads from /assets/", () => {
    expect(assetsOf(html)).toEqual(["/assets/index-A1.js", "/assets/index-B2.css"]);
  });
  it("drops an older build's assets", () => {
    expect(
      staleAssets(["/", "/assets/index-OLD.js", "/assets/index-A1.js", "/manifest.webmanifest"], assetsOf(html)),
    ).toEqual(["/assets/index-OLD.js"]);
  });
});

/** A cache and worker scope in memory; fetch answers from `net` or fails like a lost network. */
function fakeScope(net: Record<string, string> | null) {
  const caches = new Map<string, Map<string, Response>>();
  const key = (r: RequestInfo | URL) => new URL(typeof r === "string" || r instanceof URL ? r : r.url, origin).pathname;
  const fetch = async (r: RequestInfo | URL) => {
    const body = net?.[key(r)];
    if (net === null) throw new TypeError("Failed to fetch");
    if (body === undefined) return new Response("not found", { status: 404 });
    return new Response(body, {
      headers: { "Content-Type": key(r).endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8" },
    });
  };
  const open = async (name: string): Promise<CacheLike> => {
    let c = caches.get(name);
    if (!c) caches.set(name, (c = new Map()));
    const m = c;
    return {
      match: async (r) => m.get(key(r))?.clone(),
      put: async (r, res) => void m.set(key(r), res),
      addAll: async (rs) => {
        for (const r of rs) m.set(key(r), await fetch(r));
      },
      keys: async () => [...m.keys()].map((p) => new Request(new URL(p, origin))),
      delete: async (r) => m.delete(key(r)),
    };
  };
  const scope: ShellScope = {
    location: { origin },
    caches: { open, keys: async () => [...caches.keys()], delete: async (n) => caches.delete(n) },
    fetch,
    addEventListener: () => undefined,
  };
  return { scope, caches };
}

const page = `<!doctype html><html><script type="module" src="/assets/index-A1.js"></script><div id="app"></div></html>`;
const files = Object.fromEntries(SHELL_FILES.map((f) => [f, "file"]));

async function answer(scope: ShellScope, path: string, mode: RequestMode | "navigate") {
  const got: { res?: Promise<Response> } = {};
  const waits: Promise<unknown>[] = [];
  const req = { url: new URL(path, origin).href, method: "GET", mode } as unknown as Request;
  const e: FetchEventLike = {
    request: req,
    respondWith: (r) => void (got.res = r),
    waitUntil: (p) => void waits.push(p),
  };
  onFetch(scope, e);
  const out = got.res ? await got.res : null;
  await Promise.all(waits);
  return out;
}

describe("the shell offline", () => {
  it("keeps the page and its assets, and answers them without a network", async () => {
    const online = fakeScope({ "/": page, "/assets/index-A1.js": "js", ...files });
    await keepShell(online.scope);
    const kept = online.caches.get(SHELL_CACHE)!;
    expect([...kept.keys()].sort()).toEqual(["/", "/assets/index-A1.js", ...SHELL_FILES].sort());

    const offline = { ...online.scope, fetch: async () => Promise.reject(new TypeError("Failed to fetch")) };
    const res = await answer(offline, "/games/g1", "navigate");
    expect(await res!.text()).toBe(page);
    expect(await (await answer(offline, "/assets/index-A1.js", "cors"))!.text()).toBe("js");
    expect(await answer(offline, "/graphql", "cors")).toBeNull();
  });
  it("says so when the page was never kept", async () => {
    const res = await answer(fakeScope(null).scope, "/", "navigate");
    expect(res!.status).toBe(503);
  });
  it("replaces an older build's assets when the page changes", async () => {
    const f = fakeScope({ "/": page, "/assets/index-A1.js": "js", ...files });
    await keepShell(f.scope);
    const next = page.replace("index-A1", "index-B2");
    const g = { ...f.scope, fetch: fakeScope({ "/": next, "/assets/index-B2.js": "js2", ...files }).scope.fetch };
    const res = await answer(g, "/", "navigate");
    expect(await res!.text()).toBe(next);
    const kept = f.caches.get(SHELL_CACHE)!;
    expect(kept.has("/assets/index-B2.js")).toBe(true);
    expect(kept.has("/assets/index-A1.js")).toBe(false);
  });
  it("drops the caches of older shells", async () => {
    const f = fakeScope({});
    await f.scope.caches.open("rout-shell-v0");
    await f.scope.caches.open(SHELL_CACHE);
    await f.scope.caches.open("other");
    await dropOldShells(f.scope);
    expect([...f.caches.keys()].sort()).toEqual(["other", SHELL_CACHE]);
  });
});

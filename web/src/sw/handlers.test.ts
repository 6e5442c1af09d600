import { describe, expect, it } from "vitest";
import {
  install,
  linkOf,
  notificationOptions,
  onNotificationClick,
  onPush,
  pushMessage,
  tabFor,
  type ShownOptions,
  type WindowClientLike,
  type WorkerScope,
} from "./handlers";

const origin = "https://rout.example.com";

/** A worker scope that records what the handlers do, with the given open tabs. */
function fakeScope(tabs: string[] = []) {
  const shown: Array<{ title: string; options: ShownOptions }> = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const listeners = new Map<string, (e: never) => void>();
  const clients: WindowClientLike[] = tabs.map((url) => ({ url, focus: async () => void focused.push(url) }));
  let claimed = 0;
  let skipped = 0;
  const scope: WorkerScope = {
    location: { origin },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: {
      matchAll: async (o) => {
        expect(o).toEqual({ type: "window", includeUncontrolled: true });
        return clients;
      },
      openWindow: async (url) => void opened.push(url),
      claim: async () => void claimed++,
    },
    skipWaiting: async () => void skipped++,
    addEventListener: (type, listener) => void listeners.set(type, listener as (e: never) => void),
  };
  return { scope, shown, opened, focused, listeners, counts: () => ({ claimed, skipped }) };
}

/** An event whose waitUntil promises the test awaits. */
function extendable<T extends object>(fields: T) {
  const waits: Promise<unknown>[] = [];
  return {
    e: { ...fields, waitUntil: (p: Promise<unknown>) => void waits.push(p) },
    done: () => Promise.all(waits),
    waits,
  };
}

const payload = (o: unknown) => ({ text: () => (typeof o === "string" ? o : JSON.stringify(o)) });

describe("pushMessage", () => {
  it("reads the server's JSON payload", () => {
    const m = pushMessage(
      payload({
        title: "Your turn in Friday night",
        body: "Turn 7, play by 18:00 CET.",
        url: "https://rout.example.com/games/R2FtZTo0Mg",
        tag: "game-42-your_turn",
      }),
      origin,
    );
    expect(m).toEqual({
      title: "Your turn in Friday night",
      body: "Turn 7, play by 18:00 CET.",
      url: "https://rout.example.com/games/R2FtZTo0Mg",
      tag: "game-42-your_turn",
    });
  });
  it("still has a title and a link without a payload, with text, or with fields of the wrong type", () => {
    expect(pushMessage(null, origin)).toEqual({ title: "Rout", body: "", url: `${origin}/`, tag: "" });
    expect(pushMessage(payload("Something happened"), origin)).toEqual({
      title: "Rout",
      body: "Something happened",
      url: `${origin}/`,
      tag: "",
    });
    expect(pushMessage(payload({ title: 5, body: ["x"], url: {}, tag: null }), origin)).toEqual({
      title: "Rout",
      body: "",
      url: `${origin}/`,
      tag: "",
    });
    expect(
      pushMessage(
        {
          text: () => {
            throw new Error("undecodable");
          },
        },
        origin,
      ).title,
    ).toBe("Rout");
  });
  it("resolves a relative link against the worker's origin and refuses other schemes", () => {
    expect(pushMessage(payload({ title: "t", url: "/games/abc" }), origin).url).toBe(`${origin}/games/abc`);
    expect(linkOf("javascript:alert(1)", origin)).toBe(`${origin}/`);
    expect(linkOf("data:text/html,x", origin)).toBe(`${origin}/`);
    expect(linkOf("http://[bad", origin)).toBe(`${origin}/`);
  });
});

describe("notificationOptions", () => {
  it("sets the tag with renotify, and the link in data", () => {
    expect(notificationOptions({ title: "t", body: "b", url: `${origin}/games/1`, tag: "g1" })).toEqual({
      body: "b",
      tag: "g1",
      renotify: true,
      data: { url: `${origin}/games/1` },
    });
  });
  it("has no renotify without a tag (the browser refuses it)", () => {
    const o = notificationOptions({ title: "t", body: "b", url: `${origin}/`, tag: "" });
    expect(o).toEqual({ body: "b", data: { url: `${origin}/` } });
  });
});

describe("onPush", () => {
  it("shows the notification and keeps the worker alive until it is shown", async () => {
    const f = fakeScope();
    const ev = extendable({
      data: payload({ title: "Time is running out", body: "2 hours left.", url: "/games/7", tag: "g7-warning" }),
    });
    onPush(f.scope, ev.e);
    expect(ev.waits).toHaveLength(1);
    await ev.done();
    expect(f.shown).toEqual([
      {
        title: "Time is running out",
        options: { body: "2 hours left.", tag: "g7-warning", renotify: true, data: { url: `${origin}/games/7` } },
      },
    ]);
  });
});

describe("onNotificationClick", () => {
  function click(data: unknown) {
    let closed = 0;
    const ev = extendable({ notification: { data, close: () => void closed++ } });
    return { ev, closed: () => closed };
  }
  it("focuses the open tab of the game", async () => {
    const f = fakeScope([`${origin}/`, `${origin}/games/7#log`, `${origin}/games/8`]);
    const c = click({ url: `${origin}/games/7` });
    onNotificationClick(f.scope, c.ev.e);
    await c.ev.done();
    expect(c.closed()).toBe(1);
    expect(f.focused).toEqual([`${origin}/games/7#log`]);
    expect(f.opened).toEqual([]);
  });
  it("opens the game when no tab shows it", async () => {
    const f = fakeScope([`${origin}/games/70`, "https://other.example.com/games/7"]);
    const c = click({ url: `${origin}/games/7` });
    onNotificationClick(f.scope, c.ev.e);
    await c.ev.done();
    expect(f.focused).toEqual([]);
    expect(f.opened).toEqual([`${origin}/games/7`]);
  });
  it("opens the lobby for a notification without a link", async () => {
    const f = fakeScope();
    const c = click(null);
    onNotificationClick(f.scope, c.ev.e);
    await c.ev.done();
    expect(f.opened).toEqual([`${origin}/`]);
  });
});

describe("tabFor", () => {
  it("matches origin and path, not the query or fragment", () => {
    const tabs = [{ url: `${origin}/games/7?x=1`, focus: async () => undefined }];
    expect(tabFor(tabs, `${origin}/games/7`)).toBe(tabs[0]);
    expect(tabFor(tabs, `${origin}/games/7/replay`)).toBeUndefined();
    expect(tabFor([{ url: "not a url", focus: async () => undefined }], `${origin}/`)).toBeUndefined();
  });
});

describe("install", () => {
  it("listens to install, activate, push and notificationclick, and takes over at once", async () => {
    const f = fakeScope();
    install(f.scope);
    expect([...f.listeners.keys()].sort()).toEqual(["activate", "install", "notificationclick", "push"]);
    const inst = extendable({});
    f.listeners.get("install")!(inst.e as never);
    const act = extendable({});
    f.listeners.get("activate")!(act.e as never);
    await Promise.all([inst.done(), act.done()]);
    expect(f.counts()).toEqual({ claimed: 1, skipped: 1 });
    const ev = extendable({ data: payload({ title: "Your turn", url: "/games/1", tag: "t" }) });
    f.listeners.get("push")!(ev.e as never);
    await ev.done();
    expect(f.shown.map((s) => s.title)).toEqual(["Your turn"]);
  });
});

// The web client on a phone (390 × 844, touch), in real Chromium against a started `rout serve`: every
// page (sign up, lobby, new game, waiting, join, settings, replay) and every phase of a game against CPUs
// (claim, placement, reinforce, attack, occupy, fortify, waiting for the others, game over) fits the
// screen's width (no sideways scrolling), the map and the player's move are on the first screen, and
// axe-core finds nothing serious. Touch: a double tap that places never zooms, and the next tap anywhere
// dismisses a tooltip. The installable app: the manifest and its icons, the service worker keeps the app
// shell and the page opens offline saying so; the map's geometry is kept in IndexedDB, so a reload reads
// none from the API.
//
//   node e2e/phone.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS, E2E_HEADED); E2E_SHOTS=dir keeps a screenshot of
// each screen there.
import {
  axe as axeOn,
  command,
  failureShots,
  launch,
  log,
  phoneContext,
  screenshots,
  signUp as signUpAt,
  T,
  watch as watchPage,
} from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const began = Date.now();
const shot = screenshots("phone");

const browser = await launch();
const pages = {};
const problems = [];
let quiet = false; // while offline on purpose, failed requests are expected
let failed = false;

function watch(name, page) {
  pages[name] = page;
  watchPage(page, problems, name, () => quiet);
}

/** The screen fits the phone's width, axe finds nothing serious, and a screenshot is kept when asked. */
async function check(page, screen, { axe = true } = {}) {
  await page.waitForTimeout(150);
  const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  if (w.scroll > w.inner) {
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
        .slice(0, 5)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} right ${Math.round(e.getBoundingClientRect().right)}`,
        ),
    );
    throw new Error(`${screen}: the page is ${w.scroll} px wide on a ${w.inner} px screen: ${wide.join("; ")}`);
  }
  if (shot.on) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, screen);
  }
  if (!axe) return log(`${screen}: fits`);
  log(`${screen}: fits`);
  await axeOn(page, screen);
}

/** On the game screen: the map and the player's move both show on the first screen. */
async function firstScreen(page, screen) {
  const box = await page.evaluate(() => {
    const r = (s) => document.querySelector(s)?.getBoundingClientRect();
    const m = r(".board-wrap");
    const a = r(".actions");
    return {
      map: m && { top: m.top, bottom: m.bottom, width: m.width },
      actions: a && { top: a.top, bottom: a.bottom },
      h: innerHeight,
      w: innerWidth,
    };
  });
  // The map on the first screen, across the width; the move's sheet may lie over its lower part (a panel
  // over the map), but most of the map shows above it.
  const shown = box.map && Math.min(box.map.bottom, box.actions ? box.actions.top : box.h, box.h) - box.map.top;
  if (
    !box.map ||
    box.map.top < 0 ||
    box.map.top > box.h / 2 ||
    box.map.width < box.w - 2 ||
    shown < 0.6 * (box.map.bottom - box.map.top)
  )
    throw new Error(`${screen}: the map is not on the first screen across the width: ${JSON.stringify(box)}`);
  if (box.actions && (box.actions.top >= box.h || box.actions.bottom > box.h + 1))
    throw new Error(`${screen}: the move is not on the first screen: ${JSON.stringify(box)}`);
}

async function signUp(page, name, screen) {
  await signUpAt(page, base, name, screen ? () => check(page, screen) : undefined);
}

/** A point inside a choosable territory of the map that a tap there hits, or null. */
async function tapPoint(page) {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll(".board-host .rb-t.rb-hl")) {
      const b = el.getBoundingClientRect();
      for (const [fx, fy] of [
        [0.5, 0.5],
        [0.4, 0.4],
        [0.6, 0.6],
        [0.4, 0.6],
        [0.6, 0.4],
      ]) {
        const x = b.left + b.width * fx;
        const y = b.top + b.height * fy;
        if (y > 0 && y < innerHeight && document.elementFromPoint(x, y)?.closest(".rb-t") === el)
          return { x, y, id: el.id };
      }
    }
    return null;
  });
}

const zoomOf = (page) =>
  page.evaluate(() => document.querySelector(".board-host [transform]")?.getAttribute("transform") ?? "");
const tipShown = (page) => page.evaluate(() => !!document.querySelector(".board-host .rb-tip:not([hidden])"));

try {
  const ctx = await phoneContext(browser);
  const page = await ctx.newPage();
  watch("alice", page);
  const suffix = Date.now().toString(36).slice(-5);
  const alice = `palice${suffix}`;
  const bob = `pbob${suffix}`;
  await signUp(page, alice, "signup");
  await check(page, "lobby");

  // The manifest and its icons, as the browser reads them; the service worker keeps the shell.
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')?.getAttribute("href");
    const res = await fetch(href);
    const m = await res.json();
    const icons = await Promise.all(m.icons.map(async (i) => ({ ...i, status: (await fetch(i.src)).status })));
    return { type: res.headers.get("Content-Type"), m, icons };
  });
  const sizes = manifest.icons.filter((i) => i.status === 200).map((i) => `${i.sizes} ${i.purpose}`);
  if (
    manifest.type !== "application/manifest+json" ||
    manifest.m.start_url !== "/" ||
    manifest.m.display !== "standalone" ||
    !manifest.m.short_name ||
    !manifest.m.theme_color ||
    !manifest.m.background_color ||
    !["192x192 any", "512x512 any", "512x512 maskable"].every((s) => sizes.includes(s))
  ) {
    throw new Error(`the manifest is not what an install needs: ${JSON.stringify(manifest)}`);
  }
  log(`manifest: ${manifest.type}, icons ${sizes.join(", ")}`);

  // New game with Bob invited: the waiting page; Bob's invitation page; settings.
  await page.getByRole("link", { name: "New game" }).first().click();
  await page.getByRole("heading", { name: "New game" }).waitFor();
  await page.getByLabel("Seat 2 is").selectOption("INVITED");
  await page.getByLabel(/Seat 2 email/).fill(`${bob}@example.com`);
  await check(page, "newgame");
  await page.getByRole("button", { name: "Create the game" }).click();
  await page.getByRole("heading", { name: /waiting for players/ }).waitFor({ timeout: T });
  await check(page, "waiting");
  const link = await page.getByLabel("Invitation link", { exact: true }).inputValue();
  const ctxB = await phoneContext(browser);
  const b = await ctxB.newPage();
  watch("bob", b);
  await signUp(b, bob);
  await b.goto(link);
  await b.getByRole("button", { name: "Join the game" }).waitFor({ timeout: T });
  await check(b, "join");
  await ctxB.close();
  delete pages.bob;
  await page.goto(base + "/settings");
  await page.getByRole("heading", { name: "Your account" }).waitFor({ timeout: T });
  await check(page, "settings");

  // A game against two CPUs, territories claimed in turn.
  await page.goto(base + "/new");
  await page.getByRole("heading", { name: "New game" }).waitFor();
  await page.getByLabel("Seat 2 is").selectOption("CPU");
  await page.getByLabel("Seat 2 difficulty").selectOption("easy");
  await page.getByLabel("Seat 3 difficulty").selectOption("easy");
  await page.getByLabel("Territories at the start").selectOption("round_robin");
  await page.getByRole("button", { name: "Create the game" }).click();
  await page.locator(".live-live").waitFor({ timeout: T });
  await page.locator(".board-host svg").first().waitFor({ timeout: T });
  const gameURL = page.url();
  const yourTurn = page.locator(".turn-line strong", { hasText: "Your turn" });
  const seen = new Set();
  const once = async (screen) => {
    if (seen.has(screen)) return;
    seen.add(screen);
    await page.evaluate(() => window.scrollTo(0, 0));
    await firstScreen(page, screen);
    await check(page, screen);
  };

  // Claims, then the placement of the starting armies; each on our turn.
  let tapped = false;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the setup did not end in time; seen ${[...seen]}`);
    await yourTurn.waitFor({ timeout: T });
    const phase = (await page.locator(".turn-line").textContent()) ?? "";
    const claim = page.locator(".territory-table").getByRole("button", { name: /^Claim / });
    if (await claim.count()) {
      await once("claim");
      await command(page, claim.first());
      continue;
    }
    const all = page.getByRole("button", { name: /^All the armies left on / });
    if ((await all.count()) === 0) {
      await page.waitForTimeout(200);
      continue;
    }
    const setup = !/reinforc/i.test(phase);
    await once(setup ? "placement" : "reinforce");
    if (!tapped) {
      await page.evaluate(() => window.scrollTo(0, 0));
      // A double tap on a territory to place on: two armies, and the map does not zoom.
      tapped = true;
      const p = await tapPoint(page);
      if (!p) throw new Error("no territory to tap on the map");
      const before = await zoomOf(page);
      await page.touchscreen.tap(p.x, p.y);
      await page.waitForTimeout(60);
      await page.touchscreen.tap(p.x, p.y);
      await page.waitForTimeout(700);
      const after = await zoomOf(page);
      if (after !== before) throw new Error(`a double tap that placed zoomed the map: ${before} -> ${after}`);
      const placing = await page
        .locator(".actions")
        .getByRole("button", { name: /^Place \d+ arm/ })
        .textContent();
      if (!/Place 2 arm/.test(placing ?? "")) throw new Error(`a double tap did not place two armies: ${placing}`);
      if (!(await tipShown(page))) throw new Error("a tap on a territory showed no tooltip");
      await page.locator(".play-head h1").tap();
      await page.waitForTimeout(100);
      if (await tipShown(page)) throw new Error("the next tap did not dismiss the tooltip");
      log("touch: a double tap placed two armies without zooming; the next tap dismissed the tooltip");
      await check(page, "placement-tapped", { axe: false });
    }
    await all.first().click({ timeout: T });
    await command(page, page.locator(".actions").getByRole("button", { name: /^Place \d+ arm/ }));
    if (!setup) break;
  }

  // Attack until something is conquered (then occupy), end the attacks, fortify or end the turn.
  const attackFrom = page.locator(".territory-table").getByRole("button", { name: /^Attack from / });
  await page.getByRole("button", { name: "End attacks" }).waitFor({ timeout: T });
  for (let i = 0; i < 6 && (await attackFrom.count()); i++) {
    await attackFrom.first().click();
    await page
      .locator(".territory-table")
      .getByRole("button", { name: /^Attack (?!from)/ })
      .first()
      .click({ timeout: T });
    await page.locator(".odds", { hasText: /^Odds of/ }).waitFor({ timeout: T });
    await once("attack");
    await page
      .locator(".actions")
      .getByLabel(/until conquered$/)
      .check();
    await command(page, page.locator(".actions").getByRole("button", { name: "Attack", exact: true }));
    // The attack's outcome, once drawn: the move-in panel after a conquest, the attacks going on otherwise.
    const occupy = page.locator(".actions").getByRole("button", { name: /^Move \d+$/ });
    await occupy
      .or(page.getByRole("button", { name: "End attacks" }))
      .first()
      .waitFor({ timeout: T });
    const conquered = (await occupy.count()) > 0;
    if (conquered) {
      await once("occupy");
      await command(page, occupy.first());
      break;
    }
  }
  await command(page, page.getByRole("button", { name: "End attacks" }));
  await page.getByRole("button", { name: "End turn" }).waitFor({ timeout: T });
  const moveFrom = page.getByRole("button", { name: /^Move from / });
  if (await moveFrom.count()) {
    await moveFrom.first().click();
    const moveHere = page.getByRole("button", { name: /^Move here / });
    if (await moveHere.count()) await moveHere.first().click();
  }
  await once("fortify");
  const roundBefore = await page.locator(".play-head h1 small").textContent();
  await command(page, page.getByRole("button", { name: "End turn" }));
  // The turn passed: another seat is to move or, when CPUs play at once, it is ours again a round later.
  await page.waitForFunction(
    (before) => {
      const line = document.querySelector(".turn-line")?.textContent ?? "";
      const round = document.querySelector(".play-head h1 small")?.textContent ?? "";
      return / is /.test(line) || (round !== before && /Your turn/.test(line));
    },
    roundBefore,
    { timeout: T },
  );
  await check(page, "waiting-for-others");

  // The geometry is kept: a reload draws the map without reading it from the API.
  const geometryReads = [];
  const onReq = (r) => /"operationName":"GameMapGeometry"/.test(r.postData() ?? "") && geometryReads.push(r.url());
  page.on("request", onReq);
  await page.reload();
  await page.locator(".board-host .rb-t").first().waitFor({ timeout: T });
  await page.locator(".live-live").waitFor({ timeout: T });
  page.off("request", onReq);
  if (geometryReads.length) throw new Error(`the reload read the map's geometry again (${geometryReads.length} times)`);
  const kept = await page.evaluate(
    () =>
      new Promise((ok) => {
        const r = indexedDB.open("rout-geometry");
        r.onsuccess = () => {
          const q = r.result.transaction("maps").objectStore("maps").getAllKeys();
          q.onsuccess = () => ok(q.result);
        };
        r.onerror = () => ok([]);
      }),
  );
  log(`geometry: the reload drew the map from IndexedDB (kept: ${kept.join(", ")}), no GameMapGeometry request`);

  // Resign: game over; the replay.
  await page.getByRole("button", { name: "Resign…" }).click({ timeout: T });
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await page.locator(".turn-line", { hasText: "Game over" }).waitFor({ timeout: T });
  await check(page, "game-over");
  await page.getByRole("link", { name: "Replay the game" }).click();
  await page.getByRole("group", { name: "Replay controls" }).waitFor({ timeout: T });
  await page.getByRole("button", { name: "Forward", exact: true }).click();
  await check(page, "replay");

  // Offline: the service worker answers the page and its assets; the page says it is offline.
  await page.goto(base + "/");
  await page.getByRole("heading", { name: /My games/ }).waitFor({ timeout: T });
  await page.locator(".game-item").first().waitFor({ timeout: T });
  await check(page, "lobby-games");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((ok) => setTimeout(ok, 100));
  });
  await page.waitForFunction(async () => (await caches.keys()).some((k) => k.startsWith("rout-shell-")), null, {
    timeout: T,
  });
  quiet = true;
  await ctx.setOffline(true);
  await page.goto(gameURL);
  await page.locator("#offline").waitFor({ state: "visible", timeout: T });
  await check(page, "offline", { axe: false });
  log("offline: the app opened from the service worker and says it is offline");
  await ctx.setOffline(false);
  await page.locator("#offline").waitFor({ state: "hidden", timeout: T });
  await page.locator(".board-host .rb-t").first().waitFor({ timeout: T });
  quiet = false;
  problems.splice(
    0,
    problems.length,
    ...problems.filter((p) => !/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|offline/i.test(p)),
  );
  if (problems.length) throw new Error(`the pages reported errors:\n${problems.join("\n")}`);
  log(`phone e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`phone e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  await failureShots("phone", pages);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

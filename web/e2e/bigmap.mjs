// The web client on a 5,000-territory map, in real Chromium against a started `rout serve` whose database
// holds such a map (TestWebClientEndToEnd seeds one): a user creates a game against a CPU on it, the game
// screen opens with the map drawn, and the user plays a whole turn (place, pick a territory to attack from
// and see its targets, end attacks, end turn) until the CPU has moved and it is their turn again.
//
//   node e2e/bigmap.mjs http://127.0.0.1:8080 "Generated 5000 (seed 1)"
//
// Prints the time from opening the game to the map drawn, and to the first choices shown; then the bytes
// moved and the time to the map drawn when the game is opened in a fresh browser and reloaded, with and
// without the map's geometry kept in IndexedDB (docs/benchmarks.md). Environment as run.mjs (CHROMIUM,
// E2E_ARTIFACTS).
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, log, signUp, T, watch } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const base = process.argv[2] || "http://127.0.0.1:8080";
const mapName = process.argv[3] || "Generated 5000 (seed 1)";
const artifacts = process.env.E2E_ARTIFACTS || join(here, "..", "e2e-artifacts");

const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const problems = [];
watch(page, problems);
let failed = false;
try {
  const n = `big${Date.now().toString(36).slice(-5)}`;
  await signUp(page, base, n);
  await page.getByRole("link", { name: "New game" }).first().click();
  await page.getByRole("radio", { name: new RegExp(mapName.replace(/[()]/g, "\\$&")) }).check({ timeout: T });
  await page.getByRole("button", { name: "Remove seat 3" }).click();
  await page.getByLabel("Seat 2 difficulty").selectOption("easy");
  await page.getByRole("button", { name: "Create the game" }).click();
  const t0 = Date.now();
  await page.locator(".board-host svg").first().waitFor({ timeout: T });
  const drawn = Date.now() - t0;
  await page.locator(".live-live").waitFor({ timeout: T });
  const cells = await page.locator(".board-host .rb-t").count();
  log(`game opened: map drawn ${drawn} ms after the game was created, ${cells} territories on it`);
  if (cells < 5000) throw new Error(`the map shows ${cells} territories, want 5000`);

  // One whole turn of ours: it may be the CPU's first; wait for ours.
  await page.locator(".turn-line strong", { hasText: "Your turn" }).waitFor({ timeout: T });
  const turn = await page.locator(".play-head h1 small").textContent();
  await page
    .getByRole("button", { name: /^All the armies left on / })
    .first()
    .click({ timeout: T });
  await page.getByRole("button", { name: /^Place \d+ arm/ }).click();
  const endAttacks = page.getByRole("button", { name: "End attacks" });
  await endAttacks.waitFor({ timeout: T });
  // The attack phase has too many actions to list at once: the sources come from the summary, and a
  // source's targets are read when it is picked.
  const attackFrom = page.locator(".territory-table").getByRole("button", { name: /^Attack from / });
  const sources = await attackFrom.count();
  if (sources > 0) {
    const t1 = Date.now();
    await attackFrom.first().click();
    await page
      .locator(".territory-table")
      .getByRole("button", { name: /^Attack (?!from)/ })
      .first()
      .waitFor({ timeout: T });
    log(`attack: ${sources} sources listed; targets of the one picked shown ${Date.now() - t1} ms after the pick`);
  } else log("attack: no territory to attack from this turn");
  await endAttacks.click({ timeout: T });
  await page.getByRole("button", { name: "End turn" }).click({ timeout: T });
  log(`played ${turn}`);
  // The CPU plays, live, and the turn comes back.
  await page.waitForFunction(
    (t) =>
      document.querySelector(".play-head h1 small")?.textContent !== t && !!document.querySelector(".turn-line strong"),
    turn,
    { timeout: T * 2 },
  );
  log(`the CPU played; our turn again: ${await page.locator(".play-head h1 small").textContent()}`);
  // Opening the game, measured: the bytes the network moved (the DevTools protocol's encodedDataLength of
  // every response, plus the websocket's frames) and the time from the navigation's start to the map drawn.
  // First in a fresh browser context (nothing kept: no service worker, no geometry, no HTTP cache), then
  // reloads: with the shell and the geometry kept, and with the geometry dropped before the reload (the
  // baseline of what the geometry cache saves). A reload with the geometry kept must not read it again.
  const gameURL = page.url();
  const token = await page.evaluate(() => localStorage.getItem("rout.session"));
  const ctx2 = await browser.newContext({
    viewport: { width: 1400, height: 1000 },
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: "rout.session", value: token }] }] },
  });
  const fresh = await ctx2.newPage();
  watch(fresh, problems, "fresh");
  const cdp = await ctx2.newCDPSession(fresh);
  await cdp.send("Network.enable");
  let bytes = { total: 0, geometry: 0, api: 0, shell: 0, ws: 0 };
  const kinds = new Map();
  cdp.on("Network.requestWillBeSent", (e) => {
    const op = /"operationName":"(\w+)"/.exec(e.request.postData ?? "")?.[1];
    kinds.set(
      e.requestId,
      op === "GameMapGeometry" ? "geometry" : e.request.url.includes("/graphql") ? "api" : "shell",
    );
  });
  cdp.on("Network.loadingFinished", (e) => {
    bytes.total += e.encodedDataLength;
    bytes[kinds.get(e.requestId) ?? "shell"] += e.encodedDataLength;
  });
  cdp.on("Network.webSocketFrameReceived", (e) => {
    bytes.total += e.response.payloadData.length;
    bytes.ws += e.response.payloadData.length;
  });
  const geometryReads = () => [...kinds.values()].filter((k) => k === "geometry").length;
  const open = async (label, go) => {
    bytes = { total: 0, geometry: 0, api: 0, shell: 0, ws: 0 };
    kinds.clear();
    await go();
    const drawn = await (
      await fresh.waitForFunction(
        () => document.querySelectorAll(".board-host .rb-t").length >= 5000 && Math.round(performance.now()),
        null,
        { timeout: T, polling: "raf" },
      )
    ).jsonValue();
    await fresh.locator(".live-live").waitFor({ timeout: T });
    await fresh.waitForTimeout(1000); // the rest of the opening: the actions, the log, the websocket
    const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
    log(
      `${label}: map drawn ${drawn} ms after the navigation began; ${kb(bytes.total)} moved (geometry ${kb(bytes.geometry)}, other API ${kb(bytes.api)}, page and assets ${kb(bytes.shell)}, websocket ${kb(bytes.ws)})`,
    );
    return { drawn, bytes: bytes.total, geometry: geometryReads() };
  };
  const first = await open("first load", () => fresh.goto(gameURL));
  await fresh.waitForFunction(
    async () => !!navigator.serviceWorker.controller || !!(await navigator.serviceWorker.getRegistration()),
    null,
    { timeout: T },
  );
  const dropGeometry = () => fresh.evaluate(() => void indexedDB.deleteDatabase("rout-geometry"));
  const baseline = await open("reload, geometry not kept", async () => {
    await dropGeometry();
    await fresh.reload();
  });
  const warm = [];
  for (let i = 1; i <= 2; i++) warm.push(await open(`reload ${i}, geometry kept`, () => fresh.reload()));
  const w = warm[warm.length - 1];
  log(
    `reload with the geometry kept against the first load: ${(w.bytes / first.bytes).toFixed(3)} of the bytes, ${(w.drawn / first.drawn).toFixed(2)} of the time; against a reload without it: ${(w.bytes / baseline.bytes).toFixed(3)} of the bytes, ${(w.drawn / baseline.drawn).toFixed(2)} of the time`,
  );
  if (warm.some((r) => r.geometry > 0)) throw new Error("a reload read the map's geometry again although it was kept");
  await ctx2.close();
  if (problems.length) throw new Error(problems.join("\n"));
  log("bigmap e2e passed");
} catch (e) {
  failed = true;
  console.error(`bigmap e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, "bigmap.png") }).catch(() => undefined);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

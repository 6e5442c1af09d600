// The replay on the map and "Since your last turn", in real Chromium against a started `rout serve` whose
// CPUs play without delay (ROUT_CPU_DELAY=0s): a player creates a game against CPUs and resigns at once; the
// CPUs play it to the end while the player watches (live attacks draw arrows). Opening the game again shows the summary and plays the turns on the map; the
// replay opens at the start, plays (the board changes), steps by turn both ways and shows the arrow of an
// attack; its log renders a window of lines only. axe-core (every rule) finds nothing serious or critical.
//
//   node e2e/replay.mjs http://127.0.0.1:8080
//
// Environment: CHROMIUM (default /usr/bin/chromium), E2E_SHOTS (a folder: screenshots of the replay and
// the summary, desktop and phone, to look at).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { axe, launch, log, signUp, T, watch } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const shots = process.env.E2E_SHOTS || "";
const began = Date.now();
if (shots) mkdirSync(shots, { recursive: true });

const browser = await launch();
const problems = [];
let failed = false;

const shot = async (page, name) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`) });
};
const fills = (page) => page.locator(".rb-t").evaluateAll((els) => els.map((e) => e.getAttribute("fill")).join(","));
const counts = (page) => page.locator(".pb-scrub output").textContent();

const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
watch(page, problems);

try {
  const name = `viewer${Date.now().toString(36).slice(-5)}`;
  await signUp(page, base, name);

  // Against three CPUs, who play it out once the player resigns.
  await page.goto(base + "/new");
  await page.getByRole("button", { name: "Create the game" }).waitFor({ timeout: T });
  while ((await page.getByRole("button", { name: /^Remove seat/ }).count()) < 4)
    await page.getByRole("button", { name: "Add a seat" }).click();
  await page.getByRole("button", { name: "Create the game" }).click();
  await page.locator(".live-live").waitFor({ timeout: T });
  const url = page.url();
  log(`game ${url}`);
  await page.getByRole("button", { name: "Resign…" }).click({ timeout: T });
  await page.getByRole("button", { name: "Yes, resign" }).click();
  // Watching the CPUs play live: each attack draws a brief arrow on the map.
  await page.locator(".rb-arrows .rb-arrow").first().waitFor({ state: "attached", timeout: T });
  log("a live attack drew its arrow");
  await page.locator(".turn-line", { hasText: "Game over" }).waitFor({ timeout: 300_000 });
  log("the CPUs finished the game");

  // Opening the game again: what happened since the viewer's last turn (here, since they left).
  await page.goto(url);
  const away = page.getByRole("region", { name: "Since your last turn" });
  await away.waitFor({ timeout: T });
  log(`summary: ${(await away.locator("li").allTextContents()).slice(0, 4).join(" | ")}`);
  await page.locator(".board-host svg").first().waitFor({ timeout: T });
  await shot(page, "away-desktop");
  await axe(page, "game with the summary");
  const now = await fills(page);
  await away.getByRole("button", { name: "Play on the map" }).click();
  await away.getByLabel("Speed").selectOption("4");
  await page.waitForFunction(
    (n) => [...document.querySelectorAll(".rb-t")].map((e) => e.getAttribute("fill")).join(",") !== n,
    now,
    { timeout: T },
  );
  await page.waitForTimeout(1200);
  await shot(page, "away-playing-desktop");
  log("the playback shows the past on the map");
  await away.getByRole("button", { name: "Skip" }).click();
  await page.waitForFunction(
    (n) => [...document.querySelectorAll(".rb-t")].map((e) => e.getAttribute("fill")).join(",") === n,
    now,
    { timeout: T },
  );
  log("skip: the map shows now");

  // The replay opens at the start, on the map.
  await page.goto(url + "/replay");
  await page.getByRole("group", { name: "Replay controls" }).waitFor({ timeout: T });
  await page.locator(".board-host svg").first().waitFor({ timeout: T });
  const total = Number((await counts(page)).split("/")[1]);
  if (!/^0 \//.test(await counts(page)))
    throw new Error(`the replay does not open at the start: ${await counts(page)}`);
  const start = await fills(page);
  await page.getByLabel("Speed").selectOption("4");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForFunction(
    (s) => [...document.querySelectorAll(".rb-t")].map((e) => e.getAttribute("fill")).join(",") !== s,
    start,
    { timeout: T },
  );
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  log(`played to ${await counts(page)}: the board changed`);

  // By turn, forth and back; then to a battle, whose arrow is drawn.
  const at = () => counts(page).then((t) => Number(t.split("/")[0]));
  const a0 = await at();
  await page.getByRole("button", { name: "Next turn" }).click();
  await page.getByRole("button", { name: "Next turn" }).click();
  const a1 = await at();
  await page.getByRole("button", { name: "Previous turn" }).click();
  const a2 = await at();
  if (!(a1 > a0 && a2 < a1)) throw new Error(`stepping by turn: ${a0} -> ${a1} -> ${a2}`);
  log(`by turn: ${a0} -> ${a1} -> ${a2}`);
  // Step until the current event is an attack. The arrow follows the step's render (an effect), so the
  // test reads the step's own line, not the arrows a step before left on the map.
  const scrub = page.locator(".pb-scrub output");
  for (let i = 0; i < 400 && !/ attacked /.test((await page.locator(".replay-now").textContent()) ?? ""); i++) {
    const before = await scrub.textContent();
    await page.getByRole("button", { name: "Forward", exact: true }).click();
    await page.waitForFunction((b) => document.querySelector(".pb-scrub output")?.textContent !== b, before, {
      timeout: T,
    });
  }
  await page.locator(".rb-arrows .rb-arrow-attack").waitFor({ timeout: T });
  log(`an attack's arrow at ${await counts(page)}: ${await page.locator(".replay-now").textContent()}`);
  await shot(page, "replay-desktop");
  await axe(page, "replay");

  // The log renders a window of its lines only.
  await page.getByRole("button", { name: "End", exact: true }).click();
  const rendered = await page.locator(".log-v li").count();
  if (!(rendered > 0 && rendered < total)) throw new Error(`the log renders ${rendered} of ${total} lines`);
  log(`the log renders ${rendered} of ${total} lines`);

  // A phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Previous turn" }).click();
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await page.waitForTimeout(500);
  await shot(page, "replay-phone");
  if (shots)
    await page.screenshot({ path: join(shots, "replay-phone-full.png"), fullPage: true }).catch(() => undefined);
  await axe(page, "replay (phone)");
  await page.goto(url);
  await page.getByRole("region", { name: "Since your last turn" }).waitFor({ timeout: T });
  await page.waitForTimeout(800);
  await shot(page, "away-phone");

  if (problems.length > 0) throw new Error(`the page reported errors:\n${problems.join("\n")}`);
  log(`replay e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`replay e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  if (shots) await page.screenshot({ path: join(shots, "failure.png"), fullPage: true }).catch(() => undefined);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

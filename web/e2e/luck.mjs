// The graphs and the luck of a game beside its replay, in real Chromium against a started `rout serve` whose
// CPUs play without delay (ROUT_CPU_DELAY=0s): a player creates a game against CPUs, opens "Luck so far" on
// the game page (a row per player, no rolls yet) and resigns; as the CPUs finish the game it reads again
// with the turns, so that at the end it counts their battles, a row per player. The replay then shows four
// charts (territories, armies, income, luck), a line per player, the replay's turn marked on each, and the
// luck panel reads each player's luck and the tests of the dice in words. On a desktop (1366 × 900) and a
// phone (390 × 844); axe-core (every rule) finds nothing serious or critical.
//
//   node e2e/luck.mjs http://127.0.0.1:8080
//
// Environment: CHROMIUM (default /usr/bin/chromium), E2E_SHOTS (a folder: screenshots of the graphs, the
// luck panel and the game page's luck so far, desktop and phone, to look at).
import { axe, launch, log, phoneContext, screenshots, signUp, T, watch } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const shot = screenshots("luck");
const browser = await launch();
const problems = [];
let failed = false;

try {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  watch(page, problems);
  await signUp(page, base, `lucky${Date.now().toString(36).slice(-5)}`);
  await page.goto(base + "/new");
  await page.getByRole("button", { name: "Create the game" }).waitFor({ timeout: T });
  while ((await page.getByRole("button", { name: /^Remove seat/ }).count()) < 4)
    await page.getByRole("button", { name: "Add a seat" }).click();
  await page.getByRole("button", { name: "Create the game" }).click();
  await page.locator(".live-live").waitFor({ timeout: T });
  const url = page.url();
  log(`game ${url}`);
  // "Luck so far" is closed at first; opened, it reads the luck: a row per player, before any battle.
  const soFar = page.locator("details.luck-so-far");
  if (await soFar.evaluate((d) => d.open)) throw new Error("Luck so far is open at first");
  await page.getByRole("heading", { name: "Luck so far", level: 2 }).waitFor({ timeout: T });
  await soFar.scrollIntoViewIfNeeded();
  await shot(page, "game-closed-desktop");
  await soFar.locator("summary").click();
  const live = page.getByRole("region", { name: "Luck so far" });
  await live.locator(".luck-seats tbody tr").first().waitFor({ timeout: T });
  const players = await page.locator(".seats tbody tr:not(.team-head)").count();
  const first = await live.locator(".luck-seats tbody tr").count();
  log(
    `luck so far at the start: ${first} rows for ${players} players; ${await live.locator(".luck-note").textContent()}`,
  );
  if (first !== players) throw new Error(`luck so far: ${first} rows for ${players} players`);
  await page.getByRole("button", { name: "Resign…" }).click({ timeout: T });
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await page.locator(".turn-line", { hasText: "Game over" }).waitFor({ timeout: 300_000 });
  log("the CPUs finished the game");
  // It read again as the turns went by and at the end: the CPUs' battles count now, a row per player.
  await live.locator(".luck-note", { hasText: /^All [1-9]\d* battle rolls/ }).waitFor({ timeout: T });
  const soFarRows = await live.locator(".luck-seats tbody tr").allTextContents();
  log(`luck so far at the end: ${await live.locator(".luck-note").textContent()} ${soFarRows.join(" | ")}`);
  if (soFarRows.length !== players || !soFarRows.some((r) => /armies|army/.test(r)))
    throw new Error(`luck so far rows: ${soFarRows}`);
  const ids = await page.evaluate(() => {
    const seen = [...document.querySelectorAll("[id]")].map((e) => e.id);
    return seen.filter((id, i) => seen.indexOf(id) !== i);
  });
  if (ids.length > 0) throw new Error(`ids twice on the game page: ${ids}`);
  await live.scrollIntoViewIfNeeded();
  await shot(page, "game-desktop");
  await shot(soFar, "so-far-desktop");
  await axe(page, "game page with luck so far");

  await page.goto(url + "/replay");
  const graphs = page.getByRole("region", { name: "Graphs" });
  await graphs.waitFor({ timeout: T });
  const captions = await graphs.locator("figure figcaption").allTextContents();
  if (captions.join(",") !== "Territories,Armies,Income,Luck") throw new Error(`charts: ${captions}`);
  const seats = await graphs.locator(".luck-legend li").count();
  const lines = await graphs.locator("figure").first().locator("path.luck-line").count();
  if (seats < 2 || lines !== seats) throw new Error(`${lines} lines in the territories chart for ${seats} players`);
  const desc = await graphs.locator("figure svg desc").first().textContent();
  log(`territories chart: ${desc}`);
  if (!/at the end:/.test(desc ?? "")) throw new Error(`the chart does not end at the end: ${desc}`);
  const luck = page.getByRole("region", { name: "Luck" });
  const rows = await luck.locator(".luck-seats tbody tr").allTextContents();
  log(`luck: ${rows.join(" | ")}`);
  if (rows.length !== seats || !rows.some((r) => /armies|army/.test(r))) throw new Error(`luck rows: ${rows}`);
  if (!/fair dice/.test((await luck.textContent()) ?? "")) throw new Error("the tests are not read in words");
  // The replay's turn is marked: stepping a turn moves the mark.
  await page.getByRole("button", { name: "Next turn" }).click();
  await page.getByRole("button", { name: "Next turn" }).click();
  await graphs.locator("line.luck-now").first().waitFor({ state: "attached", timeout: T });
  await graphs.scrollIntoViewIfNeeded();
  await shot(page, "desktop");
  await shot(graphs, "graphs-desktop");
  await axe(page, "replay with graphs");

  const phone = await phoneContext(browser, ctx);
  const pp = await phone.newPage();
  watch(pp, problems, "phone");
  // The game page's luck so far on a phone: it follows the players, and the page does not scroll sideways.
  await pp.goto(url);
  const ps = pp.locator("details.luck-so-far");
  await ps.waitFor({ timeout: T });
  await ps.scrollIntoViewIfNeeded();
  await shot(pp, "game-closed-phone");
  await ps.locator("summary").click();
  const pl = pp.getByRole("region", { name: "Luck so far" });
  await pl.locator(".luck-seats tbody tr").first().waitFor({ timeout: T });
  await pl.scrollIntoViewIfNeeded();
  await shot(pp, "game-phone");
  await shot(ps, "so-far-phone");
  await axe(pp, "game page with luck so far (phone)");
  const gw = await pp.evaluate(() => document.documentElement.scrollWidth);
  if (gw > 390) throw new Error(`the phone's game page is ${gw} px wide`);
  log("phone game page: no sideways scroll");
  await pp.goto(url + "/replay");
  const pg = pp.getByRole("region", { name: "Graphs" });
  await pg.waitFor({ timeout: T });
  await pg.locator("figure").nth(3).scrollIntoViewIfNeeded();
  await shot(pp, "phone");
  await shot(pg, "graphs-phone");
  await axe(pp, "replay with graphs (phone)");
  const width = await pp.evaluate(() => document.documentElement.scrollWidth);
  if (width > 390) throw new Error(`the phone's page is ${width} px wide`);
  log("phone: no sideways scroll");
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await browser.close();
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  failed = true;
}
process.exit(failed ? 1 : 0);

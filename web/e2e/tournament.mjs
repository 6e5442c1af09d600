// End-to-end test of tournaments in real Chromium (playwright-core; Debian's chromium), against a started
// `rout serve` that works its jobs: Alice (a desktop, 1366 × 900) opens Tournaments, creates a single
// elimination of two in duels from the form (the map pool from the library), enters it; Bob (a phone,
// 390 × 844) finds it in the open list and enters it, which fills it and starts it (a job); both see round
// 1's table with its game; Bob resigns the game, and the page shows the tournament finished, the
// standings with their tie-break columns and the bracket with Alice advancing. axe-core checks the list,
// the form, and the tournament page open, running and finished, on both screens.
//
//   node e2e/tournament.mjs http://127.0.0.1:8080
//
// Environment: CHROMIUM (default /usr/bin/chromium), E2E_ARTIFACTS (screenshots on failure; default
// e2e-artifacts), E2E_SHOTS (a folder: keep pictures of the list, the form and the tournament page there).
import { axe, failureShots, launch, log, PHONE, screenshots, signUp, T, watch as watchPage } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const shot = screenshots("tournament");
const run = Date.now().toString(36);
const name = `Cup ${run}`;

const browser = await launch();
const pages = {};
const problems = [];

function watch(who, page) {
  pages[who] = page;
  watchPage(page, problems, who);
}

/** Reloads the page until `locator` shows (the page reads the tournament when it opens). */
async function reloadUntil(page, locator, what) {
  const until = Date.now() + T;
  for (;;) {
    if (await locator.isVisible().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`waited ${T / 1000}s for ${what}`);
    await page.waitForTimeout(500);
    await page.reload();
    await page.getByRole("heading", { name }).waitFor({ timeout: T });
  }
}

try {
  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const alice = await desk.newPage();
  watch("alice", alice);
  await signUp(alice, base, `alice-${run}`);
  await alice.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tournaments" }).click();
  await alice.getByRole("heading", { name: "Tournaments" }).waitFor({ timeout: T });
  await axe(alice, "tournaments list (empty or not)");
  await alice.getByRole("link", { name: "Create a tournament" }).click();
  await alice.getByRole("heading", { name: "Create a tournament" }).waitFor({ timeout: T });
  await alice.getByLabel("Classic World").waitFor({ timeout: T });
  await alice.getByLabel("Name", { exact: true }).fill(name);
  await alice.getByLabel("Format").selectOption("ELIMINATION");
  await alice.getByLabel("Seats a table").fill("2");
  await alice.getByLabel("Entry limit", { exact: true }).fill("2");
  await alice.getByLabel("Turn limit (hours)").fill("24");
  await axe(alice, "tournament form");
  await shot(alice, "form-desktop", { fullPage: true });
  // A pool without maps is refused on its field.
  await alice.getByLabel("Classic World").uncheck();
  await alice.getByRole("button", { name: "Create the tournament" }).click();
  await alice.getByText("the map pool has 1 to 20 maps").waitFor({ timeout: T });
  await alice.getByLabel("Classic World").check();
  await alice.getByRole("button", { name: "Create the tournament" }).click();
  await alice.getByRole("heading", { name }).waitFor({ timeout: T });
  await alice.getByRole("button", { name: "Enter the tournament" }).click();
  await alice.getByRole("button", { name: "Leave the tournament" }).waitFor({ timeout: T });
  await alice.getByRole("heading", { name: "Bracket" }).waitFor({ timeout: T });
  await axe(alice, "tournament page, open");
  await shot(alice, "open-desktop", { fullPage: true });
  log("alice created and entered the tournament");

  const phone = await browser.newContext(PHONE);
  const bob = await phone.newPage();
  watch("bob", bob);
  await signUp(bob, base, `bob-${run}`);
  await bob.goto(base + "/tournaments");
  await bob.getByRole("link", { name }).click();
  await bob.getByRole("heading", { name }).waitFor({ timeout: T });
  await shot(bob, "open-phone", { fullPage: true });
  await bob.getByRole("button", { name: "Enter the tournament" }).click();
  // The entry filled it: its job starts it, and round 1's table has its game.
  await reloadUntil(bob, bob.getByRole("link", { name: "Watch the game" }), "round 1's game");
  await axe(bob, "tournament page, running (phone)");
  await shot(bob, "running-phone", { fullPage: true });
  log("the tournament started");

  // Bob resigns the game of the table; its end's job finishes the tournament.
  const href = await bob.getByRole("link", { name: "Watch the game" }).getAttribute("href");
  const gameId = decodeURIComponent(href.split("/").pop());
  const resigned = await bob.evaluate(async (id) => {
    const r = await fetch("/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${localStorage.getItem("rout.session")}` },
      body: JSON.stringify({
        query: "mutation($in: TurnInput!) { resign(input: $in) { userErrors { code message } } }",
        variables: { in: { gameId: id } },
      }),
    });
    return await r.json();
  }, gameId);
  if (resigned.errors || resigned.data.resign.userErrors.length > 0)
    throw new Error(`bob could not resign: ${JSON.stringify(resigned)}`);
  await alice.reload();
  await reloadUntil(alice, alice.getByText("Finished", { exact: true }), "the end of the tournament");
  const first = alice
    .getByRole("table", { name: /Ranked by points/ })
    .getByRole("row")
    .nth(1);
  const row = (await first.innerText()).replace(/\s+/g, " ");
  if (!row.startsWith(`1 alice-${run} 1 0 1 1`)) throw new Error(`the standings' first row is "${row}", want alice`);
  await alice.getByText(`alice-${run} (advances)`).waitFor({ timeout: T });
  await axe(alice, "tournament page, finished");
  await shot(alice, "finished-desktop", { fullPage: true });
  await bob.reload();
  await bob.getByRole("heading", { name: "Standings" }).waitFor({ timeout: T });
  await axe(bob, "tournament page, finished (phone)");
  await shot(bob, "finished-phone", { fullPage: true });
  const overflow = await bob.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) throw new Error(`the finished tournament is ${overflow}px wider than the phone`);
  await alice.goto(base + "/tournaments");
  await alice.getByRole("button", { name: "Finished" }).click();
  await alice.getByRole("link", { name }).waitFor({ timeout: T });
  await shot(alice, "list-desktop");
  if (problems.length > 0) throw new Error(`the pages had problems:\n${problems.join("\n")}`);
  log("tournament: ok");
} catch (e) {
  console.error(e);
  await failureShots("tournament", pages);
  process.exitCode = 1;
} finally {
  await browser.close();
}

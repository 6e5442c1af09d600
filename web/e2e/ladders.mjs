// End-to-end test of ladders in real Chromium (playwright-core; Debian's chromium), against a started
// `rout serve`: Alice (a 1366 × 900 screen) and Bob (a phone) open the Ladders page from the header; the
// built-in ladders are listed with their form; Alice joins the duel ladder with two games at once and is
// told she waits; Bob joins it with one; the pairing job starts their game, which both pages then list
// with a link that opens it; Bob changes his most games, then leaves the ladder, and his game stays
// listed. axe-core checks the page on both screens, before and after joining.
//
//   node e2e/ladders.mjs http://127.0.0.1:8080
//
// Environment: CHROMIUM (default /usr/bin/chromium), E2E_ARTIFACTS (screenshots on failure; default
// e2e-artifacts), E2E_SHOTS (a folder: keep pictures of the page on both screens there).
import { axe, failureShots, launch, log, phoneContext, screenshots, signUp, T, watch as watchPage } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const shot = screenshots("ladders");
const DUEL = "Duel — classic maps";

const browser = await launch();
const pages = {};
const problems = [];

function watch(name, page) {
  pages[name] = page;
  watchPage(page, problems, name);
}

/** The card of the duel ladder on page p. */
function duel(p) {
  return p.getByRole("region", { name: DUEL });
}

/** Opens the Ladders page from the header. */
async function openLadders(p) {
  await p.getByRole("link", { name: "Ladders" }).first().click();
  await p.getByRole("heading", { name: "Ladders", level: 1 }).waitFor({ timeout: T });
  await duel(p).waitFor({ timeout: T });
}

/** Joins the duel ladder with n games at once. */
async function join(p, n) {
  await duel(p).getByLabel("Games at once").fill(String(n));
  await duel(p)
    .getByRole("button", { name: `Join ${DUEL}` })
    .click();
  await p.getByRole("status").getByText(`You joined ${DUEL}.`).waitFor({ timeout: T });
}

/** Reloads p until the duel ladder lists a game of its viewer; returns the game's link. */
async function waitForGame(p) {
  const link = duel(p).getByRole("list").getByRole("link");
  const until = Date.now() + T;
  while (Date.now() < until) {
    await p.reload();
    await duel(p).waitFor({ timeout: T });
    if ((await link.count()) > 0) return link.first();
    await p.waitForTimeout(1000);
  }
  throw new Error("no ladder game started within a minute");
}

try {
  const [a, b] = await Promise.all([
    browser.newContext({ viewport: { width: 1366, height: 900 } }).then((x) => x.newPage()),
    phoneContext(browser).then((x) => x.newPage()),
  ]);
  watch("alice", a);
  watch("bob", b);
  const suffix = Date.now().toString(36).slice(-5);
  const [alice, bob] = ["alice", "bob"].map((n) => `ladder${n}${suffix}`);
  await signUp(a, base, alice);
  await signUp(b, base, bob);
  log("signed up");

  await openLadders(a);
  await a.getByRole("region", { name: "4-player free-for-all" }).waitFor({ timeout: T });
  await duel(a)
    .getByText(/^Duels on classic, europe; 1 day a turn\./)
    .waitFor({ timeout: T });
  await axe(a, "ladders");
  await shot(a, "wide", { fullPage: true });
  await join(a, 2);
  await duel(a)
    .getByText("0 of at most 2 games going; waiting for an opponent of a close rating.")
    .waitFor({ timeout: T });
  log("Alice joined the duel ladder");

  // The phone menu may fold the header's links: the page is opened by its path there.
  await b.goto(base + "/ladders");
  await duel(b).waitFor({ timeout: T });
  await join(b, 1);
  await axe(b, "ladders (phone)");
  log("Bob joined the duel ladder");

  const aliceGame = await waitForGame(a);
  const bobGame = await waitForGame(b);
  const href = await aliceGame.getAttribute("href");
  if (href !== (await bobGame.getAttribute("href"))) throw new Error("Alice and Bob list different ladder games");
  await duel(b).getByText("1 of at most 1 game going; not waiting.").waitFor({ timeout: T });
  await shot(a, "wide-game", { fullPage: true });
  await shot(b, "phone", { fullPage: true });
  await axe(a, "ladders with a game");
  log(`the pairing started their game: ${href}`);

  await duel(b).getByLabel("Games at once").fill("3");
  await duel(b).getByRole("button", { name: "Change" }).click();
  await b.getByRole("status").getByText(`You play at most 3 games of ${DUEL} at once.`).waitFor({ timeout: T });
  await duel(b).getByRole("button", { name: "Leave" }).click();
  await b.getByRole("status").getByText(`You left ${DUEL}; your games of it go on.`).waitFor({ timeout: T });
  await duel(b)
    .getByRole("button", { name: `Join ${DUEL}` })
    .waitFor({ timeout: T });
  await duel(b).getByRole("list").getByRole("link").first().waitFor({ timeout: T });
  log("Bob changed his most games, then left; his game is still listed");

  await aliceGame.click();
  await a.locator(".live-live").waitFor({ timeout: T });
  log("the link opens the game");

  if (problems.length > 0) throw new Error("problems seen on the pages");
  log("ladders: passed");
} catch (e) {
  problems.unshift(String(e?.stack ?? e));
}

if (problems.length > 0) {
  await failureShots("ladders", pages);
  console.error(problems.join("\n"));
  await browser.close();
  process.exit(1);
}
await browser.close();

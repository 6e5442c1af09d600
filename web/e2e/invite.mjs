// End-to-end test of invitations in real Chromium (playwright-core; Debian's chromium), against a started
// `rout serve`: Alice creates a game inviting Bob and Carol by email (and a hard CPU); Bob accepts from the
// in-app notice, which opens the invitation's page; Carol accepts from her lobby's list of invitations;
// only Alice, the creator, is offered Start, and starts it. Alice's waiting page shows each join live (the
// gameLobby subscription), without a reload and without reading the game over HTTP; Bob's turns into the
// game screen when Alice starts. The New game form then offers Alice her last settings (the name among
// them); Carol declines a second invitation from the lobby and Alice sees the seat open, live. axe-core
// checks the lobby with an invitation, the invitation's page and the waiting page.
//
//   node e2e/invite.mjs http://127.0.0.1:8080
//
// Environment: CHROMIUM (default /usr/bin/chromium), E2E_ARTIFACTS (screenshots on failure; default
// e2e-artifacts), E2E_SHOTS (a folder: keep a picture of the lobby and the invitation page there).
import {
  axe,
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
const shot = screenshots("invite");
const LIVE = 15_000; // the bound of a live update: a few seconds, with room for a busy machine

const browser = await launch();
const pages = {};
const problems = [];

function watch(name, page) {
  pages[name] = page;
  watchPage(page, problems, name);
}

/** Counts the Game queries a page sends over HTTP from now on (a waiting page must not poll). */
function countGameReads(page) {
  const seen = { n: 0 };
  page.on("request", (r) => {
    if (
      r.method() === "POST" &&
      new URL(r.url()).pathname === "/graphql" &&
      /"operationName":"Game"/.test(r.postData() ?? "")
    )
      seen.n++;
  });
  return seen;
}

async function signUp(page, name) {
  await signUpAt(page, base, name);
  log(`${name} signed up`);
}

/** Alice's New game form as it opens: what it offers in each field named, read from the page. */
async function formValues(a) {
  return {
    name: await a.getByLabel("Name (optional)").inputValue(),
    seat4: await a.getByLabel("Seat 4 difficulty").inputValue(),
    turnLimit: await a.getByLabel("Time for a turn").inputValue(),
  };
}

try {
  const wide = { viewport: { width: 1280, height: 900 } };
  const [a, b, c] = await Promise.all([
    browser.newContext(wide).then((x) => x.newPage()),
    phoneContext(browser).then((x) => x.newPage()),
    browser.newContext(wide).then((x) => x.newPage()),
  ]);
  watch("alice", a);
  watch("bob", b);
  watch("carol", c);
  const suffix = Date.now().toString(36).slice(-5);
  const [alice, bob, carol] = ["alice", "bob", "carol"].map((n) => `${n}${suffix}`);
  await signUp(a, alice);
  await signUp(b, bob);
  await signUp(c, carol);

  // Alice: Bob and Carol invited, a hard CPU in a fourth seat, four hours a turn.
  await a.getByRole("link", { name: "New game" }).first().click();
  await a.getByRole("heading", { name: "New game" }).waitFor();
  await a.getByRole("button", { name: "Add a seat" }).click();
  const levels = await a.getByLabel("Seat 4 difficulty").locator("option").allTextContents();
  if (levels.join(",") !== "easy,normal,hard,cautious") throw new Error(`the CPU levels offered: ${levels}`);
  await a.getByLabel("Seat 4 difficulty").selectOption("hard");
  await a.getByLabel("Time for a turn").selectOption(String(4 * 3600));
  await a.getByLabel("Name (optional)").fill("Friday night");
  for (const [i, who] of [bob, carol].entries()) {
    await a.getByLabel(`Seat ${i + 2} is`).selectOption("INVITED");
    await a.getByLabel(new RegExp(`Seat ${i + 2} email`)).fill(`${who}@example.com`);
  }
  await a.getByRole("button", { name: "Create the game" }).click();
  await a.getByRole("heading", { name: /waiting for players/ }).waitFor({ timeout: T });
  const gamePath = new URL(a.url()).pathname;
  log(`game created: ${gamePath}`);
  const aliceSeats = a.getByRole("list", { name: "Seats" });
  await aliceSeats.getByText(`Red — ${alice}`).waitFor({ timeout: T });
  const aliceReads = countGameReads(a);

  // Bob, in his lobby: the in-app notice opens the invitation's page, where he joins.
  const notice = b.locator(".notices a", { hasText: "You were invited to a game" });
  await notice.waitFor({ timeout: T });
  await notice.click();
  await b
    .getByRole("heading", { name: "You are invited to “Friday night”, a game on Classic World" })
    .waitFor({ timeout: T });
  await b.getByText(`${alice} invited you to play as Blue`).waitFor({ timeout: T });
  await b.getByText("4 hours", { exact: true }).waitFor({ timeout: T });
  await b.getByText("Yellow — CPU (hard)").waitFor({ timeout: T });
  await axe(b, "invitation");
  await shot(b, "invitation", { fullPage: true });
  await b.getByRole("button", { name: "Join the game" }).click();
  await b.getByRole("heading", { name: /waiting for players/ }).waitFor({ timeout: T });
  if ((await b.getByRole("button", { name: "Start the game" }).count()) !== 0)
    throw new Error("Bob, who did not create the game, is offered Start");
  await b.getByText(`${alice} starts the game once every seat is taken.`).waitFor({ timeout: T });
  await axe(b, "waiting");
  log("Bob joined from the notice");
  await aliceSeats.getByText(`Blue — ${bob}`).waitFor({ timeout: LIVE });
  if (aliceReads.n !== 0)
    throw new Error(`Alice's waiting page read the game ${aliceReads.n} times over HTTP while it waited`);
  log("Alice's waiting page shows Bob's join live, without reading the game");

  // Carol: the invitation is listed in her lobby (it arrived while she looked), with who, where and how long.
  const item = c
    .getByRole("list", { name: "Invitations" })
    .getByRole("listitem")
    .filter({ hasText: `${alice} invited you to play as Green` });
  await item.waitFor({ timeout: T });
  const words = await item.textContent();
  for (const w of [
    "Friday night",
    "Classic",
    "4 seats",
    "4 hours a turn",
    `Red — ${alice}`,
    "Blue — ",
    "Yellow — CPU (hard)",
  ]) {
    if (!words.includes(w)) throw new Error(`Carol's invitation does not say "${w}": ${words}`);
  }
  await axe(c, "lobby with an invitation");
  await shot(c, "lobby-invitation", { fullPage: true });
  await item.getByRole("button", { name: /^Join / }).click();
  await c.getByRole("heading", { name: /waiting for players/ }).waitFor({ timeout: T });
  log("Carol joined from the lobby");

  // Alice alone may start, now that every seat is taken: her page says so live.
  await aliceSeats.getByText(`Green — ${carol}`).waitFor({ timeout: LIVE });
  await a.getByRole("button", { name: "Start the game" }).and(a.locator(":enabled")).waitFor({ timeout: LIVE });
  if (aliceReads.n !== 0)
    throw new Error(`Alice's waiting page read the game ${aliceReads.n} times over HTTP while it waited`);
  await a.getByRole("button", { name: "Start the game" }).click();
  await a.locator(".live-live").waitFor({ timeout: T });
  log("Alice started the game");
  await b.locator(".live-live").waitFor({ timeout: T });
  log("Bob's waiting page turned into the game screen");

  // The New game form remembers Alice's last settings; Carol declines the next invitation from her lobby.
  await a.getByRole("link", { name: "New game" }).first().click();
  await a.getByRole("heading", { name: "New game" }).waitFor();
  const kept = await formValues(a);
  if (kept.name !== "Friday night" || kept.seat4 !== "hard" || kept.turnLimit !== String(4 * 3600))
    throw new Error(`the New game form forgot: ${JSON.stringify(kept)}`);
  await a.getByLabel("Seat 2 is").selectOption("CPU");
  await a.getByLabel(/Seat 3 email/).fill(`${carol}@example.com`);
  await a.getByRole("button", { name: "Create the game" }).click();
  await a.getByRole("heading", { name: /waiting for players/ }).waitFor({ timeout: T });
  await c.goto(base + "/");
  const second = c.getByRole("list", { name: "Invitations" }).getByRole("listitem");
  await second.waitFor({ timeout: T });
  await second.getByRole("button", { name: /^Decline / }).click();
  await c.getByRole("list", { name: "Invitations" }).waitFor({ state: "detached", timeout: T });
  await a.getByText("Green — open seat").waitFor({ timeout: LIVE });
  log("Carol declined; Alice sees the seat open, live");

  if (problems.length > 0) throw new Error("problems seen on the pages");
  log("invitations: passed");
} catch (e) {
  problems.unshift(String(e?.stack ?? e));
}

if (problems.length > 0) {
  await failureShots("invite", pages);
  console.error(problems.join("\n"));
  await browser.close();
  process.exit(1);
}
await browser.close();

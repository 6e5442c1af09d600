// End-to-end test of the web client in real Chromium (playwright-core; Debian's chromium), against a
// started `rout serve`: two users sign up in two browser contexts, one creates a game with a CPU seat and
// invites the other, both play every phase (claim, placement, reinforce with cards when they come,
// attack with the odds shown, occupy, fortify, end turn), one reloads mid-game and resumes live, then
// both resign and the game is over; the replay steps through it; the settings page's web push section
// and the service worker. axe-core (every rule, the experimental ones too) checks the main screens and
// every phase of the game on both screens; after every command the focus must be on a control, never
// dropped to <body>; a pick that does nothing must say why.
//
//   node e2e/run.mjs http://127.0.0.1:8080
//
// Environment: CHROMIUM (the browser's path; default /usr/bin/chromium), E2E_ARTIFACTS (where
// screenshots go on failure; default e2e-artifacts), E2E_SCREENSHOT (a path: save the game screen there
// on success), E2E_SHOTS (a directory: save both screens in every phase there), E2E_TURNS (the game turns
// each player plays; default 2: more bring cards to trade), E2E_HEADED=1 to watch. Exits non-zero on failure and prints what failed.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { axe, launch, log, signUp as signUpAt, T, watch as watchPage } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const base = process.argv[2] || "http://127.0.0.1:8080";
const artifacts = process.env.E2E_ARTIFACTS || join(here, "..", "e2e-artifacts");
const began = Date.now();
const turns = Number(process.env.E2E_TURNS) || 2; // the game turns each player plays

const browser = await launch();
const pages = {};
const problems = [];
let failed = false;

function watch(name, page) {
  pages[name] = page;
  watchPage(page, problems, name);
}

async function signUp(page, name) {
  // Alice's sign-up form is checked by axe before it is sent.
  await signUpAt(page, base, name, name.startsWith("alice") ? () => axe(page, "sign up") : undefined);
  log(`${name} signed up`);
}

const stats = {
  claims: 0,
  places: 0,
  trades: 0,
  attacks: 0,
  occupies: 0,
  fortifies: 0,
  endTurns: 0,
  turnsPlayed: { alice: 0, bob: 0 },
};

/** The phases of the game each screen was checked in by axe (once per phase and screen). */
const axed = new Set();
async function axePhase(name, page, phase) {
  const key = `${name} ${phase}`;
  if (axed.has(key)) return;
  axed.add(key);
  await axe(page, `game (${name}): ${phase}`);
  if (process.env.E2E_SHOTS) {
    mkdirSync(process.env.E2E_SHOTS, { recursive: true });
    await page.screenshot({
      path: join(process.env.E2E_SHOTS, `${name}-${phase.replace(/[^a-z]+/gi, "-")}.png`),
      fullPage: true,
    });
  }
}

/** Fails unless the focus is on an element of the page (not <body>) once a command has settled. */
async function focusKept(name, page, what) {
  try {
    await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, {
      timeout: 5000,
    });
  } catch {
    throw new Error(`${name}: the focus dropped to <body> after ${what}`);
  }
  stats.focusChecks = (stats.focusChecks ?? 0) + 1;
}

class Stale extends Error {}

/**
 * Clicks a command's button and waits until the viewer's actions have been read again after it. A button
 * that went away (the turn passed, the list changed) is a Stale step, not a failure: the loop looks again.
 */
async function clickAndSettle(page, locator, name, what) {
  const settled = page.waitForResponse(
    (r) => r.url().endsWith("/graphql") && (r.request().postData() ?? "").includes('"operationName":"GameActions"'),
    { timeout: T },
  );
  settled.catch(() => undefined);
  try {
    await locator.click({ timeout: 2000 });
  } catch (e) {
    if (e?.name === "TimeoutError") throw new Stale();
    throw e;
  }
  await settled;
  await focusKept(name, page, what);
}

/**
 * Plays one step of the viewer's turn, if it is theirs: returns what it did ("" when it was not their
 * turn). attackBudget bounds the attacks of one turn.
 */
async function step(name, page, turnState) {
  const yourTurn = page.locator(".turn-line strong", { hasText: "Your turn" });
  if ((await yourTurn.count()) === 0) {
    if (stats.claims > 0) await axePhase(name, page, "another's turn");
    return "";
  }
  const phase = (
    (await yourTurn.textContent({ timeout: 2000 }).catch(() => {
      throw new Stale();
    })) ?? ""
  ).replace(/^Your turn: |\.$/g, "");
  const side = page.locator(".side");
  const btn = (re) => page.getByRole("button", { name: re });
  // Trade when a set is offered.
  const trade = side.getByRole("button", { name: "Trade" });
  if (await trade.count()) {
    await axePhase(name, page, "trading cards");
    // Each set says what it brings, as the server counts it: never an unknown worth.
    const sets = await page.locator(".hand .sets li").allTextContents();
    if (sets.some((t) => !/: \d+ arm(y|ies)/.test(t)))
      throw new Error(`${name}: a set without its worth: ${JSON.stringify(sets)}`);
    log(`${name}: sets ${JSON.stringify(sets)}`);
    await clickAndSettle(page, trade.first(), name, "a trade");
    stats.trades++;
    return "trade";
  }
  const claim = page.locator(".territory-table").getByRole("button", { name: /^Claim / });
  if (await claim.count()) {
    await axePhase(name, page, phase);
    const claimed = (
      (await claim
        .first()
        .getAttribute("aria-label", { timeout: 2000 })
        .catch(() => {
          throw new Stale();
        })) ?? ""
    ).replace(/^Claim /, "");
    await clickAndSettle(page, claim.first(), name, "a claim");
    stats.claims++;
    if (!turnState.reasonSeen && (await page.locator(".board-host svg").count())) {
      // A pick that does nothing says why: the territory just claimed, picked on the map (taken, or not
      // the viewer's turn any more).
      // The line is caught as it changes: the turn may pass on at once, and a new turn clears it.
      await page.evaluate(() => {
        const el = document.querySelector(".pick-reason");
        window.__reason = new Promise((ok) => {
          const mo = new MutationObserver(() => el.textContent && (mo.disconnect(), ok(el.textContent)));
          mo.observe(el, { childList: true, subtree: true, characterData: true });
          setTimeout(() => ok(el.textContent), 20_000);
        });
      });
      await page.locator(`.board-host [role="button"][aria-label^="${claimed}"]`).first().dispatchEvent("click");
      const said = await page.evaluate(() => window.__reason);
      if (!/^(.+ is taken: it belongs to .+|It is not your turn: .+ is playing)\.$/.test(said ?? ""))
        throw new Error(`${name}: a pick that does nothing said ${JSON.stringify(said)}`);
      log(`${name}: a pick that does nothing says: ${said}`);
      turnState.reasonSeen = true;
    }
    return "claim";
  }
  const all = page.getByRole("button", { name: /^All the armies left on / });
  if (await all.count()) {
    await axePhase(name, page, phase);
    if (phase === "reinforcing" && !turnState.breakdownSeen) {
      // The numbers of the turn, the server's: the round, and how the reinforcements were counted.
      await page.locator(".play-head h1 small", { hasText: /^Round \d+, \w+'s turn/ }).waitFor({ timeout: T });
      const r = page.locator(".reinforcements", {
        hasText: /^You receive \d+ arm(y|ies): \d+ territor(y|ies) ÷ 3 = \d+ \(minimum 3\)/,
      });
      await r.waitFor({ timeout: T });
      log(`${name}: ${await page.locator(".play-head h1 small").textContent()}; ${await r.textContent()}`);
      turnState.breakdownSeen = true;
    }
    // Spread the reserve: one army on a second territory when there is one, the rest on the first.
    const plus = page.getByRole("button", { name: /^\+1 army on / });
    if ((await plus.count()) > 1)
      await plus
        .nth(1)
        .click({ timeout: 2000 })
        .catch(() => {
          throw new Stale();
        });
    await all
      .first()
      .click({ timeout: 2000 })
      .catch(() => {
        throw new Stale();
      });
    await clickAndSettle(page, side.getByRole("button", { name: /^Place \d+ arm/ }), name, "a placement");
    stats.places++;
    return "place";
  }
  const occupy = side.getByRole("button", { name: /^Move \d+$/ });
  if (await occupy.count()) {
    await axePhase(name, page, phase);
    await clickAndSettle(page, occupy.first(), name, "an occupation");
    stats.occupies++;
    return "occupy";
  }
  const attackFrom = page.getByRole("button", { name: /^Attack from / });
  if ((await attackFrom.count()) && turnState.attacks < 3) {
    await attackFrom
      .first()
      .click({ timeout: 2000 })
      .catch(() => {
        throw new Stale();
      });
    const target = page.locator(".territory-table").getByRole("button", { name: /^Attack (?!from)/ });
    await target
      .first()
      .click({ timeout: 2000 })
      .catch(() => {
        throw new Stale();
      });
    turnState.attacks++;
    if (turnState.attacks === 1) {
      // The first attack of a turn: one roll with the dice chosen; the roll's own odds must be on screen first.
      await page
        .locator(".odds", { hasText: /^Odds of this roll: \w+ loses 0, \w+ loses \d: \d/ })
        .waitFor({ timeout: T });
      await axePhase(name, page, `${phase}, one roll`);
      await clickAndSettle(page, side.getByRole("button", { name: /^Roll \d dic?e/ }), name, "a roll");
    } else {
      await side.getByLabel(/until conquered$/).check();
      await page.locator(".odds", { hasText: "Odds of conquering" }).waitFor({ timeout: T });
      await axePhase(name, page, `${phase}, until conquered`);
      await clickAndSettle(
        page,
        side.getByRole("button", { name: "Attack", exact: true }),
        name,
        "an attack until conquered",
      );
    }
    await page.locator(".dice .dice-text").waitFor({ timeout: T });
    stats.attacks++;
    return "attack";
  }
  const endAttacks = btn("End attacks");
  if (await endAttacks.count()) {
    await clickAndSettle(page, endAttacks, name, "End attacks");
    return "end_attack";
  }
  const moveFrom = page.getByRole("button", { name: /^Move from / });
  if ((await moveFrom.count()) && !turnState.fortified) {
    turnState.fortified = true;
    await moveFrom
      .first()
      .click({ timeout: 2000 })
      .catch(() => {
        throw new Stale();
      });
    const here = page.getByRole("button", { name: /^Move here / });
    if (await here.count()) {
      await here
        .first()
        .click({ timeout: 2000 })
        .catch(() => {
          throw new Stale();
        });
      await axePhase(name, page, phase);
      await clickAndSettle(
        page,
        side.getByRole("button", { name: /^Move \d+ and end the turn/ }),
        name,
        "a fortification",
      );
      stats.fortifies++;
      stats.turnsPlayed[name]++;
      return "fortify";
    }
  }
  const endTurn = btn("End turn");
  if (await endTurn.count()) {
    await clickAndSettle(page, endTurn, name, "End turn");
    stats.endTurns++;
    stats.turnsPlayed[name]++;
    return "end_turn";
  }
  return "";
}

/**
 * Web push on a server without VAPID keys (this test's): the settings page says the server does not send
 * it, offers no button and no Push channel; the service worker /sw.js registers with scope / all the same,
 * and a push message delivered to it (through the DevTools protocol, as a push service would) shows the
 * notification with its tag, renotify and the game's link.
 */
async function webPush(ctx, page) {
  const section = page.getByRole("region", { name: "Notifications on this device" });
  await section
    .getByRole("status")
    .filter({ hasText: "This server does not send web push notifications" })
    .waitFor({ timeout: T });
  if ((await section.getByRole("button", { name: /on this device/ }).count()) > 0)
    throw new Error("the device section offers a button on a server without web push");
  const push = page.getByLabel("It is my turn", { exact: true }).locator('option[value="PUSH"]');
  if (!(await push.isDisabled()) || !/does not send/.test((await push.textContent()) ?? ""))
    throw new Error("the Push channel is offered on a server without web push");

  await ctx.grantPermissions(["notifications"], { origin: base });
  const cdp = await ctx.newCDPSession(page);
  const registrations = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
  await cdp.send("ServiceWorker.enable");
  // A push reaches only an activated worker: wait for it, as a push service's message comes to an
  // installed worker, not one still starting.
  const reg = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const w = r.active;
    if (w && w.state !== "activated")
      await new Promise((ok) => w.addEventListener("statechange", () => w.state === "activated" && ok()));
    return { scope: r.scope, state: r.active?.state };
  });
  if (reg.scope !== `${base}/` || reg.state !== "activated")
    throw new Error(`the service worker did not register with scope /: ${JSON.stringify(reg)}`);
  const id = registrations.find((r) => r.scopeURL === `${base}/` && !r.isDeleted)?.registrationId;
  if (id === undefined) throw new Error(`no registration of the service worker seen: ${JSON.stringify(registrations)}`);
  const message = {
    title: "Your turn in e2e",
    body: "Turn 3, play by 18:00 UTC.",
    url: "/games/e2e",
    tag: "e2e-your_turn",
  };
  // Delivered up to three times (the same tag replaces, so the notification is shown once): a loaded
  // machine's worker may still be starting its script when the first message comes.
  let shown = [];
  for (let attempt = 0; attempt < 3 && shown.length === 0; attempt++) {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: base,
      registrationId: id,
      data: JSON.stringify(message),
    });
    shown = await page.evaluate(async (tag) => {
      const r = await navigator.serviceWorker.ready;
      for (let i = 0; i < 100; i++) {
        const ns = await r.getNotifications({ tag });
        if (ns.length > 0)
          return ns.map((n) => ({ title: n.title, body: n.body, tag: n.tag, renotify: n.renotify, url: n.data?.url }));
        await new Promise((ok) => setTimeout(ok, 100));
      }
      return [];
    }, message.tag);
  }
  const want = [
    { title: message.title, body: message.body, tag: message.tag, renotify: true, url: `${base}/games/e2e` },
  ];
  if (JSON.stringify(shown) !== JSON.stringify(want))
    throw new Error(`the push showed ${JSON.stringify(shown)}, want ${JSON.stringify(want)}`);
  await page.evaluate(async () => (await navigator.serviceWorker.ready).unregister());
  await cdp.detach();
  log("web push: the section says the server does not send it; /sw.js registers and shows a pushed notification");
}

try {
  const ctxA = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const ctxB = await browser.newContext({ viewport: { width: 420, height: 900 }, isMobile: true, hasTouch: true });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  watch("alice", a);
  watch("bob", b);
  const suffix = Date.now().toString(36).slice(-5);
  const alice = `alice${suffix}`;
  const bob = `bob${suffix}`;
  await signUp(a, alice);
  await signUp(b, bob);
  await axe(a, "lobby");

  // Alice: a game on the classic map, claimed in turn, with Bob invited and a CPU.
  await a.getByRole("link", { name: "New game" }).first().click();
  await a.getByRole("heading", { name: "New game" }).waitFor();
  await a.getByLabel("Seat 2 is").selectOption("INVITED");
  await a.getByLabel(/Seat 2 email/).fill(`${bob}@example.com`);
  await a.getByLabel("Seat 3 difficulty").selectOption("easy");
  await a.getByLabel("Territories at the start").selectOption("round_robin");
  await a.getByLabel("Time for a turn").selectOption(String(3600));
  await axe(a, "new game");
  await a.getByRole("button", { name: "Create the game" }).click();
  await a.getByRole("heading", { name: /waiting for players/ }).waitFor({ timeout: T });
  const invite = a.getByLabel("Invitation link", { exact: true });
  const link = await invite.inputValue();
  log(`game created; invitation ${link}`);

  // Bob follows the link and joins; Alice starts.
  await b.goto(link);
  await b.getByRole("button", { name: "Join the game" }).click();
  await b.getByRole("heading", { name: /waiting for players/ }).waitFor({ timeout: T });
  await a.reload();
  await a.getByRole("button", { name: "Start the game" }).click({ timeout: T });
  await a.locator(".live-live").waitFor({ timeout: T });
  await b.reload();
  await b.locator(".live-live").waitFor({ timeout: T });
  log("game started; both live");
  // The map is drawn (from the game's record) beside the list.
  await a.locator(".board-host svg").first().waitFor({ timeout: T });
  await axe(a, "game");

  // Both play until each has played two whole game turns; Bob reloads once mid-game.
  const turnState = {
    alice: { attacks: 0, fortified: false, turn: -1 },
    bob: { attacks: 0, fortified: false, turn: -1 },
  };
  let reloaded = false;
  const deadline = Date.now() + 150_000 * turns;
  while (stats.turnsPlayed.alice < turns || stats.turnsPlayed.bob < turns) {
    if (Date.now() > deadline)
      throw new Error(`the game did not get through ${turns} turns each in time: ${JSON.stringify(stats)}`);
    let did = "";
    for (const [name, page] of [
      ["alice", a],
      ["bob", b],
    ]) {
      const turnText = await page.locator(".play-head h1 small").getAttribute("data-turn");
      const ts = turnState[name];
      if (ts.turn !== turnText) Object.assign(ts, { attacks: 0, fortified: false, turn: turnText });
      try {
        const d = await step(name, page, ts);
        if (d) did = d;
      } catch (e) {
        if (!(e instanceof Stale)) throw e;
      }
    }
    if (!reloaded && stats.claims > 4) {
      reloaded = true;
      log("bob reloads mid-game");
      await b.reload();
      await b.locator(".live-live").waitFor({ timeout: T });
      log("bob is live again");
    }
    if (!did) await a.waitForTimeout(100);
  }
  log(`played: ${JSON.stringify(stats)}`);
  if (stats.claims === 0 || stats.places === 0 || stats.attacks === 0 || stats.endTurns + stats.fortifies === 0) {
    throw new Error(`not every phase was played: ${JSON.stringify(stats)}`);
  }
  // A quiet moment (Alice to move, so nobody else does): both screens, kept by events alone since they
  // opened, show the same board as the server.
  const quietBy = Date.now() + 180_000;
  while ((await a.locator(".turn-line strong", { hasText: "Your turn" }).count()) === 0) {
    if (Date.now() > quietBy) throw new Error("it did not become Alice's turn again");
    try {
      await step("bob", b, turnState.bob);
    } catch (e) {
      if (!(e instanceof Stale)) throw e;
    }
    await a.waitForTimeout(100);
  }
  const boardOf = async (page) => {
    await page.locator(".list-tools select").selectOption("all");
    return page.$$eval(".territory-table tbody tr", (trs) =>
      trs
        .map((tr) => `${tr.dataset.key} ${tr.children[1].textContent.trim()} ${tr.children[2].textContent.trim()}`)
        .sort(),
    );
  };
  await b
    .locator(`.play-head h1 small[data-turn="${await a.locator(".play-head h1 small").getAttribute("data-turn")}"]`)
    .waitFor({ timeout: T });
  const [boardA, boardB] = [await boardOf(a), await boardOf(b)];
  const server = await a.evaluate(
    async (id) => {
      const res = await fetch("/graphql", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${localStorage.getItem("rout.session")}`,
        },
        body: JSON.stringify({
          query: "query($id: ID!) { game(id: $id) { board { key armies } } }",
          variables: { id },
        }),
      });
      return (await res.json()).data.game.board.map((t) => `${t.key} ${t.armies}`).sort();
    },
    decodeURIComponent(new URL(a.url()).pathname.split("/")[2]),
  );
  if (boardA.length !== 42 || boardA.join("\n") !== boardB.join("\n")) {
    throw new Error(`the two screens disagree on the board:\n${boardA.join("\n")}\n---\n${boardB.join("\n")}`);
  }
  const armiesA = boardA.map((r) => `${r.split(" ")[0]} ${r.split(" ").pop()}`).sort();
  if (armiesA.join("\n") !== server.join("\n"))
    throw new Error(`the screens' armies differ from the server's:\n${armiesA.join("\n")}\n---\n${server.join("\n")}`);
  log("both screens agree with each other and with the server");
  for (const page of [a, b]) await page.locator(".list-tools select").selectOption("choosable");

  // The log tells the battles in words.
  await a
    .locator(".log li", { hasText: /attacked .* from .*: .* against / })
    .first()
    .waitFor({ timeout: T });
  if (process.env.E2E_SCREENSHOT) {
    await a.screenshot({ path: process.env.E2E_SCREENSHOT, fullPage: false });
  }

  // Both resign (with the confirm); the CPU wins and both screens say the game is over, live.
  for (const [name, page] of [
    ["bob", b],
    ["alice", a],
  ]) {
    await page.getByRole("button", { name: "Resign…" }).click({ timeout: T });
    await page.getByRole("button", { name: "Yes, resign" }).click();
    await focusKept(name, page, "resigning");
    await page.waitForTimeout(300);
  }
  await a.locator(".turn-line", { hasText: "Game over" }).waitFor({ timeout: T });
  await b.locator(".turn-line", { hasText: "Game over" }).waitFor({ timeout: T });
  // The banners, on every screen: Bob's resignation on Alice's, who won and each one's place.
  await a.locator(".banner", { hasText: /^\w+ — bob\w+ resigned\./ }).waitFor({ timeout: T });
  await a
    .locator(".banner-over", { hasText: /^Game over: \w+ — CPU \(easy\) won\. You came 2nd of 3\.$/ })
    .waitFor({ timeout: T });
  await b
    .locator(".banner-over", { hasText: /^Game over: \w+ — CPU \(easy\) won\. You came 3rd of 3\.$/ })
    .waitFor({ timeout: T });
  await axePhase("alice", a, "game over");
  await axePhase("bob", b, "game over");
  log("game over on both screens, with the banners");

  // The replay: it opens at the start; step forward.
  await a.getByRole("link", { name: "Replay the game" }).click();
  await a.getByRole("group", { name: "Replay controls" }).waitFor({ timeout: T });
  await a.locator(".pb-scrub output", { hasText: /^0 \/ \d+/ }).waitFor({ timeout: T });
  await a.getByRole("button", { name: "Forward", exact: true }).click();
  await a.locator(".pb-scrub output", { hasText: /^1 \/ \d+/ }).waitFor({ timeout: T });
  await axe(a, "replay");

  // Settings: an API token, shown once.
  await a.getByRole("link", { name: alice }).click();
  await a.getByLabel("New token's name").fill("e2e bot");
  await a.getByRole("button", { name: "Create a token" }).click();
  await a.locator(".secret code", { hasText: /^rout_a_/ }).waitFor({ timeout: T });
  await webPush(ctxA, a);
  await axe(a, "settings");

  if (problems.length > 0) throw new Error(`the pages reported errors:\n${problems.join("\n")}`);
  log(`e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  mkdirSync(artifacts, { recursive: true });
  for (const [name, page] of Object.entries(pages)) {
    const path = join(artifacts, `${name}.png`);
    await page.screenshot({ path, fullPage: true }).catch(() => undefined);
    console.error(`screenshot: ${path}`);
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

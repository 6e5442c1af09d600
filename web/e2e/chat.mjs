// The game's chat in real Chromium against a started `rout serve`: Alice (a wide screen) and Bob (a phone,
// 390 × 844) play a game with a CPU, made through the API. Alice writes to the players' room, among it
// `<img src=x onerror=alert(1)>` and a link: both pages show them as text (no img element in the chat, no
// link, no dialog). Bob's lobby counts the unread messages; on his game screen the chat is a button with
// the count, the map in full view; opened, a drawer shows Alice's lines and marks them read, and his reply
// reaches Alice. The flood rule's refusal shows its message and the wait. Carol, signed in without a seat,
// watches: the board and the spectators' room, where she writes; Alice opens that room by choice, reads
// her, and (the creator) closes it to spectators; both screens count Carol as the one spectator, and Carol
// sees a dot beside each player, both here; Bob switches the chat off and on again. axe-core checks
// both screens with the chat.
//
// Lines come live (the chatMessages subscription). Alice reports Bob's reply from its menu (a reason and a
// note; a confirmation), then blocks him: his lines leave her panel at once, and his next line never
// reaches her. Bob reports eleven of Alice's lines (through the API). Mara, a moderator, works the queue
// on the moderators' page: its first page of 10, then "More reports" (the focus on the first new one);
// Alice's report (the message in context, a link to the game): she times Bob out and resolves it; the log
// shows both. Carol is shadow-muted and the other reports dismissed (through the API); the log's first
// page of 10, then "Older entries", where Mara lifts Carol's mute from its entry (Carol's later line
// reaches Alice). Bob's next message is refused with the timeout's reason and its wait; Mara, on a phone,
// lifts the timeout from its entry in the log and Bob writes again. Alice unblocks Bob on her settings
// page. axe-core checks the menu's report form, the moderators' page (wide and phone) and the settings
// page too.
//
//   node e2e/chat.mjs http://127.0.0.1:8080 [moderator's login]
//
// The moderator's login (a user with the moderator role and the password of lib.mjs) comes from the
// caller, who granted the role (`rout users moderator --grant`); without it the moderation part is skipped.
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS, E2E_HEADED); E2E_SHOTS=dir keeps screenshots there.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { axe, launch, log, PASSWORD, PHONE, request, signUp as signUpAt, T, watch as watchPage } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const base = process.argv[2] || "http://127.0.0.1:8080";
const artifacts = process.env.E2E_ARTIFACTS || join(here, "..", "e2e-artifacts");
const shots = process.env.E2E_SHOTS || "";
const began = Date.now();
const XSS = "<img src=x onerror=alert(1)>";
const LINK = "see https://example.com/rules?a=1";
const moderatorLogin = process.argv[3] || "";

const browser = await launch();
if (shots) mkdirSync(shots, { recursive: true });
const pages = {};
const problems = [];
const dialogs = [];
let failed = false;

function watch(name, page) {
  pages[name] = page;
  watchPage(page, problems, name);
  page.on("dialog", (d) => {
    dialogs.push(`${name}: ${d.type()} ${d.message()}`);
    void d.dismiss();
  });
}

async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `chat-${name}.png`) });
}

/** Runs a GraphQL request as the page's signed-in user; throws on an error or a user error. */
async function api(page, query, variables) {
  const r = await request(page, query, variables);
  const payload = r.data && Object.values(r.data)[0];
  if (r.errors || payload?.userErrors?.length) throw new Error(`${query.slice(0, 40)}…: ${JSON.stringify(r)}`);
  return payload;
}

/** Sends a message to the players' room through the API, waiting out the flood rule; answers its id. */
async function say(page, gameId, body) {
  const send = `mutation($input: SendChatMessageInput!) {
    sendChatMessage(input: $input) { message { id } retryAfter userErrors { code message } } }`;
  for (;;) {
    const r = await request(page, send, { input: { gameId, room: "players", body } });
    const p = r.data?.sendChatMessage;
    if (p?.userErrors[0]?.code === "CHAT_FLOOD") await page.waitForTimeout(Math.max(1, p.retryAfter) * 1000);
    else if (r.errors || !p?.message) throw new Error(`sending ${body}: ${JSON.stringify(r)}`);
    else return p.message.id;
  }
}

/** The chat's state in the page: the img elements and links inside it, and its lines' texts. */
const chatDOM = (page) =>
  page.evaluate(() => ({
    imgs: document.querySelectorAll("#chat-panel img").length,
    links: document.querySelectorAll(".chat-lines a").length,
    texts: [...document.querySelectorAll(".chat-text")].map((e) => e.textContent),
  }));

/** Sends a message from the page's chat box. */
async function send(page, text) {
  const box = page.locator("#chat-text");
  await box.fill(text);
  await page.locator(".chat-send").getByRole("button", { name: "Send" }).click();
  await page.locator(".chat-text", { hasText: text }).first().waitFor({ timeout: T });
}

try {
  const wide = { viewport: { width: 1280, height: 900 } };
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  const [a, b, c] = await Promise.all([
    browser.newContext(wide).then((x) => x.newPage()),
    browser.newContext(phone).then((x) => x.newPage()),
    browser.newContext(wide).then((x) => x.newPage()),
  ]);
  watch("alice", a);
  watch("bob", b);
  watch("carol", c);
  const suffix = Date.now().toString(36).slice(-5);
  const [alice, bob, carol] = ["alice", "bob", "carol"].map((n) => `${n}${suffix}`);
  for (const [p, n] of [
    [a, alice],
    [b, bob],
    [c, carol],
  ]) {
    await signUpAt(p, base, n);
    log(`${n} signed up`);
  }

  // The game, through the API: Alice, an open seat that Bob takes, a CPU; Alice starts it.
  const created = await api(
    a,
    `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } userErrors { code message } } }`,
    {
      input: {
        mapKey: "classic",
        name: "Chatty",
        seats: [
          { kind: "HUMAN", color: "red" },
          { kind: "OPEN", color: "blue" },
          { kind: "CPU", color: "green", difficulty: "normal" },
        ],
      },
    },
  );
  const id = created.game.id;
  const gameIn = `mutation($input: JoinGameInput!) { joinGame(input: $input) { userErrors { code message } } }`;
  await api(b, gameIn, { input: { gameId: id } });
  await api(
    a,
    `mutation($input: GameInput!) { startGame(input: $input) { game { status } userErrors { code message } } }`,
    { input: { gameId: id } },
  );
  const gameURL = `${base}/games/${encodeURIComponent(id)}`;
  log(`game ${id} started`);

  // Alice writes to the players' room, the chat beside the board.
  await a.goto(gameURL);
  const aChat = a.locator("#chat-panel");
  await aChat.getByRole("heading", { name: "Chat" }).waitFor({ timeout: T });
  await aChat.getByRole("list", { name: "Players messages" }).waitFor({ timeout: T });
  await a.locator(".chat-send").waitFor({ timeout: T });
  await a.locator("#chat-text").fill("x".repeat(501));
  await aChat.getByText("501/500").waitFor({ timeout: T });
  if (!(await aChat.getByRole("button", { name: "Send" }).isDisabled()))
    throw new Error("a message of 501 characters may be sent");
  await send(a, "hello bob");
  await send(a, XSS);
  await send(a, LINK);
  const aDom = await chatDOM(a);
  if (aDom.imgs !== 0 || aDom.links !== 0 || !aDom.texts.includes(XSS) || !aDom.texts.includes(LINK))
    throw new Error(`Alice's chat is not plain text: ${JSON.stringify(aDom)}`);
  log("alice: three messages sent, shown as text");

  // Bob's lobby counts them; his game screen on the phone: a button with the count, the map in view.
  await b.goto(base + "/");
  await b.getByText("3 unread messages").waitFor({ timeout: T });
  log("bob: the lobby says 3 unread messages");
  await b.goto(gameURL);
  const toggle = b.locator(".chat-toggle");
  await toggle.filter({ hasText: "3" }).waitFor({ timeout: T });
  await b.locator(".board-host .rb-t").first().waitFor({ timeout: T });
  const closed = await b.evaluate(() => {
    const m = document.querySelector(".board-wrap").getBoundingClientRect();
    const hit = document.elementFromPoint(m.left + m.width / 2, m.top + m.height / 2);
    return {
      top: m.top,
      bottom: m.bottom,
      h: innerHeight,
      onMap: !!hit?.closest(".board-wrap"),
      drawer: !!document.querySelector(".chat-drawer"),
      wide: document.documentElement.scrollWidth > innerWidth,
    };
  });
  if (!closed.onMap || closed.drawer || closed.top < 0 || closed.bottom > closed.h || closed.wide)
    throw new Error(`bob's closed chat hides the map or widens the page: ${JSON.stringify(closed)}`);
  await shot(b, "phone-closed");
  await toggle.click();
  const drawer = b.locator(".chat-drawer");
  await drawer.getByText(XSS, { exact: true }).waitFor({ timeout: T });
  const bDom = await chatDOM(b);
  if (bDom.imgs !== 0 || bDom.links !== 0 || !bDom.texts.includes(LINK))
    throw new Error(`Bob's chat is not plain text: ${JSON.stringify(bDom)}`);
  await b.waitForFunction(() => !document.querySelector(".chat-toggle .badge"), null, { timeout: T });
  await shot(b, "phone-open");
  await axe(b, "the chat's drawer");
  await send(b, "hi alice, good luck");
  await drawer.getByRole("button", { name: "Close the chat" }).click();
  await drawer.waitFor({ state: "detached", timeout: T });
  log("bob: read the drawer (count cleared), replied, closed it");
  await a.locator(".chat-text", { hasText: "hi alice, good luck" }).waitFor({ timeout: T });
  log("alice: bob's reply arrived");

  // Alice reports Bob's reply from its menu: a reason, a note, a confirmation.
  const menu = aChat.getByRole("button", { name: `Actions on ${bob}'s message` }).first();
  await menu.focus();
  await a.keyboard.press("Enter");
  await aChat.getByRole("button", { name: "Report…" }).click();
  await aChat.getByLabel("Why").selectOption("Abuse or harassment");
  await aChat.getByLabel("Note (optional)").fill("an e2e report");
  await shot(a, "report-form");
  await axe(a, "the chat's report form");
  await aChat.getByRole("button", { name: "Send the report" }).click();
  await aChat.getByText("Reported. Thank you: a moderator will look at it.").waitFor({ timeout: T });
  log("alice: reported bob's reply");

  // Then blocks him: his lines leave her panel at once; his next line never reaches her.
  await menu.click();
  await aChat.getByRole("button", { name: `Block ${bob}` }).click();
  await a.waitForFunction(
    () => ![...document.querySelectorAll(".chat-text")].some((e) => e.textContent === "hi alice, good luck"),
    null,
    { timeout: T },
  );
  await toggle.click();
  await send(b, "are you there alice?");
  await send(b, "hello?");
  await a.waitForTimeout(2000);
  const blockedDom = await chatDOM(a);
  if (blockedDom.texts.some((t) => t.startsWith("are you there") || t === "hello?"))
    throw new Error(`a blocked user's line reached alice: ${JSON.stringify(blockedDom.texts)}`);
  await shot(a, "blocked");
  log("alice: blocked bob; his lines left and his new ones never came");

  if (moderatorLogin) {
    // More reports than a page of the queue (10): Bob reports Alice's three lines and eight more she writes.
    const report = `mutation($input: ReportChatMessageInput!) { reportChatMessage(input: $input) { userErrors { code message } } }`;
    const read = await api(
      b,
      `query($id: ID!) { game(id: $id) { chat(room: "players", first: 100) { edges { node { id authorName } } } } }`,
      { id },
    );
    const hers = read.chat.edges.map((e) => e.node).filter((n) => n.authorName === alice);
    for (let i = 1; i <= 8; i++) hers.push({ id: await say(a, id, `line ${i} for the queue`) });
    for (const n of hers) await api(b, report, { input: { id: n.id, reason: "spam" } });
    const open = hers.length + 1;
    log(`bob: reported ${hers.length} of alice's lines (${open} open reports)`);

    // Mara, a moderator, works the queue a page at a time: the message in its context, a link to the game;
    // she times Bob out (the message is removed) and resolves the report.
    const m = await browser.newContext(wide).then((x) => x.newPage());
    watch("mara", m);
    await m.goto(base + "/signin");
    await m.getByLabel("Email or name").fill(moderatorLogin);
    await m.getByLabel("Password").fill(PASSWORD);
    await m.getByRole("button", { name: "Sign in" }).click();
    await m.getByRole("link", { name: "Moderation" }).click();
    const cards = m.locator("article.report");
    const card = cards.filter({ has: m.locator("li.reported", { hasText: "hi alice, good luck" }) });
    await card.waitFor({ timeout: T });
    await m.getByRole("heading", { name: "Reports (the first 10 shown)" }).waitFor({ timeout: T });
    if ((await cards.count()) !== 10) throw new Error(`the queue's first page shows ${await cards.count()} reports`);
    await card.getByText("Abuse or harassment: an e2e report").waitFor({ timeout: T });
    const gameLink = await card.getByRole("link", { name: "the game" }).getAttribute("href");
    if (gameLink !== `/games/${encodeURIComponent(id)}`) throw new Error(`the report's game link: ${gameLink}`);
    await m.getByRole("button", { name: "More reports" }).click();
    await m.getByRole("heading", { name: `Reports (${open} open)` }).waitFor({ timeout: T });
    await cards.filter({ has: m.locator("li.reported", { hasText: "line 8 for the queue" }) }).waitFor({ timeout: T });
    const focused = await m.evaluate(() => document.activeElement?.textContent);
    const eleventh = await cards.nth(10).getByRole("heading").textContent();
    if (focused !== eleventh) throw new Error(`after More reports the focus is on ${focused}, not ${eleventh}`);
    if ((await m.getByRole("button", { name: "More reports" }).count()) !== 0)
      throw new Error("More reports is offered with the whole queue shown");
    log(`mara: the queue's first page of 10, then More reports: ${open}, the focus on the 11th`);
    await shot(m, "moderation");
    await axe(m, "the moderators' page");
    await card.getByRole("button", { name: `Time ${bob} out…` }).click();
    await card.getByLabel("For").selectOption("15");
    await card.getByLabel("Reason (told to them)").fill("be kind");
    await card.getByRole("button", { name: "Remove the message and time out" }).click();
    await m.getByText(`${bob} is timed out and the message removed.`).waitFor({ timeout: T });
    await card.getByLabel("Outcome (recorded in the log)").fill("timed out for 15 minutes");
    await card.getByRole("button", { name: "Resolve" }).click();
    await m.getByRole("heading", { name: `Reports (${open - 1} open)` }).waitFor({ timeout: T });
    const logTable = m.getByRole("table", { name: "The moderation log, newest first" });
    await logTable.getByText("Resolved a report (report").first().waitFor({ timeout: T });
    await logTable.getByRole("cell", { name: "Timed out", exact: true }).first().waitFor({ timeout: T });
    log("mara: timed bob out from the report and resolved it; the log shows both");

    // Carol is shadow-muted (through the API), then the other reports dismissed: the log is more than a
    // page (10) and the mute's entry is on its second, where Mara lifts it.
    const carolID = (await api(c, `query { viewer { id } }`)).id;
    const mute = `mutation($input: ShadowMuteChatUserInput!) { shadowMuteChatUser(input: $input) { userErrors { code message } } }`;
    await api(m, mute, { input: { user: carolID, muted: true, reason: "an e2e mute" } });
    const queue = (await api(m, `query { chatReports(first: 100) { id gameId } }`)).filter((r) => r.gameId === id);
    const close = `mutation($input: CloseChatReportInput!) { closeChatReport(input: $input) { userErrors { code message } } }`;
    for (const r of queue) await api(m, close, { input: { id: r.id, resolved: false, reason: "e2e: nothing wrong" } });
    await m.reload();
    await m.getByText("No report is open.").waitFor({ timeout: T });
    const rows = logTable.locator("tbody tr");
    await rows.first().waitFor({ timeout: T });
    if ((await rows.count()) !== 10) throw new Error(`the log's first page shows ${await rows.count()} entries`);
    const unmute = logTable.getByRole("button", { name: `Lift ${carol}'s shadow mute` });
    if ((await unmute.count()) !== 0) throw new Error("the shadow mute's entry is on the log's first page");
    await m.getByRole("button", { name: "Older entries" }).click();
    await unmute.waitFor({ timeout: T });
    const focusedRow = await m.evaluate(() => document.activeElement?.id);
    const eleventhRow = await rows.nth(10).getAttribute("id");
    if (focusedRow !== eleventhRow)
      throw new Error(`after Older entries the focus is on ${focusedRow}, not ${eleventhRow}`);
    await unmute.click();
    await m.getByLabel(`Why lift ${carol}'s shadow mute? (recorded in the log)`).fill("e2e: she apologised");
    await shot(m, "moderation-lift-reason");
    await m
      .locator(".lift-form")
      .getByRole("button", { name: `Lift ${carol}'s shadow mute` })
      .click();
    await m.getByRole("status").getByText(`${carol}'s shadow mute is lifted.`).waitFor({ timeout: T });
    await rows.first().getByRole("cell", { name: "Lifted a shadow-mute", exact: true }).waitFor({ timeout: T });
    await rows.first().getByRole("cell", { name: "e2e: she apologised", exact: true }).waitFor({ timeout: T });
    await rows.first().getByRole("cell", { name: carol, exact: true }).waitFor({ timeout: T });
    log("mara: the log's second page; lifted carol's shadow mute from its entry");
    await m.setViewportSize(PHONE.viewport);
    const wider = await m.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    if (wider) throw new Error("the moderators' page scrolls sideways on a phone");
    await shot(m, "moderation-phone");
    await axe(m, "the moderators' page on a phone");

    // Bob's next message is refused: the moderator's reason and the wait.
    await b.locator("#chat-text").fill("why can I not write?");
    await b.locator(".chat-send").getByRole("button", { name: "Send" }).click();
    await b.locator(".chat-send .error", { hasText: "be kind" }).waitFor({ timeout: T });
    await b
      .locator(".chat-send")
      .getByRole("button", { name: /^Wait 1[45] min$/ })
      .waitFor({ timeout: T });
    await shot(b, "timed-out");
    log(`bob: refused while timed out: ${await b.locator(".chat-send .error").textContent()}`);

    // Mara lifts Bob's timeout from its entry in the log (on the phone); Bob, his page read again, writes.
    await logTable.getByRole("button", { name: `Lift ${bob}'s timeout` }).click();
    await m.getByLabel(`Why lift ${bob}'s timeout? (recorded in the log)`).waitFor({ timeout: T });
    await logTable
      .locator(".lift-form")
      .getByRole("button", { name: `Lift ${bob}'s timeout` })
      .click();
    await m.getByRole("status").getByText(`${bob}'s timeout is lifted.`).waitFor({ timeout: T });
    await rows.first().getByRole("cell", { name: "Lifted a timeout", exact: true }).waitFor({ timeout: T });
    await shot(m, "moderation-lifted");
    await b.reload();
    await b.locator(".chat-toggle").click();
    await send(b, "thanks, I can write again");
    log("mara: lifted bob's timeout from the log; bob writes again");
  }
  await b.locator(".chat-drawer").getByRole("button", { name: "Close the chat" }).click();
  await b.locator(".chat-drawer").waitFor({ state: "detached", timeout: T });

  // The flood rule: at most 5 messages in 10 s in a room; sent quickly, one of the next six is refused,
  // with the server's message and the wait on the button.
  const more = ["a fourth line", "then one about dice", "Kamchatka again?", "five in a row", "one too many", "sixth"];
  let refused = null;
  for (const t of more) {
    await a.locator("#chat-text").fill(t);
    await a.locator(".chat-send").getByRole("button", { name: "Send" }).click();
    const line = a.locator(".chat-text", { hasText: t }).first();
    const error = a.locator(".chat-send .error:not([hidden])");
    await Promise.race([line.waitFor({ timeout: T }), error.waitFor({ timeout: T })]);
    if (await error.isVisible()) {
      refused = await error.textContent();
      break;
    }
  }
  if (!refused) throw new Error("six quick messages more were all taken: no flood rule");
  await a
    .locator(".chat-send")
    .getByRole("button", { name: /^Wait \d+ s$/ })
    .waitFor({ timeout: T });
  log(`alice: flood refused: ${refused}`);
  await shot(a, "desktop");
  await axe(a, "the game with its chat");

  // Carol watches: the board and the spectators' room, where she writes.
  await c.goto(gameURL);
  await c.locator(".board-host .rb-t").first().waitFor({ timeout: T });
  const cChat = c.locator("#chat-panel");
  await cChat.getByRole("list", { name: "Spectators messages" }).waitFor({ timeout: T });
  await send(c, "enjoying the game");
  const cDom = await chatDOM(c);
  if (cDom.texts.some((t) => t.includes("hello bob"))) throw new Error("a spectator reads the players' room");
  log("carol: watching, wrote in the spectators' room");
  // The spectators' count and the players here now (game/presence.ts): one spectator on the player's screen
  // and on hers, and a dot beside each player, both of whom have the game open.
  await a.locator(".seats .watching", { hasText: /^1 spectator$/ }).waitFor({ timeout: T });
  await c.locator(".seats .watching", { hasText: /^1 spectator$/ }).waitFor({ timeout: T });
  await c.locator(".seats .presence-dot").nth(1).waitFor({ timeout: T });
  log("alice and carol: 1 spectator; carol sees both players here");
  await shot(c, "spectator");

  // Alice opens the spectators' room by choice and reads Carol; then keeps the chat to the players.
  await aChat.getByLabel("Show the spectators' room").check();
  await aChat.getByRole("tab", { name: /Spectators/ }).click();
  await aChat.locator(".chat-text", { hasText: "enjoying the game" }).waitFor({ timeout: T });
  await aChat.getByText("Players write in the spectators' room once the game is over.").waitFor({ timeout: T });
  // A click, not check(): a read on its way when the box is ticked may show the old setting for a moment.
  await aChat.getByLabel("Players only (close the spectators' room)").click();
  await cChat.getByText("The game's creator keeps its chat to the players.").waitFor({ timeout: T });
  log("alice: read the spectators' room, closed it; carol's chat says so");

  // Bob switches the chat off and on again.
  await toggle.click();
  await drawer.getByRole("button", { name: "Turn chat off for this game" }).click();
  await drawer.getByText("You switched this game's chat off.").waitFor({ timeout: T });
  await drawer.getByRole("button", { name: "Turn chat on" }).click();
  await drawer.locator(".chat-text", { hasText: "hello bob" }).waitFor({ timeout: T });
  log("bob: chat off, and on again");

  // Alice finds Bob among her blocked users on the settings page, and unblocks him.
  await a.goto(base + "/settings");
  const blocked = a.getByRole("region", { name: "Blocked users" });
  await blocked.getByText(bob).waitFor({ timeout: T });
  await blocked.scrollIntoViewIfNeeded();
  await shot(a, "settings-blocked");
  await axe(a, "the settings page with a blocked user");
  await blocked.getByRole("button", { name: `Unblock ${bob}` }).click();
  await blocked.getByText("You block nobody.").waitFor({ timeout: T });
  log("alice: unblocked bob on the settings page");

  if (dialogs.length) throw new Error(`dialogs fired:\n${dialogs.join("\n")}`);
  if (problems.length) throw new Error(`the pages reported errors:\n${problems.join("\n")}`);
  log(`chat e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`chat e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  mkdirSync(artifacts, { recursive: true });
  for (const [name, page] of Object.entries(pages)) {
    await page.screenshot({ path: join(artifacts, `chat-${name}.png`), fullPage: true }).catch(() => undefined);
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

// Joining a team game from the lobby, in real Chromium against a started `rout serve`: Ann uploads a
// sixteen-territory map (fixtures/teams-map.json, under a key of its own) and creates a 2v2 on it from the
// New game form with one open seat in each team (Red: Ann and an open seat; Blue: an open seat and a CPU).
// Bo, in another browser, finds it among the open games of his lobby with its shape, each team's seats and
// how many of them are open, and one Join button per team with an open seat; he joins Blue, and his
// waiting page and Ann's (live) show him in Blue. Cy, on a phone (390 × 844), sees Blue full and only Red
// to join, and joins Red. Ann starts the game: each screen's seats panel groups the seats under Red and
// Blue with each player in the team they chose, each heading says the viewer's team, and the turn order
// the record gives alternates between the teams. The heading's "How team games work" opens the rules'
// Team games section, which names every team option of the form. axe-core with every rule finds nothing
// serious or critical on the lobbies, the waiting pages, the game and the rules, desktop and phone.
//
//   node e2e/teamjoin.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS: screenshots on failure, E2E_HEADED), and E2E_SHOTS (a
// folder: a screenshot of each screen, desktop 1366 × 900 and phone, to look at).
import { axe, failureShots, launch, log, phoneContext, screenshots, signUp, T, uploadMap, watch } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const began = Date.now();
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const LIVE = 15_000; // the bound of a live update: a few seconds, with room for a busy machine
const shot = screenshots("teamjoin");

const browser = await launch();
const problems = [];
const pages = {};
let failed = false;

/** Opens a page in a context of its own, watched for problems under `name`. */
async function open(name, ctx) {
  const page = await ctx.newPage();
  pages[name] = page;
  watch(page, problems, name);
  return page;
}

/** The lobby's entry of the open game titled `title`: its text by team, and its Join buttons' names. */
async function lobbyEntry(page, title) {
  const item = page.getByRole("list", { name: "Open games" }).locator("li", { hasText: title });
  await item.waitFor({ timeout: T });
  return {
    item,
    line: ((await item.locator("div").first().textContent()) ?? "").replace(/\s+/g, " "),
    teams: (await item.locator(".team-chip").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim()),
    joins: await item.getByRole("button").allTextContents(),
  };
}

/** The waiting page's seats as listed. */
const waitingSeats = (page) => page.getByRole("list", { name: "Seats" }).locator("li").allTextContents();

/** The game's seats panel as read: each team's heading and its seats' names. */
async function teamPanel(page) {
  await page.locator(".seats tbody.team").first().waitFor({ timeout: T });
  return page.evaluate(() =>
    [...document.querySelectorAll(".seats tbody.team")].map((tb) => ({
      team: tb.querySelector(".team-head")?.textContent?.trim(),
      seats: [...tb.querySelectorAll("th[scope=row]")].map((th) => th.childNodes[2]?.textContent?.trim()),
    })),
  );
}

try {
  const suffix = Date.now().toString(36).slice(-5);
  const [ann, bo, cy] = [`tjann${suffix}`, `tjbo${suffix}`, `tjcy${suffix}`];
  const title = `Doubles ${suffix}`;
  const annCtx = await browser.newContext(DESKTOP);
  const a = await open("ann", annCtx);
  await signUp(a, base, ann);
  const map = await uploadMap(a, "teams-map.json", { id: `team-join-${suffix}`, name: `Team Join ${suffix}` });

  // Ann's 2v2: Red is Ann and an open seat, Blue an open seat and a CPU.
  await a.goto(base + "/new");
  await a.getByRole("button", { name: "Create the game" }).waitFor({ timeout: T });
  await a.getByRole("radio", { name: new RegExp(map.name) }).check({ timeout: T });
  await a.getByLabel("Name (optional)").fill(title);
  await a.getByRole("radio", { name: /^2v2:/ }).check();
  await a.getByLabel("Red seat 2 is").selectOption("OPEN");
  await a.getByLabel("Blue seat 1 is").selectOption("OPEN");
  await a.getByLabel("Blue seat 2 difficulty").selectOption("easy");
  await a.getByRole("button", { name: "Create the game" }).click();
  await a.getByRole("heading", { name: `${title}: waiting for players` }).waitFor({ timeout: T });
  const url = a.url();
  const gameId = url.split("/games/")[1];
  log(`game ${url}`);
  if (!(await a.getByRole("button", { name: "Start the game" }).isDisabled()))
    throw new Error("the game can be started with open seats");

  // Bo's lobby lists the game: its shape, each team with its seats and open seats, a Join per team.
  const boCtx = await browser.newContext(DESKTOP);
  const b = await open("bo", boCtx);
  await signUp(b, base, bo);
  const seen = await lobbyEntry(b, title);
  log(`Bo's lobby: ${JSON.stringify({ line: seen.line, teams: seen.teams, joins: seen.joins })}`);
  if (!seen.line.includes("2v2 teams")) throw new Error(`the lobby does not say the shape: ${seen.line}`);
  if (
    seen.teams.length !== 2 ||
    !seen.teams[0].startsWith("Red (1 open):") ||
    !seen.teams[0].includes(`${ann} (Red)`) ||
    !seen.teams[1].startsWith("Blue (1 open):") ||
    !/CPU \d \(Blue\)/.test(seen.teams[1])
  )
    throw new Error(`the lobby does not show the teams with their open seats: ${JSON.stringify(seen.teams)}`);
  if (seen.joins.join() !== "Join Red (1 open),Join Blue (1 open)")
    throw new Error(`the lobby offers ${JSON.stringify(seen.joins)}`);
  await seen.item.scrollIntoViewIfNeeded();
  await shot(b, "lobby");
  await axe(b, "lobby with an open team game");

  // Bo joins Blue: his waiting page and Ann's (live) show him in Blue.
  await seen.item.getByRole("button", { name: new RegExp(`^Join Blue in ${title}`) }).click();
  await b.getByRole("heading", { name: `${title}: waiting for players` }).waitFor({ timeout: T });
  const boSeat = `${bo} (Blue) (you)`;
  await b.getByRole("list", { name: "Seats" }).getByText(boSeat).waitFor({ timeout: T });
  await a.getByRole("list", { name: "Seats" }).getByText(`${bo} (Blue)`).waitFor({ timeout: LIVE });
  log(`Bo joined Blue; the seats: ${JSON.stringify(await waitingSeats(a))}`);
  await shot(b, "waiting");
  await axe(b, "waiting page of a team game");

  // Cy, on a phone: Blue is full, only Red is offered; he joins it.
  const cyCtx = await phoneContext(browser);
  const c = await open("cy", cyCtx);
  await signUp(c, base, cy);
  const left = await lobbyEntry(c, title);
  if (!left.teams[0]?.startsWith("Red (1 open):") || !left.teams[1]?.startsWith("Blue (0 open):"))
    throw new Error(`after Bo joined, the lobby shows ${JSON.stringify(left.teams)}`);
  if (left.joins.join() !== "Join Red (1 open)") throw new Error(`the lobby offers ${JSON.stringify(left.joins)}`);
  const width = await c.evaluate(() => document.documentElement.scrollWidth);
  if (width > 390) throw new Error(`the phone's lobby is ${width} px wide`);
  await left.item.scrollIntoViewIfNeeded();
  await shot(c, "phone-lobby");
  await axe(c, "lobby on a phone");
  await left.item.getByRole("button", { name: new RegExp(`^Join Red in ${title}`) }).click();
  await c.getByRole("list", { name: "Seats" }).getByText(`${cy} (Red) (you)`).waitFor({ timeout: T });
  await shot(c, "phone-waiting");
  await axe(c, "waiting page on a phone");

  // Every seat is taken: Ann starts the game, and every screen turns into the game.
  const start = a.getByRole("button", { name: "Start the game" });
  await a.waitForFunction(
    () => {
      const b = [...document.querySelectorAll("button")].find((x) => x.textContent === "Start the game");
      return b && !b.disabled;
    },
    null,
    { timeout: LIVE },
  );
  await shot(a, "waiting-full");
  await start.click();
  const want = { Red: [ann, cy], Blue: [bo] };
  for (const [name, page, team] of [
    ["ann", a, "Red"],
    ["bo", b, "Blue"],
    ["cy", c, "Red"],
  ]) {
    await page.locator(".live-live").waitFor({ timeout: T });
    await page.locator(".board-host .rb-t").first().waitFor({ timeout: T });
    const panel = await teamPanel(page);
    const names = (t) => panel.find((x) => x.team === t)?.seats ?? [];
    if (
      panel.map((t) => t.team).join() !== "Red,Blue" ||
      names("Red").length !== 2 ||
      names("Blue").length !== 2 ||
      !want.Red.every((p) => names("Red").some((s) => s.startsWith(`${p} (Red)`))) ||
      !want.Blue.every((p) => names("Blue").some((s) => s.startsWith(`${p} (Blue)`))) ||
      !names("Blue").some((s) => /^CPU \d \(Blue\)$/.test(s))
    )
      throw new Error(`${name}'s seats panel does not put the players in their teams: ${JSON.stringify(panel)}`);
    const you = (await page.locator(".you-are").textContent()) ?? "";
    if (!you.includes(`You play for ${team}.`)) throw new Error(`${name}'s heading says "${you}"`);
    log(`${name} sees ${JSON.stringify(panel)}: "${you.trim()}"`);
  }
  await shot(b, "game");
  await shot(b.getByRole("region", { name: "Players" }), "seats");
  await axe(b, "team game joined from the lobby");
  await c.locator(".seats").scrollIntoViewIfNeeded();
  await shot(c, "phone-seats");
  await c.evaluate(() => window.scrollTo(0, 0));
  await shot(c, "phone-game");
  await axe(c, "team game on a phone");

  // The turn order the record gives alternates between the teams (A1, B1, A2, B2).
  const g = await a.evaluate(async (id) => {
    const r = await fetch("/graphql", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${localStorage.getItem("rout.session")}`,
      },
      body: JSON.stringify({
        query: `query($id: ID!) { game(id: $id) { status seats { seat team } events(first: 1) { kind payload } } }`,
        variables: { id },
      }),
    });
    return (await r.json()).data.game;
  }, gameId);
  const started = g.events.find((e) => e.kind === "game_started");
  const teamsInOrder = (started?.payload.order ?? []).map((seat) => g.seats[seat].team);
  if (
    g.status !== "active" ||
    teamsInOrder.length !== 4 ||
    teamsInOrder.some((t, i) => i > 0 && t === teamsInOrder[i - 1])
  )
    throw new Error(`the turn order does not alternate between the teams: ${JSON.stringify(g)}`);
  log(`turn order ${started.payload.order} (teams ${teamsInOrder})`);

  // The heading's link leads to the rules' Team games section, which explains every option of the form.
  await b.locator(".team-line").getByRole("link", { name: "How team games work" }).click();
  await b.getByRole("heading", { name: "Team games", level: 2 }).waitFor({ timeout: T });
  const terms = (await b.locator(".rules-options > dt").allTextContents()).map((t) => t.trim());
  const choices = (await b.locator(".rules-options li strong").allTextContents()).map((t) => t.trim());
  const wantTerms = [
    "Place on teammates",
    "Attack teammates",
    "No card for a teammate's territory",
    "Fortify",
    "When a player leaves",
  ];
  const wantChoices = [
    "Own territories only",
    "Into a teammate's",
    "Through the team",
    "Nobody",
    "A teammate",
    "A CPU",
  ];
  if (wantTerms.some((t) => !terms.includes(t)) || wantChoices.some((c) => !choices.includes(c)))
    throw new Error(`the rules' team options are ${JSON.stringify({ terms, choices })}`);
  for (const h of ["Turns alternate between the teams", "Winning as a team", "The team options"])
    await b.getByRole("heading", { name: h, level: 3 }).waitFor({ timeout: T });
  await b.locator("#team-fog").waitFor({ timeout: T });
  log(`the rules explain team games: ${terms.join("; ")}`);
  await shot(b.locator(`section[aria-labelledby="teams"]`), "rules");
  await axe(b, "rules, team games");
  await c.goto(base + "/rules#teams");
  await c.getByRole("heading", { name: "Team games", level: 2 }).waitFor({ timeout: T });
  if ((await c.evaluate(() => document.documentElement.scrollWidth)) > 390)
    throw new Error("the rules page is wider than the phone");
  await shot(c, "phone-rules");

  if (problems.length) throw new Error(`the pages reported errors:\n${problems.join("\n")}`);
  log(`teamjoin e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`teamjoin e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  await failureShots("teamjoin", pages);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

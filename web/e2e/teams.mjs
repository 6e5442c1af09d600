// A team game, in real Chromium against a started `rout serve` whose CPUs move at once (ROUT_CPU_DELAY=0s):
// a user signs up, uploads a sixteen-territory map (fixtures/teams-map.json, under a key of its own) and
// creates a 2v2 on it from the New game form (the shapes offered, the teams' default names, the team
// options each with a line saying what it does): the user and a hard CPU for Red, two easy CPUs for Blue.
// The seats panel groups the seats under each team's name and hue, the map's key shows each team's seats
// as the map draws them (a shade of the hue and the seat's pattern), the log names seats by player and
// team ("CPU 2 (Blue)"). The user plays to the end through the client (everything on one territory,
// attacks until conquered from the strongest, occupations with all but one), or watches the CPUs finish
// once eliminated. At the end the panel says which team won and who was on it, and these are exactly
// the seats of the team that owns every territory, as the API says; the replay and the lobby say it too. axe-core with
// every rule finds nothing serious or critical on the form, the game and the phone (390 × 844).
//
//   node e2e/teams.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS: screenshots on failure, E2E_HEADED), and E2E_SHOTS (a
// folder: a screenshot of each screen, desktop 1366 × 900 and phone, to look at).
import {
  axe,
  command as sendCommand,
  failureShots,
  launch,
  log,
  phoneContext,
  screenshots,
  signUp,
  strongestSource,
  T,
  uploadMap,
  watch,
} from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const began = Date.now();
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const shot = screenshots("teams");

const browser = await launch();
const problems = [];
const pages = {};
let failed = false;

/** Clicks a command's control and waits for the actions read after it (lib.mjs). */
const command = (page, locator) => sendCommand(page, locator, { timeout: 5000 });

/** A GraphQL query with the page's session. */
async function gql(page, query, variables) {
  return page.evaluate(
    async ({ query, variables }) => {
      const r = await fetch("/graphql", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${localStorage.getItem("rout.session")}`,
        },
        body: JSON.stringify({ query, variables }),
      });
      return (await r.json()).data;
    },
    { query, variables },
  );
}

/** The seats panel as read: each team's heading and its seats' names. */
async function teamPanel(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".seats tbody.team")].map((tb) => ({
      team: tb.querySelector(".team-head")?.textContent?.trim(),
      seats: [...tb.querySelectorAll("th[scope=row]")].map((th) => th.childNodes[2]?.textContent?.trim()),
    })),
  );
}

try {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  pages.desktop = page;
  watch(page, problems, "desktop");
  const suffix = Date.now().toString(36).slice(-5);
  const me = `teamer${suffix}`;
  await signUp(page, base, me);

  // A small map of our own, under a key no other run has: a 2v2 on it ends in a few minutes.
  const map = await uploadMap(page, "teams-map.json", { id: `team-fields-${suffix}`, name: `Team Fields ${suffix}` });

  // The New game form: the shapes, the default names, the options each explained; a 2v2 with the user and
  // a hard CPU for Red, two easy CPUs for Blue.
  await page.goto(base + "/new");
  await page.getByRole("button", { name: "Create the game" }).waitFor({ timeout: T });
  await page.getByRole("radio", { name: new RegExp(map.name) }).check({ timeout: T });
  const shapes = await page.getByRole("group", { name: "Teams" }).locator("label").allTextContents();
  const wantShapes = ["Free-for-all", "2v2", "3v3", "4v4", "2v2v2", "3v3v3"];
  if (shapes.map((s) => s.split(":")[0]).join(",") !== wantShapes.join(","))
    throw new Error(`the form offers the shapes ${JSON.stringify(shapes)}`);
  await page.getByRole("radio", { name: /^2v2:/ }).check();
  const names = [
    await page.getByLabel("Team 1's name").inputValue(),
    await page.getByLabel("Team 2's name").inputValue(),
  ];
  if (names.join(",") !== "Red,Blue") throw new Error(`the teams' default names are ${names}`);
  const options = await page.getByRole("group", { name: "Team options" }).locator(".check label").allTextContents();
  if (options.length !== 3 || !options.every((o) => /^[\w' ]+: \S.{20,}/.test(o)))
    throw new Error(`the team options are not each explained: ${JSON.stringify(options)}`);
  for (const id of ["team-fortify-hint", "team-handover-hint"])
    if (!((await page.locator(`#${id}`).textContent()) ?? "").trim()) throw new Error(`${id} says nothing`);
  if ((await page.getByLabel("Your seat").inputValue()) !== "0/0") throw new Error("the user is not Red's first seat");
  await page.getByLabel("Red seat 2 difficulty").selectOption("hard");
  await page.getByLabel("Blue seat 1 difficulty").selectOption("easy");
  await page.getByLabel("Blue seat 2 difficulty").selectOption("easy");
  await page.getByLabel("Place on teammates").check();
  await page.getByLabel("Fortify").selectOption("to_teammate");
  await shot(page, "newgame", { fullPage: true });
  await axe(page, "new team game");
  await page.getByRole("button", { name: "Create the game" }).click();
  await page.locator(".live-live").waitFor({ timeout: T });
  await page.locator(".board-host .rb-t").first().waitFor({ timeout: T });
  const url = page.url();
  const gameId = url.split("/games/")[1];
  log(`game ${url}`);

  // The seats panel: two teams, each under its name, the user in Red with the hard CPU.
  const panel = await teamPanel(page);
  log(`teams: ${JSON.stringify(panel)}`);
  if (
    panel.length !== 2 ||
    panel[0].team !== "Red" ||
    panel[1].team !== "Blue" ||
    panel.some((t) => t.seats.length !== 2) ||
    !panel[0].seats.some((s) => s.startsWith(`${me} (Red)`)) ||
    !panel[1].seats.every((s) => /^CPU \d \(Blue\)$/.test(s))
  )
    throw new Error(`the seats panel does not group the seats by team: ${JSON.stringify(panel)}`);
  if (!/You play for Red\./.test((await page.locator(".you-are").textContent()) ?? ""))
    throw new Error("the heading does not say the user's team");
  // The map's key: each team's seats as the map draws them; the map's fills are those seats' patterns.
  const key = await page.locator(".team-legend li").allTextContents();
  if (key.length !== 2 || !key[0].startsWith("Red: ") || !key[1].startsWith("Blue: "))
    throw new Error(`the map's key does not show the teams: ${JSON.stringify(key)}`);
  const fills = await page.evaluate(() => {
    const shade = (sel) => [...document.querySelectorAll(sel)].map((r) => r.getAttribute("fill"));
    // A seat without marks (the first pattern, solid) is filled with its colour itself, not a <pattern>.
    return { key: shade(".team-legend pattern > rect"), map: shade(".board-host pattern > rect, .board-host .rb-t") };
  });
  if (fills.key.length !== 4 || !fills.key.every((f) => fills.map.includes(f)))
    throw new Error(`the map's key and the map draw the seats differently: ${JSON.stringify(fills)}`);
  await page
    .locator(".log li", { hasText: /\((Red|Blue)\)/ })
    .first()
    .waitFor({ timeout: T });
  await shot(page, "game");
  await shot(page.getByRole("region", { name: "Players" }), "seats");
  await shot(page.locator(".board-wrap"), "map");
  await axe(page, "team game");

  // Play to the end: everything on one territory, attacks until conquered from the strongest, occupations
  // with all but one; once eliminated, watch the CPUs finish.
  const side = page.locator(".side");
  const yourTurn = page.locator(".turn-line strong", { hasText: "Your turn" });
  const over = page.locator(".turn-line", { hasText: "Game over" });
  const stats = { turns: 0, attacks: 0, conquests: 0, trades: 0 };
  let turnSeen = "";
  let attacksThisTurn = 0;
  let phoneDone = false;
  const deadline = Date.now() + 420_000;
  while ((await over.count()) === 0) {
    if (Date.now() > deadline) throw new Error(`the game did not end in time: ${JSON.stringify(stats)}`);
    if ((await yourTurn.count()) === 0) {
      await page.waitForTimeout(200);
      continue;
    }
    const turn = (await page.locator(".play-head h1 small").textContent()) ?? "";
    if (turn !== turnSeen) {
      turnSeen = turn;
      attacksThisTurn = 0;
      stats.turns++;
    }
    try {
      const trade = side.getByRole("button", { name: "Trade" });
      if (await trade.count()) {
        await command(page, trade.first());
        stats.trades++;
        continue;
      }
      if (await page.locator(".placement").count()) {
        await page
          .locator(".territory-table")
          .getByRole("button", { name: /^\+1 army on / })
          .first()
          .click({ timeout: 5000 });
        await page
          .getByRole("button", { name: /^The rest on / })
          .first()
          .click({ timeout: 5000 });
        await command(page, page.getByRole("button", { name: /^Place \d+ arm/ }));
        continue;
      }
      const occupy = side.getByRole("button", { name: /^Move \d+$/ });
      if (await occupy.count()) {
        await side.locator('input[type="range"]').evaluate((el) => {
          el.value = el.max;
          el.dispatchEvent(new Event("input", { bubbles: true }));
        });
        await command(page, occupy.first());
        stats.conquests++;
        continue;
      }
      const from = await strongestSource(page);
      if (from && attacksThisTurn < 6) {
        await from.click({ timeout: 5000 });
        await page
          .locator(".territory-table")
          .getByRole("button", { name: /^Attack (?!from)/ })
          .first()
          .click({ timeout: 5000 });
        await side.getByLabel(/until conquered$/).check();
        await page.locator(".odds", { hasText: "Odds of conquering" }).waitFor({ timeout: T });
        if (stats.attacks === 0) {
          await shot(page, "attack");
          await axe(page, "team game, attacking");
        }
        await command(page, side.getByRole("button", { name: "Attack", exact: true }));
        attacksThisTurn++;
        stats.attacks++;
        continue;
      }
      const endAttacks = side.getByRole("button", { name: "End attacks" });
      if (await endAttacks.count()) {
        await command(page, endAttacks);
        continue;
      }
      const endTurn = side.getByRole("button", { name: "End turn" });
      if (await endTurn.count()) {
        await command(page, endTurn);
        if (!phoneDone) {
          phoneDone = true;
          await phoneView(ctx, url, "phone");
        }
        continue;
      }
    } catch (e) {
      // A button that went away as the screen changed: look again.
      if (e?.name !== "TimeoutError") throw e;
    }
    await page.waitForTimeout(200);
  }
  log(`game over after ${stats.turns} turns of ours: ${JSON.stringify(stats)}`);

  // The winners: the panel names the team and its players, and they are exactly the seats of the team
  // that owns every territory, as the API says.
  const won = page.locator(".seats .winners");
  await won.waitFor({ timeout: T });
  const wonText = (await won.textContent()) ?? "";
  const g = (
    await gql(
      page,
      `query($id: ID!) { game(id: $id) { status winner winners teams { index name seats } seats { seat team userName cpu place } board { owner } } }`,
      { id: gameId },
    )
  ).game;
  const owners = new Set(g.board.map((t) => g.seats[t.owner]?.team));
  if (g.status !== "finished" || owners.size !== 1)
    throw new Error(`the game is not won by one team: ${JSON.stringify(g)}`);
  const team = g.teams[[...owners][0]];
  if (JSON.stringify(g.winners) !== JSON.stringify(team.seats))
    throw new Error(`the winners ${g.winners} are not team ${team.name}'s seats ${team.seats}`);
  if (!g.seats.every((s) => (s.place === 1) === team.seats.includes(s.seat)))
    throw new Error(`not every winner, or not only them, has place 1: ${JSON.stringify(g.seats)}`);
  const players = team.seats.map((i) => g.seats[i].userName ?? `CPU ${i + 1}`);
  const want = `${team.name} wins: ${players.join(", ")}`;
  if (wonText !== want) throw new Error(`the seats panel says "${wonText}", want "${want}"`);
  const headWinners = (await page.locator(".seats .team-head", { hasText: "winners" }).allTextContents()).map((t) =>
    t.trim(),
  );
  if (headWinners.join() !== `${team.name} · winners`) throw new Error(`the team headings say ${headWinners}`);
  await page.locator(".turn-line", { hasText: want }).waitFor({ timeout: T });
  await page
    .locator(".log li", { hasText: `${team.name} won the game: ` })
    .first()
    .waitFor({ timeout: T });
  log(`${want}; the seats panel, the heading and the log agree with the API`);
  await shot(page, "over");
  await shot(page.getByRole("region", { name: "Players" }), "seats-over");
  await axe(page, "team game over");
  await phoneView(ctx, url, "phone-over");

  // The replay reads the record's teams: its log names seats by team and, at the end, every winner.
  await page.getByRole("link", { name: "Replay the game" }).click();
  await page.getByRole("group", { name: "Replay controls" }).waitFor({ timeout: T });
  await page.getByRole("button", { name: "End", exact: true }).click();
  await page
    .locator(".log li", { hasText: `${team.name} won the game: ` })
    .first()
    .waitFor({ timeout: T });
  await shot(page, "replay");

  // The lobby says which team won and whether the user's did.
  await page.goto(base + "/");
  const finished = page.getByRole("list", { name: "Finished games" });
  await finished.getByText(`${team.name} wins: `).first().waitFor({ timeout: T });
  await shot(page, "lobby", { fullPage: true });

  if (problems.length) throw new Error(`the pages reported errors:\n${problems.join("\n")}`);
  log(`teams e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`teams e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  await failureShots("teams", pages);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

/** The game on a phone: the map across the screen, the teams in the seats panel; a screenshot, axe-core. */
async function phoneView(ctx, url, name) {
  const phone = await phoneContext(browser, ctx);
  const p = await phone.newPage();
  pages[name] = p;
  watch(p, problems, name);
  await p.goto(url);
  await p.locator(".board-host .rb-t").first().waitFor({ timeout: T });
  await p.locator(".seats tbody.team").first().waitFor({ timeout: T });
  const width = await p.evaluate(() => document.documentElement.scrollWidth);
  if (width > 390) throw new Error(`the phone's page is ${width} px wide`);
  await shot(p, name);
  await shot(p, `${name}-full`, { fullPage: true });
  await axe(p, `team game on a phone (${name})`);
  await phone.close();
  delete pages[name];
}

// The lobby of a player with many games, in real Chromium against a started `rout serve` whose CPUs move at
// once: Dana's oldest game, against a CPU, waits on her; 22 newer games wait for players and 6 newer still
// are over. Her lobby lists the old game first with "Your turn", counts it in the heading's badge and the
// tab's title, shows 21 games in progress and "Show more games in progress", which brings the other two,
// and the five latest games that are over, with "The latest 5 of 6" and a link to her profile. axe-core
// with every rule finds nothing serious or critical on the lobby, at 1366 × 900 and on a phone (390 × 844),
// where it fits the screen's width.
//
//   node e2e/lobby.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS: screenshots on failure, E2E_HEADED), and E2E_SHOTS (a
// folder: a screenshot of the lobby, to look at).
import { api, axe, failureShots, launch, log, phoneContext, screenshots, signUp, T, watch } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const began = Date.now();
const shot = screenshots("lobby");

const browser = await launch();
const problems = [];
const pages = {};
let failed = false;

try {
  const dana = `lobdana${Date.now().toString(36).slice(-5)}`;
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  pages.dana = page;
  watch(page, problems, "dana");
  await signUp(page, base, dana);

  const game = async (name, seats) => {
    const d = await api(
      page,
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } userErrors { code message } } }`,
      { input: { mapKey: "classic", name, seats } },
    );
    if (d.createGame.userErrors.length) throw new Error(`createGame: ${JSON.stringify(d.createGame.userErrors)}`);
    return d.createGame.game.id;
  };
  const mutate = async (name, gameId) => {
    const d = await api(page, `mutation($id: ID!) { ${name}(input: {gameId: $id}) { userErrors { code message } } }`, {
      id: gameId,
    });
    if (d[name].userErrors.length) throw new Error(`${name}: ${JSON.stringify(d[name].userErrors)}`);
  };
  const human = { kind: "HUMAN", color: "red" };
  const cpu = { kind: "CPU", color: "blue", difficulty: "easy" };

  // The oldest game: against a CPU, started, and waiting on Dana once the CPU has moved.
  const oldest = await game("Oldest duel", [human, cpu]);
  await mutate("startGame", oldest);
  for (let waited = 0; ; waited += 250) {
    const d = await api(page, `query($id: ID!) { game(id: $id) { currentSeat } }`, { id: oldest });
    if (d.game.currentSeat === 0) break;
    if (waited > T) throw new Error("the CPU never handed the oldest game to Dana");
    await new Promise((r) => setTimeout(r, 250));
  }
  for (let i = 1; i <= 22; i++) await game(`Waiting ${i}`, [human, { kind: "OPEN", color: "blue" }]);
  for (let i = 1; i <= 6; i++) {
    const id = await game(`Over ${i}`, [human, cpu]);
    await mutate("startGame", id);
    await mutate("resign", id);
  }
  log("Dana has 1 game waiting on her, 22 waiting for players and 6 over");

  await page.goto(base + "/");
  const inProgress = page.getByRole("list", { name: "Games in progress" }).locator(":scope > li");
  await inProgress.nth(20).waitFor({ timeout: T });
  const first = ((await inProgress.first().textContent()) ?? "").replace(/\s+/g, " ");
  if (!first.includes("Oldest duel") || !first.includes("Your turn"))
    throw new Error(`the first game in progress: ${first}`);
  await page
    .getByRole("heading", { name: /My games/ })
    .getByLabel("1 waiting on you")
    .waitFor({ timeout: T });
  if ((await page.title()) !== "(1) Rout") throw new Error(`the tab's title: ${await page.title()}`);
  if ((await inProgress.count()) !== 21) throw new Error(`${await inProgress.count()} games in progress shown, not 21`);
  const finished = page.getByRole("list", { name: "Finished games" }).locator(":scope > li");
  if ((await finished.count()) !== 5) throw new Error(`${await finished.count()} games over shown, not 5`);
  await page.getByText("The latest 5 of 6.").waitFor({ timeout: T });
  const profile = await page.getByRole("link", { name: "All your finished games" }).getAttribute("href");
  if (!profile?.startsWith("/players/")) throw new Error(`the finished games' link: ${profile}`);
  log("the lobby lists the oldest game first, 21 in progress and the 5 latest over");
  await shot(page, "many-games", { fullPage: true });
  await axe(page, "lobby with many games");

  await page.getByRole("button", { name: "Show more games in progress" }).click();
  await inProgress.nth(22).waitFor({ timeout: T });
  await page.getByRole("button", { name: "Show more games in progress" }).waitFor({ state: "detached", timeout: T });
  if ((await inProgress.count()) !== 23) throw new Error(`${await inProgress.count()} games in progress, not 23`);
  log("Show more brought the last two");

  const phone = await (await phoneContext(browser, page.context())).newPage();
  pages.phone = phone;
  watch(phone, problems, "dana-phone");
  await phone.goto(base + "/");
  await phone.getByRole("list", { name: "Games in progress" }).locator(":scope > li").nth(20).waitFor({ timeout: T });
  await shot(phone, "phone", { fullPage: true });
  await axe(phone, "lobby with many games on a phone");
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) throw new Error(`the lobby is ${overflow}px wider than the phone's screen`);

  if (problems.length) throw new Error(`problems:\n${problems.join("\n")}`);
} catch (e) {
  failed = true;
  console.error(e);
  await failureShots("lobby", pages);
} finally {
  await browser.close();
}
log(`${failed ? "FAILED" : "ok"} in ${((Date.now() - began) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);

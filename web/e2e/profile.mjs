// Rated games and profiles, in real Chromium against a started `rout serve`: Ann creates a rated duel from
// the New game form (Classic, her seat and an open one, "Rated" checked); Bo joins it through the API and
// Ann starts it from her waiting page; Bo resigns through the API, and the game is over. Ann's finished
// game shows each seat's rating change (hers up, Bo's down) with the players' names linking to their
// profiles, and "Dice verified" once the browser has checked its draws; her header's "Profile" opens hers: the duel rating above 1000 marked provisional, the rating
// chart (an SVG image with its title and a table under it), her stats (1 finished, 1 won), her luck and her record
// with the duel in 1st place, its change and its replay link, which opens the replay. Bo's profile, from
// the seats panel's link, shows the loss. axe-core with every rule finds nothing serious or critical on the
// finished game and both profiles, at 1366 × 900 and on a phone (390 × 844).
//
//   node e2e/profile.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS: screenshots on failure, E2E_HEADED), and E2E_SHOTS (a
// folder: a screenshot of each screen, desktop and phone, to look at).
import { api, axe, failureShots, launch, log, phoneContext, screenshots, signUp, T, watch } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const began = Date.now();
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const shot = screenshots("profile");

const browser = await launch();
const problems = [];
const pages = {};
let failed = false;

async function open(name, ctx) {
  const page = await ctx.newPage();
  pages[name] = page;
  watch(page, problems, name);
  return page;
}

try {
  const suffix = Date.now().toString(36).slice(-5);
  const [ann, bo] = [`prann${suffix}`, `prbo${suffix}`];
  const title = `Rated duel ${suffix}`;
  const annCtx = await browser.newContext(DESKTOP);
  const a = await open("ann", annCtx);
  await signUp(a, base, ann);

  // Ann's rated duel, from the form.
  await a.goto(base + "/new");
  await a.getByRole("button", { name: "Create the game" }).waitFor({ timeout: T });
  await a.getByRole("radio", { name: /^Classic/ }).check({ timeout: T });
  await a.getByLabel("Name (optional)").fill(title);
  await a.getByRole("button", { name: "Remove seat 3" }).click();
  await a.getByLabel("Seat 2 is").selectOption("OPEN");
  await a.getByRole("checkbox", { name: /^Rated/ }).check();
  await a.getByRole("button", { name: "Create the game" }).click();
  await a.getByRole("heading", { name: `${title}: waiting for players` }).waitFor({ timeout: T });
  const gameId = decodeURIComponent(a.url().split("/games/")[1]);
  const created = await api(a, `query($id: ID!) { game(id: $id) { rated } }`, { id: gameId });
  if (!created.game.rated) throw new Error("the game made with Rated checked is not rated");
  log(`rated game ${gameId}`);

  // Bo joins through the API; Ann starts; Bo resigns.
  const boCtx = await browser.newContext(DESKTOP);
  const b = await open("bo", boCtx);
  await signUp(b, base, bo);
  const gameMut = (name) =>
    `mutation($input: ${name === "resign" ? "TurnInput" : "JoinGameInput"}!) { ${name}(input: $input) { userErrors { code message } } }`;
  const joined = await api(b, gameMut("joinGame"), { input: { gameId } });
  if (joined.joinGame.userErrors.length) throw new Error(`Bo's join: ${JSON.stringify(joined.joinGame.userErrors)}`);
  await a.getByRole("button", { name: "Start the game" }).click({ timeout: T });
  await a.locator(".seats").waitFor({ timeout: T });
  const resigned = await api(b, gameMut("resign"), { input: { gameId } });
  if (resigned.resign.userErrors.length)
    throw new Error(`Bo's resignation: ${JSON.stringify(resigned.resign.userErrors)}`);
  log("Bo resigned: the game is over");

  // The finished game: each seat's rating change, and the names link to the profiles.
  await a.reload();
  const changes = a.locator(".seats .rating-change");
  await changes.first().waitFor({ timeout: T });
  const words = (await changes.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
  log(`rating changes: ${JSON.stringify(words)}`);
  if (words.length !== 2 || !/^Rating 1\d{3}\?? \(\+\d+\)$/.test(words[0]) || !/\(\u2212\d+\)$/.test(words[1]))
    throw new Error(`the finished game's rating changes: ${JSON.stringify(words)}`);
  const gain = Number(words[0].match(/\(\+(\d+)\)/)[1]);
  // The browser checks the finished game's dice against the seeds revealed at its end (docs/dice.md).
  const dice = a.locator(".dice-verified.ok");
  await dice.waitFor({ timeout: T });
  log(`dice: ${((await dice.textContent()) ?? "").trim()}`);
  await shot(a, "finished-game");
  await axe(a, "finished rated game");

  // Ann's profile, from the header.
  await a.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await a.getByRole("heading", { name: `${ann} (you)`, level: 1 }).waitFor({ timeout: T });
  const duelCard = a.locator(".rating-card").first();
  const card = ((await duelCard.textContent()) ?? "").replace(/\s+/g, " ");
  log(`Ann's duel rating: ${card}`);
  if (!card.startsWith("Duel") || !card.includes(`${1000 + gain}?`) || !card.includes("1 rated game · provisional"))
    throw new Error(`Ann's duel rating card: ${card}`);
  const chart = a.getByRole("img", { name: new RegExp(`${ann}'s Duel rating`) });
  await chart.waitFor({ timeout: T });
  // The luck section loads on its own: wait for it rather than read it while it says "Loading…".
  const luckSection = a.locator(".luck-profile");
  try {
    await luckSection.filter({ hasText: "Luck over 1 finished game" }).waitFor({ timeout: T });
  } catch {
    const luck = ((await luckSection.textContent()) ?? "").replace(/\s+/g, " ");
    throw new Error(`Ann's luck: ${luck}`);
  }
  const totals = ((await a.locator(".totals").textContent()) ?? "").replace(/\s+/g, " ");
  if (!totals.includes("Finished1") || !totals.includes("Won1 (100%)")) throw new Error(`Ann's totals: ${totals}`);
  const row = a.locator("table.record tbody tr").first();
  const rowText = ((await row.textContent()) ?? "").replace(/\s+/g, " ");
  log(`Ann's record: ${rowText}`);
  if (!rowText.includes(title) || !rowText.includes("1st") || !rowText.includes(`(+${gain})`))
    throw new Error(`Ann's record row: ${rowText}`);
  await shot(a, "own", { fullPage: true });
  await axe(a, "own profile");

  // The replay, from the record.
  await row.getByRole("link", { name: "Replay" }).click();
  await a.getByRole("group", { name: "Replay controls" }).waitFor({ timeout: T });
  log("the record's replay link opens the replay");

  // Bo's profile, from the finished game's seats panel.
  await a.goto(base + `/games/${encodeURIComponent(gameId)}`);
  await a
    .locator(".seats")
    .getByRole("link", { name: new RegExp(bo) })
    .click({ timeout: T });
  await a.getByRole("heading", { name: bo, level: 1 }).waitFor({ timeout: T });
  const boRow = ((await a.locator("table.record tbody tr").first().textContent()) ?? "").replace(/\s+/g, " ");
  if (!boRow.includes("2nd") || !boRow.includes("(\u2212"))
    throw new Error(`Bo's record row, as Ann sees it: ${boRow}`);
  await shot(a, "other", { fullPage: true });
  await axe(a, "another player's profile");

  // On a phone.
  const phone = await open("ann-phone", await phoneContext(browser, annCtx));
  await phone.goto(a.url());
  await phone.getByRole("heading", { name: bo, level: 1 }).waitFor({ timeout: T });
  await phone.getByRole("img", { name: new RegExp(`${bo}'s Duel rating`) }).waitFor({ timeout: T });
  await shot(phone, "phone", { fullPage: true });
  await axe(phone, "profile on a phone");
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) throw new Error(`the profile is ${overflow}px wider than the phone's screen`);

  if (problems.length) throw new Error(`problems:\n${problems.join("\n")}`);
} catch (e) {
  failed = true;
  console.error(e);
  await failureShots("profile", pages);
} finally {
  await browser.close();
}
log(`${failed ? "FAILED" : "ok"} in ${((Date.now() - began) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);

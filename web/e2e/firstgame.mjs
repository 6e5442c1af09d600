// A new player's first game, in real Chromium against a started `rout serve`: a user signs up, reads the
// rules page (axe-core, every rule: no serious or critical finding), uploads a nine-territory map
// (fixtures/firstgame-map.json, under a key of its own), creates a game against one easy CPU on it and
// plays it to the end with the placement helpers: the rest spread over the borders, undone and spread
// again, a number typed and "the rest here", a draft kept over a reload; the first game's hint shows on
// their turn and hides for good when dismissed; the mute switch is kept over a reload.
//
//   node e2e/firstgame.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS: a screenshot of each phase seen is written there on
// failure), and E2E_SHOTS (a folder: write them there on success too). Exits non-zero on failure.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  axe as axeOn,
  command as sendCommand,
  launch,
  log,
  signUp,
  strongestSource,
  T,
  uploadMap,
  watch,
} from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const base = process.argv[2] || "http://127.0.0.1:8080";
const artifacts = process.env.E2E_ARTIFACTS || join(here, "..", "e2e-artifacts");
const began = Date.now();

const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const problems = [];
watch(page, problems);

/** The last screenshot of each phase seen, written out on failure. */
const shots = new Map();
async function shot(label) {
  const buf = await page.screenshot({ fullPage: true }).catch(() => null);
  if (buf) shots.set(label, buf);
}
function writeShots(dir) {
  mkdirSync(dir, { recursive: true });
  for (const [label, buf] of shots) {
    const path = join(dir, `firstgame-${label}.png`);
    writeFileSync(path, buf);
    console.error(`screenshot: ${path}`);
  }
}

const axe = (screen) => axeOn(page, screen);

/** Clicks a command's control and waits for the actions read after it (lib.mjs). */
const command = (locator) => sendCommand(page, locator, { timeout: 5000 });

const left = async () => Number(await page.locator(".placement p strong").first().textContent());

const stats = {
  turns: 0,
  spreadBorders: 0,
  restHere: 0,
  typed: 0,
  undo: 0,
  reloadKept: 0,
  attacks: 0,
  conquests: 0,
  trades: 0,
  hints: 0,
};
let failed = false;
try {
  const suffix = Date.now().toString(36).slice(-5);
  const name = `newbie${suffix}`;
  await signUp(page, base, name);
  log(`${name} signed up`);

  // The rules, from the header.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rules" }).click();
  await page.getByRole("heading", { name: "How to play Rout" }).waitFor({ timeout: T });
  await page.getByRole("table", { name: /Classic: what each set/ }).waitFor();
  const classic = await page
    .getByRole("table", { name: /Classic: what each set/ })
    .locator("td")
    .allTextContents();
  if (classic.slice(0, 8).join(",") !== "4,6,8,10,12,15,20,25")
    throw new Error(`the rules page's classic values are ${classic.join(",")}`);
  for (const id of ["classic", "fixed", "fixed_ttb", "classic_scaling_ttb"]) await page.locator(`#${id}`).waitFor();
  await shot("rules");
  await axe("rules");

  // A small map of our own, under a key no other run has.
  const map = await uploadMap(page, "firstgame-map.json", {
    id: `first-fields-${suffix}`,
    name: `First Fields ${suffix}`,
  });

  // A game against one easy CPU on it.
  await page.getByRole("link", { name: "New game" }).first().click();
  await page.getByRole("radio", { name: new RegExp(map.name) }).check({ timeout: T });
  await page.getByRole("button", { name: "Remove seat 3" }).click();
  await page.getByLabel("Seat 2 difficulty").selectOption("easy");
  await page.getByRole("button", { name: "Create the game" }).click();
  await page.locator(".live-live").waitFor({ timeout: T });
  log("game created");

  const yourTurn = page.locator(".turn-line strong", { hasText: "Your turn" });
  const over = page.locator(".turn-line", { hasText: "Game over" });
  const side = page.locator(".side");
  let turnSeen = "";
  let attacksThisTurn = 0;
  let hintDismissed = false;
  const deadline = Date.now() + 420_000;
  while ((await over.count()) === 0) {
    if (Date.now() > deadline) throw new Error(`the game did not end in time: ${JSON.stringify(stats)}`);
    if ((await yourTurn.count()) === 0) {
      await page.waitForTimeout(200);
      continue;
    }
    // The turn may end between the count and the reads (the CPU can even end the game): look again.
    const turn = await page
      .locator(".play-head h1 small")
      .textContent({ timeout: 2000 })
      .catch(() => null);
    const phaseLine = await yourTurn.textContent({ timeout: 2000 }).catch(() => null);
    if (turn === null || phaseLine === null) continue;
    if (turn !== turnSeen) {
      turnSeen = turn;
      attacksThisTurn = 0;
      stats.turns++;
    }
    const phase = phaseLine.replace(/^Your turn: |\.$/g, "").trim();
    await shot(phase.replace(/\W+/g, "-"));
    // The first game's hint says what to do; dismissed on the second turn, it stays away.
    const hint = page.locator(".hint");
    if (!hintDismissed && (await hint.count())) {
      stats.hints++;
      if (stats.hints === 1) await shot("hint");
      if (stats.turns >= 2) {
        await hint.getByRole("button", { name: "Hide these tips" }).click();
        hintDismissed = true;
        log("hint dismissed");
      }
    } else if (hintDismissed && (await hint.count())) throw new Error("the hint came back after it was dismissed");

    try {
      const trade = side.getByRole("button", { name: "Trade" });
      if (await trade.count()) {
        await command(trade.first());
        stats.trades++;
        continue;
      }
      if (await page.locator(".placement").count()) {
        await playPlacement();
        continue;
      }
      const occupy = side.getByRole("button", { name: /^Move \d+$/ });
      if (await occupy.count()) {
        // Everything but one moves in: the front goes forward.
        const range = side.locator('input[type="range"]');
        await range.evaluate((el) => {
          el.value = el.max;
          el.dispatchEvent(new Event("input", { bubbles: true }));
        });
        await command(occupy.first());
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
        await command(side.getByRole("button", { name: "Attack", exact: true }));
        attacksThisTurn++;
        stats.attacks++;
        continue;
      }
      const endAttacks = side.getByRole("button", { name: "End attacks" });
      if (await endAttacks.count()) {
        await command(endAttacks);
        continue;
      }
      const endTurn = side.getByRole("button", { name: "End turn" });
      if (await endTurn.count()) {
        await command(endTurn);
        continue;
      }
    } catch (e) {
      // A button that went away as the screen changed: look again.
      if (e?.name !== "TimeoutError") throw e;
    }
    await page.waitForTimeout(200);
  }
  await shot("over");
  const result = await page.locator(".turn-line").textContent();
  log(`game over after ${stats.turns} turns of ours: ${result.trim()} ${JSON.stringify(stats)}`);
  if (
    stats.spreadBorders === 0 ||
    stats.restHere === 0 ||
    stats.undo === 0 ||
    stats.typed === 0 ||
    stats.reloadKept === 0
  ) {
    throw new Error(`not every placement helper was used: ${JSON.stringify(stats)}`);
  }
  if (stats.hints === 0) throw new Error("the first game's hint never showed");

  // The mute switch is kept on the device.
  const sound = page.getByRole("button", { name: "Sounds" });
  if ((await sound.getAttribute("aria-pressed")) !== "true") throw new Error("sounds are not on by default");
  await sound.click();
  await page.reload();
  await page.locator(".live-live").waitFor({ timeout: T });
  if ((await page.getByRole("button", { name: "Sounds" }).getAttribute("aria-pressed")) !== "false")
    throw new Error("the mute switch was not kept over a reload");
  if ((await page.evaluate(() => localStorage.getItem("rout.sound"))) !== "off")
    throw new Error("the mute switch is not in localStorage");

  if (problems.length) throw new Error(`the page reported errors:\n${problems.join("\n")}`);
  log(`firstgame e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
  if (process.env.E2E_SHOTS) writeShots(process.env.E2E_SHOTS);
} catch (e) {
  failed = true;
  console.error(`firstgame e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  await shot("failure");
  writeShots(artifacts);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

/**
 * One placement. The first uses every helper: a number typed on one territory, the rest spread over the
 * borders and undone, the rest on the typed territory, and the draft kept over a reload. The others put
 * everything on one territory of the list with "the rest here".
 */
async function playPlacement() {
  await page.locator(".placement").waitFor();
  const reserve = await left();
  const restOn = page.getByRole("button", { name: /^The rest on / });
  if (stats.reloadKept === 0 && reserve >= 2) {
    await page.getByRole("button", { name: "Add one army" }).click();
    const first = page.locator(".placement .armies-input").first();
    await first.fill("2");
    await first.dispatchEvent("change");
    if ((await left()) !== reserve - 2) throw new Error(`typing 2 left ${await left()} of ${reserve}`);
    stats.typed++;
    // The borders are known once the map's geometry is read.
    const borders = page.locator(".placement button:not([disabled])", { hasText: "Spread the rest over my borders" });
    await borders.click({ timeout: T });
    if ((await left()) !== 0) throw new Error("spreading over the borders left armies");
    stats.spreadBorders++;
    await page.getByRole("button", { name: "Undo" }).click();
    if ((await left()) !== reserve - 2) throw new Error("undo did not take the spread back");
    stats.undo++;
    await restOn.first().click();
    stats.restHere++;
    // The draft is kept over a reload.
    const drafted = await page
      .locator(".placement .armies-input")
      .evaluateAll((els) => els.map((e) => e.value).join(","));
    await page.reload();
    await page.locator(".live-live").waitFor({ timeout: T });
    await page.locator(".placement .armies-input").first().waitFor({ timeout: T });
    const kept = await page.locator(".placement .armies-input").evaluateAll((els) => els.map((e) => e.value).join(","));
    if (kept !== drafted || drafted !== String(reserve))
      throw new Error(`the draft after a reload is ${kept}, want ${drafted} (${reserve})`);
    stats.reloadKept++;
    await shot("draft");
  } else {
    await page
      .locator(".territory-table")
      .getByRole("button", { name: /^\+1 army on / })
      .first()
      .click();
    await restOn.first().click();
    stats.restHere++;
  }
  if ((await left()) !== 0) throw new Error(`${await left()} armies left after the helpers`);
  await command(page.getByRole("button", { name: /^Place \d+ arm/ }));
}

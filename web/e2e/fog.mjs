// Fog of war, in real Chromium against a started `rout serve` whose CPUs move at once (ROUT_CPU_DELAY=0s):
// a user signs up and creates a game with normal fog against two CPUs on the classic map (the New game
// form explains each level; axe-core with every rule finds nothing serious or critical there or on the
// game screen). On the map some territories are drawn fogged, with no army count, and every other one
// with its count; the territory list says which are hidden; the seats panel shows the counts fog hides as
// "?" read out as "hidden by fog"; the player places and attacks. The turn ends, the CPUs play, and "since
// your last turn" plays their turns back on the map: wherever it pauses, the map hides exactly what the
// player's record (Game.events with the territories each entry left) hides at that entry. At a phone's
// size (390 × 844) the map shows across the screen with the fog, and the playback too. The player resigns; once the CPUs have finished, the fog lifts: no
// territory is fogged, the heading says who won, the log holds the whole game, and the replay shows
// everything.
//
//   node e2e/fog.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS: screenshots on failure, E2E_HEADED), and E2E_SHOTS (a
// folder: a screenshot of each screen, desktop and phone, to look at).
import { axe, command, failureShots, launch, log, phoneContext, screenshots, signUp, T, watch } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const began = Date.now();
const shot = screenshots("fog");

const browser = await launch();
const problems = [];
const pages = {};
let failed = false;

/**
 * The map as drawn: the fogged territories (and whether any shows an army count), the others' counts.
 * Counts show once a cell is big enough on screen: they are read after zooming in when not shown yet.
 */
async function mapFog(page) {
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll(".board-host .rb-t")];
    const fog = cells.filter((c) => c.classList.contains("rb-fog"));
    const labels = [...document.querySelectorAll(".board-host .rb-labels text")].map((t) => t.textContent);
    return {
      cells: cells.length,
      fog: fog.length,
      fogFills: [...new Set(fog.map((c) => c.getAttribute("fill")))],
      fogNames: fog.map((c) => c.getAttribute("aria-label")),
      counts: labels.filter((t) => /^\d+$/.test(t)).length,
      blank: labels.filter((t) => t === "").length,
      unknown: labels.filter((t) => t === "?").length,
      labels: labels.length,
    };
  });
}

/**
 * The viewer's record of game id, read as the page's user: its length (seq), the territories' names, and
 * every entry with the territories it left (Game.events under fog).
 */
async function record(page, id) {
  return page.evaluate(async (id) => {
    const query = `query($id: ID!, $after: Int) { game(id: $id) { seq board { name }
      events(after: $after, first: 100) { seq kind territories { index sight owner armies } } } }`;
    const out = { seq: 0, names: [], events: [] };
    for (let after = 0; ;) {
      const r = await fetch("/graphql", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${localStorage.getItem("rout.session")}`,
        },
        body: JSON.stringify({ query, variables: { id, after } }),
      });
      const g = (await r.json()).data.game;
      Object.assign(out, { seq: g.seq, names: g.board.map((t) => t.name) });
      out.events.push(...g.events);
      if (g.events.length < 100) return out;
      after = g.events.at(-1).seq;
    }
  }, id);
}

/** The names of the territories the record hides after its first n entries (folded from the first). */
function hiddenAfter(rec, n) {
  const sight = rec.names.map(() => "full");
  for (const e of rec.events) {
    if (e.seq > n) break;
    if (!e.territories) throw new Error(`entry ${e.seq} (${e.kind}) of a fog game's record has no territories`);
    for (const t of e.territories) sight[t.index] = t.sight;
  }
  return rec.names.filter((_, i) => sight[i] === "hidden").sort();
}

/** The map's fogged territories by name (each cell's id ends with its territory's index). */
const fogOnMap = (page, names) =>
  page
    .evaluate(() =>
      [...document.querySelectorAll(".board-host .rb-t.rb-fog")].map((c) => Number(/-t(\d+)$/.exec(c.id)[1])),
    )
    .then((ix) => ix.map((i) => names[i]).sort());

/** Waits until the map shows the record after n entries (what it hides, and no more). */
async function atPosition(page, rec, n) {
  const want = hiddenAfter(rec, n);
  let got = [];
  for (let i = 0; i < 20; i++) {
    got = await fogOnMap(page, rec.names);
    if (JSON.stringify(got) === JSON.stringify(want)) return want.length;
    await page.waitForTimeout(150);
  }
  throw new Error(
    `after entry ${n} of the record the map hides ${JSON.stringify(got)}, the record ${JSON.stringify(want)}`,
  );
}

/**
 * Plays "since your last turn" back and pauses it `stops` times (at least one entry further each time);
 * at each pause the map must be the record folded to the entry shown. Returns the positions checked.
 */
async function playback(page, rec, stops = 2) {
  const away = page.locator(".away");
  await away.getByRole("button", { name: "Play on the map" }).click();
  const checked = [];
  for (let i = 0; i < stops; i++) {
    const after = checked.length ? checked.at(-1).k : 0;
    await page.waitForFunction(
      (after) => {
        const now = document.querySelector(".away .pb-now")?.textContent ?? "";
        const m = /\((\d+) of \d+\)/.exec(now);
        return (m && Number(m[1]) > after) || /as it is now/.test(now);
      },
      after,
      { timeout: T },
    );
    // A short summary may end before the pause: then the end is what the map shows.
    const paused = await away
      .getByRole("button", { name: "Pause" })
      .click({ timeout: 2000 })
      .then(
        () => true,
        () => false,
      );
    const m = /\((\d+) of (\d+)\)/.exec(await away.locator(".pb-now").textContent());
    if (!paused || !m) break;
    // The summary ends at the record's last entry: k of `of` is entry seq - of + k.
    const n = rec.seq - Number(m[2]) + Number(m[1]);
    const hidden = await atPosition(page, rec, n);
    checked.push({ k: Number(m[1]), n, hidden });
    await page.locator(".board-wrap").scrollIntoViewIfNeeded();
    await shot(page, `playback-${page === pages.phone ? "phone" : "desktop"}-${i + 1}`);
    if (i + 1 < stops) await away.getByRole("button", { name: "Play", exact: true }).click();
  }
  if (checked.length === 0) throw new Error("the playback ended before it could be paused");
  return checked.map((c) => `entry ${c.n} (${c.hidden} hidden)`);
}

try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  pages.desktop = page;
  watch(page, problems, "desktop");
  await signUp(page, base, `fogger${Date.now().toString(36).slice(-5)}`);

  // New game: the classic map, two CPUs, normal fog; each level says what a player sees under it. A deal
  // that leaves nothing in fog on the player's first turn (about one in 150: their territories and
  // neighbours cover the map) is resigned, and a new game made.
  let url;
  let m;
  for (let attempt = 1; ; attempt++) {
    await page.goto(base + "/new");
    await page.getByRole("button", { name: "Create the game" }).waitFor({ timeout: T });
    await page.getByRole("radio", { name: /^Classic World/ }).check();
    const levels = await page.getByRole("group", { name: "Fog of war" }).locator("label").allTextContents();
    if (levels.length !== 5 || !levels.every((l) => /^(None|Light|Normal|Heavy|Complete): \S/.test(l)))
      throw new Error(`the fog levels are not offered with their explanations: ${JSON.stringify(levels)}`);
    await page.getByRole("radio", { name: /^Normal: / }).check();
    if (attempt === 1) {
      await shot(page, "newgame");
      await axe(page, "new game with fog");
    }
    await page.getByRole("button", { name: "Create the game" }).click();
    await page.locator(".live-live").waitFor({ timeout: T });
    await page.locator(".board-host .rb-t").first().waitFor({ timeout: T });
    url = page.url();
    log(`game ${url}`);
    const fogLine = await page.locator(".fog-line").textContent({ timeout: T });
    if (!/^Fog of war: normal\. You see owners and armies only/.test(fogLine ?? ""))
      throw new Error(`the heading does not say the fog: ${fogLine}`);
    await page.locator(".turn-line strong", { hasText: "Your turn" }).waitFor({ timeout: T });
    m = await mapFog(page);
    if (m.fog > 0 || attempt === 3) break;
    log("nothing in fog on this deal: another game");
    await page.getByRole("button", { name: "Resign…" }).click({ timeout: T });
    await page.getByRole("button", { name: "Yes, resign" }).click();
    await page.locator(".turn-line", { hasText: "Game over" }).waitFor({ timeout: 300_000 });
  }

  // The map: some territories fogged (dark, no count, named as hidden), every other one with its count.
  for (let i = 0; i < 4 && m.labels === 0; i++) {
    await page.getByRole("button", { name: "Zoom in" }).click();
    await page.waitForTimeout(300);
    m = await mapFog(page);
  }
  log(`map: ${m.cells} territories, ${m.fog} fogged; counts ${m.counts}, blank ${m.blank}, ? ${m.unknown}`);
  if (m.cells !== 42 || m.fog === 0 || m.fog === m.cells)
    throw new Error(`some territories, not all, should be fogged: ${JSON.stringify(m)}`);
  if (m.fogFills.length !== 1 || !/-fog\)$/.test(m.fogFills[0]))
    throw new Error(`the fogged territories are not drawn with the fog: ${m.fogFills}`);
  if (!m.fogNames.every((n) => /: hidden by fog$/.test(n)))
    throw new Error(`a fogged territory says more than that it is hidden: ${m.fogNames.join("; ")}`);
  if (m.labels !== m.cells || m.blank !== m.fog || m.counts !== m.cells - m.fog)
    throw new Error(`a fogged territory shows a count, or a seen one none: ${JSON.stringify(m)}`);
  await page.getByRole("button", { name: "Show the whole map" }).click();
  const hiddenRows = page.locator(".territory-table tbody tr", { hasText: "hidden by fog" });
  await page.locator(".list-tools select").selectOption("all");
  if ((await hiddenRows.count()) !== m.fog)
    throw new Error(`the list shows ${await hiddenRows.count()} hidden territories, the map ${m.fog}`);
  if (!/armies hidden/.test((await hiddenRows.first().locator("td.num").textContent()) ?? ""))
    throw new Error("the list does not say a hidden territory's armies are hidden");
  await shot(page.locator(".territory-scroll"), "list");

  // The seats panel: what fog hides of the CPUs' seats is "?", read out as hidden by fog.
  const seatsPanel = page.getByRole("region", { name: "Players" });
  const hiddenCounts = await seatsPanel.getByText("hidden by fog").count();
  if (hiddenCounts < 2) throw new Error(`the seats panel shows ${hiddenCounts} hidden counts`);
  const mine = await seatsPanel.locator("tr", { hasText: "(you)" }).locator("td.num").allTextContents();
  if (mine.some((t) => !/^\d+$/.test(t))) throw new Error(`the player's own counts are hidden: ${mine}`);
  log(`seats: ${hiddenCounts} counts hidden by fog, the player's own: ${mine.join(", ")}`);
  await shot(seatsPanel, "seats");
  await shot(page.locator(".board-wrap"), "map");
  await shot(page, "placing");
  await axe(page, "fog game, placing");

  // Place everything on one territory, then attack from it until something falls (or nothing can attack).
  await page
    .getByRole("button", { name: /^All the armies left on / })
    .first()
    .click({ timeout: T });
  await command(page, page.locator(".actions").getByRole("button", { name: /^Place \d+ arm/ }));
  await page.getByRole("button", { name: "End attacks" }).waitFor({ timeout: T });
  const attackFrom = page.locator(".territory-table").getByRole("button", { name: /^Attack from / });
  let attacks = 0;
  for (let i = 0; i < 4 && (await attackFrom.count()); i++) {
    await attackFrom.first().click();
    await page
      .locator(".territory-table")
      .getByRole("button", { name: /^Attack (?!from)/ })
      .first()
      .click({ timeout: T });
    await page.locator(".odds", { hasText: /^(Odds of|Fog hides)/ }).waitFor({ timeout: T });
    if (i === 0) {
      await shot(page, "attack");
      await axe(page, "fog game, attacking");
    }
    await page
      .locator(".actions")
      .getByLabel(/until conquered$/)
      .check();
    await command(page, page.locator(".actions").getByRole("button", { name: "Attack", exact: true }));
    attacks++;
    // The attack's outcome, once drawn: the move-in panel after a conquest, the attacks going on otherwise.
    const occupy = page.locator(".actions").getByRole("button", { name: /^Move \d+$/ });
    await occupy
      .or(page.getByRole("button", { name: "End attacks" }))
      .first()
      .waitFor({ timeout: T });
    const conquered = (await occupy.count()) > 0;
    if (conquered) {
      await command(page, occupy.first());
      break;
    }
  }
  if (attacks === 0) throw new Error("the player had nothing to attack");
  await page.locator(".log", { hasText: "attacked" }).first().waitFor({ timeout: T });
  log(`placed and attacked (${attacks} attacks)`);
  await shot(page, "attacked");

  // Since your last turn, under fog: the turn ends, the CPUs play theirs, and the screen opened again plays
  // them back on the map. Wherever it pauses, the map shows exactly the player's record folded to that
  // entry (Game.events, each with the territories it left for them): nothing their record does not show.
  const endAttacks = page.getByRole("button", { name: "End attacks" });
  if (await endAttacks.count()) await command(page, endAttacks);
  const roundBefore = await page.locator(".play-head h1 small").textContent();
  await command(page, page.getByRole("button", { name: "End turn" }));
  await page.waitForFunction(
    (before) =>
      document.querySelector(".play-head h1 small")?.textContent !== before &&
      /Your turn/.test(document.querySelector(".turn-line")?.textContent ?? ""),
    roundBefore,
    { timeout: T },
  );
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  const away = page.locator(".away");
  await away.getByRole("button", { name: "Play on the map" }).waitFor({ timeout: T });
  const rec = await record(page, url.split("/games/")[1]);
  const seen = await playback(page, rec);
  log(`since your last turn: played back ${seen.join(", ")}, each as the player's record shows it`);

  // The rest is played at once; at the end the map is the game as it is now.
  const skip = away.getByRole("button", { name: "Skip" });
  if (await skip.count()) await skip.click();
  await away.locator(".pb-now", { hasText: "as it is now" }).waitFor({ timeout: T });
  await atPosition(page, rec, rec.seq);

  // A phone: the map across the screen, with the fog.
  const phone = await phoneContext(browser, ctx);
  const p = await phone.newPage();
  pages.phone = p;
  watch(p, problems, "phone");
  await p.goto(url);
  await p.locator(".board-host .rb-t.rb-fog").first().waitFor({ timeout: T });
  const box = await p.evaluate(() => {
    const r = document.querySelector(".board-wrap").getBoundingClientRect();
    return { top: r.top, width: r.width, height: r.height, scroll: document.documentElement.scrollWidth };
  });
  if (box.width < 388 || box.top > 844 / 2 || box.height < 200 || box.scroll > 390)
    throw new Error(`the map does not show on the phone: ${JSON.stringify(box)}`);
  const pm = await mapFog(p);
  if (pm.fog === 0) throw new Error("the phone's map shows no fog");
  log(`phone: the map is ${Math.round(box.width)}×${Math.round(box.height)} px with ${pm.fog} fogged territories`);
  await shot(p, "phone");
  await axe(p, "fog game on a phone");
  await p.locator(".away").getByRole("button", { name: "Play on the map" }).waitFor({ timeout: T });
  await playback(p, rec, 1);
  await axe(p, "fog game on a phone, playing back");
  await phone.close();
  delete pages.phone;

  // Resign; the CPUs finish the game and the fog lifts: the whole board and the whole log.
  await page.getByRole("button", { name: "Resign…" }).click({ timeout: T });
  await page.getByRole("button", { name: "Yes, resign" }).click();
  await page.locator(".turn-line", { hasText: "Game over" }).waitFor({ timeout: 300_000 });
  await page.locator(".fog-line", { hasText: "the fog has lifted" }).waitFor({ timeout: T });
  await page.waitForFunction(() => document.querySelectorAll(".board-host .rb-t.rb-fog").length === 0, null, {
    timeout: T,
  });
  // The log is the whole game's, numbered as the record is (no longer the player's own view).
  const events = await page.evaluate(
    async (id) => (await (await fetch(`/games/${id}/record.json`)).json()).events.length,
    url.split("/games/")[1],
  );
  await page.waitForFunction(
    (n) => {
      const last = [...document.querySelectorAll(".log li[data-seq]")].at(-1);
      return last?.getAttribute("data-seq") === String(n) && last.getAttribute("aria-setsize") === String(n);
    },
    events,
    { timeout: T },
  );
  await page.locator(".turn-line", { hasText: /won/ }).waitFor({ timeout: T });
  log(`game over: the fog lifted (no fogged territory), the log holds the record's ${events} events`);
  await shot(page, "over");

  // The replay of the finished game shows everything, from the deal.
  await page.getByRole("link", { name: "Replay the game" }).click();
  await page.getByRole("group", { name: "Replay controls" }).waitFor({ timeout: T });
  await page.getByRole("button", { name: "Next turn" }).click();
  await page.locator(".board-host .rb-t").first().waitFor({ timeout: T });
  const replayed = await mapFog(page);
  if (replayed.fog !== 0) throw new Error(`the replay hides ${replayed.fog} territories`);
  await shot(page, "replay");

  if (problems.length) throw new Error(`the pages reported errors:\n${problems.join("\n")}`);
  log(`fog e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`fog e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  await failureShots("fog", pages);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

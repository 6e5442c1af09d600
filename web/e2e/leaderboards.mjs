// The leaderboards page in real Chromium against a started `rout serve`: a player signs up and opens
// Leaderboards from the header. With E2E_DATABASE_URL (the server's database, written with psql), the
// duel board (all maps and classic) is seeded with 120 rated players and the viewer among them at rank
// 75: the table shows 50 rows with links to the players' profiles, the viewer's row is repeated under it
// and highlighted, Next shows the viewer's page with their row highlighted in place, and another mode
// shows an empty board. Without it, the empty board. axe-core (every rule) finds nothing serious or
// critical, on a desktop (1366 × 900) and a phone (390 × 844).
//
//   E2E_DATABASE_URL=postgres://... node e2e/leaderboards.mjs http://127.0.0.1:8080
//
// Environment: CHROMIUM (default /usr/bin/chromium), E2E_SHOTS (a folder: screenshots to look at).
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { axe, launch, log, PHONE, signUp, T, watch } from "./lib.mjs";

const base = process.argv[2] || "http://127.0.0.1:8080";
const db = process.env.E2E_DATABASE_URL || "";
const shots = process.env.E2E_SHOTS || "";
const began = Date.now();
if (shots) mkdirSync(shots, { recursive: true });

const browser = await launch();
const problems = [];
let failed = false;
const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const page = await ctx.newPage();
watch(page, problems);
const shot = async (p, name) => {
  if (shots) await p.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

// seed gives the viewer and 119 made-up players a duel rating (all maps and classic), the viewer 75th.
function seed(name) {
  const tag = Date.now().toString(36);
  const sql = `
    INSERT INTO users (created_at, updated_at, name, email, password_hash, notify, admin, name_key)
      SELECT now(), now(), 'rival-${tag}-' || i, 'rival-${tag}-' || i || '@example.com', '', 'none', false,
        'rival-${tag}-' || i FROM generate_series(1, 119) AS i;
    CREATE TEMP TABLE s AS SELECT u.id AS user_id,
      CASE WHEN u.name = '${name}' THEN 75.5 ELSE (row_number() OVER (ORDER BY u.id))::float END AS k
      FROM users u WHERE u.name LIKE 'rival-${tag}-%' OR u.name = '${name}';
    CREATE TEMP TABLE r AS SELECT user_id, 40 - k / 5 AS mu, CASE WHEN k > 100 THEN 7.5 ELSE 2 END AS sigma,
      1 + (k::int % 9) AS games FROM s;
    INSERT INTO ratings (created_at, updated_at, user_id, mode, family, mu, sigma, games, season_games, ordinal, public_rating)
      SELECT now(), now(), user_id, 'duel', f, mu, sigma, games, games, mu - 3 * sigma,
        GREATEST(ROUND((1000 + 48 * (mu - 3 * sigma))::numeric), 0) FROM r, (VALUES (''), ('classic')) AS fam(f);
    INSERT INTO rating_counts (mode, family, public_rating, players)
      SELECT 'duel', f, GREATEST(ROUND((1000 + 48 * (mu - 3 * sigma))::numeric), 0), count(*)
      FROM r, (VALUES (''), ('classic')) AS fam(f) GROUP BY 1, 2, 3
      ON CONFLICT (mode, family, public_rating) DO UPDATE SET players = rating_counts.players + EXCLUDED.players;`;
  execFileSync("psql", [db, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql]);
}

try {
  const name = `ranked${Date.now().toString(36).slice(-5)}`;
  await signUp(page, base, name);
  if (db) seed(name);
  await page.getByRole("link", { name: "Leaderboards" }).click();
  await page.getByRole("heading", { name: "Leaderboards" }).waitFor({ timeout: T });
  if (db) {
    const table = page.locator("table.leaderboard");
    await table.waitFor({ timeout: T });
    const rows = await table.locator("tbody tr").count();
    if (rows !== 50) throw new Error(`the first page has ${rows} rows, want 50`);
    const href = await table.locator("tbody tr").first().getByRole("link").getAttribute("href");
    if (!href?.startsWith("/players/")) throw new Error(`a player's link goes to ${href}`);
    const mine = table.locator("tfoot tr.mine");
    await mine.waitFor({ timeout: T });
    const text = await mine.textContent();
    if (!text?.includes(name) || !text.startsWith("75")) throw new Error(`the viewer's row reads ${text}`);
    log(`first page: 50 rows, the viewer's row under them: ${text}`);
    await shot(page, "leaderboards-desktop");
    await axe(page, "leaderboards");
    await page.getByRole("button", { name: "Next" }).click();
    await table.locator("tbody tr.mine").waitFor({ timeout: T });
    if ((await table.locator("tfoot").count()) !== 0) throw new Error("the viewer's row is repeated on their own page");
    log("page 2 holds the viewer's row, highlighted");
    await page.getByLabel("Maps").selectOption("classic");
    await table.locator("tbody tr").first().waitFor({ timeout: T });
    await page.getByLabel("Free-for-all").check();
  }
  await page.getByText("No one has played a rated game of this kind this season yet.").waitFor({ timeout: T });
  log("an empty board says so");
  await axe(page, "an empty leaderboard");

  // A phone.
  const phone = await browser.newContext(PHONE);
  const p2 = await phone.newPage();
  watch(p2, problems, "phone");
  await p2.goto(base + "/leaderboards");
  await p2.getByRole("heading", { name: "Leaderboards" }).waitFor({ timeout: T });
  if (db) await p2.locator("table.leaderboard tbody tr").first().waitFor({ timeout: T });
  await p2.waitForTimeout(300);
  await shot(p2, "leaderboards-phone");
  await axe(p2, "leaderboards (phone, signed out)");
  const overflow = await p2.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) throw new Error(`the phone page scrolls sideways by ${overflow}px`);

  if (problems.length > 0) throw new Error(`the page reported errors:\n${problems.join("\n")}`);
  log(`leaderboards e2e passed in ${((Date.now() - began) / 1000).toFixed(1)}s`);
} catch (e) {
  failed = true;
  console.error(`leaderboards e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  if (shots) await page.screenshot({ path: join(shots, "failure.png"), fullPage: true }).catch(() => undefined);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

// The GraphQL playground's "Upload a map" plugin in real Chromium (playwright-core; Debian's chromium),
// against a started `rout serve`: a user signed up through the API opens /playground, puts the token in
// the Headers tab, uploads a map file (e2e/fixtures/playground-map.json, as a private map) and sees its
// preview load, uploads a broken one and sees its problems with their codes and paths, imports a
// Domination map with a one-way border (refused, then made two-way with a warning), publishes a second
// version of the first map, then puts the "Start a game on this map" mutations in the editor and runs them: the game is
// created on that version and started. axe-core checks the plugin's panel.
//
//   node e2e/playground.mjs http://127.0.0.1:8080
//
// Environment as run.mjs (CHROMIUM, E2E_ARTIFACTS, E2E_HEADED=1; E2E_SCREENSHOT: save the page with the
// second version's preview there).
import { readFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, log, PASSWORD, T } from "./lib.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const base = process.argv[2] || "http://127.0.0.1:8080";
const artifacts = process.env.E2E_ARTIFACTS || join(here, "..", "e2e-artifacts");
const axeSource = readFileSync(join(here, "..", "node_modules", "axe-core", "axe.min.js"), "utf8");

async function api(query, variables, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(base + "/graphql", {
    method: "POST",
    headers,
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(T),
  });
  const body = await res.json();
  if (body.errors) throw new Error(`API errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

// A map file of the fixture's, with a key of this run's (keys are unique on a server) and a version.
const suffix = Date.now().toString(36).slice(-6);
const key = `six-isles-${suffix}`;
function mapFile(name, version) {
  const m = JSON.parse(readFileSync(join(here, "fixtures", name), "utf8"));
  if (name === "playground-map.json") Object.assign(m, { id: key, version });
  return { name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(m)) };
}

// setEditor replaces the text of the GraphiQL editor (a CodeMirror) found by selector, as a user's paste.
async function setEditor(page, selector, text) {
  const editor = page.locator(selector);
  await editor.click({ timeout: T });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.insertText(text);
  await page.waitForFunction(([s, t]) => document.querySelector(s)?.CodeMirror?.getValue() === t, [selector, text], {
    timeout: T,
  });
}

// run executes one operation of the query editor (the ▶ button asks which) and returns the parsed result
// once it says `until`.
async function run(page, operation, until) {
  await page.getByRole("button", { name: /^Execute query/ }).click({ timeout: T });
  await page.getByRole("menuitem", { name: operation }).click({ timeout: T });
  const handle = await page.waitForFunction(
    (u) => {
      const v = document.querySelector(".result-window .CodeMirror")?.CodeMirror?.getValue() ?? "";
      return v.includes(u) && v;
    },
    until,
    { timeout: T },
  );
  return JSON.parse(await handle.jsonValue());
}

const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const problems = [];
page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
page.on("console", (m) => {
  // A failed response is reported below, with its address.
  if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
    problems.push(`console error: ${m.text()}`);
});
page.on("response", async (r) => {
  if (r.status() >= 400)
    problems.push(
      `${r.status()} for ${r.request().method()} ${r.url()}: ${(await r.text().catch(() => "")).slice(0, 300)}`,
    );
});
page.on("requestfailed", (r) => {
  if (!r.url().startsWith(base) && !r.url().startsWith("blob:") && !r.url().startsWith("data:"))
    problems.push(`request to another site: ${r.url()}`);
});
let failed = false;
try {
  const name = `pg${suffix}`;
  const signUp = await api(
    "mutation($input: SignUpInput!) { signUp(input: $input) { session { token } userErrors { code message } } }",
    { input: { name, email: `${name}@example.com`, password: PASSWORD } },
  );
  const token = signUp.signUp.session?.token;
  if (!token) throw new Error(`sign-up refused: ${JSON.stringify(signUp.signUp.userErrors)}`);
  log(`signed up ${name}`);

  // The server gzips GraphiQL's 3.5 MB script on its first request, which takes a while under -race.
  await page.goto(base + "/playground", { timeout: 2 * T });
  await page.locator(".graphiql-container").waitFor({ timeout: T });
  // The Headers tab is open on arrival (defaultEditorToolsVisibility).
  await setEditor(
    page,
    ".graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror",
    JSON.stringify({ Authorization: `Bearer ${token}` }),
  );
  await page.getByRole("button", { name: "Show Upload a map" }).click({ timeout: T });
  const panel = page.locator(".rout-upload");
  await panel.waitFor({ timeout: T });

  // A valid map, private: its preview needs the token, which the panel sends.
  await panel.getByLabel("Visibility").selectOption("PRIVATE");
  await panel.getByLabel("Map file").setInputFiles(mapFile("playground-map.json", 1));
  await panel.getByRole("button", { name: "Send" }).click();
  const stored = panel.getByRole("region", { name: "Stored map" });
  await stored.getByRole("heading", { name: `Stored: ${key} version 1` }).waitFor({ timeout: T });
  const preview = stored.getByRole("img", { name: "Preview of Six Isles" });
  await preview.waitFor({ timeout: T });
  await page.waitForFunction(
    () => {
      const img = document.querySelector(".rout-preview");
      return img?.complete && img.naturalWidth > 0;
    },
    null,
    { timeout: T },
  );
  log(`uploaded ${key} version 1; preview loaded`);
  await page.evaluate(axeSource);
  const findings = await page.evaluate(async () => {
    const res = await window.axe.run(".rout-upload", {
      resultTypes: ["violations"],
      runOnly: ["wcag2a", "wcag2aa", "best-practice"],
    });
    return res.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join("; ")}`,
    );
  });
  log(`axe upload panel: ${findings.length} findings`, findings);
  if (findings.length > 0)
    throw new Error(`axe found accessibility problems in the upload panel:\n${findings.join("\n")}`);

  // A broken map: every problem, with its code and its path in the file.
  await panel.getByLabel("Map file").setInputFiles(mapFile("playground-broken.json"));
  await panel.getByRole("button", { name: "Send" }).click();
  const list = panel.getByRole("region", { name: "Problems" });
  await list.getByRole("listitem").first().waitFor({ timeout: T });
  const items = await list.getByRole("listitem").allTextContents();
  log(`broken map: ${items.length} problems:`, items);
  for (const want of [
    "DUPLICATE_IDinput.file.territories.1.id",
    "BAD_COORDINATEinput.file.territories.2.x",
    "UNKNOWN_TERRITORYinput.file.borders.1.1",
  ]) {
    if (!items.some((i) => i.startsWith(want))) throw new Error(`no problem ${want} among ${JSON.stringify(items)}`);
  }
  if ((await stored.count()) !== 0) throw new Error("the broken map shows as stored");

  // A Domination map with a one-way border: refused by default, stored with a warning when made two-way.
  const dominationFile = {
    name: "playground-oneway.map",
    mimeType: "text/plain",
    buffer: readFileSync(join(here, "fixtures", "playground-oneway.map")),
  };
  await panel.getByLabel("Mutation").selectOption("import");
  await panel.getByLabel("Format").selectOption("DOMINATION");
  await panel.getByLabel("Map key (optional)").fill(`two-shores-${suffix}`);
  await panel.getByLabel("Map file").setInputFiles(dominationFile);
  await panel.getByRole("button", { name: "Send" }).click();
  await list
    .getByRole("listitem")
    .filter({ hasText: /^ONE_WAY_BORDER/ })
    .waitFor({ timeout: T });
  await panel.getByLabel("One-way borders").selectOption("TWO_WAY");
  await panel.getByRole("button", { name: "Send" }).click();
  await stored.getByRole("heading", { name: `Stored: two-shores-${suffix} version 1` }).waitFor({ timeout: T });
  const warnings = await panel.getByRole("region", { name: "Warnings" }).getByRole("listitem").allTextContents();
  if (!warnings.some((w) => w.startsWith("ONE_WAY_BORDER")))
    throw new Error(`the import's warnings: ${JSON.stringify(warnings)}`);
  await page.waitForFunction(() => document.querySelector(".rout-preview")?.naturalWidth > 0, null, { timeout: T });
  log(`imported two-shores-${suffix}: ${warnings.length} warnings; preview loaded`);

  // A second version of the valid map, with the visibility left as it is.
  await panel.getByLabel("Mutation").selectOption("publish");
  await panel.getByLabel("Map key").fill(key);
  await panel.getByLabel("Map file").setInputFiles(mapFile("playground-map.json", 2));
  await panel.getByRole("button", { name: "Send" }).click();
  await stored.getByRole("heading", { name: `Stored: ${key} version 2` }).waitFor({ timeout: T });
  await page.waitForFunction(() => document.querySelector(".rout-preview")?.naturalWidth > 0, null, { timeout: T });
  log(`published ${key} version 2; preview loaded`);
  if (process.env.E2E_SCREENSHOT) await page.screenshot({ path: process.env.E2E_SCREENSHOT });

  // Start a game on it from the snippet the panel puts in the editor.
  await stored.getByRole("button", { name: "Start a game on this map" }).click();
  await page.waitForFunction(
    (k) =>
      document.querySelector(".graphiql-query-editor .CodeMirror")?.CodeMirror?.getValue().includes(`mapKey: "${k}"`),
    key,
    { timeout: T },
  );
  const created = await run(page, "CreateGame", '"status"');
  const game = created.data?.createGame?.game;
  if (!game || game.map.key !== key || game.map.version !== 2)
    throw new Error(`createGame answered ${JSON.stringify(created)}`);
  log(`created game ${game.id} on ${game.map.key} version ${game.map.version}`);
  await page.getByRole("button", { name: "Variables" }).click();
  await setEditor(
    page,
    ".graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror",
    JSON.stringify({ game: game.id }),
  );
  const started = await run(page, "StartGame", '"status"');
  if (started.data?.startGame?.game?.status !== "active")
    throw new Error(`startGame answered ${JSON.stringify(started)}`);
  const read = await api("query($id: ID!) { game(id: $id) { status map { key version } } }", { id: game.id }, token);
  if (read.game.status !== "active" || read.game.map.key !== key)
    throw new Error(`the game reads ${JSON.stringify(read)}`);
  log(`started game ${game.id}: ${started.data.startGame.game.phase}, turn ${started.data.startGame.game.turn}`);

  if (problems.length) throw new Error(problems.join("\n"));
  log("playground e2e passed");
} catch (e) {
  failed = true;
  console.error(`playground e2e FAILED: ${e instanceof Error ? e.stack : e}`);
  if (problems.length) console.error(problems.join("\n"));
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, "playground.png") }).catch(() => undefined);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);

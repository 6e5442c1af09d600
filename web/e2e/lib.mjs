// What the browser tests share: the browser, the wait bound, the log, a page's problems, axe-core with
// every rule, signing up through the page, requests to the API as a page's user, a map uploaded from
// fixtures/, the phone's viewport and the screenshots kept for looking at.
import { chromium } from "playwright-core";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const axeSource = readFileSync(join(here, "..", "node_modules", "axe-core", "axe.min.js"), "utf8");
const began = Date.now();

/** The bound of one wait: generous, the machine may be busy (CI runs every package at once). */
export const T = 60_000;

/** The password every test user signs up with. */
export const PASSWORD = "correct horse battery";

/** Prints a line with the seconds since the test began. */
export function log(...a) {
  console.log(`[${((Date.now() - began) / 1000).toFixed(1)}s]`, ...a);
}

/** Starts the system's Chromium (CHROMIUM, by default /usr/bin/chromium); E2E_HEADED=1 shows it. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: process.env.E2E_HEADED !== "1",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** A phone's screen: 390 × 844 CSS pixels at twice the density, with touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * Opens a browser context with a phone's screen (PHONE); given a context `as`, signed in as its user (its
 * cookies and localStorage copied).
 */
export async function phoneContext(browser, as) {
  return browser.newContext({ ...PHONE, ...(as ? { storageState: await as.storageState() } : {}) });
}

/**
 * The screenshots a script keeps to be looked at, in the folder E2E_SHOTS names (made when missing):
 * returns shot(target, name, { fullPage }), which writes `{prefix}-{name}.png` of a page or of one part of
 * it (a locator), and does nothing without E2E_SHOTS; shot.on says whether screenshots are kept.
 */
export function screenshots(prefix) {
  const dir = process.env.E2E_SHOTS || "";
  if (dir) mkdirSync(dir, { recursive: true });
  const shot = async (target, name, { fullPage = false } = {}) => {
    if (dir) await target.screenshot({ path: join(dir, `${prefix}-${name}.png`), ...(fullPage ? { fullPage } : {}) });
  };
  shot.on = dir !== "";
  return shot;
}

/**
 * Keeps a screenshot of each page of `pages` (by name), the whole page, in the folder of a failure's
 * screenshots (E2E_ARTIFACTS, by default web/e2e-artifacts), as {prefix}-{name}.png.
 */
export async function failureShots(prefix, pages) {
  const dir = process.env.E2E_ARTIFACTS || join(here, "..", "e2e-artifacts");
  mkdirSync(dir, { recursive: true });
  for (const [name, page] of Object.entries(pages))
    await page.screenshot({ path: join(dir, `${prefix}-${name}.png`), fullPage: true }).catch(() => undefined);
}

/**
 * Uploads fixtures/{fixture} as a private map of the page's signed-in user, with the id and name given (a
 * key no other run has); returns the map as uploaded, or throws when the server refused it.
 */
export async function uploadMap(page, fixture, { id, name }) {
  const map = { ...JSON.parse(readFileSync(join(here, "fixtures", fixture), "utf8")), id, name };
  const uploaded = await page.evaluate(async (file) => {
    const body = new FormData();
    body.append(
      "operations",
      JSON.stringify({
        query:
          "mutation($input: UploadMapInput!) { uploadMap(input: $input) { map { key } userErrors { code message } } }",
        variables: { input: { file: null, visibility: "PRIVATE" } },
      }),
    );
    body.append("map", JSON.stringify({ 0: ["variables.input.file"] }));
    body.append("0", new Blob([file], { type: "application/json" }), "map.json");
    const r = await fetch("/graphql", {
      method: "POST",
      headers: { Authorization: `Bearer ${localStorage.getItem("rout.session")}` },
      body,
    });
    return (await r.json()).data?.uploadMap;
  }, JSON.stringify(map));
  if (!uploaded?.map) throw new Error(`the map ${fixture} was not uploaded: ${JSON.stringify(uploaded)}`);
  log(`map ${uploaded.map.key} uploaded`);
  return map;
}

/**
 * Records into `problems` what a page should never do: a script error, an answer of 400 or more (icons
 * aside), an error on the console. `quiet`, when given and true, mutes the console (offline on purpose).
 */
export function watch(page, problems, name = "page", quiet = () => false) {
  page.on("pageerror", (e) => problems.push(`${name}: page error: ${e.message}`));
  page.on("response", async (r) => {
    if (r.status() >= 400 && !r.url().endsWith(".svg"))
      problems.push(
        `${name}: ${r.status()} for ${r.request().method()} ${r.url()}: ${(await r.text().catch(() => "")).slice(0, 300)}`,
      );
  });
  page.on("console", (m) => {
    if (quiet() || m.type() !== "error") return;
    if (/Failed to load resource: the server responded with a status of 404/.test(m.text())) return;
    problems.push(`${name}: console error: ${m.text()}`);
  });
}

/** Runs axe-core with every rule it has on the page; throws on a serious or critical finding. */
export async function axe(page, screen) {
  // The page's policy refuses inline scripts, as it should: axe is evaluated by the test driver.
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  const r = await page.evaluate(async () => {
    // Every rule, not only those of some tags: the experimental ones (label-content-name-mismatch, ...)
    // are off by default and run only when named.
    const all = window.axe.getRules().map((x) => x.ruleId);
    const res = await window.axe.run(document, { resultTypes: ["violations"], runOnly: { type: "rule", values: all } });
    return res.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join("; ")}`,
    );
  });
  const serious = r.filter((v) => /\((serious|critical)\)/.test(v));
  log(`axe ${screen}: ${r.length} findings, ${serious.length} serious or critical`);
  for (const v of r) log(`  ${v}`);
  if (serious.length > 0)
    throw new Error(`axe found serious accessibility problems on ${screen}:\n${serious.join("\n")}`);
}

/**
 * Signs `name` up through the page at `base` and waits for their lobby; `filled`, when given, runs on the
 * filled form before it is sent (an accessibility check, a screenshot).
 */
export async function signUp(page, base, name, filled) {
  await page.goto(base + "/");
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Display name").fill(name);
  await page.getByLabel("Email").fill(`${name}@example.com`);
  await page.getByLabel("Password").fill(PASSWORD);
  if (filled) await filled();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { name: /My games/ }).waitFor({ timeout: T });
}

/** Runs a GraphQL request as the page's signed-in user; answers the response as it is. */
export function request(page, query, variables) {
  return page.evaluate(
    async ([query, variables]) => {
      const res = await fetch("/graphql", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${localStorage.getItem("rout.session")}`,
        },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
    [query, variables],
  );
}

/** Runs a GraphQL request as the page's signed-in user and answers its data; throws on an error. */
export async function api(page, query, variables) {
  const r = await request(page, query, variables);
  if (r.errors?.length) throw new Error(`API: ${JSON.stringify(r.errors)}`);
  return r.data;
}

/** Whether a request to the API sends a mutation (its document may begin with its fragments). */
function isMutation(req) {
  try {
    return /(^|\n)\s*mutation\b/.test(JSON.parse(req.postData() ?? "{}").query ?? "");
  } catch {
    return false;
  }
}
const isActionsRead = (req) => (req.postData() ?? "").includes('"operationName":"GameActions"');

/**
 * Clicks a control that sends a command and waits until the page read the viewer's actions again after the
 * command's answer: the read the command itself makes, never one that was already on its way when the
 * click came (its actions, from before the command, would offer what the command just used up).
 */
export async function command(page, locator, { timeout = T } = {}) {
  let answered = false;
  let resolve;
  const read = new Promise((ok) => (resolve = ok));
  const onResponse = (r) => {
    if (r.url().endsWith("/graphql") && isMutation(r.request())) answered = true;
  };
  const onRequest = (req) => {
    if (answered && req.url().endsWith("/graphql") && isActionsRead(req))
      void req
        .response()
        .then((r) => r?.finished())
        .then(resolve, resolve);
  };
  page.on("response", onResponse);
  page.on("request", onRequest);
  try {
    await locator.click({ timeout });
    let timer;
    const late = new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error("the actions were not read again after the command")), T);
    });
    await Promise.race([read, late]).finally(() => clearTimeout(timer));
  } finally {
    page.off("response", onResponse);
    page.off("request", onRequest);
  }
}

/** The "Attack from" button of the player's territory with the most armies (3 or more), or null. */
export async function strongestSource(page) {
  const rows = page.locator(".territory-table tbody tr", { has: page.getByRole("button", { name: /^Attack from / }) });
  const n = await rows.count();
  let best = null;
  let most = 0;
  for (let i = 0; i < n; i++) {
    const armies = parseInt((await rows.nth(i).locator("td.num").textContent()) ?? "0", 10);
    if (armies > most) [best, most] = [rows.nth(i).getByRole("button", { name: /^Attack from / }), armies];
  }
  return most >= 3 ? best : null;
}

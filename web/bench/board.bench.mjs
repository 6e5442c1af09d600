// The board benchmark: the first paint of the board and the time to apply one event, in real Chromium,
// on the classic map (the baseline) and on a generated 5,000-territory map, in the same run.
//
//   node web/bench/board.bench.mjs [--runs 5] [--events 60] [--profile] [--screenshots DIR]
//   node web/bench/board.bench.mjs --check-input    (the board's pointer and keyboard input, pass or fail)
//   node web/bench/board.bench.mjs --gestures   (pan and zoom frames, against a baseline)
//
// --gestures drives real input (mouse wheel in and out, a drag) on each map, twice: as the board does it
// (the layers move as one composited element during the gesture and are redrawn once at its end) and, as
// the baseline in the same run, with the SVG transform set on every frame (gestureLayer: false). A frame's
// time is the main thread's work from one input to the frame that shows it, plus the raster threads'; the
// redraw at the gesture's end (the "settle" frame) is reported apart.
//
// It writes the maps with their shapes and sea crossings, as the API's GameMap gives them, with
// `go run ./cmd/rout maps ... --shapes` (from the repository), builds bench/board.html with Vite,
// serves it on 127.0.0.1, and drives it with playwright-core and the system's Chromium (CHROMIUM, by default
// /usr/bin/chromium). An event's time is the renderer main thread's work from the event's arrival to the
// frame that shows it (script, style, layout, paint: read from a Chromium trace), without the wait for the
// frame itself; the script part alone is printed beside it.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { build } from "vite";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const RUNS = opt("runs", 5);
const EVENTS = opt("events", 60);
const MAPS = [
  { name: "classic", cmd: ["maps", "export", "--shapes", "classic"] },
  { name: "generated-5000", cmd: ["maps", "generate", "--territories", "5000", "--seed", "1", "--shapes"] },
];

function fixtures() {
  const dir = join(here, "dist", "fixtures");
  mkdirSync(dir, { recursive: true });
  for (const m of MAPS) {
    const cache = join(here, "fixtures", `${m.name}.shapes.json`);
    if (!existsSync(cache)) {
      mkdirSync(dirname(cache), { recursive: true });
      const out = execFileSync("go", ["run", "./cmd/rout", ...m.cmd], { cwd: repo, maxBuffer: 1 << 28 });
      writeFileSync(cache, out);
    }
    writeFileSync(join(dir, `${m.name}.json`), readFileSync(cache));
  }
}

function serve(root) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(root, path === "/" ? "board.html" : path);
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];

/**
 * For each window between marks `${prefix}-start-i` and `${prefix}-end-i`: the wall time, the renderer main
 * thread's CPU time (its top-level tasks' thread time, pro rata where a task straddles the window) and the
 * raster threads' CPU time (until the next window starts), in ms. CPU times do not count the waits of a busy machine; wall times do.
 */
function windows(events, prefix) {
  const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const marks = new Map();
  for (const e of events)
    if (e.cat?.includes("blink.user_timing") && e.name.startsWith(`${prefix}-`)) marks.set(e.name, e.ts);
  // Outermost tasks of the main thread.
  const tasks = [];
  let outerEnd = -1;
  for (const e of events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.name === "RunTask")
    .sort((a, b) => a.ts - b.ts)) {
    if (e.ts + e.dur <= outerEnd) continue;
    tasks.push(e);
    outerEnd = e.ts + e.dur;
  }
  const raster = events.filter((e) => e.pid === main.pid && e.ph === "X" && e.name === "RasterTask");
  const out = [];
  for (let i = 0; marks.has(`${prefix}-start-${i}`); i++) {
    const s = marks.get(`${prefix}-start-${i}`);
    const end = marks.get(`${prefix}-end-${i}`);
    let cpu = 0;
    for (const t of tasks) {
      const overlap = Math.min(end, t.ts + t.dur) - Math.max(s, t.ts);
      if (overlap > 0) cpu += (t.tdur ?? t.dur) * (t.dur > 0 ? overlap / t.dur : 1);
    }
    // Raster runs on other threads after the commit: count it until the next window starts.
    const until = marks.get(`${prefix}-start-${i + 1}`) ?? end + 100_000;
    let rcpu = 0;
    for (const t of raster) if (t.ts >= s && t.ts < until) rcpu += t.tdur ?? t.dur;
    out.push({ wall: (end - s) / 1000, cpu: cpu / 1000, raster: rcpu / 1000 });
  }
  return out;
}

/**
 * The board's input in a real browser (what jsdom cannot show: stacked layers, hit testing, d3-zoom):
 * clicks pick the territory under the pointer, hovering shows its tooltip, the wheel zooms, a drag pans
 * without picking, arrow keys move the focus and Enter picks. Returns the failures.
 */
async function checkInput(browser, url, map) {
  const failures = [];
  const expect = (ok, what) => {
    if (!ok) failures.push(`${map}: ${what}`);
  };
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await p.goto(url);
  await p.waitForFunction(() => window.bench !== undefined);
  await p.evaluate((m) => window.bench.load(m), map);
  await p.evaluate(() => window.bench.firstPaint(0));
  await p.evaluate(() => {
    window.picked = [];
    window.bench.board().onSelect((k) => window.picked.push(k));
  });
  // Screen positions of territories from their label points (a cell holds its label point).
  const targets = await p.evaluate(() => {
    const b = window.bench.board();
    const s = b.state;
    const box = b.renderer.root.getBoundingClientRect();
    const ppu = Math.min(box.width / s.canvas.width, box.height / s.canvas.height);
    const ox = (box.width - s.canvas.width * ppu) / 2;
    const oy = (box.height - s.canvas.height * ppu) / 2;
    return [0, Math.floor(s.n / 3), Math.floor(s.n / 2), s.n - 1].map((i) => ({
      key: s.keys[i],
      name: b.state.geometry.territories[i].name,
      x: box.left + ox + (s.xs[i] - s.canvas.x) * ppu,
      y: box.top + oy + (s.ys[i] - s.canvas.y) * ppu,
    }));
  });
  for (const t of targets) await p.mouse.click(t.x, t.y);
  const picked = await p.evaluate(() => window.picked.splice(0));
  expect(
    JSON.stringify(picked) === JSON.stringify(targets.map((t) => t.key)),
    `clicks picked ${picked}, not ${targets.map((t) => t.key)}`,
  );
  await p.mouse.move(targets[2].x + 1, targets[2].y + 1);
  await p.waitForFunction(() => !window.bench.board().renderer.tooltip.hidden, null, { timeout: 5000 }).catch(() => {});
  const tip = await p.evaluate(() => window.bench.board().renderer.tooltip.textContent);
  expect(tip.includes(targets[2].name) && tip.includes("Borders"), `hover tooltip says ${JSON.stringify(tip)}`);
  const transform = () => p.evaluate(() => window.bench.board().renderer.views[0].getAttribute("transform"));
  await p.mouse.wheel(0, -400);
  await p
    .waitForFunction(
      () => /scale\((?!1\.0+\))/.test(window.bench.board().renderer.views[0].getAttribute("transform") ?? ""),
      null,
      { timeout: 5000 },
    )
    .catch(() => {});
  const zoomed = await transform();
  expect(/scale\(1\.[1-9]|scale\([2-9]/.test(zoomed ?? ""), `the wheel did not zoom in (${zoomed})`);
  await p.mouse.move(640, 400);
  await p.mouse.down();
  await p.mouse.move(500, 300, { steps: 5 });
  await p.mouse.up();
  const panned = await transform();
  expect(panned !== zoomed, "a drag did not pan");
  expect((await p.evaluate(() => window.picked.length)) === 0, "a drag picked a territory");
  await p.evaluate(() => {
    const b = window.bench.board();
    b.resetZoom();
    b.setFocus(b.state.keys[Math.floor(b.state.n / 2)], true);
  });
  const before = await p.evaluate(() => document.activeElement?.id);
  await p.keyboard.press("ArrowRight");
  const after = await p.evaluate(() => document.activeElement?.id);
  expect(before !== after && /-t\d+$/.test(after ?? ""), `ArrowRight moved the focus from ${before} to ${after}`);
  await p.keyboard.press("Enter");
  const entered = await p.evaluate(() => window.picked.splice(0));
  const focusedKey = await p.evaluate(() => window.bench.board().state.keys[window.bench.board().state.focus]);
  expect(entered.length === 1 && entered[0] === focusedKey, `Enter picked ${entered}, not ${focusedKey}`);
  await p.close();
  return failures;
}

/** One pass of gestures on a fresh page: the frame windows of wheel and drag steps, and the settle frames. */
async function gestureFrames(browser, url, map) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.waitForFunction(() => window.bench !== undefined);
  await page.evaluate((name) => window.bench.load(name), map);
  await page.evaluate(() => window.bench.firstPaint(0));
  await page.mouse.move(640, 400);
  await page.evaluate(() => window.bench.painted());
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "blink.user_timing", "toplevel", "disabled-by-default-devtools.timeline"],
  });
  let f = 0;
  let settle = 0;
  const step = async (input) => {
    await page.evaluate((i) => window.bench.mark(`gf-start-${i}`), f);
    await input();
    await page.evaluate(() => window.bench.painted());
    await page.evaluate((i) => window.bench.mark(`gf-end-${i}`), f++);
  };
  const settled = async () => {
    // d3-zoom ends a wheel gesture 150 ms after the last wheel event: the board redraws then.
    await page.evaluate((i) => window.bench.mark(`gs-start-${i}`), settle);
    await page.waitForTimeout(250);
    await page.evaluate(() => window.bench.painted());
    await page.evaluate((i) => window.bench.mark(`gs-end-${i}`), settle++);
  };
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 10; i++) await step(() => page.mouse.wheel(0, -120));
    await settled();
    await page.mouse.down();
    for (let i = 0; i < 20; i++)
      await step(() => page.mouse.move(640 + (i + 1) * 12 * (round ? -1 : 1), 400 + (i + 1) * 6));
    await page.mouse.up();
    await settled();
    for (let i = 0; i < 10; i++) await step(() => page.mouse.wheel(0, 120));
    await settled();
    await page.mouse.move(640, 400);
  }
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await page.close();
  return { frames: windows(events, "gf"), settles: windows(events, "gs") };
}

async function gestures(browser, url) {
  const q = (xs, p) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  };
  const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  const rows = [];
  for (const m of MAPS) {
    for (const mode of ["svg", "layer"]) {
      const { frames, settles } = await gestureFrames(browser, `${url}&gesture=${mode}`, m.name);
      const t = frames.map((w) => w.cpu + w.raster);
      const st = settles.map((w) => w.cpu + w.raster);
      rows.push({
        map: m.name,
        mode,
        n: t.length,
        p50: q(t, 0.5),
        p95: q(t, 0.95),
        max: Math.max(...t),
        settle: q(st, 0.5),
        settleMax: Math.max(...st),
      });
    }
  }
  console.log("board gestures: wheel zoom in and out and a drag, twice; per frame: main thread + raster CPU");
  console.log("| map | gesture frames | frames | p50 | p95 | max | settle: median, max |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) {
    console.log(
      `| ${r.map} | ${r.mode === "svg" ? "SVG transform each frame (baseline)" : "one composited layer"} | ${r.n} | ${f(r.p50)} ms | ${f(r.p95)} ms | ${f(r.max)} ms | ${r.mode === "svg" ? "-" : `${f(r.settle)} ms, ${f(r.settleMax)} ms`} |`,
    );
  }
  for (const m of MAPS) {
    const [b, l] = rows.filter((r) => r.map === m.name);
    console.log(
      `${m.name}: layer / baseline p95 ${(l.p95 / b.p95).toFixed(2)}x; every gesture frame under 16 ms: ${l.max < 16 ? "yes" : "no"} (max ${f(l.max)} ms)`,
    );
  }
}

async function main() {
  await build({ configFile: join(here, "vite.config.ts") });
  fixtures();
  const server = await serve(join(here, "dist"));
  const url = `http://127.0.0.1:${server.address().port}/board.html?patterns=${args.includes("--no-patterns") ? 0 : 1}&tile=${opt("tile", 0)}${args.includes("--no-sea") ? "&sea=0" : ""}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    timeout: 60_000,
  });
  const results = [];
  try {
    if (args.includes("--gestures")) {
      await gestures(browser, url);
      return;
    }
    if (args.includes("--check-input")) {
      const failures = [];
      for (const m of MAPS) failures.push(...(await checkInput(browser, url, m.name)));
      for (const f of failures) console.error(`FAIL ${f}`);
      console.log(
        `board input: ${MAPS.length - new Set(failures.map((f) => f.split(":")[0])).size} passed, ${new Set(failures.map((f) => f.split(":")[0])).size} failed`,
      );
      if (failures.length) process.exitCode = 1;
      return;
    }
    for (const m of MAPS) {
      let page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(url);
      await page.waitForFunction(() => window.bench !== undefined);
      const n = await page.evaluate((name) => window.bench.load(name), m.name);
      if (args.includes("--profile")) {
        // Where the board's first paint goes, by part (wall times, so only indicative on a busy machine).
        for (const patterns of [true, false]) {
          const p = await page.evaluate((patterns) => window.bench.profile(patterns), patterns);
          console.error(
            `${m.name} profile, patterns ${patterns}:`,
            JSON.stringify(p, (k, v) => (typeof v === "number" ? Math.round(v) : v)),
          );
        }
      }
      const categories = [
        "devtools.timeline",
        "blink.user_timing",
        "toplevel",
        "disabled-by-default-devtools.timeline",
      ];
      await browser.startTracing(page, { categories });
      for (let r = 0; r < RUNS; r++) await page.evaluate((r) => window.bench.firstPaint(r), r);
      const paintTrace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
      await page.close();
      // The events on a fresh page whose board was drawn without tracing: once a page has been traced,
      // Chromium keeps instrumenting it (more than doubling a 5,000-territory board's layerization).
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(url);
      await page.waitForFunction(() => window.bench !== undefined);
      await page.evaluate((name) => window.bench.load(name), m.name);
      await page.evaluate((r) => window.bench.firstPaint(r), RUNS);
      await browser.startTracing(page, { categories });
      // Events: battle rolls, conquests and placements (one or two territories), first with the whole map in
      // view, then zoomed in twice as far (with army counts on a big map); then one resignation.
      const scripts = [];
      for (let i = 0; i < 2 * EVENTS; i++) {
        if (i === EVENTS) {
          await page.evaluate(() => window.bench.zoomTo(2));
          const shots = args.indexOf("--screenshots");
          if (shots >= 0) await page.screenshot({ path: join(args[shots + 1], `board-${m.name}-zoomed.png`) });
        }
        scripts.push((await page.evaluate((i) => window.bench.applyOne(i, "battle"), i)).script);
      }
      const resign = await page.evaluate((i) => window.bench.applyOne(i, "resign"), 2 * EVENTS);
      await page.evaluate(() => window.bench.zoomTo(1));
      // Zooming in twice as far: the first time makes the army counts, the next ones only redraw.
      let labelsShown = true;
      for (let z = 0; z < 4; z++)
        labelsShown = (await page.evaluate((z) => window.bench.zoomIn(z, 2), z)) && labelsShown;
      const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
      const shots = args.indexOf("--screenshots");
      if (shots >= 0) await page.screenshot({ path: join(args[shots + 1], `board-${m.name}.png`) });
      if (args.includes("--breakdown")) {
        // Which steps the main thread spends an event's time on (thread time, summed over the events).
        const main = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
        const marks = new Map(events.filter((e) => e.cat?.includes("blink.user_timing")).map((e) => [e.name, e.ts]));
        for (const [prefix, n] of [["ev", 2 * EVENTS]]) {
          const by = {};
          for (let i = 0; i < n; i++) {
            const s = marks.get(`${prefix}-start-${i}`);
            const end = marks.get(`${prefix}-end-${i}`);
            for (const e of events) {
              if (
                e.pid === main.pid &&
                e.tid === main.tid &&
                e.ph === "X" &&
                e.ts >= s &&
                e.ts + e.dur <= end &&
                e.name !== "RunTask" &&
                e.name !== "ThreadControllerImpl::RunTask"
              ) {
                by[e.name] = (by[e.name] ?? 0) + (e.tdur ?? e.dur) / 1000 / n;
              }
            }
          }
          if (prefix === "ev") {
            const s0 = marks.get("ev-start-3"),
              e0 = marks.get("ev-end-3");
            for (const e of events)
              if (
                e.ts >= s0 &&
                e.ts <= e0 &&
                e.pid === main.pid &&
                ["Paint", "PaintImage", "Layerize", "PrePaint"].includes(e.name)
              )
                console.error(e.name, e.tdur, JSON.stringify(e.args).slice(0, 300));
          }
          console.error(
            `${m.name} ${prefix} per window:`,
            Object.entries(by)
              .sort((a, b) => b[1] - a[1])
              .slice(0, 10)
              .map(([k, v]) => `${k}=${v.toFixed(2)}`)
              .join(" "),
          );
        }
      }
      if (args.includes("--breakdown")) {
        const names = {};
        for (const e of events)
          if (/raster/i.test(e.name) && e.ph === "X")
            names[
              `${e.name}@${e.pid === events.find((x) => x.name === "thread_name" && x.args?.name === "CrRendererMain")?.pid ? "renderer" : e.pid}`
            ] =
              (names[
                `${e.name}@${e.pid === events.find((x) => x.name === "thread_name" && x.args?.name === "CrRendererMain")?.pid ? "renderer" : e.pid}`
              ] ?? 0) + 1;
        console.error(`${m.name} raster events:`, JSON.stringify(names));
      }
      const paints = windows(paintTrace, "fp");
      const evs = windows(events, "ev");
      const ev = evs.slice(0, 2 * EVENTS);
      const zooms = windows(events, "zm");
      await page.close();
      results.push({
        map: m.name,
        territories: n,
        paintWall: median(paints.map((p) => p.wall)),
        paintCpu: median(paints.map((p) => p.cpu)),
        paintRaster: median(paints.map((p) => p.raster)),
        eventWall: median(ev.map((e) => e.wall)),
        eventCpu: median(ev.map((e) => e.cpu)),
        eventCpu95: p95(ev.map((e) => e.cpu)),
        eventRaster: median(ev.map((e) => e.raster)),
        script: median(scripts),
        eventCpuZoomed: median(evs.slice(EVENTS, 2 * EVENTS).map((e) => e.cpu)),
        resignCpu: evs[2 * EVENTS].cpu,
        resignTouched: resign.touched,
        zoomFirst: zooms[0].cpu,
        zoomNext: median(zooms.slice(1).map((z) => z.cpu)),
        labelsShown,
      });
    }
  } finally {
    await browser.close();
    server.close();
  }
  const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  console.log(
    `board benchmark: ${RUNS} first paints and 2 × ${EVENTS} events per map, medians; CPU: renderer main thread (raster threads apart)`,
  );
  console.log(
    "| map | territories | first paint: CPU (raster) | first paint: wall | event: CPU (raster) | event CPU p95 | event CPU, zoomed ×2 | event script | resignation: CPU (territories) | zoom ×2: first, next |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of results) {
    console.log(
      `| ${r.map} | ${r.territories} | ${f(r.paintCpu)} ms (${f(r.paintRaster)} ms) | ${f(r.paintWall)} ms | ${f(r.eventCpu)} ms (${f(r.eventRaster)} ms) | ` +
        `${f(r.eventCpu95)} ms | ${f(r.eventCpuZoomed)} ms | ${f(r.script)} ms | ${f(r.resignCpu)} ms (${r.resignTouched}) | ${f(r.zoomFirst)} ms, ${f(r.zoomNext)} ms${r.labelsShown ? "" : " (no army counts)"} |`,
    );
  }
  const [base, big] = results;
  console.log(
    `ratios 5,000 / classic (same run): first paint CPU ${(big.paintCpu / base.paintCpu).toFixed(1)}x, event CPU ${(big.eventCpu / base.eventCpu).toFixed(2)}x`,
  );
  console.log(
    `goals (CPU): first paint under 1000 ms: ${big.paintCpu + big.paintRaster < 1000 ? "met" : "not met"} (main + raster); an event under 16 ms: ${big.eventCpu95 + big.eventRaster < 16 ? "met" : "not met"} (p95 + raster)`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

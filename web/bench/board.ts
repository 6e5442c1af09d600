// The page the board benchmark drives (board.bench.mjs): it draws a map with the board module and applies
// events through the client state's reducers, timing both. Everything runs from the page's own origin.

import { createBoard, type Board } from "../src/board/api";
import { resolveConfig } from "../src/board/config";
import { geometryFromMapFile, type MapFile } from "../src/board/geometry";
import { createState } from "../src/board/state";
import { applyEvent, fromSnapshot } from "../src/state/game";
import type { ClientGame, ServerEvent } from "../src/state/types";

const COLORS = ["red", "blue", "green", "yellow", "purple", "orange"];

// A small deterministic generator (mulberry32), so every run plays the same events.
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const frame = () => new Promise<void>((res) => requestAnimationFrame(() => res()));
/** Resolves after the next frame has been produced (the second rAF runs after the first one's paint). */
const painted = async () => {
  await frame();
  await frame();
};

let file: MapFile;
let board: Board | null = null;
let game: ClientGame;
let rand = rng(1);
let neighbours: number[][] = [];

async function load(name: string): Promise<number> {
  const res = await fetch(`./fixtures/${name}.json`);
  file = (await res.json()) as MapFile;
  return file.territories.length;
}

/** Draws the board from scratch; returns the milliseconds until the first frame with it was produced. */
async function firstPaint(run: number): Promise<number> {
  board?.destroy();
  board = null;
  await painted();
  rand = rng(1);
  const el = document.getElementById("board")!;
  performance.mark(`fp-start-${run}`);
  const t0 = performance.now();
  const geometry = geometryFromMapFile(file);
  if (location.search.includes("sea=0")) geometry.seaLines = [];
  const owners = geometry.territories.map((_, i) => i % COLORS.length);
  const armies = geometry.territories.map(() => 1 + Math.floor(rand() * 8));
  const seats = COLORS.map((color, seat) => ({ seat, color, name: color }));
  board = createBoard(el, {
    geometry,
    seats,
    patterns: !location.search.includes("patterns=0"),
    tileSize: Number(new URLSearchParams(location.search).get("tile")) || undefined,
    gestureLayer: !location.search.includes("gesture=svg"),
    territories: owners.map((owner, i) => ({ owner, neutral: false, armies: armies[i] })),
  });
  await painted();
  const ms = performance.now() - t0;
  performance.mark(`fp-end-${run}`);
  const index = new Map(geometry.territories.map((t, i) => [t.key, i]));
  neighbours = geometry.territories.map((t) => t.neighbours.map((k) => index.get(k)!));
  game = fromSnapshot({
    seq: 0,
    turn: 1,
    phase: "attack",
    status: "active",
    currentSeat: 0,
    cardSystem: "classic",
    ttbPercent: 6,
    seats: seats.map((s) => ({
      seat: s.seat,
      color: s.color,
      cpu: false,
      status: "active",
      territories: owners.filter((o) => o === s.seat).length,
      armies: armies.reduce((a, x, i) => a + (owners[i] === s.seat ? x : 0), 0),
      cardCount: 0,
    })),
    fog: "none",
    board: geometry.territories.map((t, i) => ({
      key: t.key,
      name: t.name,
      owner: owners[i],
      neutral: false,
      armies: armies[i],
      sight: "full",
    })),
  });
  return ms;
}

/** The next event: a battle roll between two neighbours of different owners (every other one a conquest), or a placement. */
function nextEvent(): ServerEvent {
  const seq = game.seq + 1;
  for (;;) {
    const from = Math.floor(rand() * game.board.length);
    const f = game.board[from];
    if (f.owner === null) continue;
    const ns = neighbours[from].filter((j) => game.board[j].owner !== f.owner && game.board[j].owner !== null);
    if (ns.length === 0) continue;
    const to = ns[Math.floor(rand() * ns.length)];
    const t = game.board[to];
    if (seq % 2 === 0) {
      // A conquest: the territory changes owner (a new fill), with the armies moved in.
      return {
        seq,
        turn: 1,
        seat: f.owner,
        kind: "territory_conquered",
        payload: { from, to, player: f.owner, previous: t.owner, minArmies: 1 },
        phase: "attack",
        currentSeat: f.owner,
        territories: [{ index: to, owner: f.owner, neutral: false, armies: 1, sight: "full" }],
      };
    }
    if (f.armies! < 3 || t.armies! < 2) {
      return {
        seq,
        turn: 1,
        seat: f.owner,
        kind: "armies_placed",
        payload: { player: f.owner, placements: [{ territory: from, armies: 6 }] },
        phase: "attack",
        currentSeat: f.owner,
        territories: [{ index: from, owner: f.owner, neutral: false, armies: f.armies! + 6, sight: "full" }],
      };
    }
    return {
      seq,
      turn: 1,
      seat: f.owner,
      kind: "battle_rolled",
      payload: {
        from,
        to,
        attacker: f.owner,
        defender: t.owner,
        attackDice: [6, 5, 2],
        defendDice: [6, 1],
        attackerLosses: 1,
        defenderLosses: 1,
      },
      phase: "attack",
      currentSeat: f.owner,
      territories: [
        {
          index: Math.min(from, to),
          owner: game.board[Math.min(from, to)].owner,
          neutral: false,
          armies: game.board[Math.min(from, to)].armies! - 1,
          sight: "full",
        },
        {
          index: Math.max(from, to),
          owner: game.board[Math.max(from, to)].owner,
          neutral: false,
          armies: game.board[Math.max(from, to)].armies! - 1,
          sight: "full",
        },
      ],
      dice: { attacker: [6, 5, 2], defender: [6, 1] },
    };
  }
}

/** The event a resignation makes: every territory of seat 5 turns neutral (the heaviest common event). */
function resignation(): ServerEvent {
  const territories = game.board.flatMap((t, index) =>
    t.owner === 5 ? [{ index, owner: null, neutral: true, armies: t.armies, sight: "full" as const }] : [],
  );
  return {
    seq: game.seq + 1,
    turn: 1,
    seat: 5,
    kind: "player_resigned",
    payload: { player: 5, cardCount: 0 },
    phase: "attack",
    currentSeat: 0,
    territories,
  };
}

/**
 * Applies one event as the game screen does (reducer, then the board for the territories that changed) and
 * waits for the frame that shows it. Returns the script time; the benchmark reads the frame's main-thread
 * work from a trace between the marks.
 */
async function applyOne(i: number, kind: "battle" | "resign"): Promise<{ script: number; touched: number }> {
  const ev = kind === "resign" ? resignation() : nextEvent();
  performance.mark(`ev-start-${i}`);
  const t0 = performance.now();
  const r = applyEvent(game, ev);
  if (r.status !== "applied") throw new Error(`event ${ev.seq}: ${r.status}`);
  game = r.state;
  board!.setState(r.changed.map((index) => ({ index, ...game.board[index] })));
  const script = performance.now() - t0;
  await painted();
  performance.mark(`ev-end-${i}`);
  return { script, touched: r.changed.length };
}

/** Where the first paint's time goes: the board's script parts, then the browser's work until painted. */
async function profile(patterns = true): Promise<Record<string, number>> {
  board?.destroy();
  board = null;
  await painted();
  const el = document.getElementById("board")!;
  const out: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    out[name] = now - t;
    t = now;
  };
  const geometry = geometryFromMapFile(file);
  lap("geometry");
  const c = resolveConfig({ geometry, seats: COLORS.map((color, seat) => ({ seat, color, name: color })) });
  createState(c);
  lap("state");
  board = createBoard(el, {
    geometry,
    seats: c.seats,
    patterns,
    territories: geometry.territories.map((_, i) => ({ owner: i % 6, neutral: false, armies: 3 })),
  });
  lap("createBoard (markup, DOM)");
  el.getBoundingClientRect();
  lap("style and layout");
  await painted();
  lap("to painted");
  return out;
}

/**
 * Zooms in by `factor` and waits for the frame (run 0 on a big map also makes the army counts), then back.
 * Returns whether the army counts show at that zoom.
 */
async function zoomIn(run: number, factor: number): Promise<boolean> {
  await painted();
  performance.mark(`zm-start-${run}`);
  board!.zoomBy(factor);
  await painted();
  performance.mark(`zm-end-${run}`);
  const shown = !board!.renderer.root.classList.contains("rb-nolabels");
  board!.resetZoom();
  await painted();
  return shown;
}

/** Sets the zoom: `factor` times the whole map (1: all of it). */
async function zoomTo(factor: number): Promise<void> {
  board!.resetZoom();
  if (factor !== 1) board!.zoomBy(factor);
  await painted();
}

declare global {
  interface Window {
    bench: {
      load: typeof load;
      firstPaint: typeof firstPaint;
      applyOne: typeof applyOne;
      profile: typeof profile;
      zoomIn: typeof zoomIn;
      zoomTo: typeof zoomTo;
      board: () => Board | null;
      mark: typeof mark;
      painted: typeof painted;
    };
  }
}
/** A user-timing mark (the Node side drives real input between two of them). */
function mark(name: string): void {
  performance.mark(name);
}

window.bench = { load, firstPaint, applyOne, profile, zoomIn, zoomTo, board: () => board, mark, painted };

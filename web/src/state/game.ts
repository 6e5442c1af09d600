// Events in, state out: one reducer per server event kind, applied by sequence number.
//
// The reducers mirror the engine's fold of its own events (rules.Evolve) for what a client shows: owners,
// armies, the seats' counts and hands, the phase, the reserve and the trade counter. They never decide
// what is legal (that comes from Game.viewerActions). A LiveEvent also carries the state it left on the
// territories it touched, the phase and the seat to move; those are taken as they are, so a client that
// follows gameEvents stays exact even where a payload alone could not tell (such as a snapshot without
// the reserve).
//
// Under fog of war (docs/rules.md, "Fog of war") the events are the viewer's own view of the game: a
// territory they cannot see is -1 in a payload, a player -4, a hidden number -1, and `view_changed` carries
// only territories whose sight changed. The reducers apply what a payload shows and leave the rest to the
// live event's territories; a seat's counts become null (unknown) once fog hides what they count.

import type { TeamView } from "./teams";
import type {
  Battle,
  ClientGame,
  LiveTerritory,
  MapInfo,
  Phase,
  SeatView,
  ServerEvent,
  Sight,
  TerritoryView,
} from "./types";

/** The engine's owner ids for "nobody" in event payloads (rules.Neutral, rules.Unclaimed, rules.NoPlayer). */
export const NEUTRAL = -1;
export const UNCLAIMED = -2;

/** What fog hides in a payload (rules.UnknownTerritory, rules.UnknownPlayer, rules.Unknown). */
export const UNKNOWN_TERRITORY = -1;
export const UNKNOWN_PLAYER = -4;
export const UNKNOWN = -1;

/** A territory fog hides whole. */
const HIDDEN: TerritoryView = { owner: null, neutral: false, armies: null, sight: "hidden" };

export type ApplyResult =
  | { status: "applied"; state: ClientGame; changed: number[] }
  | { status: "duplicate"; state: ClientGame }
  /** An event is missing: fetch the events after `resyncAfter` (or subscribe again from it). */
  | { status: "gap"; state: ClientGame; resyncAfter: number }
  /** The event does not fit the state (or is malformed): read the game again. */
  | { status: "invalid"; state: ClientGame; error: string };

export interface ApplyManyResult {
  state: ClientGame;
  /** Territory indexes whose owner or armies changed, each once, in no particular order. */
  changed: number[];
  applied: number;
  /** Set when the batch skipped a sequence number: resync after it. */
  resyncAfter?: number;
  /** Set when an event did not fit: read the game again. */
  error?: string;
}

/** A game as Game { ... } returns it (the fields the client state needs). */
export interface GameSnapshot {
  seq: number;
  turn: number;
  phase: string;
  status: string;
  currentSeat: number | null;
  /** The winning seat of a finished game. */
  winner?: number | null;
  /** Every winning seat of a finished game (a team game's whole team). */
  winners?: number[] | null;
  /** The teams of a team game ([] or absent in a free-for-all). */
  teams?: ReadonlyArray<{ index: number; name: string; color: string }> | null;
  cardSystem: string;
  ttbPercent: number;
  fog: string;
  seats: Array<{
    seat: number;
    color: string;
    /** The seat's team in a team game; null or absent in a free-for-all. */
    team?: number | null;
    userName?: string | null;
    cpu: boolean;
    difficulty?: string | null;
    status: string;
    territories: number | null;
    armies: number | null;
    cardCount: number | null;
    cards?: number[] | null;
    /** Its player left it in the game (docs/rules.md R90). */
    handedOver?: boolean | null;
  }>;
  board: Array<{
    key: string;
    name: string;
    owner: number | null;
    neutral: boolean;
    armies: number | null;
    sight: string;
  }>;
}

export interface SnapshotOpts {
  viewerSeat?: number | null;
  /** Card symbols and areas from the map; symbols default to the positional rule. */
  map?: Partial<MapInfo>;
  /** Known from the viewer's actions (the largest place amount) or an earlier fold. */
  reserve?: number | null;
  trades?: number | null;
}

const SYMBOLS = ["infantry", "cavalry", "artillery"] as const;

/** The card symbol of territory i when the map gives none (docs/maps.md: infantry, cavalry, artillery, ...). */
export function positionalSymbol(i: number): (typeof SYMBOLS)[number] {
  return SYMBOLS[i % 3];
}

/** The client state for a game read from the API. */
export function fromSnapshot(g: GameSnapshot, opts: SnapshotOpts = {}): ClientGame {
  const keys = g.board.map((t) => t.key);
  const names = g.board.map((t) => t.name);
  const symbols = opts.map?.symbols ?? keys.map((_, i) => positionalSymbol(i));
  const teams = (g.teams ?? []).map((t) => ({ index: t.index, name: t.name, color: t.color }));
  return {
    seq: g.seq,
    turn: g.turn,
    phase: g.phase as Phase,
    status: g.status,
    currentSeat: g.currentSeat,
    seats: g.seats.map((s) => ({
      seat: s.seat,
      color: s.color,
      ...teamOf(teams, s.team),
      name: s.userName ?? null,
      cpu: s.cpu,
      difficulty: s.difficulty ?? null,
      status: s.status,
      territories: s.territories,
      armies: s.armies,
      cardCount: s.cardCount,
      cards: s.cards ? [...s.cards] : null,
      ...(s.handedOver ? { handedOver: true } : {}),
    })),
    board: g.board.map((t) => ({ owner: t.owner, neutral: t.neutral, armies: t.armies, sight: t.sight as Sight })),
    map: { keys, names, symbols, areas: opts.map?.areas },
    viewerSeat: opts.viewerSeat ?? null,
    reserve: opts.reserve ?? null,
    trades: opts.trades ?? null,
    cardSystem: g.cardSystem,
    ttbPercent: g.ttbPercent,
    fog: g.fog,
    order: [],
    startingArmies: 0,
    conquest: null,
    lastBattle: null,
    winner: g.winner ?? null,
    teams,
    winners: g.winners ?? (g.winner != null ? [g.winner] : null),
  };
}

/** A seat's team and its name, from the game's teams; both null in a free-for-all. */
function teamOf(teams: readonly TeamView[], team: number | null | undefined): Pick<SeatView, "team" | "teamName"> {
  const t = team != null ? teams[team] : undefined;
  return t ? { team: t.index, teamName: t.name } : { team: null, teamName: null };
}

/** A game before its first event: every territory unclaimed, every seat as given. */
export function emptyGame(
  map: MapInfo,
  seats: Array<Pick<SeatView, "seat" | "color"> & Partial<SeatView>>,
  settings: {
    cardSystem?: string;
    ttbPercent?: number;
    viewerSeat?: number | null;
    allHandsKnown?: boolean;
    fog?: string;
    teams?: readonly TeamView[];
  } = {},
): ClientGame {
  const teams = [...(settings.teams ?? [])];
  return {
    seq: 0,
    turn: 0,
    phase: "setup",
    status: "open",
    currentSeat: null,
    seats: seats.map((s) => ({
      seat: s.seat,
      color: s.color,
      ...teamOf(teams, s.team),
      name: s.name ?? null,
      cpu: s.cpu ?? false,
      difficulty: s.difficulty ?? null,
      status: s.status ?? "active",
      territories: 0,
      armies: 0,
      cardCount: 0,
      cards: settings.allHandsKnown || s.seat === settings.viewerSeat ? [] : null,
    })),
    board: map.keys.map(() => ({ owner: null, neutral: false, armies: 0, sight: "full" as const })),
    map,
    viewerSeat: settings.viewerSeat ?? null,
    reserve: 0,
    trades: 0,
    cardSystem: settings.cardSystem ?? "classic",
    ttbPercent: settings.ttbPercent || 6,
    fog: settings.fog ?? "none",
    order: [],
    startingArmies: 0,
    conquest: null,
    lastBattle: null,
    winner: null,
    teams,
    winners: null,
  };
}

class BadEvent extends Error {}

/** A copy-on-write view of a state while one event is applied. */
class Draft {
  board: TerritoryView[];
  seats: SeatView[];
  private boardCopied = false;
  private seatCopied: boolean[] = [];
  readonly changed = new Set<number>();
  g: ClientGame;

  constructor(g: ClientGame) {
    this.g = { ...g };
    this.board = g.board;
    this.seats = g.seats;
  }

  territory(i: unknown): TerritoryView {
    if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i >= this.board.length) {
      throw new BadEvent(`no territory ${String(i)}`);
    }
    return this.board[i];
  }

  seat(p: unknown): SeatView {
    if (typeof p !== "number" || !Number.isInteger(p) || p < 0 || p >= this.seats.length) {
      throw new BadEvent(`no seat ${String(p)}`);
    }
    if (!this.seatCopied[p]) {
      if (this.seats === this.g.seats) this.seats = [...this.seats];
      this.seats[p] = { ...this.seats[p], cards: this.seats[p].cards && [...this.seats[p].cards!] };
      this.seatCopied[p] = true;
    }
    return this.seats[p];
  }

  /** A territory of a payload, or null for one fog hides from the viewer (-1). */
  seen(i: unknown): number | null {
    if (i === UNKNOWN_TERRITORY) return null;
    this.territory(i);
    return i as number;
  }

  /**
   * Sets a territory, keeping the seats' territory and army counts. A territory going out of sight makes
   * every other seat's counts unknown, its armies going out of sight every other seat's armies (the viewer's
   * own territories are always in sight, so their counts stay known).
   */
  set(i: number, next: TerritoryView): void {
    const old = this.territory(i);
    if (
      old.owner === next.owner &&
      old.armies === next.armies &&
      old.neutral === next.neutral &&
      old.sight === next.sight
    )
      return;
    if (!this.boardCopied) {
      this.board = [...this.board];
      this.boardCopied = true;
    }
    if (old.owner !== null) {
      const s = this.seat(old.owner);
      s.territories = plus(s.territories, -1);
      s.armies = plus(s.armies, old.armies === null ? null : -old.armies);
    }
    if (next.owner !== null) {
      const s = this.seat(next.owner);
      s.territories = plus(s.territories, 1);
      s.armies = plus(s.armies, next.armies);
    }
    const lostOwner = next.sight === "hidden" && old.sight !== "hidden";
    if (lostOwner || (next.armies === null && old.armies !== null)) {
      for (const s of this.seats) {
        if (s.seat === this.g.viewerSeat) continue;
        const o = this.seat(s.seat);
        if (lostOwner) o.territories = null;
        o.armies = null;
      }
    }
    this.board[i] = next;
    this.changed.add(i);
  }

  /** Adds armies to a territory; one whose armies fog hides keeps them hidden. */
  addArmies(i: unknown, n: number): void {
    const t = this.territory(i);
    if (t.armies === null) return;
    if (t.armies + n < 0) throw new BadEvent(`territory ${String(i)} cannot lose ${-n} of ${t.armies} armies`);
    this.set(i as number, { ...t, armies: t.armies + n });
  }

  done(): ClientGame {
    this.g.board = this.board;
    this.g.seats = this.seats;
    return this.g;
  }
}

function num(p: Record<string, unknown>, k: string): number {
  const v = p[k];
  if (typeof v !== "number" || !Number.isFinite(v)) throw new BadEvent(`field ${k} is not a number`);
  return v;
}

function nums(p: Record<string, unknown>, k: string): number[] {
  const v = p[k];
  if (!Array.isArray(v) || v.some((x) => typeof x !== "number"))
    throw new BadEvent(`field ${k} is not a list of numbers`);
  return v as number[];
}

function optNums(p: Record<string, unknown>, k: string): number[] | undefined {
  return p[k] === undefined || p[k] === null ? undefined : nums(p, k);
}

/** A number of a payload, or null where fog hides it (-1). */
function known(p: Record<string, unknown>, k: string): number | null {
  const n = num(p, k);
  return n === UNKNOWN ? null : n;
}

/** A count plus n, unknown when either is. */
function plus(count: number | null, n: number | null): number | null {
  return count === null || n === null ? null : count + n;
}

/** The owner id of a payload (a seat, or -1/-2 for nobody) as the client keeps it. */
function ownerOf(id: number): number | null {
  return id >= 0 ? id : null;
}

function removeCards(hand: number[] | null, cards: number[]): number[] | null {
  if (!hand) return null;
  const out = hand.filter((c) => !cards.includes(c));
  return out.length === hand.length - cards.length ? out : null; // a hand that did not hold them is unknown now
}

type Reducer = (d: Draft, p: Record<string, unknown>, ev: ServerEvent) => void;

/** One reducer per event kind of docs/record-format.md. */
export const reducers: Record<string, Reducer> = {
  game_started(d, p) {
    d.g.order = nums(p, "order");
    d.g.startingArmies = num(p, "startingArmies");
    d.g.status = "active";
    for (const s of d.seats) d.seat(s.seat).status = "active";
  },
  territories_dealt(d, p) {
    nums(p, "owners").forEach((o, i) => {
      d.territory(i);
      d.set(i, o === UNKNOWN_PLAYER ? HIDDEN : { owner: ownerOf(o), neutral: false, armies: 1, sight: "full" });
    });
  },
  turn_started(d, p) {
    d.seat(num(p, "player"));
    d.g.currentSeat = num(p, "player");
    d.g.turn = num(p, "turn");
    d.g.phase = String(p.phase) as Phase;
    d.g.reserve = known(p, "armies");
    d.g.conquest = null;
  },
  phase_changed(d, p) {
    d.g.phase = String(p.phase) as Phase;
  },
  territory_claimed(d, p) {
    d.seat(num(p, "player"));
    const i = d.seen(p.territory);
    if (i === null) return; // claimed out of sight: the live event's territories say which went hidden
    const t = d.territory(i);
    if (t.owner !== null || t.neutral) throw new BadEvent(`territory ${i} is claimed already`);
    d.set(i, { owner: num(p, "player"), neutral: false, armies: 1, sight: "full" });
  },
  armies_placed(d, p) {
    const placements = p.placements;
    if (!Array.isArray(placements)) throw new BadEvent("field placements is not a list");
    let total = 0;
    for (const pl of placements as Array<Record<string, unknown>>) {
      const n = num(pl, "armies");
      d.addArmies(num(pl, "territory"), n);
      total += n;
    }
    // Under fog another seat's placements out of sight are left out: what it has left is not known.
    const whole = d.g.fog === "none" || num(p, "player") === d.g.viewerSeat;
    if (!p.starting && d.g.reserve !== null) d.g.reserve = whole ? Math.max(0, d.g.reserve - total) : null;
  },
  cards_traded(d, p) {
    const s = d.seat(num(p, "player"));
    const cards = nums(p, "cards");
    s.cards = removeCards(s.cards, cards);
    s.cardCount = s.cardCount === null ? null : Math.max(0, s.cardCount - cards.length);
    if (d.g.reserve !== null) d.g.reserve += num(p, "armies");
    if (d.g.trades !== null) d.g.trades++;
    for (const t of optNums(p, "bonus") ?? []) d.addArmies(t, 2);
  },
  battle_rolled(d, p, ev) {
    const b: Battle = {
      from: num(p, "from"),
      to: num(p, "to"),
      attacker: num(p, "attacker"),
      defender: num(p, "defender"),
      attackDice: ev.dice?.attacker ?? nums(p, "attackDice"),
      defendDice: ev.dice?.defender ?? nums(p, "defendDice"),
      attackerLosses: num(p, "attackerLosses"),
      defenderLosses: num(p, "defenderLosses"),
    };
    d.addArmies(b.from, -b.attackerLosses);
    d.addArmies(b.to, -b.defenderLosses);
    d.g.lastBattle = b;
  },
  territory_conquered(d, p) {
    const to = num(p, "to");
    const from = d.seen(p.from) ?? UNKNOWN_TERRITORY;
    const player = num(p, "player");
    d.seat(player);
    // Empty until occupied, where the viewer may see its armies; the live event's territories say exactly.
    const seen = player === d.g.viewerSeat || d.territory(to).sight === "full";
    d.set(to, { owner: player, neutral: false, armies: seen ? 0 : null, sight: seen ? "full" : "owner" });
    d.g.conquest = { from, to, minArmies: known(p, "minArmies") };
    d.g.phase = "occupy";
  },
  player_eliminated(d, p) {
    const lost = d.seat(num(p, "player"));
    const by = d.seat(num(p, "by"));
    const cards = optNums(p, "cards");
    // A count of -1: fog hides how many cards changed hands (docs/rules.md R79).
    const count = typeof p.cardCount === "number" ? (p.cardCount < 0 ? null : p.cardCount) : lost.cardCount;
    const n = cards?.length ?? count;
    by.cardCount = plus(by.cardCount, n);
    by.cards = by.cards && cards ? [...by.cards, ...cards] : by.cards && n === 0 ? by.cards : null;
    lost.status = "eliminated";
    lost.cardCount = 0;
    lost.cards = lost.cards && [];
  },
  territory_occupied(d, p) {
    moveArmies(d, p);
    d.g.conquest = null;
    d.g.phase = "attack";
  },
  fortified(d, p) {
    moveArmies(d, p);
  },
  deck_reshuffled() {},
  card_drawn(d, p) {
    const s = d.seat(num(p, "player"));
    s.cardCount = plus(s.cardCount, 1);
    if (typeof p.card === "number") s.cards = s.cards && [...s.cards, p.card];
    else s.cards = null;
  },
  player_resigned(d, p) {
    const player = num(p, "player");
    const s = d.seat(player);
    for (let i = 0; i < d.board.length; i++) {
      const t = d.board[i];
      if (t.owner === player) d.set(i, { ...t, owner: null, neutral: true });
    }
    s.status = "resigned";
    s.cardCount = 0;
    s.cards = s.cards && [];
    if (d.g.currentSeat === player) {
      d.g.reserve = 0;
      d.g.conquest = null;
    }
  },
  seat_handed_over(d, p) {
    // The seat stays in the game with its territories and cards; a teammate or a CPU plays it (R90).
    d.seat(num(p, "player")).handedOver = true;
  },
  game_over(d, p) {
    d.g.winner = num(p, "winner");
    d.g.winners = p.winners === undefined || p.winners === null ? [d.g.winner] : nums(p, "winners");
    d.g.phase = "over";
    d.g.status = "finished";
    d.g.currentSeat = null;
    d.g.reserve = 0;
  },
  // What the viewer sees changed without an event they may see: the live event's territories say how.
  view_changed() {},
};

/** The armies an occupation or a fortifying move takes from one territory to another, where each is seen. */
function moveArmies(d: Draft, p: Record<string, unknown>): void {
  const n = num(p, "armies");
  const from = d.seen(p.from);
  const to = d.seen(p.to);
  if (from !== null) d.addArmies(from, -n);
  if (to !== null) d.addArmies(to, n);
}

function applyLive(d: Draft, ev: ServerEvent): void {
  for (const t of (ev.territories ?? []) as LiveTerritory[]) {
    d.territory(t.index);
    d.set(t.index, { owner: t.owner, neutral: t.neutral, armies: t.armies, sight: t.sight });
  }
  if (ev.phase) d.g.phase = ev.phase as Phase;
  if (ev.currentSeat !== undefined) d.g.currentSeat = ev.currentSeat;
  if (ev.winner !== undefined && ev.winner !== null) d.g.winner = ev.winner;
}

/**
 * Applies one event. An event at or before the state's sequence number is a duplicate (ignored); one
 * past the next number is a gap (nothing applied: resync). The state passed in is never modified.
 */
export function applyEvent(g: ClientGame, ev: ServerEvent): ApplyResult {
  if (ev.seq <= g.seq) return { status: "duplicate", state: g };
  if (ev.seq !== g.seq + 1) return { status: "gap", state: g, resyncAfter: g.seq };
  const reduce = reducers[ev.kind];
  if (!reduce) return { status: "invalid", state: g, error: `unknown event kind ${ev.kind}` };
  const d = new Draft(g);
  try {
    const payload = (ev.payload ?? {}) as Record<string, unknown>;
    reduce(d, payload, ev);
    applyLive(d, ev);
  } catch (e) {
    if (e instanceof BadEvent)
      return { status: "invalid", state: g, error: `event ${ev.seq} (${ev.kind}): ${e.message}` };
    throw e;
  }
  d.g.seq = ev.seq;
  if (typeof ev.turn === "number" && ev.kind !== "turn_started") d.g.turn = Math.max(d.g.turn, ev.turn);
  return { status: "applied", state: d.done(), changed: [...d.changed] };
}

/** Applies events in order, skipping duplicates and stopping at the first gap or invalid event. */
export function applyEvents(g: ClientGame, events: readonly ServerEvent[]): ApplyManyResult {
  const changed = new Set<number>();
  let state = g;
  let applied = 0;
  for (const ev of events) {
    const r = applyEvent(state, ev);
    switch (r.status) {
      case "applied":
        state = r.state;
        applied++;
        for (const i of r.changed) changed.add(i);
        break;
      case "duplicate":
        break;
      case "gap":
        return { state, changed: [...changed], applied, resyncAfter: r.resyncAfter };
      case "invalid":
        return { state, changed: [...changed], applied, error: r.error };
    }
  }
  return { state, changed: [...changed], applied };
}

/** Whether fog hides part of the game from the viewer: a fog game that is not over (the fog lifts then). */
export function fogged(g: Pick<ClientGame, "fog" | "phase">): boolean {
  return g.fog !== "none" && g.phase !== "over";
}

/** The index of a territory key, for the board and the actions (built once per map). */
export function keyIndex(map: MapInfo): Map<string, number> {
  return new Map(map.keys.map((k, i) => [k, i]));
}

// Replaying a game's record (docs/record-format.md, rout-record/1) step by step, with a scrubber: the state
// after any number of events, from checkpoints kept every so many events.

import { applyEvent, emptyGame, positionalSymbol } from "./game";
import type { CardSymbol, ClientGame, MapInfo, ServerEvent } from "./types";

export interface MapDefinition {
  name?: string;
  width?: number;
  height?: number;
  territories: Array<{ id: string; name: string; x: number; y: number; card?: string }>;
  borders?: Array<[string, string]>;
  bonusAreas?: Array<{ id: string; name: string; bonus: number; territories: string[] }>;
}

export interface GameRecord {
  format: string;
  map: { key: string; version: number; definition: MapDefinition };
  settings: {
    claim: string;
    cardSystem: string;
    ttbPercent: number;
    turnLimitSeconds?: number;
    fog?: string;
    /** A team game's teams, in team order (absent in a free-for-all). */
    teams?: Array<{ name: string; color?: string }>;
  };
  seats: Array<{ seat: number; color: string; cpu: boolean; difficulty: string; name: string; team?: number }>;
  status: string;
  winner: number | null;
  events: Array<{ seq: number; turn: number; seat: number; event: { kind: string } & Record<string, unknown> }>;
}

export const RECORD_FORMAT = "rout-record/1";

/** Keys, names, card symbols and areas of a map file. */
export function mapInfo(def: MapDefinition): MapInfo {
  const index = new Map(def.territories.map((t, i) => [t.id, i]));
  const areas: string[][] = def.territories.map(() => []);
  for (const a of def.bonusAreas ?? []) {
    for (const k of a.territories) {
      const i = index.get(k);
      if (i !== undefined) areas[i].push(a.name);
    }
  }
  return {
    keys: def.territories.map((t) => t.id),
    names: def.territories.map((t) => t.name),
    symbols: def.territories.map((t, i) => (t.card as CardSymbol | undefined) ?? positionalSymbol(i)),
    areas,
  };
}

/** A record's events as the reducers take them. */
export function recordEvents(r: GameRecord): ServerEvent[] {
  return r.events.map((e) => {
    const { kind, ...payload } = e.event;
    return { seq: e.seq, turn: e.turn, seat: e.seat >= 0 ? e.seat : null, kind, payload };
  });
}

export class RecordError extends Error {}

/** A record ready to step through: state(n) is the game after its first n events. */
export class Replay {
  readonly events: ServerEvent[];
  readonly initial: ClientGame;
  private readonly every: number;
  private readonly checkpoints: ClientGame[] = [];

  constructor(record: GameRecord, opts: { viewerSeat?: number | null; checkpointEvery?: number } = {}) {
    if (record.format !== RECORD_FORMAT)
      throw new RecordError(`unknown record format ${JSON.stringify(record.format)}`);
    this.events = recordEvents(record);
    this.initial = emptyGame(
      mapInfo(record.map.definition),
      record.seats.map((s) => ({
        seat: s.seat,
        color: s.color,
        name: s.name || null,
        cpu: s.cpu,
        difficulty: s.difficulty || null,
        team: s.team ?? null,
      })),
      {
        teams: (record.settings.teams ?? []).map((t, index) => ({ index, name: t.name, color: t.color ?? "" })),
        cardSystem: record.settings.cardSystem,
        ttbPercent: record.settings.ttbPercent,
        viewerSeat: opts.viewerSeat ?? null,
        // A finished game's record shows every card.
        allHandsKnown: record.status === "finished",
      },
    );
    // About 200 checkpoints at most, so memory stays bounded on long games of big maps.
    this.every = opts.checkpointEvery ?? Math.max(32, Math.ceil(this.events.length / 200));
    this.checkpoints.push(this.initial);
  }

  get length(): number {
    return this.events.length;
  }

  /** The state after the first `n` events (0 to length; clamped). */
  state(n: number): ClientGame {
    n = Math.max(0, Math.min(this.length, Math.floor(n)));
    const c = Math.floor(n / this.every);
    // Fill checkpoints up to the one at or before n.
    while (this.checkpoints.length <= c) {
      const last = this.checkpoints.length - 1;
      this.checkpoints.push(this.advance(this.checkpoints[last], last * this.every, (last + 1) * this.every));
    }
    return this.advance(this.checkpoints[c], c * this.every, n);
  }

  private advance(g: ClientGame, fromN: number, toN: number): ClientGame {
    for (let i = fromN; i < toN; i++) {
      const r = applyEvent(g, this.events[i]);
      if (r.status !== "applied") {
        throw new RecordError(
          `event ${this.events[i].seq} (${this.events[i].kind}) does not replay: ${r.status === "invalid" ? r.error : r.status}`,
        );
      }
      g = r.state;
    }
    return g;
  }
}

/** The territory indexes whose state differs between two states of one game (for the board). */
export function changedBetween(a: ClientGame, b: ClientGame): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.board.length; i++) {
    const x = a.board[i];
    const y = b.board[i];
    if (x !== y && (x.owner !== y.owner || x.armies !== y.armies || x.neutral !== y.neutral || x.sight !== y.sight))
      out.push(i);
  }
  return out;
}

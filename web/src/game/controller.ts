// The game screen's controller: it owns one game's client state, reads the game once, then follows
// gameEvents from the last sequence number it applied, resubscribing after a drop or a RESUME_REQUIRED
// and reading the game again only when an event does not fit. Commands go through the API's mutations
// with the version the viewer's actions came with and an idempotency key, so a retry is never applied
// twice. Legal choices come from Game.viewerActions only. Under fog of war the game, its numbers and its
// events are the viewer's own view of it until the end: when the fog lifts (game_over) the whole game is
// read again, numbered as the game is.
import { APIError, mutate, onSocketState, query, subscribe, userErrorText, type SocketState } from "../api/client";
import {
  AttackMutation,
  ClaimMutation,
  EndAttackMutation,
  EndTurnMutation,
  FortifyMutation,
  GameActionsFromQuery,
  GameActionsQuery,
  GameEventsSubscription,
  GameLobbySubscription,
  GameLogQuery,
  GameQuery,
  OccupyMutation,
  PlaceMutation,
  ResignMutation,
  TradeMutation,
} from "../api/operations";
import type { CommandResultFragment, GameQuery as GameQueryData } from "../gql/graphql";
import { applyEvent, fogged, fromSnapshot } from "../state/game";
import { reserveOf, indexActions, indexSummary, isLoaded, withFrom, type ActionIndex } from "../state/actions";
import { mergeLobby } from "../state/lobby";
import { describeEvent, inLog, namesOf } from "../state/log";
import { addExits, exitOf, exitWords, type Exit } from "../state/standing";
import type { Reinforcements } from "../state/reinforcements";
import type { Action, ClientGame, ServerEvent } from "../state/types";

export type GameInfo = NonNullable<GameQueryData["game"]>;

/** How the screen's live feed stands. */
export type LiveState = "loading" | "connecting" | "live" | "offline" | "resyncing";

/**
 * One event of the viewer's record: every event, so that the record folds ("since your last turn" played
 * on the map); those without a line in words (`view_changed`, state/log.ts inLog) have no text and the log
 * leaves them out.
 */
export interface LogLine {
  seq: number;
  turn: number;
  text: string;
  kind: string;
  /** The event itself, for the summary since the viewer's last turn and the map's arrows. */
  event?: ServerEvent;
}

export interface View {
  info: GameInfo | null;
  game: ClientGame | null;
  actions: ActionIndex;
  version: number;
  live: LiveState;
  log: LogLine[];
  /** The words of the last failure (a refused command, an unreachable server), or null. */
  error: string | null;
  busy: boolean;
  /** Set when the event that just arrived is a battle roll, for the dice display. */
  lastDice: { attacker: number[]; defender: number[]; text: string } | null;
  /** The seats that left the game so far (from the log and the live events), for the places at the end. */
  exits: Exit[];
  /** Eliminations and resignations seen live, until the player dismisses them (id: the event's seq). */
  banners: Array<{ id: number; text: string }>;
  /** The round as players count it (Game.round: 0 before the first game turn). */
  round: number;
  /** How the reinforcements of the seat to move were counted, in a reinforcement phase (else null). */
  reinforcements: Reinforcements | null;
}

/**
 * Boards up to this many territories read every action at once (`viewerActions`); bigger ones read the
 * summary and the actions of the territory picked, since the API refuses the whole list past 1,000
 * actions. A small board whose list is refused all the same falls back to the summary.
 */
export const SMALL_BOARD = 150;

/** How often a game waiting for players is read again while the websocket is down (ms). */
export const LOBBY_POLL_MS = 30_000;

/**
 * How long events a read of the actions showed (the game's seq ahead of the last event applied) may take to
 * arrive by the subscription before it is started again after the last event applied (ms). A feed that
 * fell silent would otherwise leave the screen a turn behind until the next event.
 */
export const BEHIND_MS = 3_000;

export class GameController {
  private view: View = {
    info: null,
    game: null,
    actions: indexActions([]),
    version: 0,
    live: "loading",
    log: [],
    error: null,
    busy: false,
    lastDice: null,
    exits: [],
    banners: [],
    round: 0,
    reinforcements: null,
  };
  private listeners = new Set<(v: View) => void>();
  private unsubscribe: (() => void) | null = null;
  private offSocket: (() => void) | null = null;
  private socket: SocketState = "connecting";
  private actionsTimer: ReturnType<typeof setTimeout> | null = null;
  /** The game version of the viewer's actions last applied: a read answered later at an older one is dropped. */
  private actionsVersion = 0;
  private closed = false;
  private retries = 0;
  private viewerId: string;
  /** Whether to read every action (a small board) or the summary and one territory's at a time. */
  private full = true;
  /** Reads of one territory's actions under way, by `${read}:${key}`. */
  private pendingFrom = new Set<string>();
  /** The check that events a read showed arrived (BEHIND_MS), with the seq it waits for. */
  private behind: { seq: number; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(
    readonly id: string,
    viewerId: string,
  ) {
    this.viewerId = viewerId;
  }

  get state(): View {
    return this.view;
  }

  listen(f: (v: View) => void): () => void {
    this.listeners.add(f);
    f(this.view);
    return () => void this.listeners.delete(f);
  }

  private set(p: Partial<View>) {
    this.view = { ...this.view, ...p };
    for (const f of this.listeners) f(this.view);
  }

  /** Reads the game, its recent log, and starts following it. */
  async start(): Promise<void> {
    this.offSocket = onSocketState((s) => {
      const was = this.socket;
      this.socket = s;
      if (this.closed || !this.view.game) return;
      if (s === "connected") {
        this.set({ live: "live" });
        // Back after a drop (a restart, a sleeping laptop): follow again from the last event applied.
        if (was === "offline") this.follow();
      } else this.set({ live: s === "offline" ? "offline" : "connecting" });
    });
    await this.load();
  }

  stop(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.offSocket?.();
    if (this.actionsTimer) clearTimeout(this.actionsTimer);
    if (this.behind) clearTimeout(this.behind.timer);
  }

  /** Reads the whole game again (at the start, and when an event does not fit), then follows it. */
  async load(): Promise<void> {
    try {
      const d = await query(GameQuery, { id: this.id });
      if (!d.game) {
        this.set({ error: "There is no such game, or it is not yours to see.", live: "offline" });
        return;
      }
      const g = d.game;
      const me = g.seats.find((s) => s.user?.id === this.viewerId)?.seat ?? null;
      this.full = g.board.length <= SMALL_BOARD;
      // The board and the summary's highlights first; the actions themselves (all, or those a big board
      // needs at once) right after.
      const actions = indexSummary(g.viewerActionSummary);
      const game = fromSnapshot(g, { viewerSeat: me, reserve: null });
      this.set({
        info: g,
        game,
        actions,
        version: g.version,
        error: null,
        round: g.round ?? 0,
        reinforcements: g.reinforcements ?? null,
      });
      void this.loadLog(g.seq);
      this.follow();
      await this.refreshActions();
    } catch (e) {
      this.set({ error: e instanceof APIError ? e.message : "Could not read the game.", live: "offline" });
      if (!this.closed) setTimeout(() => void this.load(), 3000);
    }
  }

  /** The whole game's log up to seq, read by pages of 100 events, in words with the state as it is now. */
  private async loadLog(seq: number) {
    if (seq === 0) return;
    try {
      const g = this.view.game;
      if (!g) return;
      const names = namesOf(g);
      const old: LogLine[] = [];
      const exits: Exit[] = [];
      for (let after = 0; after < seq;) {
        const d = await query(GameLogQuery, { id: this.id, after });
        if (!d.game || d.game.events.length === 0 || this.closed) break;
        for (const e of d.game.events) {
          if (e.seq > seq) break;
          old.push({
            seq: e.seq,
            turn: e.turn,
            kind: e.kind,
            text: inLog(e) ? describeEvent(e as ServerEvent, names) : "",
            event: e as ServerEvent,
          });
          const x = exitOf(e as ServerEvent);
          if (x) exits.push(x);
        }
        after = d.game.events[d.game.events.length - 1].seq;
      }
      // What came live meanwhile stays; what came before is read (the fog lifted: numbered anew).
      const newer = this.view.log.filter((l) => l.seq > seq);
      const newerExits = this.view.exits.filter((e) => e.seq > seq);
      this.set({ log: [...old, ...newer], exits: addExits(newerExits, exits) });
    } catch {
      // The log is a nicety: the board is right without it.
    }
  }

  /** Subscribes to the game's events after the last one applied. */
  private follow() {
    this.unsubscribe?.();
    if (this.closed || !this.view.game) return;
    this.set({ live: this.socket === "connected" ? "live" : "connecting" });
    const after = this.view.game.seq;
    this.unsubscribe = subscribe(
      GameEventsSubscription,
      { gameId: this.id, after },
      {
        next: (d) => {
          this.retries = 0;
          if (d.gameEvents) this.apply([d.gameEvents as unknown as ServerEvent]);
        },
        error: (code, message) => {
          if (this.closed) return;
          if (code === "NOT_FOUND" || code === "FORBIDDEN" || code === "UNAUTHENTICATED") {
            // Not a passing failure: say so and stop following.
            this.unsubscribe?.();
            this.set({ live: "offline", error: message || "This game cannot be followed." });
            return;
          }
          // RESUME_REQUIRED, or the stream failed on the server: subscribe again after what we have, sooner
          // for a resume, later after repeated failures.
          this.set({ live: "resyncing" });
          this.retries = code === "RESUME_REQUIRED" ? 0 : this.retries + 1;
          setTimeout(() => this.follow(), Math.min(10_000, 500 * 2 ** this.retries));
        },
        complete: () => {
          if (!this.closed) setTimeout(() => this.follow(), 500);
        },
      },
    );
  }

  /**
   * Follows the seats of a game waiting for players (gameLobby): each message updates the game's info; the
   * last, once the game started (or was cancelled), reads the whole game, which turns the page into the game
   * screen. While the websocket is down the game is read every LOBBY_POLL_MS instead; once it is back the
   * subscription starts again from the game as it stands. Returns the function that stops following.
   */
  followLobby(): () => void {
    let stopped = false;
    let unsub: (() => void) | null = null;
    let poll: ReturnType<typeof setInterval> | null = null;
    let was: SocketState | null = null;
    let retries = 0;
    const follow = () => {
      unsub?.();
      if (stopped || this.closed) return;
      unsub = subscribe(
        GameLobbySubscription,
        { gameId: this.id },
        {
          next: (d) => {
            retries = 0;
            const l = d.gameLobby;
            const info = this.view.info;
            if (!l || !info || stopped) return;
            if (l.status !== "open") {
              void this.load(); // started or cancelled: the whole game
              return;
            }
            const merged = mergeLobby(info, l);
            if (merged !== info) this.set({ info: merged, version: merged.version });
          },
          error: (code) => {
            if (stopped || this.closed) return;
            if (code === "NOT_FOUND" || code === "FORBIDDEN" || code === "UNAUTHENTICATED") {
              void this.load(); // the game hides from the viewer now: say what the game screen says
              return;
            }
            retries++;
            setTimeout(follow, Math.min(10_000, 500 * 2 ** retries));
          },
          complete: () => undefined, // after the last message, which read the game
        },
      );
    };
    const offSocket = onSocketState((s) => {
      if (s === "offline" && !poll) poll = setInterval(() => void this.load(), LOBBY_POLL_MS);
      if (s === "connected") {
        if (poll) clearInterval(poll);
        poll = null;
        if (was === "offline") follow(); // back after a drop: the game as it stands now
      }
      was = s;
    });
    follow();
    return () => {
      stopped = true;
      unsub?.();
      offSocket();
      if (poll) clearInterval(poll);
    };
  }

  /** Applies events in order; a gap resubscribes, an event that does not fit reads the game again. */
  apply(events: ServerEvent[]) {
    let g = this.view.game;
    if (!g) return;
    const lines: LogLine[] = [];
    let dice = this.view.lastDice;
    let info = this.view.info;
    const exits: Exit[] = [];
    const banners: View["banners"] = [];
    const wasFogged = fogged(g);
    let applied = 0;
    let handedOver = false; // a seat changed hands (docs/rules.md R90): who plays what is read again
    for (const ev of events) {
      const r = applyEvent(g, ev);
      if (r.status === "duplicate") continue;
      if (r.status === "gap") {
        this.set({ game: g, live: "resyncing" });
        this.follow();
        return;
      }
      if (r.status === "invalid") {
        this.set({ live: "resyncing" });
        void this.load();
        return;
      }
      g = r.state;
      applied++;
      handedOver ||= ev.kind === "seat_handed_over";
      const text = inLog(ev) ? describeEvent(ev, namesOf(g)) : "";
      lines.push({ seq: ev.seq, turn: ev.turn, kind: ev.kind, text, event: ev });
      if (!inLog(ev)) continue;
      const x = exitOf(ev);
      if (x) {
        exits.push(x);
        banners.push({ id: ev.seq, text: exitWords(g, x) });
      }
      if (ev.kind === "battle_rolled") {
        const p = ev.payload as Record<string, unknown>;
        const a = (ev.dice?.attacker ?? p.attackDice ?? p.attack ?? []) as number[];
        const dd = (ev.dice?.defender ?? p.defendDice ?? p.defend ?? []) as number[];
        dice = { attacker: a, defender: dd, text };
      }
      if (info && (ev.kind === "game_over" || ev.kind === "turn_started")) {
        info = { ...info, status: ev.kind === "game_over" ? "finished" : info.status };
      }
    }
    this.set({
      game: g,
      info,
      lastDice: dice,
      log: [...this.view.log, ...lines],
      ...(exits.length > 0
        ? { exits: addExits(this.view.exits, exits), banners: [...this.view.banners, ...banners] }
        : {}),
    });
    // The fog lifted (the whole board, the seats and the log, numbered as the game is), or a seat was handed
    // over (Game.viewerPlaysFor): the game is read again.
    if ((wasFogged && !fogged(g)) || handedOver) void this.load();
    else if (applied > 0) this.refreshActionsSoon();
  }

  /** Takes an elimination's banner away. */
  dismissBanner(id: number): void {
    this.set({ banners: this.view.banners.filter((b) => b.id !== id) });
  }

  /** Reads the viewer's actions (and hand, deadline) again after events: one small query, debounced. */
  private refreshActionsSoon() {
    if (this.actionsTimer) clearTimeout(this.actionsTimer);
    this.actionsTimer = setTimeout(() => void this.refreshActions(), 120);
  }

  async refreshActions(): Promise<void> {
    this.actionsTimer = null;
    try {
      const d = await this.readActions();
      if (!d.game || this.closed || d.game.version < this.actionsVersion) return;
      let actions = d.game.viewerActions
        ? indexActions(d.game.viewerActions as Action[])
        : indexSummary(d.game.viewerActionSummary, (d.game.trades ?? []) as Action[]);
      if (!actions.complete) actions = await this.readAtOnce(actions, d.game.version);
      if (d.game.version < this.actionsVersion) return;
      this.actionsVersion = d.game.version;
      let game = this.view.game;
      if (game) {
        // The hand is private and the seats' counts are the server's (the territories and armies when it
        // read the state the client holds: under fog they may become known again); the reserve is what
        // place allows.
        const same = d.game.seq === game.seq;
        const seats = game.seats.map((s) => {
          const n = d.game!.seats.find((x) => x.seat === s.seat);
          if (!n) return s;
          const counts = same ? { territories: n.territories, armies: n.armies } : {};
          return { ...s, ...counts, cards: n.cards ? [...n.cards] : s.cards, cardCount: n.cardCount };
        });
        const reserve = reserveOf(actions);
        game = { ...game, seats, reserve: reserve > 0 ? reserve : game.reserve };
      }
      const info = this.view.info ? { ...this.view.info, turnDeadline: d.game.turnDeadline } : null;
      this.set({
        actions,
        version: d.game.version,
        game,
        info,
        round: d.game.round ?? this.view.round,
        reinforcements: d.game.reinforcements ?? null,
      });
      // Events we have not seen yet (the subscription is behind the read): they are on their way, or the
      // feed is started again after the last one applied if they do not come.
      if (game && d.game.seq > game.seq) this.expectEvents(d.game.seq);
      // An answer from before events already applied: the read was made before them, or it shared the
      // answer of an identical read still under way when it was sent (the API client sends one request
      // for identical queries in flight). Read again, or the turn those events began offers nothing.
      if (game && d.game.seq < game.seq) this.refreshActionsSoon();
    } catch (e) {
      this.set({ error: e instanceof APIError ? e.message : "Could not read your choices." });
    }
  }

  /**
   * Waits BEHIND_MS for the events up to seq to be applied; if they are not, follows the game again after
   * the last one applied (the server sends what the client missed). One check at a time, for the newest seq.
   */
  private expectEvents(seq: number) {
    if (this.behind) {
      this.behind.seq = Math.max(this.behind.seq, seq);
      return;
    }
    const b = {
      seq,
      timer: setTimeout(() => {
        this.behind = null;
        const g = this.view.game;
        if (this.closed || !g || g.seq >= b.seq) return;
        this.set({ live: "resyncing" });
        this.follow();
      }, BEHIND_MS),
    };
    this.behind = b;
  }

  /** GameActions, every action on a small board; the summary when the API refuses the whole list. */
  private async readActions() {
    try {
      return await query(GameActionsQuery, { id: this.id, full: this.full, ...this.seatVars() });
    } catch (e) {
      if (!this.full || !(e instanceof APIError) || e.code !== "BAD_USER_INPUT") throw e;
      this.full = false;
      return await query(GameActionsQuery, { id: this.id, full: false, ...this.seatVars() });
    }
  }

  /**
   * On a big board, the actions needed before any pick: one territory to place on (every placement has the
   * same maximum, the reserve) and the occupation (one at most).
   */
  private async readAtOnce(ix: ActionIndex, version: number): Promise<ActionIndex> {
    const keys = ["place", "occupy"]
      .map((k) => ix.summary.get(k)?.from.values().next().value)
      .filter((k): k is string => !!k);
    const seat = this.seatVars();
    const got = await Promise.all(keys.map((key) => query(GameActionsFromQuery, { id: this.id, from: key, ...seat })));
    keys.forEach((key, i) => {
      const g = got[i].game;
      if (g && g.version === version) ix = withFrom(ix, key, g.viewerActions as Action[]);
    });
    return ix;
  }

  /**
   * Reads the actions from one territory (its attacks, moves, placement) when they are not known yet: on a
   * big board, once the player picks it. A newer read of the actions drops the answer (the page asks again).
   */
  async loadFrom(key: string): Promise<void> {
    const ix = this.view.actions;
    const pending = `${ix.read}:${key}`;
    if (isLoaded(ix, key) || this.pendingFrom.has(pending) || this.closed) return;
    this.pendingFrom.add(pending);
    try {
      const d = await query(GameActionsFromQuery, { id: this.id, from: key, ...this.seatVars() });
      if (!d.game || this.closed || this.view.actions.read !== ix.read) return;
      if (d.game.version !== this.view.version) {
        this.refreshActionsSoon();
        return;
      }
      this.set({ actions: withFrom(this.view.actions, key, d.game.viewerActions as Action[]) });
    } catch (e) {
      this.set({ error: e instanceof APIError ? e.message : "Could not read your choices." });
    } finally {
      this.pendingFrom.delete(pending);
    }
  }

  /**
   * The seat the viewer acts for now: the seat to move when it is one handed over to them (their team's
   * seat whose player left, docs/rules.md R90), else null (their own).
   */
  actingSeat(): number | null {
    const cur = this.view.game?.currentSeat ?? null;
    return cur !== null && (this.view.info?.viewerPlaysFor ?? []).includes(cur) ? cur : null;
  }

  /** The `seat` argument of the actions' queries: the acting seat's, when it is not the viewer's own. */
  private seatVars(): { seat?: number } {
    const seat = this.actingSeat();
    return seat !== null ? { seat } : {};
  }

  /** Runs one command; its events arrive by the subscription (or are applied here when it is down). */
  private async command(run: (base: CommandBase) => Promise<CommandResultFragment>): Promise<boolean> {
    if (this.view.busy) return false;
    this.set({ busy: true, error: null });
    try {
      const r = await run({
        gameId: this.id,
        expectedVersion: this.view.version,
        idempotencyKey: newKey(),
        seat: this.actingSeat(),
      });
      const err = userErrorText(r.userErrors);
      if (err) {
        this.set({ error: err });
        await this.refreshActions();
        return false;
      }
      if (this.socket !== "connected") {
        // Under fog a command's events do not carry what the viewer sees anew: read the game instead.
        if (this.view.game && fogged(this.view.game)) await this.load();
        else this.apply(r.events as ServerEvent[]);
      }
      await this.refreshActions();
      return true;
    } catch (e) {
      this.set({ error: e instanceof APIError ? e.message : "The command was not sent." });
      if (e instanceof APIError && e.code === "CONFLICT") await this.refreshActions();
      return false;
    } finally {
      this.set({ busy: false });
    }
  }

  claim(territory: string) {
    return this.command(async (b) => (await mutate(ClaimMutation, { input: { ...b, territory } })).claimTerritory);
  }
  place(placements: Array<{ territory: string; armies: number }>) {
    return this.command(async (b) => (await mutate(PlaceMutation, { input: { ...b, placements } })).placeArmies);
  }
  trade(cards: number[]) {
    return this.command(async (b) => (await mutate(TradeMutation, { input: { ...b, cards } })).tradeCards);
  }
  attack(from: string, to: string, dice: number, untilConquered: boolean, stopAt: number | null) {
    return this.command(
      async (b) =>
        (
          await mutate(AttackMutation, {
            input: { ...b, from, to, dice, untilConquered, stopAt: untilConquered ? stopAt : null },
          })
        ).attack,
    );
  }
  occupy(armies: number) {
    return this.command(async (b) => (await mutate(OccupyMutation, { input: { ...b, armies } })).occupy);
  }
  endAttack() {
    return this.command(async (b) => (await mutate(EndAttackMutation, { input: b })).endAttack);
  }
  fortify(from: string, to: string, armies: number) {
    return this.command(async (b) => (await mutate(FortifyMutation, { input: { ...b, from, to, armies } })).fortify);
  }
  endTurn() {
    return this.command(async (b) => (await mutate(EndTurnMutation, { input: b })).endTurn);
  }
  /** Resigning is allowed at any time, so it is sent without a version: others' moves do not refuse it. */
  resign() {
    return this.command(
      async (b) =>
        (await mutate(ResignMutation, { input: { gameId: b.gameId, idempotencyKey: b.idempotencyKey } })).resign,
    );
  }
}

/**
 * What every command sends besides its own arguments; `seat` names a seat handed over to the viewer that
 * they play now (docs/rules.md R90), null for their own.
 */
type CommandBase = { gameId: string; expectedVersion: number; idempotencyKey: string; seat: number | null };

/** A fresh idempotency key: a command's, or a chat message's client key. */
export function newKey(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

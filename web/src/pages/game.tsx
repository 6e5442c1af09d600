// The game screen: the board (web-board's map when the game's map has geometry, else the territory list),
// the viewer's choices for the phase, their hand, the seats, the dice, and the log; live by gameEvents.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { query } from "../api/client";
import { BattleOddsQuery } from "../api/operations";
import { GameController, type View } from "../game/controller";
import { choices, draftPlace, emptyDraft, from, has, isLoaded, ofKind, reserveOf, startsFrom, type PlacementDraft } from "../state/actions";
import { cardSymbol, cardTerritory, findSets } from "../state/cards";
import { keyIndex } from "../state/game";
import { formatOdds, oddsArgs, oddsSentence, type AttackLength, type OddsDisplay } from "../state/odds";
import type { ClientGame } from "../state/types";
import { ErrorLine } from "../ui/form";
import { colorHex, colourName, countdown, phaseText, seatGlyph, seatTitle } from "../ui/format";
import { Link } from "../ui/link";
import { onNotice } from "../ui/notices";
import { useNow, type Viewer } from "../ui/session";
import { TerritoryList, type RowAction } from "../game/territories";
import { SeatsPanel } from "../game/seats";
import { GameLog } from "../game/log";
import { Dice } from "../game/dice";
import { BoardView, loadGeometry } from "../game/boardview";
import { AreaLegend } from "../game/legend";
import type { MapGeometry } from "../board";
import { WaitingPage } from "./waiting";

export function GamePage(props: { id: string; viewer: Viewer }) {
  const ctl = useMemo(() => new GameController(props.id, props.viewer.id), [props.id, props.viewer.id]);
  const [view, setView] = useState<View>(ctl.state);
  useEffect(() => {
    const off = ctl.listen(setView);
    void loadGeometry(props.id); // the map's geometry, read beside the game
    void ctl.start();
    const offNotice = onNotice((n) => {
      if (n.gameId === props.id) void ctl.refreshActions();
    });
    return () => {
      off();
      offNotice();
      ctl.stop();
    };
  }, [ctl]);

  const { info, game } = view;
  if (!info || !game) {
    return (
      <section>
        <ErrorLine text={view.error} />
        {!view.error && <p role="status">Loading the game…</p>}
      </section>
    );
  }
  if (info.status === "open") return <WaitingPage ctl={ctl} view={view} viewer={props.viewer} />;
  return <PlayScreen ctl={ctl} view={view} viewer={props.viewer} />;
}

function LiveBadge(props: { live: View["live"] }) {
  const words: Record<View["live"], string> = {
    loading: "loading",
    connecting: "connecting…",
    live: "live",
    offline: "offline: reconnecting…",
    resyncing: "catching up…",
  };
  return (
    <span class={`live live-${props.live}`} role="status" aria-label={`Connection: ${words[props.live]}`}>
      <span aria-hidden="true">{props.live === "live" ? "●" : "○"}</span> {words[props.live]}
    </span>
  );
}

type Mode = { kind: "idle" } | { kind: "attack"; from: string; to: string | null } | { kind: "fortify"; from: string; to: string | null };

function PlayScreen(props: { ctl: GameController; view: View; viewer: Viewer }) {
  const { ctl, view } = props;
  const info = view.info!;
  const game = view.game!;
  const ix = view.actions;
  const now = useNow();
  const [draft, setDraft] = useState<PlacementDraft>(emptyDraft);
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const keys = useMemo(() => keyIndex(game.map), [game.map]);
  const me = game.viewerSeat;
  const myTurn = me !== null && game.currentSeat === me && info.status === "active";

  // A new set of actions (a new phase, or after a command) resets choices that are no longer offered.
  useEffect(() => {
    setDraft(emptyDraft);
    setMode((m) => {
      if (m.kind === "attack" && !startsFrom(ix, "attack", m.from)) return { kind: "idle" };
      if (m.kind === "fortify" && !startsFrom(ix, "fortify", m.from)) return { kind: "idle" };
      return m;
    });
    // A new read of the actions, not the targets of a territory added to the same read.
  }, [ix.read]);

  const selected = mode.kind === "idle" ? null : mode.from;
  // While a big board reads the targets of the territory picked, only that territory stands out (rather
  // than every territory, then the targets: one redraw of the map and of the list instead of two).
  const choice = selected !== null && !isLoaded(ix, selected) ? { targets: [selected], kindOf: new Map([[selected, "loading"]]) } : choices(ix, selected);
  // On a big board the targets of the territory picked are read when it is picked.
  useEffect(() => {
    if (selected) void ctl.loadFrom(selected);
  }, [ctl, selected, ix.read]);

  const [geometry, setGeometry] = useState<MapGeometry | null>(null);
  useEffect(() => {
    let live = true;
    void loadGeometry(info.id).then((g) => live && setGeometry(g));
    return () => {
      live = false;
    };
  }, [info.id]);

  /** A territory picked on the map: the same choices as the list's buttons. */
  const pick = (key: string | null) => {
    if (key === null || (mode.kind !== "idle" && key === mode.from && !choice.kindOf.has(key))) {
      setMode({ kind: "idle" });
      return;
    }
    switch (choice.kindOf.get(key)) {
      case "claim":
        void ctl.claim(key);
        break;
      case "place":
        setDraft(draftPlace(draft, ix, key, 1));
        break;
      case "select":
        if (startsFrom(ix, "attack", key)) setMode({ kind: "attack", from: key, to: null });
        else setMode({ kind: "fortify", from: key, to: null });
        break;
      case "attack":
        if (mode.kind === "attack") setMode({ ...mode, to: key });
        break;
      case "fortify":
        if (mode.kind === "fortify") setMode({ ...mode, to: key });
        break;
      default:
        // Another of one's own sources while one is chosen: choose it instead.
        if (choices(ix, null).kindOf.get(key) === "select") {
          setMode(startsFrom(ix, "attack", key) ? { kind: "attack", from: key, to: null } : { kind: "fortify", from: key, to: null });
        }
    }
  };

  const rowActions = (key: string): RowAction[] => {
    const out: RowAction[] = [];
    const k = choice.kindOf.get(key);
    if (k === "claim") out.push({ label: "Claim", onClick: () => void ctl.claim(key) });
    if (k === "place") {
      const cur = draft.placements.find((p) => p.territory === key)?.armies ?? 0;
      out.push({ label: "−", aria: "One army fewer", disabled: cur === 0, onClick: () => setDraft(draftPlace(draft, ix, key, -1)) });
      out.push({ label: "+1", aria: "One army more", disabled: draft.total >= reserveOf(ix), onClick: () => setDraft(draftPlace(draft, ix, key, 1)) });
      out.push({ label: "+all", aria: "All the armies left", disabled: draft.total >= reserveOf(ix), onClick: () => setDraft(draftPlace(draft, ix, key, reserveOf(ix))) });
    }
    if (k === "select") {
      if (startsFrom(ix, "attack", key)) out.push({ label: "Attack from", onClick: () => setMode({ kind: "attack", from: key, to: null }) });
      if (startsFrom(ix, "fortify", key)) out.push({ label: "Move from", onClick: () => setMode({ kind: "fortify", from: key, to: null }) });
    }
    if (k === "attack" && mode.kind === "attack") out.push({ label: "Attack", onClick: () => setMode({ ...mode, to: key }) });
    if (k === "fortify" && mode.kind === "fortify") out.push({ label: "Move here", onClick: () => setMode({ ...mode, to: key }) });
    return out;
  };

  const turnSeat = game.currentSeat !== null ? game.seats[game.currentSeat] : null;
  useEffect(() => {
    document.title = `${myTurn ? "Your turn · " : ""}${info.map.name} · Rout`;
    return () => {
      document.title = "Rout";
    };
  }, [myTurn, info.map.name]);
  const over = info.status === "finished" || game.phase === "over";
  const winner = game.winner !== null ? game.seats[game.winner] : null;
  const you = game.viewerSeat !== null ? game.seats[game.viewerSeat] : null;

  return (
    <div class="play">
      <header class="play-head">
        <h1>
          {info.map.name} <small>turn {game.turn}</small>
        </h1>
        {you && (
          <p class="you-are">
            <span class="swatch" style={{ background: colorHex(you.color) }} aria-hidden="true">
              {seatGlyph(you.seat)}
            </span>{" "}
            You are {colourName(you.color)}.
          </p>
        )}
        <p class="turn-line" aria-live="polite">
          {over ? (
            <>Game over{winner ? `: ${seatTitle(winner)} won` : ""}. </>
          ) : myTurn ? (
            <strong>Your turn: {phaseText(game.phase)}.</strong>
          ) : turnSeat ? (
            <>
              <span class="swatch" style={{ background: colorHex(turnSeat.color) }} aria-hidden="true">
                {seatGlyph(turnSeat.seat)}
              </span>{" "}
              {seatTitle(turnSeat)} is {phaseText(game.phase)}.
            </>
          ) : (
            <>{phaseText(game.phase)}</>
          )}{" "}
          {!over && info.turnDeadline && <span class="countdown">{countdown(info.turnDeadline, now)} left</span>}
        </p>
        <LiveBadge live={view.live} />
        {over && <Link href={`/games/${encodeURIComponent(info.id)}/replay`}>Replay the game</Link>}
      </header>
      <ErrorLine text={view.error} />
      <div class="play-body">
        <section class="board-area" aria-label="Board">
          {geometry && (
            <BoardView
              geometry={geometry}
              game={game}
              highlights={choice.targets}
              selected={mode.kind !== "idle" ? mode.from : null}
              target={mode.kind !== "idle" ? mode.to : null}
              onPick={pick}
            />
          )}
          <TerritoryList game={game} seatOf={(s) => game.seats[s]} targets={choice.kindOf} selected={selected} draft={draft} actionsFor={rowActions} />
        </section>
        <aside class="side">
          {myTurn && (
            <ActionPanel ctl={ctl} view={view} draft={draft} setDraft={setDraft} mode={mode} setMode={setMode} keys={keys} />
          )}
          {view.lastDice && <Dice dice={view.lastDice} />}
          {me !== null && <Hand ctl={ctl} game={game} view={view} />}
          <SeatsPanel game={game} info={info} now={now} />
          {geometry && <AreaLegend geometry={geometry} game={game} />}
          {me !== null && !over && has(ix, "resign") && <Resign ctl={ctl} />}
          <GameLog lines={view.log} />
        </aside>
      </div>
    </div>
  );
}

function ActionPanel(props: {
  ctl: GameController;
  view: View;
  draft: PlacementDraft;
  setDraft: (d: PlacementDraft) => void;
  mode: Mode;
  setMode: (m: Mode) => void;
  keys: Map<string, number>;
}) {
  const { ctl, view, draft, mode, setMode, keys } = props;
  const ix = view.actions;
  const game = view.game!;
  const name = (k: string) => game.map.names[keys.get(k) ?? -1] ?? k;
  const busy = view.busy;

  const parts = [];
  if (has(ix, "claim")) parts.push(<p key="claim">Pick a territory to claim: press “Claim” beside it in the list.</p>);
  if (has(ix, "place")) {
    const reserve = reserveOf(ix);
    parts.push(
      <div key="place" class="panel">
        <h2>Place your armies</h2>
        <p>
          {reserve - draft.total} of {reserve} left to place. Use + beside your territories, then confirm.
        </p>
        {draft.placements.length > 0 && (
          <ul class="draft">
            {draft.placements.map((p) => (
              <li key={p.territory}>
                {name(p.territory)}: +{p.armies}
              </li>
            ))}
          </ul>
        )}
        <button type="button" class="primary" disabled={busy || draft.total === 0} onClick={() => void ctl.place(draft.placements)}>
          Place {draft.total} {draft.total === 1 ? "army" : "armies"}
        </button>{" "}
        <button type="button" disabled={draft.total === 0} onClick={() => props.setDraft(emptyDraft)}>
          Reset
        </button>
      </div>,
    );
  }
  if (has(ix, "attack") || has(ix, "end_attack")) {
    parts.push(<AttackPanel key="attack" ctl={ctl} view={view} mode={mode} setMode={setMode} name={name} keys={keys} />);
  }
  if (has(ix, "occupy")) parts.push(<OccupyPanel key="occupy" ctl={ctl} view={view} name={name} />);
  if (has(ix, "fortify") || has(ix, "end_turn")) {
    parts.push(<FortifyPanel key="fortify" ctl={ctl} view={view} mode={mode} setMode={setMode} name={name} />);
  }
  if (parts.length === 0 && has(ix, "trade")) parts.push(<p key="trade">Trade a set of cards (below) before you place.</p>);
  return (
    <section class="actions" aria-label="Your move">
      {parts}
    </section>
  );
}

function AttackPanel(props: { ctl: GameController; view: View; mode: Mode; setMode: (m: Mode) => void; name: (k: string) => string; keys: Map<string, number> }) {
  const { ctl, view, mode, setMode, name, keys } = props;
  const ix = view.actions;
  const game = view.game!;
  const [until, setUntil] = useState<AttackLength>("once");
  const [stopAt, setStopAt] = useState(1);
  const [dice, setDice] = useState(3);
  const [odds, setOdds] = useState<OddsDisplay | null>(null);
  const attackMode = mode.kind === "attack" ? mode : null;
  const action = attackMode?.to ? from(ix, "attack", attackMode.from).find((a) => a.to === attackMode.to) : undefined;
  const fromArmies = attackMode ? (game.board[keys.get(attackMode.from) ?? -1]?.armies ?? 0) : 0;
  const toArmies = attackMode?.to ? (game.board[keys.get(attackMode.to) ?? -1]?.armies ?? 0) : 0;
  const maxDice = action?.max ?? 3;
  const useDice = Math.min(dice, maxDice);

  useEffect(() => {
    setOdds(null);
    if (!attackMode?.to) return;
    const args = oddsArgs(fromArmies, toArmies, until === "downto" ? stopAt : 1);
    if (!args) return;
    let live = true;
    query(BattleOddsQuery, args)
      .then((d) => live && setOdds(formatOdds(d.battleOdds)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [attackMode?.from, attackMode?.to, fromArmies, toArmies, until, stopAt]);

  return (
    <div class="panel">
      <h2>Attack</h2>
      {!attackMode && <p>Choose a territory to attack from (“Attack from” in the list), or end your attacks.</p>}
      {attackMode && !attackMode.to && (
        <p>
          From <strong>{name(attackMode.from)}</strong> ({fromArmies} armies): choose the territory to attack.{" "}
          <button type="button" class="link" onClick={() => setMode({ kind: "idle" })}>
            Cancel
          </button>
        </p>
      )}
      {attackMode?.to && action && (
        <div>
          <p>
            <strong>{name(attackMode.from)}</strong> ({fromArmies}) attacks <strong>{name(attackMode.to)}</strong> ({toArmies}).
          </p>
          <fieldset class="compact">
            <legend>How long</legend>
            <label>
              <input type="radio" name="until" checked={until === "once"} onChange={() => setUntil("once")} /> one roll
            </label>
            <label>
              <input type="radio" name="until" checked={until === "conquered"} onChange={() => setUntil("conquered")} /> until conquered
            </label>
            <label>
              <input type="radio" name="until" checked={until === "downto"} onChange={() => setUntil("downto")} /> until conquered or down to
            </label>
            {until === "downto" && (
              <label>
                <span class="visually-hidden">armies to keep</span>
                <input type="number" min={1} max={Math.max(1, fromArmies - 1)} value={stopAt} onInput={(e) => setStopAt(Math.max(1, Number((e.currentTarget as HTMLInputElement).value) || 1))} />
              </label>
            )}
          </fieldset>
          {until === "once" && (
            <label>
              Dice{" "}
              <select value={String(useDice)} onChange={(e) => setDice(Number((e.currentTarget as HTMLSelectElement).value))}>
                {Array.from({ length: Math.max(1, maxDice - (action.min || 1) + 1) }, (_, i) => (action.min || 1) + i).map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p class={`odds odds-${odds?.band ?? "none"}`} aria-live="polite">
            {odds ? oddsSentence(odds, until, name(attackMode.from), stopAt) : "Working out the odds…"}
          </p>
          <button
            type="button"
            class="primary"
            disabled={view.busy}
            onClick={() => void ctl.attack(attackMode.from, attackMode.to!, useDice, until !== "once", until === "downto" ? stopAt : null)}
          >
            {until === "once" ? `Roll ${useDice} ${useDice === 1 ? "die" : "dice"}` : "Attack"}
          </button>{" "}
          <button type="button" onClick={() => setMode({ kind: "attack", from: attackMode.from, to: null })}>
            Another target
          </button>
        </div>
      )}
      {has(ix, "end_attack") && (
        <p>
          <button type="button" disabled={view.busy} onClick={() => void ctl.endAttack()}>
            End attacks
          </button>
        </p>
      )}
    </div>
  );
}

function OccupyPanel(props: { ctl: GameController; view: View; name: (k: string) => string }) {
  const a = ofKind(props.view.actions, "occupy")[0];
  const [n, setN] = useState(a?.max ?? 1);
  useEffect(() => setN(a?.max ?? 1), [a?.min, a?.max]);
  if (!a) return null;
  return (
    <div class="panel">
      <h2>Move in</h2>
      <p>
        You took <strong>{props.name(a.to ?? "")}</strong>. Move armies in from {props.name(a.from ?? "")}: {a.min} to {a.max}.
      </p>
      <label>
        Armies{" "}
        <input type="range" min={a.min} max={a.max} value={n} onInput={(e) => setN(Number((e.currentTarget as HTMLInputElement).value))} aria-valuetext={`${n} armies`} />{" "}
        <output>{n}</output>
      </label>{" "}
      <button type="button" class="primary" disabled={props.view.busy} onClick={() => void props.ctl.occupy(n)}>
        Move {n}
      </button>
    </div>
  );
}

function FortifyPanel(props: { ctl: GameController; view: View; mode: Mode; setMode: (m: Mode) => void; name: (k: string) => string }) {
  const { ctl, view, mode, setMode, name } = props;
  const fm = mode.kind === "fortify" ? mode : null;
  const action = fm?.to ? from(view.actions, "fortify", fm.from).find((a) => a.to === fm.to) : undefined;
  const [n, setN] = useState(1);
  useEffect(() => setN(action?.max ?? 1), [action?.from, action?.to, action?.max]);
  return (
    <div class="panel">
      <h2>Fortify</h2>
      {!fm && has(view.actions, "fortify") && <p>Move armies once between two of your neighbouring territories (“Move from”), or end your turn.</p>}
      {fm && !fm.to && (
        <p>
          From <strong>{name(fm.from)}</strong>: choose where to move to.{" "}
          <button type="button" class="link" onClick={() => setMode({ kind: "idle" })}>
            Cancel
          </button>
        </p>
      )}
      {fm?.to && action && (
        <p>
          <label>
            Move from {name(fm.from)} to {name(fm.to)}{" "}
            <input type="range" min={action.min || 1} max={action.max} value={n} onInput={(e) => setN(Number((e.currentTarget as HTMLInputElement).value))} aria-valuetext={`${n} armies`} />{" "}
            <output>{n}</output>
          </label>{" "}
          <button type="button" class="primary" disabled={view.busy} onClick={() => void ctl.fortify(fm.from, fm.to!, n)}>
            Move {n} and end the turn
          </button>
        </p>
      )}
      {has(view.actions, "end_turn") && (
        <p>
          <button type="button" disabled={view.busy} onClick={() => void ctl.endTurn()}>
            End turn
          </button>
        </p>
      )}
    </div>
  );
}

function Hand(props: { ctl: GameController; game: ClientGame; view: View }) {
  const { game } = props;
  const me = game.viewerSeat!;
  const hand = game.seats[me]?.cards ?? [];
  const sets = findSets(game, me, hand, props.view.actions.all, !props.view.actions.complete && has(props.view.actions, "trade"));
  if (hand.length === 0) return null;
  return (
    <section class="hand" aria-label="Your cards">
      <h2>Your cards ({hand.length})</h2>
      <ul class="cards">
        {hand.map((c) => {
          const ti = cardTerritory(game.map, c);
          const t = ti !== null ? game.map.names[ti] : undefined;
          const sym = cardSymbol(game.map, c);
          const inSet = sets.some((s) => s.cards.includes(c));
          return (
            <li key={c} class={`card-item${inSet ? " in-set" : ""}`}>
              <span class="sym" aria-hidden="true">
                {sym === "infantry" ? "♟" : sym === "cavalry" ? "♞" : sym === "artillery" ? "✹" : "★"}
              </span>{" "}
              {t ?? "wild card"} <small>({t ? sym : "wild"})</small>
            </li>
          );
        })}
      </ul>
      {sets.length > 0 && (
        <ul class="sets">
          {sets.map((s) => (
            <li key={s.cards.join(",")}>
              {s.cards.map((c) => { const ti = cardTerritory(game.map, c); return ti !== null ? game.map.names[ti] : "wild"; }).join(", ")}: worth{" "}
              {s.worth ?? "?"}
              {s.bonus.length > 0 && ` (+2 on ${s.bonus.map((i) => game.map.names[i]).join(", ")})`}{" "}
              {s.legal && (
                <button type="button" class="primary" disabled={props.view.busy} onClick={() => void props.ctl.trade([...s.cards])}>
                  Trade
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Resign(props: { ctl: GameController }) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  return (
    <section class="resign">
      {asking ? (
        <div role="alertdialog" aria-labelledby="resign-q">
          <p id="resign-q">Resign? Your territories turn neutral and you are out of the game.</p>
          <button
            ref={yes}
            type="button"
            class="danger"
            onClick={() => {
              setAsking(false);
              void props.ctl.resign();
            }}
          >
            Yes, resign
          </button>{" "}
          <button type="button" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" class="link" onClick={() => setAsking(true)}>
          Resign…
        </button>
      )}
    </section>
  );
}

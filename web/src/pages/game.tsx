// The game screen: the board (the map when the game's map has geometry, and the territory list), the
// viewer's choices for the phase, their hand, the chat, the seats, the dice, and the log; live by
// gameEvents. A signed-in user without a seat watches: the same screen, without the choices and the hand,
// with the spectators' room. The panels live in ../game.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { GameController, type View } from "../game/controller";
import { choices, draftPlace, find, has, isLoaded, reserveOf, startsFrom } from "../state/actions";
import { whyNot } from "../state/reasons";
import { FocusKeeper } from "../game/focus";
import { keyIndex } from "../state/game";
import { inLog } from "../state/log";
import { ErrorLine } from "../ui/form";
import { onNotice } from "../ui/notices";
import { useNow, type Viewer } from "../ui/session";
import { TerritoryList, type RowAction } from "../game/territories";
import { SeatsPanel } from "../game/seats";
import { GameLog } from "../game/log";
import { Dice } from "../game/dice";
import { DiceVerified } from "../game/diceverified";
import { BoardView, loadGeometry } from "../game/boardview";
import { PlayHeader } from "../game/header";
import { ActionPanel } from "../game/actionpanel";
import { usePlacementDraft } from "../game/placement";
import { Hand } from "../game/hand";
import { Resign } from "../game/resign";
import { Banners } from "../game/banners";
import type { Mode } from "../game/mode";
import { AreaLegend } from "../game/legend";
import { TeamLegend } from "../game/teamlegend";
import type { MapGeometry } from "../board";
import { WaitingPage } from "./waiting";
import { followSounds } from "../ui/sound";
import { PlayExtras } from "../game/firstgame";
import { AwayPanel, useAway, useBoardArrows, useLiveArrows } from "../game/player";
import type { BoardArrow } from "../board/api";
import type { ClientGame } from "../state/types";
import { ChatPanel } from "../game/chat";
import { followPresence, type Presence } from "../game/presence";
import { LuckSoFar } from "../luck/sofar";

export function GamePage(props: { id: string; viewer: Viewer }) {
  const ctl = useMemo(() => new GameController(props.id, props.viewer.id), [props.id, props.viewer.id]);
  const [view, setView] = useState<View>(ctl.state);
  useEffect(() => {
    const off = ctl.listen(setView);
    const offSound = followSounds(ctl); // dice, conquest and "your turn" from the live events
    void loadGeometry(props.id); // the map's geometry, read beside the game
    void ctl.start();
    const offNotice = onNotice((n) => {
      if (n.gameId === props.id) void ctl.refreshActions();
    });
    return () => {
      off();
      offSound();
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

function PlayScreen(props: { ctl: GameController; view: View; viewer: Viewer }) {
  const { ctl, view } = props;
  const info = view.info!;
  const game = view.game!;
  const ix = view.actions;
  const now = useNow();
  const placement = usePlacementDraft(info.id, view);
  const { draft, setDraft } = placement;
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const keys = useMemo(() => keyIndex(game.map), [game.map]);
  const me = game.viewerSeat;
  // The viewer's turn: their own seat's, or that of a seat handed over to them (docs/rules.md R90).
  const myTurn = me !== null && (game.currentSeat === me || ctl.actingSeat() !== null) && info.status === "active";

  // A new set of actions (a new phase, or after a command) resets choices that are no longer offered: a
  // source that cannot go on, a target no longer offered from it (a territory just conquered). The
  // placement draft resets itself (usePlacementDraft).
  useEffect(() => {
    setMode((m) => {
      if (m.kind === "idle" || !startsFrom(ix, m.kind, m.from)) return { kind: "idle" };
      if (m.to && isLoaded(ix, m.from) && !find(ix, m.kind, m.from, m.to)) return { ...m, to: null };
      return m;
    });
    // A new read of the actions, not the targets of a territory added to the same read.
  }, [ix.read]);

  const selected = mode.kind === "idle" ? null : mode.from;
  // While a big board reads the targets of the territory picked, only that territory stands out (rather
  // than every territory, then the targets: one redraw of the map and of the list instead of two).
  const choice =
    selected !== null && !isLoaded(ix, selected)
      ? { targets: [selected], kindOf: new Map([[selected, "loading"]]) }
      : choices(ix, selected);
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

  // Why the last pick did nothing, for the status line (null: it did something).
  const [reason, setReason] = useState<string | null>(null);
  const neighbours = useMemo(() => {
    if (!geometry) return undefined;
    const m = new Map(geometry.territories.map((t) => [t.key, t.neighbours]));
    return (k: string) => m.get(k);
  }, [geometry]);

  /** A territory picked on the map: the same choices as the list's buttons; a pick that is none says why. */
  const pick = (key: string | null) => {
    setReason(null);
    if (key === null || (mode.kind !== "idle" && key === mode.from && !choice.kindOf.has(key))) {
      setMode({ kind: "idle" });
      return;
    }
    const why = () =>
      setReason(
        whyNot({ game, actions: ix, mode, drafted: draft.total, neighbours }, key) ??
          `${game.map.names[keys.get(key) ?? -1] ?? key} is not a choice now.`,
      );
    switch (choice.kindOf.get(key)) {
      case "claim":
        void ctl.claim(key);
        break;
      case "place": {
        const next = draftPlace(draft, ix, key, 1);
        if (next === draft) why();
        setDraft(next);
        break;
      }
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
          setMode(
            startsFrom(ix, "attack", key)
              ? { kind: "attack", from: key, to: null }
              : { kind: "fortify", from: key, to: null },
          );
        } else why();
    }
  };

  const rowActions = (key: string): RowAction[] => {
    const out: RowAction[] = [];
    const k = choice.kindOf.get(key);
    if (k === "claim") out.push({ label: "Claim", onClick: () => void ctl.claim(key) });
    if (k === "place") {
      const cur = draft.placements.find((p) => p.territory === key)?.armies ?? 0;
      out.push({
        label: "−",
        aria: "One army fewer",
        disabled: cur === 0,
        onClick: () => setDraft(draftPlace(draft, ix, key, -1)),
      });
      out.push({
        label: "+1",
        aria: "+1 army",
        disabled: draft.total >= reserveOf(ix),
        onClick: () => setDraft(draftPlace(draft, ix, key, 1)),
      });
      out.push({
        label: "+all",
        aria: "All the armies left",
        disabled: draft.total >= reserveOf(ix),
        onClick: () => setDraft(draftPlace(draft, ix, key, reserveOf(ix))),
      });
    }
    if (k === "select") {
      if (startsFrom(ix, "attack", key))
        out.push({ label: "Attack from", onClick: () => setMode({ kind: "attack", from: key, to: null }) });
      if (startsFrom(ix, "fortify", key))
        out.push({ label: "Move from", onClick: () => setMode({ kind: "fortify", from: key, to: null }) });
    }
    if (k === "attack" && mode.kind === "attack")
      out.push({ label: "Attack", onClick: () => setMode({ ...mode, to: key }) });
    if (k === "fortify" && mode.kind === "fortify")
      out.push({ label: "Move here", onClick: () => setMode({ ...mode, to: key }) });
    return out;
  };

  useEffect(() => {
    document.title = `${myTurn ? "Your turn · " : ""}${info.map.name} · Rout`;
    return () => {
      document.title = "Rout";
    };
  }, [myTurn, info.map.name]);
  const over = info.status === "finished" || game.phase === "over";

  // The focus comes back to a sensible control after every command (game/focus.ts).
  const root = useRef<HTMLDivElement>(null);
  const keeper = useRef<FocusKeeper | null>(null);
  useEffect(() => {
    if (!root.current) return;
    const k = new FocusKeeper(root.current);
    keeper.current = k;
    return () => k.destroy();
  }, []);
  useEffect(() => {
    // While a source is chosen without a target, its targets' buttons in the list come first.
    keeper.current?.settle(
      view.busy,
      mode.kind !== "idle" && !mode.to ? [".territory-table tr.target .row-actions button"] : [],
    );
  });
  // A reason is about the turn and phase it was given in: a new one clears it.
  useEffect(() => setReason(null), [game.phase, game.currentSeat]);
  // Since your last turn: the summary, and the other seats' turns played back on the map; live attacks as
  // brief arrows. The state stays current: only the map shows the past while a playback runs.
  const area = useRef<HTMLElement>(null);
  const away = useAway(view.log, game);
  const [past, setPast] = useState<{ game: ClientGame; arrows: BoardArrow[] } | null>(null);
  const openedAt = useMemo(() => game.seq, []);
  const live = useLiveArrows(view.log, game, openedAt, past !== null);
  const logLines = useMemo(() => view.log.filter(inLog), [view.log]);
  useBoardArrows(area, past ? past.arrows : live, geometry);
  // Who follows the game live: the spectators' number and the players here now.
  const [presence, setPresence] = useState<Presence | null>(null);
  useEffect(() => followPresence(info.id, setPresence), [info.id]);

  return (
    <div class="play" ref={root}>
      <PlayHeader view={view} info={info} game={game} myTurn={myTurn} now={now} />
      <PlayExtras
        gameId={info.id}
        phase={game.phase}
        myTurn={myTurn}
        playing={me !== null}
        over={over}
        trade={has(ix, "trade")}
      />
      <Banners ctl={ctl} view={view} game={game} over={over} />
      <ErrorLine text={view.error} />
      <div class="play-body">
        <section class="board-area" aria-label="Board" ref={area}>
          <p class="pick-reason" role="status">
            {reason}
          </p>
          {geometry && (
            <BoardView
              geometry={geometry}
              game={past?.game ?? game}
              highlights={choice.targets}
              selected={mode.kind !== "idle" ? mode.from : null}
              target={mode.kind !== "idle" ? mode.to : null}
              onPick={pick}
            />
          )}
          <TeamLegend game={game} />
          <TerritoryList
            game={game}
            seatOf={(s) => game.seats[s]}
            targets={choice.kindOf}
            selected={selected}
            draft={draft}
            actionsFor={rowActions}
          />
        </section>
        <aside class="side">
          {away && (
            <AwayPanel
              away={away}
              game={game}
              onBoard={(g, arrows) => {
                // The map comes into view as the playback starts.
                if (g && !past) area.current?.scrollIntoView({ block: "nearest" });
                setPast(g ? { game: g, arrows } : null);
              }}
            />
          )}
          {myTurn && (
            <ActionPanel ctl={ctl} view={view} placement={placement} mode={mode} setMode={setMode} keys={keys} />
          )}
          {view.lastDice && <Dice dice={view.lastDice} />}
          {info.status === "finished" && <DiceVerified gameId={info.id} />}
          {me !== null && <Hand ctl={ctl} game={game} view={view} />}
          <ChatPanel
            gameId={info.id}
            viewerId={props.viewer.id}
            moderator={props.viewer.moderator}
            player={me !== null}
            creator={info.creator.id === props.viewer.id}
            teams={info.teams}
          />
          <SeatsPanel game={game} info={info} now={now} presence={presence} />
          <LuckSoFar gameId={info.id} turn={game.turn} over={over} seats={game.seats} />
          {geometry && <AreaLegend geometry={geometry} game={game} />}
          {me !== null && !over && has(ix, "resign") && <Resign ctl={ctl} />}
          <GameLog lines={logLines} />
        </aside>
      </div>
    </div>
  );
}

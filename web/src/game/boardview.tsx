// The map view: web-board's framework-free board module (src/board) in a Preact component. The map's
// geometry comes from the API (`Game.map`: the server's shapes, sea borders and bonus areas, so the board
// computes no cells), read once per game and kept per map version for the session and on the device
// (IndexedDB, geometrycache.ts: a reload reads no geometry from the API); the board follows the client
// state and the legal choices, and reports picks. It marks the selection and the target apart; a
// selection the map did not make (the list's buttons) is brought into view with its targets, and
// "Zoom to choice" fits the selection and its targets whenever one is selected (state/pick.ts).
import { useEffect, useRef, useState } from "preact/hooks";
import { query } from "../api/client";
import { GameMapGeometryQuery } from "../api/operations";
import { AREA_COLORS, createBoard, type Board, type MapGeometry } from "../board";
import { geometryFromGameMap } from "../board/geometry";
import { choiceKeys, mapFollows } from "../state/pick";
import type { ClientGame } from "../state/types";
import { openGeometryCache, versionKey, type GeometryCache } from "./geometrycache";
import { seatTitle } from "../ui/format";
import "./boardview.css";

const byGame = new Map<string, Promise<MapGeometry | null>>();
let cache: GeometryCache | null = null;
/** The geometry kept on the device (geometrycache.ts), opened on first use. */
const kept = () => (cache ??= openGeometryCache());
const byVersion = new Map<string, MapGeometry>();

/**
 * The geometry of a game's map; null when it cannot be read (the list view stays). The game screen asks
 * for it as soon as it opens, beside its first read of the game.
 */
export function loadGeometry(gameId: string): Promise<MapGeometry | null> {
  let p = byGame.get(gameId);
  if (!p) {
    const fromApi = () =>
      query(GameMapGeometryQuery, { id: gameId, areaPalette: AREA_COLORS.length }).then((d) => {
        const m = d.game?.map;
        if (!m) return null;
        const key = versionKey(m.key, m.version);
        let g = byVersion.get(key);
        if (!g) byVersion.set(key, (g = geometryFromGameMap(m)));
        void kept().put(gameId, key, g);
        return g;
      });
    p = kept()
      .forGame(gameId)
      .then((hit) => {
        if (!hit) return fromApi();
        let g = byVersion.get(hit.version);
        if (!g) byVersion.set(hit.version, (g = hit.geometry));
        return g;
      })
      .catch(() => null);
    void p.then((g) => {
      if (!g) byGame.delete(gameId);
    });
    byGame.set(gameId, p);
  }
  return p;
}

export function BoardView(props: {
  geometry: MapGeometry;
  game: ClientGame;
  highlights: string[];
  selected: string | null;
  /** The chosen target of the selection (an attack's or a move's), marked apart. */
  target?: string | null;
  onPick: (key: string | null) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const board = useRef<Board | null>(null);
  const pick = useRef(props.onPick);
  pick.current = props.onPick;
  const fromMap = useRef<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!el.current) return;
    const g = props.game;
    const b = createBoard(el.current, {
      geometry: props.geometry,
      seats: g.seats.map((s) => ({ seat: s.seat, color: s.color, name: seatTitle(s) })),
      territories: g.board,
    });
    const off = b.onSelect((k) => {
      fromMap.current = k;
      pick.current(k);
    });
    board.current = b;
    setReady(true);
    return () => {
      off();
      b.destroy();
      board.current = null;
    };
  }, [props.geometry]);

  useEffect(() => {
    board.current?.setState(props.game.board);
  }, [props.game.board, ready]);
  useEffect(() => {
    board.current?.setHighlights(props.highlights);
  }, [props.highlights.join("\u0000"), ready]);
  useEffect(() => {
    const b = board.current;
    if (!b) return;
    b.setSelection(props.selected);
    const keys = choiceKeys(props.selected, props.target ?? null, props.highlights);
    if (mapFollows(props.selected, fromMap.current, b.inView(keys)) === "zoom") b.zoomTo(keys);
    fromMap.current = null;
  }, [props.selected, ready]);
  useEffect(() => {
    board.current?.setTarget(props.target ?? null);
  }, [props.target, ready]);
  const zoomToChoice = () => board.current?.zoomTo(choiceKeys(props.selected, props.target ?? null, props.highlights));

  return (
    <div class="board-wrap">
      <div ref={el} class="board-host" />
      <div class="board-zoom" role="group" aria-label="Zoom">
        <button type="button" aria-label="Zoom in" onClick={() => board.current?.zoomBy(1.5)}>
          +
        </button>
        <button type="button" aria-label="Zoom out" onClick={() => board.current?.zoomBy(1 / 1.5)}>
          −
        </button>
        <button type="button" aria-label="Show the whole map" onClick={() => board.current?.resetZoom()}>
          ⤢
        </button>
        {props.selected !== null && (
          <button type="button" class="board-zoom-choice" onClick={zoomToChoice}>
            Zoom to choice
          </button>
        )}
      </div>
    </div>
  );
}

// The placement panel: the draft of the armies to place (a number per territory, "the rest here", the
// rest spread evenly over the territories in the draft or over the borders, undo, reset), confirmed in one
// placeArmies. The draft lives in `usePlacementDraft`, kept in sessionStorage so that a reload keeps it
// for as long as the turn, the phase and the version of the actions are the same. The pure parts are in
// ../state/placement.ts.
import { useEffect, useMemo, useState } from "preact/hooks";
import "./placement.css";
import type { GameController, View } from "./controller";
import { loadGeometry } from "./boardview";
import { emptyDraft, has, reserveOf, sources, type ActionIndex, type PlacementDraft } from "../state/actions";
import {
  borderTerritories,
  distributeEvenly,
  draftStorageKey,
  history,
  leftToPlace,
  pushDraft,
  restHere,
  restoreDraft,
  setPlaced,
  storeDraft,
  undoDraft,
  type DraftHistory,
  type DraftMoment,
} from "../state/placement";

/** The placement draft of the game screen, with its undo stack. */
export interface PlacementState {
  draft: PlacementDraft;
  setDraft: (d: PlacementDraft) => void;
  undo: () => void;
  canUndo: boolean;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The draft of one game's placement. A new read of the actions starts again from the draft kept for this
 * very moment (after a reload), or from nothing; a kept draft that no longer fits is dropped.
 */
export function usePlacementDraft(gameId: string, view: View): PlacementState {
  const ix = view.actions;
  const game = view.game;
  const moment: DraftMoment = { turn: game?.turn ?? 0, phase: game?.phase ?? "", version: view.version };
  const [h, setH] = useState<DraftHistory>(() => history(emptyDraft));
  useEffect(() => {
    const st = storage();
    const key = draftStorageKey(gameId);
    // The reserve is known once the place actions are read (not from the summary alone).
    if (!st || !has(ix, "place") || reserveOf(ix) === 0) {
      setH(history(emptyDraft));
      return;
    }
    const restored = restoreDraft(st.getItem(key), ix, moment);
    if (!restored) st.removeItem(key);
    setH(history(restored ?? emptyDraft));
    // A new read of the actions, not the targets of a territory added to the same read.
  }, [ix.read]);

  const keep = (d: PlacementDraft) => {
    const st = storage();
    if (!st) return;
    try {
      if (d.total === 0) st.removeItem(draftStorageKey(gameId));
      else st.setItem(draftStorageKey(gameId), storeDraft(d, moment));
    } catch {
      // A full or refused storage: the draft is simply not kept over a reload.
    }
  };
  return {
    draft: h.draft,
    setDraft: (d) => {
      const next = pushDraft(h, d);
      if (next === h) return;
      setH(next);
      keep(next.draft);
    },
    undo: () => {
      const next = undoDraft(h);
      setH(next);
      keep(next.draft);
    },
    canUndo: h.past.length > 0,
  };
}

/** Beyond this many territories to place on, the panel offers no list to add from (the map and list do). */
const PICK_LIMIT = 300;

export function PlacementPanel(props: {
  ctl: GameController;
  view: View;
  placement: PlacementState;
  name: (key: string) => string;
}) {
  const { ctl, view, placement, name } = props;
  const { draft, setDraft } = placement;
  const ix: ActionIndex = view.actions;
  const game = view.game!;
  const reserve = reserveOf(ix);
  const left = leftToPlace(draft, ix);
  const busy = view.busy;

  // The map's adjacency, for the borders (read once per game, shared with the map view).
  const [neighbours, setNeighbours] = useState<Map<string, string[]> | null>(null);
  useEffect(() => {
    let live = true;
    void loadGeometry(ctl.id).then((g) => {
      if (live && g) setNeighbours(new Map(g.territories.map((t) => [t.key, t.neighbours])));
    });
    return () => {
      live = false;
    };
  }, [ctl.id]);
  const placeable = useMemo(() => new Set(sources(ix, "place")), [ix]);
  const borders = useMemo(
    () =>
      neighbours
        ? borderTerritories(game.map.keys, game.board, game.viewerSeat, (k) => neighbours.get(k)).filter((k) =>
            placeable.has(k),
          )
        : [],
    [neighbours, game.board, game.viewerSeat, placeable],
  );
  const drafted = draft.placements.map((p) => p.territory);
  const addable =
    placeable.size <= PICK_LIMIT ? game.map.keys.filter((k) => placeable.has(k) && !drafted.includes(k)) : [];
  const [adding, setAdding] = useState("");
  const addKey = addable.includes(adding) ? adding : (addable[0] ?? "");

  return (
    <div class="panel placement">
      <h2>Place your armies</h2>
      <p aria-live="polite">
        <strong>{left}</strong> of {reserve} left to place.{" "}
        {draft.total === 0
          ? "Use + beside your territories, or add them here, then confirm."
          : "Confirm when the numbers are right."}
      </p>
      {draft.placements.length > 0 && (
        <table class="draft">
          <caption class="visually-hidden">Armies to place</caption>
          <thead>
            <tr>
              <th scope="col">Territory</th>
              <th scope="col">Armies</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.placements.map((p) => (
              <tr key={p.territory}>
                <th scope="row">{name(p.territory)}</th>
                <td>
                  <input
                    type="number"
                    class="armies-input"
                    min={0}
                    max={p.armies + left}
                    value={p.armies}
                    aria-label={`Armies to place on ${name(p.territory)}`}
                    onChange={(e) =>
                      setDraft(setPlaced(draft, ix, p.territory, Number((e.currentTarget as HTMLInputElement).value)))
                    }
                  />
                </td>
                <td class="row-actions">
                  <button
                    type="button"
                    disabled={left === 0}
                    aria-label={`The rest on ${name(p.territory)}`}
                    onClick={() => setDraft(restHere(draft, ix, p.territory))}
                  >
                    The rest here
                  </button>
                  <button
                    type="button"
                    aria-label={`Take back the armies on ${name(p.territory)}`}
                    onClick={() => setDraft(setPlaced(draft, ix, p.territory, 0))}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {addable.length > 0 && left > 0 && (
        <p class="add-territory">
          <label>
            Add{" "}
            <select value={addKey} onChange={(e) => setAdding((e.currentTarget as HTMLSelectElement).value)}>
              {addable.map((k) => (
                <option key={k} value={k}>
                  {name(k)}
                </option>
              ))}
            </select>
          </label>{" "}
          <button type="button" onClick={() => addKey && setDraft(setPlaced(draft, ix, addKey, 1))}>
            Add one army
          </button>
        </p>
      )}
      <p class="spread">
        <button
          type="button"
          disabled={left === 0 || draft.placements.length === 0}
          title="The armies left, shared evenly over the territories in the list above"
          onClick={() => setDraft(distributeEvenly(draft, ix, drafted))}
        >
          Spread the rest over these
        </button>{" "}
        <button
          type="button"
          disabled={left === 0 || borders.length === 0}
          title="The armies left, shared evenly over your territories that border an enemy"
          onClick={() => setDraft(distributeEvenly(draft, ix, borders))}
        >
          Spread the rest over my borders{borders.length > 0 ? ` (${borders.length})` : ""}
        </button>
      </p>
      <p>
        <button
          type="button"
          class="primary"
          disabled={busy || draft.total === 0}
          onClick={() => void ctl.place(draft.placements)}
        >
          Place {draft.total} {draft.total === 1 ? "army" : "armies"}
        </button>{" "}
        <button type="button" disabled={!placement.canUndo} onClick={placement.undo}>
          Undo
        </button>{" "}
        <button type="button" disabled={draft.total === 0} onClick={() => setDraft(emptyDraft)}>
          Reset
        </button>
      </p>
    </div>
  );
}

// The board as a list: every territory with its owner (colour, glyph and name: never colour alone), its
// armies ("hidden" and "?" where fog hides them), and the buttons of what the viewer may do with it now.
// Until the map view, and for screen readers and keyboards always.
import { useEffect, useRef, useState } from "preact/hooks";
import type { PlacementDraft } from "../state/actions";
import type { ClientGame, SeatView } from "../state/types";
import { colorHex, seatGlyph, seatTitle } from "../ui/format";
import { Count } from "./count";
import "./territories.css";

export interface RowAction {
  label: string;
  aria?: string;
  disabled?: boolean;
  onClick: () => void;
}

type Filter = "choosable" | "mine" | "all";

export function TerritoryList(props: {
  game: ClientGame;
  seatOf: (seat: number) => SeatView | undefined;
  targets: Map<string, string>;
  selected: string | null;
  draft: PlacementDraft;
  actionsFor: (key: string) => RowAction[];
}) {
  const { game } = props;
  const [filter, setFilter] = useState<Filter>("choosable");
  const [search, setSearch] = useState("");
  const hasTargets = props.targets.size > 0;
  const effective: Filter = filter === "choosable" && !hasTargets ? "all" : filter;
  const q = search.trim().toLowerCase();
  const rows = game.map.keys
    .map((key, i) => ({ key, i, t: game.board[i], name: game.map.names[i] }))
    .filter((r) => {
      if (q && !r.name.toLowerCase().includes(q)) return false;
      if (effective === "choosable") return props.targets.has(r.key) || r.key === props.selected;
      if (effective === "mine") return game.viewerSeat !== null && r.t.owner === game.viewerSeat;
      return true;
    });
  // Thousands of territories: a page at a time keeps the list quick; searching narrows it.
  const LIMIT = 300;
  // In step with the map: the selected row (picked on the map or here) is marked and scrolled into view
  // inside the list's own scroll box, never scrolling the page away from the map.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const b = box.current;
    if (props.selected === null || !b) return;
    const row = b.querySelector<HTMLElement>(`tr[data-key="${CSS.escape(props.selected)}"]`);
    if (!row) return;
    const top = row.offsetTop;
    const head = (b.querySelector("thead") as HTMLElement | null)?.offsetHeight ?? 0;
    if (top - head < b.scrollTop || top + row.offsetHeight > b.scrollTop + b.clientHeight)
      b.scrollTop = Math.max(0, top - head - b.clientHeight / 3);
  }, [props.selected]);
  return (
    <div class="territories">
      <div class="list-tools">
        <label>
          Show{" "}
          <select value={filter} onChange={(e) => setFilter((e.currentTarget as HTMLSelectElement).value as Filter)}>
            <option value="choosable">what I can choose now</option>
            <option value="mine">my territories</option>
            <option value="all">every territory</option>
          </select>
        </label>{" "}
        <label>
          Find{" "}
          <input type="search" value={search} onInput={(e) => setSearch((e.currentTarget as HTMLInputElement).value)} />
        </label>
      </div>
      <div class="territory-scroll" ref={box} tabIndex={0} role="region" aria-label="Territories, scrollable">
        <table class="territory-table">
          <caption class="visually-hidden">Territories</caption>
          <thead>
            <tr>
              <th scope="col">Territory</th>
              <th scope="col">Owner</th>
              <th scope="col">Armies</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, LIMIT).map((r) => {
              const s = r.t.owner !== null ? props.seatOf(r.t.owner) : undefined;
              const added = props.draft.placements.find((p) => p.territory === r.key)?.armies ?? 0;
              const acts = props.actionsFor(r.key);
              return (
                <tr
                  key={r.key}
                  class={`${r.key === props.selected ? "selected" : ""} ${props.targets.has(r.key) ? "target" : ""}`}
                  data-key={r.key}
                  aria-current={r.key === props.selected ? "true" : undefined}
                >
                  <th scope="row">{r.name}</th>
                  <td>
                    {s ? (
                      <>
                        <span class="swatch" style={{ background: colorHex(s.color) }} aria-hidden="true">
                          {seatGlyph(s.seat)}
                        </span>{" "}
                        {seatTitle(s)}
                      </>
                    ) : r.t.sight === "hidden" ? (
                      "hidden by fog"
                    ) : r.t.neutral ? (
                      "neutral"
                    ) : (
                      "unclaimed"
                    )}
                  </td>
                  <td class="num">
                    <Count n={r.t.armies} label="armies hidden" />
                    {added > 0 && <strong class="added"> +{added}</strong>}
                  </td>
                  <td class="row-actions">
                    {acts.map((a) => (
                      <button
                        key={a.label}
                        type="button"
                        disabled={a.disabled}
                        aria-label={a.aria ? `${a.aria} on ${r.name}` : `${a.label} ${r.name}`}
                        onClick={a.onClick}
                      >
                        {a.label}
                      </button>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length > LIMIT && <p>{rows.length - LIMIT} more: narrow the list with Find.</p>}
    </div>
  );
}

// The panels after a conquest (move in) and at the end of a turn (fortify).
import { useEffect, useState } from "preact/hooks";
import type { GameController, View } from "./controller";
import type { Mode } from "./mode";
import { from, has, ofKind } from "../state/actions";

/** A count of armies between min and max, on a slider with the count beside it. */
function ArmiesRange(props: {
  label: string;
  min: number;
  max: number;
  value: number;
  set: (n: number) => void;
  focus?: string;
}) {
  const { label, min, max, value, set, focus } = props;
  return (
    <label>
      {label}{" "}
      <input
        type="range"
        data-focus={focus}
        data-focus-next={focus ? true : undefined}
        min={min}
        max={max}
        value={value}
        onInput={(e) => set(Number((e.currentTarget as HTMLInputElement).value))}
        aria-valuetext={`${value} armies`}
      />{" "}
      <output>{value}</output>
    </label>
  );
}

export function OccupyPanel(props: { ctl: GameController; view: View; name: (k: string) => string }) {
  const a = ofKind(props.view.actions, "occupy")[0];
  const [n, setN] = useState(a?.max ?? 1);
  useEffect(() => setN(a?.max ?? 1), [a?.min, a?.max]);
  if (!a) return null;
  return (
    <div class="panel">
      <h2>Move in</h2>
      <p>
        You took <strong>{props.name(a.to ?? "")}</strong>. Move armies in from {props.name(a.from ?? "")}: {a.min} to{" "}
        {a.max}.
      </p>
      <ArmiesRange label="Armies" min={a.min} max={a.max} value={n} set={setN} focus="occupy-armies" />{" "}
      <button
        type="button"
        class="primary"
        data-focus="occupy-go"
        disabled={props.view.busy}
        onClick={() => void props.ctl.occupy(n)}
      >
        Move {n}
      </button>
    </div>
  );
}

export function FortifyPanel(props: {
  ctl: GameController;
  view: View;
  mode: Mode;
  setMode: (m: Mode) => void;
  name: (k: string) => string;
}) {
  const { ctl, view, mode, setMode, name } = props;
  const fm = mode.kind === "fortify" ? mode : null;
  const action = fm?.to ? from(view.actions, "fortify", fm.from).find((a) => a.to === fm.to) : undefined;
  const [n, setN] = useState(1);
  useEffect(() => setN(action?.max ?? 1), [action?.from, action?.to, action?.max]);
  return (
    <div class="panel">
      <h2>Fortify</h2>
      {!fm && has(view.actions, "fortify") && (
        <p>Move armies once between two of your neighbouring territories (“Move from”), or end your turn.</p>
      )}
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
          <ArmiesRange
            label={`Move from ${name(fm.from)} to ${name(fm.to)}`}
            min={action.min || 1}
            max={action.max}
            value={n}
            set={setN}
          />{" "}
          <button
            type="button"
            class="primary"
            data-focus="fortify-go"
            data-focus-next
            disabled={view.busy}
            onClick={() => void ctl.fortify(fm.from, fm.to!, n)}
          >
            Move {n} and end the turn
          </button>
        </p>
      )}
      {has(view.actions, "end_turn") && (
        <p>
          <button
            type="button"
            data-focus="end-turn"
            data-focus-next
            disabled={view.busy}
            onClick={() => void ctl.endTurn()}
          >
            End turn
          </button>
        </p>
      )}
    </div>
  );
}

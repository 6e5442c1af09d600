// The viewer's move: the panel of each kind of command the viewer may send now.
import type { GameController, View } from "./controller";
import type { Mode } from "./mode";
import { AttackPanel } from "./attack";
import { FortifyPanel, OccupyPanel } from "./moves";
import { PlacementPanel, type PlacementState } from "./placement";
import { has } from "../state/actions";

export function ActionPanel(props: {
  ctl: GameController;
  view: View;
  placement: PlacementState;
  mode: Mode;
  setMode: (m: Mode) => void;
  keys: Map<string, number>;
}) {
  const { ctl, view, mode, setMode, keys } = props;
  const ix = view.actions;
  const game = view.game!;
  const name = (k: string) => game.map.names[keys.get(k) ?? -1] ?? k;

  const parts = [];
  if (has(ix, "claim")) parts.push(<p key="claim">Pick a territory to claim: press “Claim” beside it in the list.</p>);
  if (has(ix, "place"))
    parts.push(<PlacementPanel key="place" ctl={ctl} view={view} placement={props.placement} name={name} />);
  if (has(ix, "attack") || has(ix, "end_attack")) {
    parts.push(
      <AttackPanel key="attack" ctl={ctl} view={view} mode={mode} setMode={setMode} name={name} keys={keys} />,
    );
  }
  if (has(ix, "occupy")) parts.push(<OccupyPanel key="occupy" ctl={ctl} view={view} name={name} />);
  if (has(ix, "fortify") || has(ix, "end_turn")) {
    parts.push(<FortifyPanel key="fortify" ctl={ctl} view={view} mode={mode} setMode={setMode} name={name} />);
  }
  if (parts.length === 0 && has(ix, "trade"))
    parts.push(<p key="trade">Trade a set of cards (below) before you place.</p>);
  return (
    <section class="actions" aria-label="Your move">
      {parts}
    </section>
  );
}

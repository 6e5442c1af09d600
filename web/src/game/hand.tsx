// The viewer's cards, the sets they make with their worth, and the trade buttons.
import type { GameController, View } from "./controller";
import { has } from "../state/actions";
import { cardSymbol, cardTerritory, findSets } from "../state/cards";
import type { ClientGame } from "../state/types";

export function Hand(props: { ctl: GameController; game: ClientGame; view: View }) {
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

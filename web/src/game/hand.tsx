// The viewer's cards (on the turn of a seat handed over to them, that seat's: docs/rules.md R90), the sets
// the server offers to trade with what each brings (its worth and the territory bonus, from the trade
// actions), and the trade buttons.
import type { GameController, View } from "./controller";
import { ofKind } from "../state/actions";
import { cardSymbol, cardTerritory, setWords, tradeSets } from "../state/cards";
import type { ClientGame } from "../state/types";

export function Hand(props: { ctl: GameController; game: ClientGame; view: View }) {
  const { game, view } = props;
  const acting = props.ctl.actingSeat();
  const me = acting ?? game.viewerSeat!;
  const hand = game.seats[me]?.cards ?? [];
  const ix = view.actions;
  // The trade actions, on every board: a big one reads them by kind beside the summary.
  const sets = tradeSets(ofKind(ix, "trade"));
  if (hand.length === 0) return null;
  const cardName = (c: number) => {
    const ti = cardTerritory(game.map, c);
    return ti !== null ? game.map.names[ti] : "wild card";
  };
  const keyName = (k: string) => game.map.names[game.map.keys.indexOf(k)] ?? k;
  return (
    <section class="hand" aria-label={acting !== null ? "The cards you play" : "Your cards"}>
      <h2>
        {acting !== null ? "The cards you play" : "Your cards"} ({hand.length})
      </h2>
      <ul class="cards">
        {hand.map((c) => {
          const ti = cardTerritory(game.map, c);
          const sym = cardSymbol(game.map, c);
          const inSet = sets.some((s) => s.cards.includes(c));
          return (
            <li key={c} class={`card-item${inSet ? " in-set" : ""}`}>
              <span class="sym" aria-hidden="true">
                {sym === "infantry" ? "♟" : sym === "cavalry" ? "♞" : sym === "artillery" ? "✹" : "★"}
              </span>{" "}
              {cardName(c)} <small>({ti !== null ? sym : "wild"})</small>
            </li>
          );
        })}
      </ul>
      {sets.length > 0 && (
        <ul class="sets">
          {sets.map((s) => (
            <li key={s.cards.join(",")}>
              {s.cards.map(cardName).join(", ")}: {setWords(s, keyName)}{" "}
              <button
                type="button"
                class="primary"
                data-focus="trade"
                disabled={view.busy}
                onClick={() => void props.ctl.trade([...s.cards])}
              >
                Trade
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

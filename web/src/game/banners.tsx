// The banners under the heading: who was eliminated (and by whom) or resigned, as the live events say it,
// and at the end who won and the viewer's place. On every player's screen alike; read out politely.
import type { GameController, View } from "./controller";
import type { ClientGame } from "../state/types";
import { overWords } from "../state/standing";
import { seatTitle } from "../ui/format";

export function Banners(props: { ctl: GameController; view: View; game: ClientGame; over: boolean }) {
  const { ctl, view, game, over } = props;
  // The seats of the viewer's team whose players left them to the viewer (docs/rules.md R90).
  const playsFor = (view.info?.viewerPlaysFor ?? []).map((p) => game.seats[p]).filter((s) => s !== undefined);
  return (
    <div class="banners" role="status">
      {!over && playsFor.length > 0 && (
        <p class="notice banner banner-plays-for">
          You play for {playsFor.map(seatTitle).join(" and ")}, who left the game: on their turn the choices here are
          theirs.
        </p>
      )}
      {over && (
        <p class="notice banner banner-over">
          <strong>{overWords(game, view.exits)}</strong>
        </p>
      )}
      {view.banners.map((b) => (
        <p key={b.id} class="notice banner">
          <span>{b.text}</span>
          <button type="button" class="link" aria-label={`Dismiss: ${b.text}`} onClick={() => ctl.dismissBanner(b.id)}>
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}

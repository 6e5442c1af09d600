// Resigning, with a question first.
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameController } from "./controller";

export function Resign(props: { ctl: GameController }) {
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

// "Dice verified" on a finished game's page: the browser takes the game's record, whose seeds are revealed
// at the end, and derives every draw again (dice/verify.ts, docs/dice.md). Games created before committed
// dice show nothing.
import { useEffect, useState } from "preact/hooks";
import { query } from "../api/client";
import { GameRecordQuery } from "../api/operations";
import { verifyDice, type DiceCheck, type DiceRecord } from "../dice/verify";

export function DiceVerified(props: { gameId: string }) {
  const [check, setCheck] = useState<DiceCheck | "checking" | "error">("checking");
  useEffect(() => {
    let live = true;
    query(GameRecordQuery, { id: props.gameId })
      .then((d) => (d.game?.record ? verifyDice(d.game.record as DiceRecord) : ({ kind: "none" } as const)))
      .then((c) => live && setCheck(c))
      .catch(() => live && setCheck("error"));
    return () => {
      live = false;
    };
  }, [props.gameId]);
  if (check === "checking")
    return (
      <p class="dice-verified" role="status">
        Checking the dice…
      </p>
    );
  if (check === "error")
    return (
      <p class="dice-verified" role="status">
        The dice could not be checked: the record did not load.
      </p>
    );
  if (check.kind === "none") return null;
  if (check.kind === "failed")
    return (
      <p class="dice-verified failed" role="status">
        ✗ Dice not verified: {check.reason}.
      </p>
    );
  return (
    <p
      class="dice-verified ok"
      role="status"
      title="Every draw derives from the seeds revealed at the end (docs/dice.md)"
    >
      ✓ Dice verified: {check.draws} draws derive from the revealed seeds.
    </p>
  );
}

// The attack panel: the source and target chosen, how long to attack, the dice, and the odds of exactly
// what will be sent (none where fog hides the defending armies).
import { useEffect, useState } from "preact/hooks";
import { query } from "../api/client";
import { BattleOddsQuery, RollOddsQuery } from "../api/operations";
import type { GameController, View } from "./controller";
import type { Mode } from "./mode";
import { from, has } from "../state/actions";
import {
  formatOdds,
  oddsRequest,
  oddsSentence,
  rollBand,
  rollSentence,
  type AttackLength,
  type OddsDisplay,
} from "../state/odds";
import { seatShort } from "../ui/format";
import { Count } from "./count";

export function AttackPanel(props: {
  ctl: GameController;
  view: View;
  mode: Mode;
  setMode: (m: Mode) => void;
  name: (k: string) => string;
  keys: Map<string, number>;
}) {
  const { ctl, view, mode, setMode, name, keys } = props;
  const ix = view.actions;
  const game = view.game!;
  const [until, setUntil] = useState<AttackLength>("once");
  const [stopAt, setStopAt] = useState(1);
  const [dice, setDice] = useState(3);
  // The odds of exactly what the button sends: the sentence and its band.
  const [odds, setOdds] = useState<{ text: string; band: OddsDisplay["band"] } | null>(null);
  const attackMode = mode.kind === "attack" ? mode : null;
  const action = attackMode?.to ? from(ix, "attack", attackMode.from).find((a) => a.to === attackMode.to) : undefined;
  const fromArmies = attackMode ? (game.board[keys.get(attackMode.from) ?? -1]?.armies ?? 0) : 0;
  // Null where fog hides the defenders: no odds then.
  const toArmies = attackMode?.to ? (game.board[keys.get(attackMode.to) ?? -1]?.armies ?? null) : null;
  const maxDice = action?.max ?? 3;
  const useDice = Math.min(dice, maxDice);

  const ownerName = (k: string) => {
    const t = game.board[keys.get(k) ?? -1];
    const s = t && t.owner !== null ? game.seats[t.owner] : undefined;
    return s ? seatShort(s) : "Neutral";
  };
  useEffect(() => {
    setOdds(null);
    if (!attackMode?.to) return;
    const req = oddsRequest(until, fromArmies, toArmies, useDice, action?.defendDice, stopAt);
    if (!req) return;
    const src = attackMode.from;
    const dst = attackMode.to;
    let live = true;
    const shown =
      req.kind === "roll"
        ? query(RollOddsQuery, { attackDice: req.attackDice, defendDice: req.defendDice }).then((d) => ({
            text: rollSentence(d.rollOdds, ownerName(src), ownerName(dst)),
            band: rollBand(d.rollOdds),
          }))
        : query(BattleOddsQuery, { attackers: req.attackers, defenders: req.defenders }).then((d) => {
            const o = formatOdds(d.battleOdds);
            return {
              text: oddsSentence(o, until === "downto" ? "downto" : "conquered", name(src), stopAt),
              band: o.band,
            };
          });
    shown.then((o) => live && setOdds(o)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [attackMode?.from, attackMode?.to, fromArmies, toArmies, until, stopAt, useDice, action?.defendDice]);

  return (
    <div class="panel">
      <h2>Attack</h2>
      {!attackMode && <p>Choose a territory to attack from (“Attack from” in the list), or end your attacks.</p>}
      {attackMode && !attackMode.to && (
        <p>
          From <strong>{name(attackMode.from)}</strong> ({fromArmies} armies): choose the territory to attack.{" "}
          <button type="button" class="link" onClick={() => setMode({ kind: "idle" })}>
            Cancel
          </button>
        </p>
      )}
      {attackMode?.to && action && (
        <div>
          <p>
            <strong>{name(attackMode.from)}</strong> ({fromArmies}) attacks <strong>{name(attackMode.to)}</strong> (
            <Count n={toArmies} label="armies hidden by fog" />
            ).
          </p>
          <fieldset class="compact">
            <legend>How long</legend>
            <label>
              <input type="radio" name="until" checked={until === "once"} onChange={() => setUntil("once")} /> one roll
            </label>
            <label>
              <input type="radio" name="until" checked={until === "conquered"} onChange={() => setUntil("conquered")} />{" "}
              until conquered
            </label>
            <label>
              <input type="radio" name="until" checked={until === "downto"} onChange={() => setUntil("downto")} /> until
              conquered or down to
            </label>
            {until === "downto" && (
              <label>
                <span class="visually-hidden">armies to keep</span>
                <input
                  type="number"
                  min={1}
                  max={Math.max(1, fromArmies - 1)}
                  value={stopAt}
                  onInput={(e) => setStopAt(Math.max(1, Number((e.currentTarget as HTMLInputElement).value) || 1))}
                />
              </label>
            )}
          </fieldset>
          {until === "once" && (
            <label>
              Dice{" "}
              <select
                value={String(useDice)}
                onChange={(e) => setDice(Number((e.currentTarget as HTMLSelectElement).value))}
              >
                {Array.from(
                  { length: Math.max(1, maxDice - (action.min || 1) + 1) },
                  (_, i) => (action.min || 1) + i,
                ).map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p class={`odds odds-${odds?.band ?? "none"}`} aria-live="polite">
            {toArmies === null
              ? `Fog hides the armies on ${name(attackMode.to)}: no odds.`
              : odds
                ? odds.text
                : "Working out the odds…"}
          </p>
          <button
            type="button"
            class="primary"
            data-focus="attack-go"
            data-focus-next
            disabled={view.busy}
            onClick={() =>
              void ctl.attack(
                attackMode.from,
                attackMode.to!,
                useDice,
                until !== "once",
                until === "downto" ? stopAt : null,
              )
            }
          >
            {until === "once" ? `Roll ${useDice} ${useDice === 1 ? "die" : "dice"}` : "Attack"}
          </button>{" "}
          <button type="button" onClick={() => setMode({ kind: "attack", from: attackMode.from, to: null })}>
            Another target
          </button>
        </div>
      )}
      {has(ix, "end_attack") && (
        <p>
          <button
            type="button"
            data-focus="end-attack"
            data-focus-next
            disabled={view.busy}
            onClick={() => void ctl.endAttack()}
          >
            End attacks
          </button>
        </p>
      )}
    </div>
  );
}

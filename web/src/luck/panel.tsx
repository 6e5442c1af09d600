// The luck panel of a game (Game.luck): each player's luck in armies and how unusual it is, in plain words,
// and the chi-square tests of the dice with their reading. docs/luck.md says what the numbers are.
import { seatShort, type TitledSeat } from "../ui/format";
import { luckWords, outcomeWords, pairingName, pText, signed, testWords, zWords } from "./words";

type Test = { statistic: number; degreesOfFreedom: number; pValue: number; smallSample: boolean };

/** A game's luck as the API gives it. */
export type GameLuck = {
  partial: boolean;
  rolls: number;
  faces: { counts: ReadonlyArray<number>; test: Test };
  pairings: ReadonlyArray<{
    attackDice: number;
    defendDice: number;
    rolls: number;
    outcomes: ReadonlyArray<{
      attackerLosses: number;
      defenderLosses: number;
      probability: number;
      observed: number;
      expected: number;
    }>;
    test: Test;
  }>;
  seats: ReadonlyArray<{
    seat: number;
    luck: { rolls: number; expectedLosses: number; losses: number; luck: number; z: number; percentile: number };
  }>;
};

/** What the figures count: every roll, or under fog the rolls the viewer saw; none yet early in a game. */
function rollsNote(luck: GameLuck): string {
  if (luck.partial)
    return `${luck.rolls === 0 ? "No battle rolls you saw yet" : `The ${luck.rolls} rolls you saw`}; the rest stay hidden until the game ends.`;
  return luck.rolls === 0 ? "No battle rolls yet." : `All ${luck.rolls} battle rolls, against the exact odds of each.`;
}

/**
 * The panel under its own heading, "Luck" (an h2, id luck-title), or, given `labelledBy`, under the heading
 * of that id around it (the game page's "Luck so far"), with none of its own: no second heading nor id.
 */
export function LuckPanel(props: { luck: GameLuck; seats: ReadonlyArray<TitledSeat>; labelledBy?: string }) {
  const { luck, seats, labelledBy } = props;
  return (
    <section class="luck-panel" aria-labelledby={labelledBy ?? "luck-title"}>
      {!labelledBy && <h2 id="luck-title">Luck</h2>}
      <p class="luck-note">{rollsNote(luck)}</p>
      <table class="luck-seats">
        <caption class="visually-hidden">Each player's luck</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Luck</th>
            <th scope="col">Lost / expected</th>
          </tr>
        </thead>
        <tbody>
          {luck.seats.map((s) => (
            <tr key={s.seat}>
              <th scope="row">{seats[s.seat] ? seatShort(seats[s.seat]) : `Seat ${s.seat + 1}`}</th>
              <td>
                {luckWords(s.luck.luck, s.luck.percentile, s.luck.rolls)}
                {s.luck.rolls > 0 && <span class="luck-z">{` (z ${signed(s.luck.z)}: ${zWords(s.luck.z)})`}</span>}
              </td>
              <td>
                {s.luck.losses} / {s.luck.expectedLosses.toFixed(1)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Are the dice fair?</h3>
      <p>
        Faces ({luck.faces.counts.join(", ")} of 1 to 6): {testWords(luck.faces.test, luck.rolls)}.
      </p>
      <table class="luck-pairings">
        <caption>Each pairing of dice against its exact odds (seen / expected)</caption>
        <thead>
          <tr>
            <th scope="col">Dice</th>
            <th scope="col">Rolls</th>
            <th scope="col">Results</th>
            <th scope="col">Reading</th>
          </tr>
        </thead>
        <tbody>
          {luck.pairings.map((p) => (
            <tr key={`${p.attackDice}v${p.defendDice}`}>
              <th scope="row">{pairingName(p.attackDice, p.defendDice)}</th>
              <td>{p.rolls}</td>
              <td>
                {p.outcomes
                  .map(
                    (o) =>
                      `${outcomeWords(o.attackerLosses, o.defenderLosses)} ${o.observed} / ${o.expected.toFixed(1)}`,
                  )
                  .join("; ")}
              </td>
              <td>
                {testWords(p.test, p.rolls)}
                {p.rolls > 0 && (
                  <span class="visually-hidden">{` chi-square ${p.test.statistic.toFixed(2)}, p ${pText(p.test.pValue)}`}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

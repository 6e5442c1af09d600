// The dice of the last roll, as pips and as words.
const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function Dice(props: { dice: { attacker: number[]; defender: number[]; text: string } }) {
  const { attacker, defender, text } = props.dice;
  return (
    <section class="dice" aria-label="Last roll">
      <p class="dice-row" aria-hidden="true">
        <span class="att">{attacker.map((d) => FACES[d] ?? d).join(" ")}</span>
        <span class="vs">vs</span>
        <span class="def">{defender.map((d) => FACES[d] ?? d).join(" ")}</span>
      </p>
      <p class="dice-text">{text}</p>
    </section>
  );
}

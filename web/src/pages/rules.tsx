// The rules for players (/rules): how a game is set up, the turn (reinforce, attack, fortify), cards and
// the four card systems with what the 1st, 2nd, 3rd... set is worth, time limits and winning. Written for
// players from docs/rules.md; the numbers of the examples come from the same functions the game screen uses.
import { useEffect } from "preact/hooks";
import { Link } from "../ui/link";
import "./rules.css";

// What the 1st to 10th set traded in a game is worth under the classic system, as the seed's rules and
// docs/rules.md give it (4, 6, 8, 10, 12, 15, then 5 more each). This page only shows the rule; in play the
// worth of a set always comes from the server (the trade actions' worth).
const CLASSIC_WORTH = [4, 6, 8, 10, 12, 15, 20, 25, 30, 35];
const classicValue = (i: number) => CLASSIC_WORTH[i];

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

/** The sets of the examples: the 1st to the 10th. */
const SETS = Array.from({ length: 10 }, (_, i) => i);

export function RulesPage() {
  useEffect(() => {
    document.title = "Rules · Rout";
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
    return () => {
      document.title = "Rout";
    };
  }, []);
  // Classic Scaling TTB example: three players left, the other two hold 60 armies on the board: cap 20.
  const cap = Math.floor(60 / 3);
  return (
    <article class="rules">
      <h1>How to play Rout</h1>
      <p>
        Rout is a game of conquest played in turns, at your own pace. You win by owning every territory on the map. If
        you know Risk, the game works the way you expect; the <a href="#cards">card systems</a> are the part worth a
        look.
      </p>
      <nav aria-label="On this page">
        <ul class="rules-toc">
          <li>
            <a href="#setup">Setting up</a>
          </li>
          <li>
            <a href="#turn">Your turn</a>
          </li>
          <li>
            <a href="#reinforce">1. Reinforce</a>
          </li>
          <li>
            <a href="#attack">2. Attack</a>
          </li>
          <li>
            <a href="#fortify">3. Fortify</a>
          </li>
          <li>
            <a href="#cards">Cards</a>
          </li>
          <li>
            <a href="#time">Time limits</a>
          </li>
          <li>
            <a href="#end">Winning, losing, resigning</a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="setup">
        <h2 id="setup">Setting up</h2>
        <p>
          Whoever creates a game chooses the map, the players (2 or more, people or computer players, each with a
          colour), the time for a turn, how the territories are shared out and the card system. The order of play is
          drawn at random when the game starts.
        </p>
        <p>
          Every player starts with the same number of armies: on the classic 42-territory map, 40 each with 2 players,
          35 with 3, 30 with 4, 25 with 5 and 20 with 6.
        </p>
        <ul>
          <li>
            <strong>Random:</strong> the territories are dealt out with one army each, the rest of everyone's armies are
            spread at random, and play begins at once.
          </li>
          <li>
            <strong>In turn:</strong> players take turns claiming one free territory at a time (one army goes on it)
            until none is left; then each player places the rest of their starting armies wherever they like on their
            own territories.
          </li>
        </ul>
      </section>

      <section aria-labelledby="turn">
        <h2 id="turn">Your turn</h2>
        <p>
          A turn has three steps, in this order: reinforce, attack, fortify. You are told when it is your turn (in the
          game, and by email, text or push if you chose so in Settings).
        </p>

        <h3 id="reinforce">1. Reinforce</h3>
        <p>
          You get one army for every three territories you own (at least 3), plus the bonus of every region you own
          whole (the map shows the regions and their bonuses). Place them all on your own territories before you attack:
          as many as you like on each.
        </p>
        <p>
          The placement panel helps: type the number for a territory, put <em>the rest here</em>, or spread what is left
          evenly over the territories you picked or over your borders (your territories next to an enemy). <em>Undo</em>{" "}
          takes back the last change, and a draft survives a reload of the page.
        </p>

        <h3 id="attack">2. Attack</h3>
        <ul>
          <li>Attack a neighbouring territory that is not yours from one of yours with at least 2 armies.</li>
          <li>
            You roll up to 3 dice, never more than your armies there minus one; the defender rolls up to 2, never more
            than their armies.
          </li>
          <li>
            The highest dice are compared, then the second highest. <strong>The defender wins ties.</strong> Each lost
            comparison costs that side one army.
          </li>
          <li>
            When the last defending army falls, the territory is yours: move in at least as many armies as dice you
            rolled, leaving at least one behind.
          </li>
          <li>
            Attack as often as you like, from anywhere, or stop at any time. The odds of a battle are shown before you
            roll.
          </li>
          <li>Taking at least one territory in a turn earns you one card, drawn at the end of your turn.</li>
        </ul>
        <p class="example">
          Example: you roll 6, 3, 2 and the defender rolls 5, 3. Your 6 beats the 5; the 3s tie, so the defender wins
          that one. Each side loses one army.
        </p>

        <h3 id="fortify">3. Fortify</h3>
        <p>
          Move armies once from one of your territories to a neighbouring territory of yours, leaving at least one
          behind. That move ends your turn; you can also end it without moving.
        </p>
      </section>

      <section aria-labelledby="cards">
        <h2 id="cards">Cards</h2>
        <p>
          Each card shows a territory and a symbol: infantry, cavalry or artillery; a few wild cards stand for any
          symbol. A <strong>set</strong> is three of the same symbol or one of each. Trade a set while you reinforce to
          get more armies. Holding 5 or more cards at the start of your turn, you must trade first.
        </p>
        <p>
          For every traded card that shows a territory you own, that territory gets 2 extra armies on the spot. If you
          knock a player out, you take their cards; holding 6 or more then, you trade at once until you hold 4 or fewer,
          and place those armies before attacking again.
        </p>
        <p>What a set is worth depends on the card system the game was created with:</p>

        <h3 id="classic">Classic</h3>
        <p>
          The value rises with every set traded in the game, by anyone: the more sets have been traded, the more the
          next one is worth. After the 6th it grows by 5 each time.
        </p>
        <table class="rules-table">
          <caption>Classic: what each set traded in the game is worth</caption>
          <thead>
            <tr>
              <th scope="row">Set</th>
              {SETS.map((i) => (
                <th scope="col" key={i}>
                  {ordinal(i + 1)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Armies</th>
              {SETS.map((i) => (
                <td key={i}>{classicValue(i)}</td>
              ))}
            </tr>
          </tbody>
        </table>
        <p class="example">
          Example: two sets were traded by others before yours; yours is the 3rd of the game and brings 8 armies. The
          next one, anyone's, brings 10.
        </p>

        <h3 id="fixed">Fixed</h3>
        <p>
          Every set is always worth the same, whenever it is traded; it depends only on the symbols. A wild card counts
          as whatever makes the set worth most.
        </p>
        <table class="rules-table">
          <caption>Fixed: what a set is worth</caption>
          <thead>
            <tr>
              <th scope="col">Set</th>
              <th scope="col">Armies</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">3 infantry</th>
              <td>4</td>
            </tr>
            <tr>
              <th scope="row">3 cavalry</th>
              <td>6</td>
            </tr>
            <tr>
              <th scope="row">3 artillery</th>
              <td>8</td>
            </tr>
            <tr>
              <th scope="row">one of each</th>
              <td>10</td>
            </tr>
          </tbody>
        </table>
        <p class="example">
          Example: the 1st, 2nd and 3rd set are all worth the same: three cavalry bring 6 every time; infantry with two
          wild cards counts as one of each, 10.
        </p>

        <h3 id="fixed_ttb">Fixed TTB (troops on the board)</h3>
        <p>
          Like Fixed, but a set is worth at least a share of the armies your opponents have on the board: the percentage
          is set when the game is created (4 to 10%, 6% unless changed). The bigger your opponents, the more a set is
          worth.
        </p>
        <p class="example">
          Example at 6%: early on your opponents have 90 armies on the board, 6% of which is 5; three infantry bring 5
          (more than 4), one of each still 10. Later they have 300 armies: 6% is 18, so every set brings 18, whatever
          its symbols, the 1st as much as the 5th.
        </p>

        <h3 id="classic_scaling_ttb">Classic Scaling TTB</h3>
        <p>
          The Classic values (4, 6, 8, 10, 12, 15, 20, …), but never more than the armies your opponents have on the
          board divided by the number of players still in the game (you included). A set can be worth very little when
          your opponents are small.
        </p>
        <table class="rules-table">
          <caption>
            Classic Scaling TTB: 3 players left, your two opponents hold 60 armies on the board (cap 60 / 3 = {cap})
          </caption>
          <thead>
            <tr>
              <th scope="row">Set</th>
              {SETS.map((i) => (
                <th scope="col" key={i}>
                  {ordinal(i + 1)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Armies</th>
              {SETS.map((i) => (
                <td key={i}>{Math.min(classicValue(i), cap)}</td>
              ))}
            </tr>
          </tbody>
        </table>
        <p class="example">
          Example: with only 24 armies left to your two opponents the cap is 8: the 5th set of the game brings 8, not
          12.
        </p>
      </section>

      <section aria-labelledby="time">
        <h2 id="time">Time limits</h2>
        <p>
          Rout is played at your own pace: everyone gets a time limit for a turn, set when the game is created (1 hour
          to 30 days; 36 hours unless changed). You get a warning when a quarter of it is left. Past the limit a careful
          computer player plays that turn for you, and the game moves on; you keep your seat and play your next turn
          yourself.
        </p>
      </section>

      <section aria-labelledby="end">
        <h2 id="end">Winning, losing, resigning</h2>
        <p>
          The game ends when one player owns every territory: that player wins. A player who loses all their territories
          is out of the game. You can resign at any time: your territories become neutral, keep their armies and never
          act, but they must be conquered like any other.
        </p>
      </section>
      <p>
        <Link href="/">Back to your games</Link>
      </p>
    </article>
  );
}

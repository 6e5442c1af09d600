// The rules for players (/rules): how a game is set up, the turn (reinforce, attack, fortify), cards and
// the four card systems with what the 1st, 2nd, 3rd... set is worth, time limits, winning, and team games
// with each team option. Written for players from docs/rules.md; the numbers of the examples come from the
// same functions the game screen uses, the team options' names from the New game form's (state/teams.ts).
import { Fragment } from "preact";
import { useEffect } from "preact/hooks";
import { TEAM_FORTIFY, TEAM_HANDOVER, TEAM_SHAPES, TEAM_SWITCHES, type TeamSwitches } from "../state/teams";
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

/** What each on-or-off team option does when on (docs/rules.md R86, R88, R89), under the form's names. */
const SWITCH_RULES: Record<keyof TeamSwitches, string> = {
  placeOnTeammates:
    "You may place your reinforcements on a teammate's territory as well as your own; the armies you put there are the teammate's. Never on an opponent's. Off, you place on your own territories only.",
  attackTeammates:
    "You may attack a teammate's territory like any other, and even knock a teammate out (and take their cards). Off, a teammate's territory cannot be attacked.",
  noCardFromTeammates:
    "Taking a territory from a teammate does not earn you the turn's card; taking one from an opponent (or a neutral one) in the same turn still does. Off, every conquest counts.",
};

/** Who plays the seat of a player who leaves (docs/rules.md R90): what each choice is for. */
const HANDOVER_RULES: Record<string, string> = {
  none: "the player's territories turn neutral, as in any game.",
  teammate:
    "the seat stays in the game with its territories and cards, and the next teammate in turn order still in the game plays its turns (a computer player, once no teammate is left).",
  cpu: "the seat stays in the game with its territories and cards, and a computer player (Normal) plays its turns from then on.",
};

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
          <li>
            <a href="#teams">Team games</a>
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
          act, but they must be conquered like any other. In a team game, a team wins together (
          <a href="#teams">Team games</a>).
        </p>
      </section>

      <section aria-labelledby="teams">
        <h2 id="teams">Team games</h2>
        <p>
          In a team game the players play in teams: 2 to 6 teams of 1 to 4 players each (
          {TEAM_SHAPES.map((s) => s.value).join(", ")}, and uneven ones such as 2v1). People and computer players may be
          on any team. Each team has a name and a colour, and its players' colours are shades of it; the map still tells
          teammates apart by their patterns. Everything else is played as in any game.
        </p>

        <h3 id="team-turns">Turns alternate between the teams</h3>
        <p>
          When the game starts the teams are drawn in a random order, and so are the players within each team. Turns
          then go to one player of each team in turn: the first player of the first team, the first of the second team,
          then the second of the first team, and so on. A team with fewer players sits out the later turns of a round. A
          player who is out of the game is skipped, so turns keep alternating between the teams still in it.
        </p>
        <p class="example">
          Example: Red is Ann and Cy, Blue is Bo and a computer player. The draw puts Blue first, with Bo before the
          computer, and Cy before Ann: the order is Bo, Cy, the computer, Ann, then round again.
        </p>

        <h3 id="team-win">Winning as a team</h3>
        <p>
          The game ends when one team owns every territory, neutral ones included. Every player of that team wins, even
          those knocked out on the way; a player who resigned does not. Your teammates' territories do not count as
          yours for anything else: a region's bonus goes only to a player who owns all of it alone, so two teammates who
          share a region get nothing for it. If you knock a player out, teammate or not, you take their cards.
        </p>
        <p class="example">
          Example: Ann and Cy are Red. Cy was knocked out early. Ann takes the last territory Blue held: Red owns the
          whole map, and both Ann and Cy win.
        </p>

        <h3 id="team-options">The team options</h3>
        <p>
          Whoever creates a team game chooses how teammates may help each other. Each option is off unless chosen; the
          game&apos;s heading says which are on.
        </p>
        <dl class="rules-options">
          {TEAM_SWITCHES.map((o) => (
            <Fragment key={o.key}>
              <dt>{o.label}</dt>
              <dd>{SWITCH_RULES[o.key]}</dd>
            </Fragment>
          ))}
          <dt>Fortify</dt>
          <dd>
            Where your one move at the end of a turn may go. It always starts from one of your own territories and
            leaves at least one army behind.
            <ul>
              {TEAM_FORTIFY.map((f) => (
                <li key={f.value}>
                  <strong>{f.label}</strong>
                  {f.value === "own" && " (unless chosen otherwise)"}: {f.help}
                </li>
              ))}
            </ul>
            <p class="example">
              Example: on a ring of six territories A, B, C, D, E, F, you hold A and D, your teammate B and C, an
              opponent E and F. A move from A to B is refused with &ldquo;Own territories only&rdquo; and allowed with
              the other two. A move from A to D (yours, but not next to A) is allowed only &ldquo;Through the
              team&rdquo;, along B and C.
            </p>
          </dd>
          <dt>When a player leaves</dt>
          <dd>
            Who plays the seat of a player who resigns or is removed from the game:
            <ul>
              {TEAM_HANDOVER.map((h) => (
                <li key={h.value}>
                  <strong>{h.label}</strong>: {HANDOVER_RULES[h.value]}
                </li>
              ))}
            </ul>
            <p>
              A player who leaves is not among the winners, even when the team they left wins; the seat they left counts
              for the team.
            </p>
          </dd>
        </dl>

        <h3 id="team-fog">Team games under fog of war</h3>
        <p>
          In a game with fog of war (chosen when the game is created: you see only part of the board), a team shares its
          sight: you see whatever any teammate still in the game sees, and you know your teammates&apos; totals
          (territories, armies, reinforcements and how many cards they hold) as you know your own. Their cards
          themselves stay theirs. A player knocked out keeps seeing what the team sees. Someone watching the game, and a
          player who resigned, see only what every team sees.
        </p>
      </section>
      <p>
        <Link href="/">Back to your games</Link>
      </p>
    </article>
  );
}

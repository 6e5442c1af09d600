// Package ai holds Rout's CPU players: pure functions from a rules.State to the command a seat plays
// next. They read no database and keep no state between calls; the only clock they look at is their
// time budget, so the same state and seed give the same command (unless a decision runs out of time).
//
// Every player has the signature of sim.Policy, func(rules.State, rules.PlayerID, *rand.Rand)
// rules.Command, and returns nil only when the player has nothing to do (it is not their turn, or the
// game is over). It chooses only among rules.LegalCommands, with every amount in its range, never
// resigns, and never panics: a decision that goes wrong is replaced by the simplest legal command.
//
//   - Random plays random legal commands with just enough sense that games end: the baseline.
//   - Normal is the standard CPU player (below).
//   - Hard is Normal with diplomacy (an opponent near a win is everyone's target) and a look-ahead: with
//     two opponents or more, at each reinforcement decision it compares a few plans (where the reserve
//     goes, trading now or holding the set) by simulated continuations with Normal's play, within counts
//     (a bound on the work of its playouts) and its budget. In a duel it plays as Normal does. Under
//     `normal` fog, where the armies beyond its neighbours are guesses, it drops both, duel or not, and
//     plays Normal's heuristic with conquests it would likely lose again worth less than nothing, until
//     it holds over a third of the territories; then it prices them as without fog and presses on.
//   - Easy is Normal with mistakes: a share of its decisions (DefaultMistakes, 15%) are random legal
//     commands, drawn from the policy's *rand.Rand.
//   - Cautious plays an idle human's turn when the turn timer runs out: it trades only when forced,
//     reinforces its threatened borders, attacks only at CautiousMinWin odds or better with the armies it
//     can spare, and fortifies toward the front. In a duel it plays as Normal does.
//
// ByName finds them by name ("random", "easy", "normal", "hard", "cautious").
//
// # How Normal plays
//
// Each decision starts with a view of the board: the player's territories, the largest opposing army
// bordering each, and for every bonus area how much of it the player owns, the opposing armies in it,
// its entry points (territories bordering the outside) and the opponent who owns most of it. The most
// attractive areas to complete (bonus against the armies to beat and the entry points to hold) are its
// goals.
//
// Attacks follow paths. Every legal attack is scored with the exact odds of rules.BattleOdds: the
// expected worth of the conquest (the territory, progress toward a goal area, completing an area,
// breaking an opponent's area, eliminating a weak player whose cards would bring a trade, and the turn's
// card for the first conquest), each scaled down by the chance that the largest army bordering the new
// territory takes it back, plus the opposing armies expected to die, minus the player's own. The best
// attacks are then followed further, territory by territory, carrying the exact distribution of the
// attacking force from battle to battle (rules.BattleOddsOfForce: the dynamic program of
// rules.BattleOdds started from a distribution), and an attack's worth is that of the best path it
// starts. The best attack is made if it is worth enough and likely enough; a likely one is fought to the
// end in one command (stopping before the attacking territory falls below its guard), a close one a roll
// at a time, so that the next decision sees how it went.
//
// Reinforcements go where the best path would start, after a small share for the borders of the areas
// the player holds and of the areas an opponent is about to complete (blocking them). Sets are traded
// when forced, with four cards, or when worth 8 armies or a whole turn's reinforcements, choosing the
// set worth the most with the territory bonus. After a conquest, all the armies move on unless the
// territory left behind still needs a guard. The fortify move brings the largest army without an
// opposing neighbour one step toward the nearest border, or strengthens a border short of its guard. As
// a game drags on, killing armies becomes worth more, so that games between careful players end. On a
// board of more than 200 territories it also hunts: the weakest opponent, once the player is twice as
// strong, is worth more to conquer, so that players are eliminated and large games end too.
//
// A player left alone with neutral territories (every other player resigned) plays for speed, whatever
// its style: the whole reserve on its strongest front territory, the likeliest conquest fought to its
// end, everything moved on into a conquest that borders more to take, each chosen from the legal
// commands without a view of the board.
//
// # Team games
//
// In a team game every CPU player plays for its team: teammates' territories are no front, no threat and
// no target, and their bonus areas are theirs to complete; a CPU never attacks a teammate, even where the
// game allows it; where the options allow, it places armies on a teammate's threatened area border and
// fortifies armies stranded behind teammates into a teammate's front; a team is one side for the duel's
// weights, Hard's leader and Hard's playouts, and in a team game Hard hunts the rival teams' weakest seat
// on any board. Random may attack a teammate only where the game allows it. See docs/ai.md, "Team games".
//
// # Cost and time
//
// A decision reads the board once (linear in its territories and borders) and looks closely at a fixed
// number of attacks and reinforcement targets, so it costs about the same on a 5,000-territory map as on
// the classic one apart from that linear pass. Battles of hundreds of armies a side use a normal
// approximation of the exact odds, and a decision computes at most a fixed number of battle states
// exactly; both bounds are counts, not times, so they keep a decision deterministic. The time budget
// (DefaultBudget unless the options say otherwise) is a safety net: a decision that runs out of time
// plays a safe command instead (the forced step, the reserve on the most threatened border, the end of
// the attack phase, the end of the turn).
package ai

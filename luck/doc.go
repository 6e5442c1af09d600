// Package luck audits the dice of a game and draws its course: how lucky each player was, against the
// exact odds of every roll, and how territories, armies and income went turn by turn.
//
// The audit reads battle rolls (Roll, from rules.BattleRolled events). For each roll of a attacker dice
// against d defender dice the engine's exact table (rules.RollOutcomes) gives the chance of every result,
// so the expected losses of each side are known; a player's luck is the armies they lost fewer than
// expected, summed over the rolls they took part in (positive is lucky), with its variance and z-score.
// Chi-square tests compare the faces of the dice with a fair die and the results of each pairing of dice
// counts (3v2, 3v1, 2v2, 2v1, 1v2, 1v1) with the exact odds. docs/luck.md gives the formulas.
//
// The course (Course) replays a game's events once and samples, at the start of every game turn, each
// seat's territories, armies and income (rules.State.Reinforcements); CourseSeen does the same from one
// viewer's own record of a fog game in progress, showing what they knew (as rules.Project would); Line
// adds the luck line, each seat's luck so far.
//
// The package is pure: it imports the engine alone, and whoever calls it decides which rolls a viewer may
// count (under fog, those of their own record).
package luck

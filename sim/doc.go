// Package sim plays whole games through the rules engine with CPU policies and no database: the engine's
// property tests, `rout sim`, and the games-per-second benchmark all run on it. Stats, Standings and
// DecisionTimes hold the statistics of a series of games, and of a tournament between CPU players.
package sim

// Package tournament runs tournaments: their settings, their entrants, the tables of their rounds and the
// standings. It owns the tables tournaments, tournament_entrants and tournament_tables, which no other
// package writes. Seating and ranking are package pairing's; the games of the tables are the caller's,
// through the Games interface, so that this package knows nothing of the game service.
//
// # States
//
// A tournament is open (taking entries) from its creation until it starts: at its start time, or when
// its entry limit of entrants have entered when it has no start time. Advance starts it: with fewer than
// two entrants it is cancelled; otherwise it is running, and the tables of its first round are seated
// and their games created. It stays running while rounds are played and is finished after its last
// round: the Swiss rounds played, one entrant left in single elimination, the round-robin schedule done.
//
// # Rounds
//
// Advance does whatever is due, and nothing else, under a lock of the tournament's row: it starts a
// tournament that is due to start, creates the games of the current round's tables that have none yet,
// records the places of the tables whose game is over, and when every table of the round has its places,
// seats the next round (or finishes the tournament). A bye is a table of one, recorded at once as a win
// without a game. Each table's game is created under the key "tournament:<id>:<round>:<table>"
// (Games.CreateStarted), so that Advance run twice, at once or after a failure, never creates a table's
// game twice: it is safe to call at any time, as often as wanted.
package tournament

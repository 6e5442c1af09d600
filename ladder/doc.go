// Package ladder runs ladders: standing queues of players paired by rating into rated games of one form
// (its seats, map pool and turn limit). It owns the tables ladders, ladder_entries and ladder_games, which
// no other package writes. Seating the queue is package tournament/pairing's (pairing.Ladder); the games
// are the caller's, through the Games interface (tournament/tablegame, as for tournaments' tables), so
// that this package knows nothing of the game service.
//
// # Entries
//
// A player joins a ladder with the most games of it they play at once, 1 to MaxGames (Join), may change
// it (Update) and leave at any time (Leave): leaving stops new pairings, and their games go on. A player
// is queued while fewer of their games of the ladder are being played than their most.
//
// # Pairing
//
// Pair seats a ladder's queue and starts the games, in two steps (after creating the games of tables an
// earlier Pair seated and left without one: it seats anew only when none is left). Under a lock of the ladder's row, the
// queue is read with each player's rating in the ladder's mode (the duel rating for duels, the
// free-for-all rating otherwise, read at once through Games.ModeRatings; a player without one has the
// initial rating) and seated by
// pairing.Ladder: in rating order, tables of players whose public ratings are within everyone's gap,
// which widens with the time they have waited (Gap), and who have not just played each other (Recent: a
// game of the ladder together that is being played, or that began within RecentWindow). The tables are
// written as ladder_games rows, each player's wait begins again, and the transaction commits. Then the
// game of every row without one is created and started (Games.CreateStarted, rated, IdleResigns) under
// the key "ladder:<row id>", and recorded, for at most PairTime: the tables left wait for the next Pair. A pairing that fails after its first step leaves rows whose
// games the next Pair creates; two Pairs at once seat the queue once (the lock) and create each game once
// (the key). Joins, changes and leaves share the row's lock, so that none comes between a pairing's read
// of the queue and its tables: a player who leaves during a pairing leaves after it, with its game. Each
// Pair seats a player at one table at most: a player of several games at once gets one
// more a pairing.
//
// # The end of a game
//
// GameOver, called in the transaction that ends a game, closes its ladder_games row: its players are
// queued again (a player who was not waiting begins to wait then). A game whose player stayed away is
// lost by them: ladder games are created with IdleResigns, so that the third of a player's turns in a row
// taken over at its deadline resigns their seat (docs/service.md).
package ladder

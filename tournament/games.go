package tournament

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"rout/tournament/pairing"
)

// Games creates and reads the games of a tournament's tables: the game service, through an adapter the
// caller provides (package tournament/tablegame is the server's).
type Games interface {
	// CreateStarted creates the game spec describes and starts it, in one transaction, and returns its id;
	// a game created before under spec.Key is returned instead, so that retries create one game.
	CreateStarted(ctx context.Context, spec GameSpec) (int, error)
	// Places returns, once game gameID is over, the place of each of its users (1 for the winner; users
	// out together share a place); finished is false while it is played. A user without a place (a game
	// that ended otherwise than by a winner) is ranked after every placed user.
	Places(ctx context.Context, gameID int) (places map[int]int, finished bool, err error)
	// MapSeats returns the most seats a game takes on map key, 0 when there is no such public map: a
	// tournament's pool takes only maps that seat its tables.
	MapSeats(ctx context.Context, key string) (int, error)
}

// GameSpec is the game of a tournament's table, or of a ladder's (package ladder creates its games
// through the same adapter).
type GameSpec struct {
	// Key is the game's creation key: "tournament:<id>:<round>:<table>" (a ladder's: "ladder:<table>").
	Key string
	// Name is the game's name: the tournament's, its round and its table.
	Name string
	// Map is the key of the map, from the tournament's pool.
	Map       string
	TurnLimit time.Duration
	// Users are the table's entrants in seat order.
	Users []int
	// Rated and IdleResigns are the game's options of those names (game.CreateInput): a tournament's
	// games are rated by its setting (docs/ratings.md), a ladder's have both.
	Rated, IdleResigns bool
}

// tableKey is the creation key of the game of a table.
func tableKey(tournamentID, round, table int) string {
	return fmt.Sprintf("tournament:%d:%d:%d", tournamentID, round, table)
}

// Effects are what a tournament's changes cause beyond its own tables, in the same transaction: package
// jobs's (the advance job of a tournament that filled up, the entrants' notices of its rounds).
type Effects interface {
	// AfterFull is called in the transaction of the entry that filled tournament id, which starts when
	// full: its advance is due.
	AfterFull(ctx context.Context, tx *sql.Tx, id int) error
	// AfterRounds is called in the transaction of an advance that ended rounds or created the games of a
	// round's tables (news is never empty).
	AfterRounds(ctx context.Context, tx *sql.Tx, news RoundNews) error
}

// RoundNews is what one advance did to a tournament's rounds.
type RoundNews struct {
	// Tournament is the tournament as the advance left it.
	Tournament Tournament
	// Ended are the rounds that ended, in order.
	Ended []RoundEnd
	// Started are the tables of the rounds the advance started: those whose games it created, with their
	// games, and the round's byes (Table.Bye: no game), told in the same advance as its games.
	Started []Table
}

// RoundEnd is a round that ended.
type RoundEnd struct {
	Round int
	// Tables are the round's tables, over.
	Tables []Table
	// Standings are the standings after the round (entrant IDs are user IDs).
	Standings []pairing.Standing
	// Final tells the round was the tournament's last.
	Final bool
}

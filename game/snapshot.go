package game

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"rout/rules"
)

// Snapshot is a game as one consistent read saw it: what a job needs to tell whether the game has moved on
// and what to play next.
type Snapshot struct {
	GameID   int
	Status   string // open, active, finished or cancelled
	Version  int64  // the version to send as CommandInput.ExpectedVersion
	State    rules.State
	Seats    []Seat
	Deadline *time.Time // the current turn's deadline; nil when no turn runs
}

// GameSnapshot returns a game's state with its version, seats and deadline, all from one snapshot: from this
// replica's cache when it holds the current version, from the rows otherwise. It takes no lock.
func (s *Service) GameSnapshot(ctx context.Context, gameID int) (Snapshot, error) {
	var snap Snapshot
	err := s.withTxOpts(ctx, snapshotRead, func(tx *sql.Tx) error {
		g, err := loadGame(ctx, tx, gameID, "")
		if err != nil {
			return err
		}
		cur, err := s.current(ctx, tx, g)
		if err != nil {
			return err
		}
		var deadline sql.NullTime
		if err := tx.QueryRowContext(ctx, `SELECT turn_deadline FROM games WHERE id = $1`, gameID).Scan(&deadline); err != nil {
			return fmt.Errorf("error reading the deadline of game %d: %w", gameID, err)
		}
		snap = Snapshot{GameID: g.id, Status: g.status, Version: g.version, State: cur.state, Seats: cur.seats}
		if deadline.Valid {
			snap.Deadline = &deadline.Time
		}
		if g.status != "open" {
			s.cache.put(cur)
		}
		return nil
	})
	return snap, err
}

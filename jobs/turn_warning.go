package jobs

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"

	"rout/game"
	"rout/notifications"
	"rout/notifications/inbox"
	"rout/rules"
)

// turnWarningWorker tells a player that their turn is running out.
type turnWarningWorker struct {
	river.WorkerDefaults[TurnWarningArgs]
	j *Jobs
}

// Work records the player's turn_warning notice (and its notification), unless the game has moved on.
func (w *turnWarningWorker) Work(ctx context.Context, job *river.Job[TurnWarningArgs]) error {
	a := job.Args
	snap, due, err := w.j.timedTurn(ctx, a.GameID, a.Turn, a.Seat)
	user := 0
	if err == nil && due {
		user = game.UserPlaying(snap.State, snap.Seats, rules.PlayerID(a.Seat)) // a handed-over seat's is its teammate's (R90)
	}
	if err != nil || !due || user == 0 {
		return err
	}
	n := inbox.New{UserID: user, GameID: a.GameID, Turn: a.Turn, Kind: notifications.KindTurnWarning,
		Data: inbox.Data{Deadline: rfc3339(*snap.Deadline)}}
	tx, err := w.j.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("error beginning a transaction: %w", err)
	}
	var ann afterCommit
	if err := w.j.effects.insertNotices(ctx, tx, map[int]game.Announcer{a.GameID: &ann}, nil, n); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("error committing the warning of turn %d of game %d: %w", a.Turn, a.GameID, err)
	}
	ann.send(w.j.game)
	return nil
}

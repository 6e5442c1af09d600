package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"rout/game"
)

// turnDeadlineWorker takes over the turn of a player whose time ran out.
type turnDeadlineWorker struct {
	river.WorkerDefaults[TurnDeadlineArgs]
	j *Jobs
}

// Timeout allows a long turn with Config.CPUDelay between its commands.
func (w *turnDeadlineWorker) Timeout(*river.Job[TurnDeadlineArgs]) time.Duration {
	return gameJobTimeout
}

// deadlineSlack is how far a stored deadline may be from the job's: the database keeps microseconds.
const deadlineSlack = time.Millisecond

// Work plays the rest of the turn with the Cautious CPU, unless the game has moved on (another turn or
// seat, the game over) or the turn's deadline is no longer the job's.
func (w *turnDeadlineWorker) Work(ctx context.Context, job *river.Job[TurnDeadlineArgs]) error {
	a := job.Args
	snap, err := w.j.service().GameSnapshot(ctx, a.GameID)
	if err != nil {
		if code(err) == game.CodeNotFound {
			return nil
		}
		return err
	}
	if !playing(snap, a.Turn, a.Seat) || snap.Deadline == nil || snap.Deadline.Sub(a.Deadline).Abs() > deadlineSlack {
		return nil
	}
	_, err = w.j.playTurn(ctx, a.GameID, a.Turn, a.Seat)
	return err
}

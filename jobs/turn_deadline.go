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

// deadlineSlack is how far a stored deadline may be from the job's: the database keeps microseconds.
const deadlineSlack = time.Millisecond

// Work plays the rest of the turn with the Cautious CPU, unless the game has moved on (another turn or
// seat, the game over) or the turn's deadline is no longer the job's. A long turn goes on in the next run
// of the job (see continued).
func (w *turnDeadlineWorker) Work(ctx context.Context, job *river.Job[TurnDeadlineArgs]) error {
	a := job.Args
	snap, due, err := w.j.timedTurn(ctx, a.GameID, a.Turn, a.Seat)
	if err != nil || !due || snap.Deadline.Sub(a.Deadline).Abs() > deadlineSlack {
		return err
	}
	_, err = w.j.playTurn(ctx, a.GameID, a.Turn, a.Seat, game.CauseCPU)
	return continued(err)
}

package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"rout/game"
)

// turnDeadlineWorker takes over the turn of a player whose time ran out.
type turnDeadlineWorker struct {
	river.WorkerDefaults[TurnDeadlineArgs]
	j *Jobs
}

// Work plays the rest of the turn with the Cautious CPU, in one transaction, unless the game has moved on
// (another turn or seat, the game over) or the turn's deadline is no longer the job's: the game service
// checks both under the game's lock (game.PlayInput), so the job reads nothing before. A long turn goes
// on in the next run of the job (see continued).
func (w *turnDeadlineWorker) Work(ctx context.Context, job *river.Job[TurnDeadlineArgs]) error {
	a := job.Args
	_, err := w.j.playTurn(ctx, turnJob{gameID: a.GameID, turn: a.Turn, seat: a.Seat, cause: game.CauseTakeover, deadline: &a.Deadline})
	return continued(err)
}

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
// checks both under the game's lock (game.PlayInput), so the job reads nothing before. In the same
// transaction it takes over up to Config.TakeoverBatch - 1 other games whose deadline has passed
// (game.Service.TakeOverDue), whose own deadline jobs are cancelled with it. A long turn goes on in the
// next run of the job (see continued).
func (w *turnDeadlineWorker) Work(ctx context.Context, job *river.Job[TurnDeadlineArgs]) error {
	a := job.Args
	return continued(w.j.takeOverDue(ctx, turnJob{gameID: a.GameID, turn: a.Turn, seat: a.Seat, cause: game.CauseTakeover, deadline: &a.Deadline}))
}

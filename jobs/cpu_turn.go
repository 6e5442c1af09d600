package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"rout/game"
)

// cpuTurnWorker plays a CPU seat's turn.
type cpuTurnWorker struct {
	river.WorkerDefaults[CPUTurnArgs]
	j *Jobs
}

// Work plays the turn in one transaction (see playTurn); a job for a turn that is over already does
// nothing. A turn longer than one play goes on in the next run of the job (see continued).
func (w *cpuTurnWorker) Work(ctx context.Context, job *river.Job[CPUTurnArgs]) error {
	a := job.Args
	t := turnJob{gameID: a.GameID, turn: a.Turn, seat: a.Seat, cause: game.CauseCPU, pause: true}
	if a.Delegate != "" {
		t.cause, t.difficulty = game.CauseDelegate, a.Delegate
	}
	_, err := w.j.playTurn(ctx, t)
	return continued(err)
}

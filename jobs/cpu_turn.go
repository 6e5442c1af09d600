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

// Work plays the turn until it is over; a job for a turn that is over already does nothing. A turn longer
// than one run of a job (Config.JobTimeout) goes on in the next run (see continued).
func (w *cpuTurnWorker) Work(ctx context.Context, job *river.Job[CPUTurnArgs]) error {
	_, err := w.j.playTurn(ctx, job.Args.GameID, job.Args.Turn, job.Args.Seat, game.CauseCPU)
	return continued(err)
}

package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// cpuTurnWorker plays a CPU seat's turn.
type cpuTurnWorker struct {
	river.WorkerDefaults[CPUTurnArgs]
	j *Jobs
}

// Timeout allows a long turn with Config.CPUDelay between its commands.
func (w *cpuTurnWorker) Timeout(*river.Job[CPUTurnArgs]) time.Duration { return gameJobTimeout }

// Work plays the turn until it is over; a job for a turn that is over already does nothing.
func (w *cpuTurnWorker) Work(ctx context.Context, job *river.Job[CPUTurnArgs]) error {
	_, err := w.j.playTurn(ctx, job.Args.GameID, job.Args.Turn, job.Args.Seat)
	return err
}

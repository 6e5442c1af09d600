package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"rout/game"
)

// PlayTurn is playTurn as a CPU turn job plays it, for the tests of package jobs_test.
func (j *Jobs) PlayTurn(ctx context.Context, gameID, turn, seat int) (int, error) {
	n, err := j.playTurn(ctx, turnJob{gameID: gameID, turn: turn, seat: seat, cause: game.CauseCPU, pause: true})
	return n, continued(err)
}

// WorkDeadline works a turn deadline job of args now, as River works it once its time has come, for the
// tests of package jobs_test that take a turn over without waiting for its deadline.
func (j *Jobs) WorkDeadline(ctx context.Context, args TurnDeadlineArgs) error {
	return (&turnDeadlineWorker{j: j}).Work(ctx, &river.Job[TurnDeadlineArgs]{Args: args})
}

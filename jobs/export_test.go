package jobs

import (
	"context"

	"rout/game"
)

// PlayTurn is playTurn as a CPU turn job plays it, for the tests of package jobs_test.
func (j *Jobs) PlayTurn(ctx context.Context, gameID, turn, seat int) (int, error) {
	n, err := j.playTurn(ctx, gameID, turn, seat, game.CauseCPU)
	return n, continued(err)
}

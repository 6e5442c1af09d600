package jobs

import (
	"context"

	"rout/game"
)

// PlayTurn is playTurn as a CPU turn job plays it, for the tests of package jobs_test.
func (j *Jobs) PlayTurn(ctx context.Context, gameID, turn, seat int) (int, error) {
	n, err := j.playTurn(ctx, turnJob{gameID: gameID, turn: turn, seat: seat, cause: game.CauseCPU, pause: true})
	return n, continued(err)
}

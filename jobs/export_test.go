package jobs

import "context"

// PlayTurn is playTurn, for the tests of package jobs_test.
func (j *Jobs) PlayTurn(ctx context.Context, gameID, turn, seat int) (int, error) {
	n, err := j.playTurn(ctx, gameID, turn, seat)
	return n, continued(err)
}

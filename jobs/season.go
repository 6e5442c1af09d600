package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// KindSeasonClose is the kind of the season job.
const KindSeasonClose = "rout_season_close"

// seasonInterval is how often the season job looks for a season past its end: a season closes within
// this much of its end.
const seasonInterval = 10 * time.Minute

// SeasonCloseArgs closes the leaderboards' seasons whose end has passed (game.Service.SeasonClose).
type SeasonCloseArgs struct{}

// Kind is KindSeasonClose.
func (SeasonCloseArgs) Kind() string { return KindSeasonClose }

// InsertOpts puts the job in QueueGame with three attempts; the next period runs it again anyway. A run
// that fails rolls back whole, and a second run finds the season closed: the close happens once.
func (SeasonCloseArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueGame, MaxAttempts: 3}
}

// seasonCloseWorker runs SeasonClose until no season is due (more than one after a long downtime).
type seasonCloseWorker struct {
	river.WorkerDefaults[SeasonCloseArgs]
	j *Jobs
}

// Work closes the due seasons, oldest first.
func (w *seasonCloseWorker) Work(ctx context.Context, _ *river.Job[SeasonCloseArgs]) error {
	for {
		n, err := w.j.game.SeasonClose(ctx)
		if err != nil || n == 0 {
			return err
		}
		w.j.logger.InfoContext(ctx, "season closed", "season", n)
	}
}

package jobs

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rout/game"
	"rout/ladder"
	"rout/rules"
)

// The job kinds of ladders.
const (
	KindLadderPair  = "rout_ladder_pair"
	KindLadderSweep = "rout_ladder_sweep"
)

// LadderPairArgs pairs ladder LadderID's queue and starts its games (ladder.Service.Pair): inserted when a
// player joins it (or raises their most games at once), when one of its games ends, and by the ladder
// sweep.
type LadderPairArgs struct {
	LadderID int `json:"ladder_id" river:"unique"`
}

// Kind is KindLadderPair.
func (LadderPairArgs) Kind() string { return KindLadderPair }

// InsertOpts makes the job unique per ladder while it waits or runs, in QueueGame, so that a burst of joins
// is one pairing (a player who joins while it runs may wait for the next sweep).
func (LadderPairArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueGame, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable, rivertype.JobStateRunning,
		rivertype.JobStateScheduled}}}
}

// LadderSweepArgs pairs, once, every ladder with enough players queued for a game (ladder.Service.Due).
type LadderSweepArgs struct{}

// Kind is KindLadderSweep.
func (LadderSweepArgs) Kind() string { return KindLadderSweep }

// InsertOpts puts the sweep in QueueGame with one attempt: the next period runs it again.
func (LadderSweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueGame, MaxAttempts: 1}
}

// LadderPair inserts, in tx, the pairing job of ladder id: the ladder service's Opts.Kick.
func (j *Effects) LadderPair(ctx context.Context, tx *sql.Tx, id int) error {
	if _, err := j.client.InsertTx(ctx, tx, LadderPairArgs{LadderID: id}, nil); err != nil {
		return fmt.Errorf("error inserting the pairing of ladder %d: %w", id, err)
	}
	return nil
}

// ladderPairs closes, in the transaction of change c, the ladder table whose game c ended, if any, and
// appends to jobs the pairing of its ladder: its players are queued again.
func (j *Effects) ladderPairs(ctx context.Context, tx *sql.Tx, c game.Change, jobs []river.InsertManyParams) ([]river.InsertManyParams, error) {
	if c.After.Phase() != rules.PhaseOver || c.Before.Phase() == rules.PhaseOver {
		return jobs, nil
	}
	id, err := ladder.GameOver(ctx, tx, c.GameID, j.now())
	if err != nil || id == 0 {
		return jobs, err
	}
	return append(jobs, insertParams(LadderPairArgs{LadderID: id}, nil)), nil
}

// ladderPairWorker pairs a ladder.
type ladderPairWorker struct {
	river.WorkerDefaults[LadderPairArgs]
	j *Jobs
}

// Work pairs the job's ladder; a failure is retried by River (a pairing creates the games a failed one
// seated), and a pairing that left tables without their games for lack of time (ladder.PairTime) runs
// again at once to create them.
func (w *ladderPairWorker) Work(ctx context.Context, job *river.Job[LadderPairArgs]) error {
	p, err := w.j.ladders.Pair(ctx, job.Args.LadderID)
	if p.Created > 0 {
		w.j.logger.InfoContext(ctx, "ladder games started", "ladder_id", job.Args.LadderID, "queued", p.Queued, "seated", p.Seated,
			"games", p.Created, "pending", p.Pending)
	}
	if err != nil {
		return fmt.Errorf("error pairing ladder %d: %w", job.Args.LadderID, err)
	}
	if p.Pending > 0 {
		return river.JobSnooze(0)
	}
	return nil
}

// ladderSweepWorker inserts a pairing job for each ladder with enough players queued for a game: the
// widening gaps of those who wait, and the safety net for a pairing whose job gave up.
type ladderSweepWorker struct {
	river.WorkerDefaults[LadderSweepArgs]
	j *Jobs
}

// Work inserts the pairing jobs, in one statement (those of ladders whose pairing waits already collapse
// into it).
func (w *ladderSweepWorker) Work(ctx context.Context, _ *river.Job[LadderSweepArgs]) error {
	due, err := w.j.ladders.Due(ctx)
	if err != nil || len(due) == 0 {
		return err
	}
	params := make([]river.InsertManyParams, len(due))
	for i, id := range due {
		params[i] = insertParams(LadderPairArgs{LadderID: id}, nil)
	}
	if _, err := w.j.client.InsertMany(ctx, params); err != nil {
		return fmt.Errorf("error inserting the pairing of %d ladders: %w", len(due), err)
	}
	return nil
}

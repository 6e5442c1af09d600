package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
)

// sweepBatch is how many overdue games one sweep repairs at most; the next sweep takes the rest.
const sweepBatch = 100

// sweepWorker finds games whose turn deadline passed more than Config.SweepGrace ago and plays their
// turn: the safety net for a deadline or CPU turn job that was lost or gave up.
type sweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	j *Jobs
}

// Timeout allows several long turns.
func (w *sweepWorker) Timeout(*river.Job[SweepArgs]) time.Duration { return gameJobTimeout }

// Work repairs the overdue games, oldest deadline first. A game that cannot be repaired is logged and
// left for the next sweep.
func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	_, err := w.j.Sweep(ctx)
	return err
}

// Sweep plays the turns of the games whose deadline passed more than Config.SweepGrace ago (by the
// Clock), at most sweepBatch of them, and returns how many turns it played. It needs Start's game service.
// The periodic sweeper job calls it; operators and tests may too.
func (j *Jobs) Sweep(ctx context.Context) (int, error) {
	cutoff := j.now().Add(-j.cfg.SweepGrace)
	// The partial index on games (turn_deadline) WHERE status = 'active' answers this.
	rows, err := j.db.QueryContext(ctx, `SELECT id FROM games WHERE status = 'active' AND turn_deadline < $1
		ORDER BY turn_deadline LIMIT $2`, cutoff, sweepBatch)
	if err != nil {
		return 0, fmt.Errorf("error finding overdue games: %w", err)
	}
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, fmt.Errorf("error reading an overdue game: %w", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("error finding overdue games: %w", err)
	}
	repaired := 0
	for _, id := range ids {
		snap, err := j.service().GameSnapshot(ctx, id)
		if err != nil {
			j.logger.ErrorContext(ctx, "sweeper: error reading an overdue game", "game_id", id, "error", err)
			continue
		}
		turn, seat := snap.State.Turn(), int(snap.State.Current())
		if snap.Deadline == nil || !snap.Deadline.Before(cutoff) || !playing(snap, turn, seat) {
			continue // moved on since the query
		}
		j.logger.WarnContext(ctx, "sweeper: taking over an overdue turn", "game_id", id, "turn", turn, "seat", seat,
			"deadline", *snap.Deadline)
		played, err := j.playTurn(ctx, id, turn, seat)
		if err != nil {
			j.logger.ErrorContext(ctx, "sweeper: error playing an overdue turn", "game_id", id, "turn", turn, "error", err)
			continue
		}
		if played > 0 {
			repaired++
			j.stats.sweeperRepairs.Add(1)
		}
	}
	return repaired, ctx.Err()
}

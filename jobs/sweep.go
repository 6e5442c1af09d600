package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"rout/game"
)

// sweepBatch is how many overdue games one sweep repairs at most; the next sweep takes the rest.
const sweepBatch = 100

// sweepWorker finds games whose turn deadline passed more than Config.SweepGrace ago, and CPU turns that
// stalled, and plays their turns: the safety net for a deadline or CPU turn job that was lost or gave up.
type sweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	j *Jobs
}

// Work repairs the overdue games, oldest deadline first, then the stalled CPU turns. A game that cannot
// be repaired is logged and left for the next sweep, and so are those left when the job's time runs short.
func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	_, err := w.j.Sweep(ctx)
	if errors.Is(err, errOutOfTime) {
		return nil // the next sweep goes on
	}
	return err
}

// Sweep plays, at most sweepBatch of each, the turns of the games whose deadline passed more than
// Config.SweepGrace ago (by the Clock), and the turns of CPU seats that stalled: a game whose current
// seat is a CPU, whose last event is older than Config.SweepGrace, and which has no CPU turn job waiting,
// scheduled or running for the turn (the job was lost, cancelled, or gave up; a job of a worker that died
// is River's rescuer's, see Config.RescueAfter). It returns how many turns it played, and errOutOfTime
// when ctx's time ran short first. It needs Start's game service. The periodic sweeper job calls it;
// operators and tests may too.
func (j *Jobs) Sweep(ctx context.Context) (int, error) {
	cutoff := j.now().Add(-j.cfg.SweepGrace)
	// The partial index on games (turn_deadline) WHERE status = 'active' answers this.
	overdue, err := j.sweepIDs(ctx, "overdue games", `SELECT id FROM games WHERE status = 'active' AND turn_deadline < $1
		ORDER BY turn_deadline LIMIT $2`, cutoff, sweepBatch)
	if err != nil {
		return 0, err
	}
	// One row per active game at most: its current seat's player, its last event (by the unique index on
	// game and sequence) and the GIN index of the jobs' args.
	stalled, err := j.sweepIDs(ctx, "stalled CPU turns", `SELECT g.id FROM games g
		JOIN players p ON p.game_id = g.id AND p.seat = g.current_seat
		JOIN events e ON e.game_id = g.id AND e.seq = g.seq
		WHERE g.status = 'active' AND p.cpu AND e.created_at < $1
		AND NOT EXISTS (SELECT 1 FROM river_job j WHERE j.kind = $3
			AND j.state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
			AND j.args @> jsonb_build_object('game_id', g.id, 'turn', g.turn))
		ORDER BY e.created_at LIMIT $2`, cutoff, sweepBatch, KindCPUTurn)
	if err != nil {
		return 0, err
	}
	repaired := 0
	for _, c := range []struct {
		ids []int
		due func(game.Snapshot) bool
		msg string
	}{
		{overdue, func(snap game.Snapshot) bool { return snap.Deadline != nil && snap.Deadline.Before(cutoff) },
			"sweeper: taking over an overdue turn"},
		{stalled, func(snap game.Snapshot) bool { return snap.Seats[snap.State.Current()].CPU },
			"sweeper: playing a stalled CPU turn"},
	} {
		for _, id := range c.ids {
			snap, err := j.service().GameSnapshot(ctx, id)
			if err != nil {
				j.logger.ErrorContext(ctx, "sweeper: error reading a game", "game_id", id, "error", err)
				continue
			}
			turn, seat := snap.State.Turn(), int(snap.State.Current())
			if !playing(snap, turn, seat) || !c.due(snap) {
				continue // moved on since the query
			}
			j.logger.WarnContext(ctx, c.msg, "game_id", id, "turn", turn, "seat", seat, "deadline", snap.Deadline)
			played, err := j.playTurn(ctx, id, turn, seat)
			if errors.Is(err, errOutOfTime) {
				return repaired, err
			}
			if err != nil {
				j.logger.ErrorContext(ctx, "sweeper: error playing a turn", "game_id", id, "turn", turn, "error", err)
				continue
			}
			if played > 0 {
				repaired++
				j.stats.sweeperRepairs.Add(1)
			}
		}
	}
	return repaired, ctx.Err()
}

// sweepIDs returns the game ids query finds (what names them in errors).
func (j *Jobs) sweepIDs(ctx context.Context, what, query string, args ...any) ([]int, error) {
	rows, err := j.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("error finding %s: %w", what, err)
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error reading %s: %w", what, err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error finding %s: %w", what, err)
	}
	return ids, nil
}

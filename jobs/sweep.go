package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
	"github.com/riverqueue/river"

	"rout/game"
	"rout/notifications/inbox"
)

// sweepBatch is how many overdue games one sweep repairs at most; the next sweep takes the rest.
const sweepBatch = 100

// sweepWorker finds games whose turn deadline passed more than Config.SweepGrace ago, and CPU turns that
// stalled, and plays their turns: the safety net for a deadline or CPU turn job that was lost or gave up.
type sweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	j *Jobs
}

// Work deletes the notification sends older than an hour (inbox.PruneSends), then repairs the overdue
// games, oldest deadline first, then the stalled CPU turns. A game that cannot be repaired is logged and
// left for the next sweep, and so are those left when the job's time runs short.
func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	if _, err := inbox.PruneSends(ctx, w.j.db); err != nil {
		w.j.logger.ErrorContext(ctx, "sweeper: error pruning the notification sends", "error", err)
	}
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
// when ctx's time ran short first. It finds the games through the game service (OverdueGames,
// IdleCPUTurns) and plays their turns through it, with the cause game.CauseTakeover for a player's turn
// and game.CauseSweeper for a CPU seat's. It needs no Start: the periodic sweeper job calls it; operators
// and tests may too.
func (j *Jobs) Sweep(ctx context.Context) (int, error) {
	cutoff := j.now().Add(-j.cfg.SweepGrace)
	overdue, err := j.game.OverdueGames(ctx, cutoff, sweepBatch)
	if err != nil {
		return 0, err
	}
	stalled, err := j.stalledCPUTurns(ctx, cutoff)
	if err != nil {
		return 0, err
	}
	repaired := 0
	for _, c := range []struct {
		ids   []int
		due   func(game.Snapshot) bool
		cause game.Cause
		msg   string
	}{
		{overdue, func(snap game.Snapshot) bool { return snap.Deadline != nil && snap.Deadline.Before(cutoff) },
			game.CauseTakeover, "sweeper: taking over an overdue turn"},
		{stalled, func(snap game.Snapshot) bool { return snap.Seats[snap.State.Current()].CPU },
			game.CauseSweeper, "sweeper: playing a stalled CPU turn"},
	} {
		for _, id := range c.ids {
			if j.outOfTime(ctx) {
				return repaired, errOutOfTime
			}
			snap, err := j.game.GameSnapshot(ctx, id)
			if err != nil {
				j.logger.ErrorContext(ctx, "sweeper: error reading a game", "game_id", id, "error", err)
				continue
			}
			turn, seat := snap.State.Turn(), int(snap.State.Current())
			if !playing(snap, turn, seat) || !c.due(snap) {
				continue // moved on since the query
			}
			j.logger.WarnContext(ctx, c.msg, "game_id", id, "turn", turn, "seat", seat, "deadline", snap.Deadline)
			cause := c.cause
			if snap.Seats[seat].CPU {
				cause = game.CauseSweeper // a CPU seat's turn, overdue: its job was lost
			}
			played, err := j.playTurn(ctx, turnJob{gameID: id, turn: turn, seat: seat, cause: cause})
			if errors.Is(err, errOutOfTime) {
				// The turn goes on past one play: its deadline is still overdue, or its CPU turn still
				// stalled, and the next sweep plays on.
				err = nil
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

// stalledCPUTurns returns up to sweepBatch games whose CPU seat to move has been idle since before cutoff
// (game.Service.IdleCPUTurns) and that have no CPU turn job waiting, scheduled or running for the turn,
// the longest idle first.
func (j *Jobs) stalledCPUTurns(ctx context.Context, cutoff time.Time) ([]int, error) {
	var ids []int
	var after game.IdleTurn
	for len(ids) < sweepBatch {
		idle, err := j.game.IdleCPUTurns(ctx, cutoff, after, sweepBatch)
		if err != nil {
			return nil, err
		}
		if len(idle) == 0 {
			break
		}
		after = idle[len(idle)-1]
		games, turns := make([]int64, len(idle)), make([]int64, len(idle))
		for i, t := range idle {
			games[i], turns[i] = int64(t.GameID), int64(t.Turn)
		}
		// The GIN index of the jobs' args answers each EXISTS.
		rows, err := j.db.QueryContext(ctx, `SELECT c.game_id FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS c(game_id, turn, i)
			WHERE NOT EXISTS (SELECT 1 FROM river_job j WHERE j.kind = $3
				AND j.state IN ('available', 'pending', 'retryable', 'running', 'scheduled')
				AND j.args @> jsonb_build_object('game_id', c.game_id, 'turn', c.turn))
			ORDER BY c.i`, pq.Array(games), pq.Array(turns), KindCPUTurn)
		if err != nil {
			return nil, fmt.Errorf("error finding stalled CPU turns: %w", err)
		}
		for rows.Next() && len(ids) < sweepBatch {
			var id int
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, fmt.Errorf("error reading stalled CPU turns: %w", err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("error finding stalled CPU turns: %w", err)
		}
		if len(idle) < sweepBatch {
			break
		}
	}
	return ids, nil
}

package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"rout/game"
	"rout/notifications"
	"rout/notifications/inbox"
	"rout/rules"
	"rout/tournament"
	"rout/tournament/pairing"
)

// The job kinds of tournaments.
const (
	KindTournamentAdvance = "rout_tournament_advance"
	KindTournamentSweep   = "rout_tournament_sweep"
)

// TournamentAdvanceArgs advances tournament TournamentID: inserted in the transaction that ends GameID, the
// game of one of its tables (tournament.Service.AdvanceGame), and by the tournament sweep without a game
// (tournament.Service.Advance). One job for each game's end, not one for the tournament: a job's run that
// a game's end missed (ended while it ran) would keep that end's job out, and the round would wait for
// the sweep.
type TournamentAdvanceArgs struct {
	TournamentID int `json:"tournament_id" river:"unique"`
	GameID       int `json:"game_id,omitempty" river:"unique"`
}

// Kind is KindTournamentAdvance.
func (TournamentAdvanceArgs) Kind() string { return KindTournamentAdvance }

// InsertOpts makes the job unique per tournament and game while it waits or runs, in QueueGame, so that
// sweeps that come while one waits add none. A job finished (completed, or given up) does not count: the
// next sweep inserts another.
func (TournamentAdvanceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueGame, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRetryable, rivertype.JobStateRunning,
		rivertype.JobStateScheduled}}}
}

// TournamentSweepArgs advances, once, every tournament with something due (tournament.Service.Due).
type TournamentSweepArgs struct{}

// Kind is KindTournamentSweep.
func (TournamentSweepArgs) Kind() string { return KindTournamentSweep }

// InsertOpts puts the sweep in QueueGame with one attempt: the next period runs it again.
func (TournamentSweepArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueGame, MaxAttempts: 1}
}

// tournamentAdvances appends to jobs the advance of the tournament whose table's game change c ended,
// if any: the table's game is over, and its tournament may have a round to seat.
func tournamentAdvances(ctx context.Context, tx *sql.Tx, c game.Change, jobs []river.InsertManyParams) ([]river.InsertManyParams, error) {
	if c.After.Phase() != rules.PhaseOver || c.Before.Phase() == rules.PhaseOver {
		return jobs, nil
	}
	id, err := tournament.TableOf(ctx, tx, c.GameID)
	if err != nil || id == 0 {
		return jobs, err
	}
	return append(jobs, insertParams(TournamentAdvanceArgs{TournamentID: id, GameID: c.GameID}, nil)), nil
}

// The seam's guard: the jobs advance a tournament that filled up.
var _ tournament.Effects = (*Effects)(nil)

// AfterFull inserts, in the transaction of the entry that filled tournament id, its advance: the
// tournament starts at once, not at the next sweep.
func (j *Effects) AfterFull(ctx context.Context, tx *sql.Tx, id int) error {
	if _, err := j.client.InsertManyTx(ctx, tx, []river.InsertManyParams{insertParams(TournamentAdvanceArgs{TournamentID: id}, nil)}); err != nil {
		return fmt.Errorf("error enqueuing the advance of tournament %d: %w", id, err)
	}
	return nil
}

// AfterRounds tells, in the transaction of a tournament's advance, the entrants of its rounds: a
// tournament_round notice when a round starts (the game of their table created; an entrant with a bye is
// told of the bye, which scores as a win), and a tournament_standing notice when a round they played in
// ends (their rank, of how many, and their points after it; final after the last round). Each notice is
// about the entrant's table's game; a bye's round notice, without a game of its own, is about the first
// game of its round, and a bye gets no standing notice. The notices are sent like the others, by the
// channel each entrant chose for their kind.
func (j *Effects) AfterRounds(ctx context.Context, tx *sql.Tx, news tournament.RoundNews) error {
	t := news.Tournament
	var ns []inbox.New
	for _, end := range news.Ended {
		for _, table := range end.Tables {
			if table.GameID == 0 {
				continue
			}
			for _, u := range table.Entrants {
				i := slices.IndexFunc(end.Standings, func(s pairing.Standing) bool { return s.ID == u })
				if i < 0 {
					continue
				}
				s := end.Standings[i]
				ns = append(ns, inbox.New{UserID: u, GameID: table.GameID, Kind: notifications.KindTournamentStanding,
					Data: inbox.Data{Tournament: ptr(t.ID), TournamentName: ptr(t.Name), Round: ptr(end.Round), Rank: ptr(s.Rank),
						Entrants: ptr(len(end.Standings)), Points: ptr(s.Points), Final: ptr(end.Final)}})
			}
		}
	}
	for _, table := range news.Started {
		gameID, data := table.GameID, inbox.Data{Tournament: ptr(t.ID), TournamentName: ptr(t.Name), Round: ptr(table.Round)}
		if table.Bye() {
			// A notice is about a game: a bye's is about the first game of its round, and says bye.
			i := slices.IndexFunc(news.Started, func(o tournament.Table) bool { return o.Round == table.Round && o.GameID != 0 })
			if i < 0 {
				return fmt.Errorf("round %d of tournament %d started without a game", table.Round, t.ID)
			}
			gameID, data.Bye = news.Started[i].GameID, ptr(true)
		}
		for _, u := range table.Entrants {
			ns = append(ns, inbox.New{UserID: u, GameID: gameID, Kind: notifications.KindTournamentRound, Data: data})
		}
	}
	return j.insertNotices(ctx, tx, nil, nil, ns...)
}

// tournamentAdvanceWorker advances a tournament.
type tournamentAdvanceWorker struct {
	river.WorkerDefaults[TournamentAdvanceArgs]
	j *Jobs
}

// Work advances the job's tournament after its game's end, or wholly without a game; a failure is retried
// by River (an advance finishes what a failed one left).
func (w *tournamentAdvanceWorker) Work(ctx context.Context, job *river.Job[TournamentAdvanceArgs]) error {
	advance := w.j.tournaments.Advance
	if job.Args.GameID != 0 {
		advance = func(ctx context.Context, id int) (tournament.Tournament, error) {
			return w.j.tournaments.AdvanceGame(ctx, id, job.Args.GameID)
		}
	}
	t, err := advance(ctx, job.Args.TournamentID)
	if err != nil {
		return fmt.Errorf("error advancing tournament %d: %w", job.Args.TournamentID, err)
	}
	w.j.logger.InfoContext(ctx, "tournament advanced", "tournament_id", t.ID, "round", t.Round, "status", string(t.Status))
	return nil
}

// tournamentSweepWorker inserts an advance job for each tournament with something due: the start of a
// tournament at its time or when full, and the safety net for a game's end whose job gave up.
type tournamentSweepWorker struct {
	river.WorkerDefaults[TournamentSweepArgs]
	j *Jobs
}

// Work inserts the advance jobs, in one statement (those of tournaments whose advance waits already
// collapse into it).
func (w *tournamentSweepWorker) Work(ctx context.Context, _ *river.Job[TournamentSweepArgs]) error {
	due, err := w.j.tournaments.Due(ctx)
	if err != nil || len(due) == 0 {
		return err
	}
	params := make([]river.InsertManyParams, len(due))
	for i, id := range due {
		params[i] = insertParams(TournamentAdvanceArgs{TournamentID: id}, nil)
	}
	if _, err := w.j.client.InsertMany(ctx, params); err != nil {
		return fmt.Errorf("error inserting the advance of %d tournaments: %w", len(due), err)
	}
	return nil
}

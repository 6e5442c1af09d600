package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"rout/game"
	"rout/rules"
)

// errOutOfTime stops a turn whose job has too little time left for another play: the job runs again
// (continued) and goes on with the turn.
var errOutOfTime = errors.New("the job's time is up before the turn is over")

// continued returns a job's error: errOutOfTime becomes a snooze of no time (the job runs again at once,
// from where the turn is, without using up an attempt).
func continued(err error) error {
	if errors.Is(err, errOutOfTime) {
		return river.JobSnooze(0)
	}
	return err
}

// outOfTime says whether ctx, a job's, ends before another play of a turn could be done: its pause
// (Config.CPUDelay) and a quarter of the job's time for the play itself.
func (j *Jobs) outOfTime(ctx context.Context) bool {
	deadline, ok := ctx.Deadline()
	return ok && time.Until(deadline) < j.cfg.CPUDelay+j.cfg.JobTimeout()/4
}

// playing says whether game snap is still at turn with seat to move.
func playing(snap game.Snapshot, turn, seat int) bool {
	return snap.Status == game.StatusActive && snap.State.Phase() != rules.PhaseOver && snap.State.Turn() == turn &&
		int(snap.State.Current()) == seat
}

// timedTurn returns the game of a timer job (a warning) and whether the job is still due: the game exists,
// plays turn with seat to move (see playing), and that turn has a deadline.
func (j *Jobs) timedTurn(ctx context.Context, gameID, turn, seat int) (game.Snapshot, bool, error) {
	snap, err := j.game.GameSnapshot(ctx, gameID)
	if err != nil {
		if code(err) == game.CodeNotFound {
			return game.Snapshot{}, false, nil
		}
		return game.Snapshot{}, false, err
	}
	return snap, playing(snap, turn, seat) && snap.Deadline != nil, nil
}

// turnJob is one turn a job plays through game.Service.TurnPlay.
type turnJob struct {
	gameID, turn, seat int
	cause              game.Cause // game.CauseCPU, game.CauseTakeover, game.CauseSweeper or game.CauseDelegate
	difficulty         string     // game.CauseDelegate's: the CPU the player handed the seat to
	deadline           *time.Time // a takeover's: the deadline it was scheduled for
	pause              bool       // wait Config.CPUDelay before the play (a CPU seat's turn, for its viewers)
}

// playTurn plays a turn through the game service: one TurnPlay, which decides the turn's commands in
// memory and commits them, all of them with their events, in one transaction. A CPU seat plays as its
// difficulty says; a player's seat (a takeover) as ai.Cautious, and its cause (game.CauseTakeover) has the
// player told; a lone survivor's commands are game.CauseSurvivor. A CPU seat's turn first waits
// Config.CPUDelay, so that viewers can follow. It does nothing when the game has moved
// on (TurnPlay's CONFLICT: a stale job) or is gone. A turn longer than one play (game.Opts.PlayTime) stops
// with errOutOfTime after it, and a new run of the job goes on (continued): a turn on a large map holds a
// worker no longer than one play at a time. It returns how many commands it played; a turn it finished
// counts in Stats (CPUTurns or Takeovers).
func (j *Jobs) playTurn(ctx context.Context, t turnJob) (int, error) {
	if j.outOfTime(ctx) {
		return 0, errOutOfTime
	}
	if t.pause {
		if err := sleep(ctx, j.cfg.CPUDelay); err != nil {
			return 0, err
		}
	}
	p, err := j.game.TurnPlay(ctx, game.PlayInput{GameID: t.gameID, Seat: t.seat, Turn: t.turn, Deadline: t.deadline, Cause: t.cause,
		Difficulty: t.difficulty})
	switch code(err) {
	case game.CodeConflict, game.CodeNotFound:
		return 0, nil // the game moved on, or is gone
	}
	if err != nil {
		return 0, fmt.Errorf("error playing turn %d of seat %d in game %d: %w", t.turn, t.seat, t.gameID, err)
	}
	j.stats.cpuCommands.Add(int64(p.Commands))
	if !p.Done {
		return p.Commands, errOutOfTime
	}
	if t.cause == game.CauseTakeover {
		j.stats.takeovers.Add(1)
		if j.observer != nil {
			j.observer.Takeover()
		}
		j.logger.InfoContext(ctx, "turn taken over", "game_id", t.gameID, "turn", t.turn, "seat", t.seat, "commands", p.Commands)
	} else {
		j.stats.cpuTurns.Add(1)
		if j.observer != nil {
			j.observer.CPUTurn()
		}
	}
	return p.Commands, nil
}

// takeOverDue takes over the turn of a deadline job, t, and up to Config.TakeoverBatch - 1 other turns
// whose deadline has passed, in one transaction (game.Service.TakeOverDue), as playTurn does one. It
// returns errOutOfTime when t's own turn goes on past one play; another game's turn that does goes on in
// its own deadline job, which is not cancelled while the turn is on.
func (j *Jobs) takeOverDue(ctx context.Context, t turnJob) error {
	if j.outOfTime(ctx) {
		return errOutOfTime
	}
	played, err := j.game.TakeOverDue(ctx, game.PlayInput{GameID: t.gameID, Seat: t.seat, Turn: t.turn, Deadline: t.deadline,
		Cause: t.cause}, j.cfg.TakeoverBatch-1)
	switch code(err) {
	case game.CodeConflict, game.CodeNotFound:
		return nil // the game moved on, or is gone
	}
	if err != nil {
		return fmt.Errorf("error taking over turn %d of seat %d in game %d: %w", t.turn, t.seat, t.gameID, err)
	}
	for i, p := range played {
		j.stats.cpuCommands.Add(int64(p.Commands))
		if !p.Done {
			if i == 0 {
				err = errOutOfTime
			}
			continue
		}
		j.stats.takeovers.Add(1)
		if j.observer != nil {
			j.observer.Takeover()
		}
		j.logger.InfoContext(ctx, "turn taken over", "game_id", p.GameID, "seat", p.Seat, "commands", p.Commands,
			"in_the_job_of_game", t.gameID)
	}
	return err
}

// sleep waits for d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// code returns the service code of err, or "".
func code(err error) game.Code {
	var ge *game.Error
	if errors.As(err, &ge) {
		return ge.Code
	}
	return ""
}

package jobs

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/riverqueue/river"

	"rout/ai"
	"rout/game"
	"rout/rules"
)

// maxCommandsPerJob bounds the commands one job plays: a turn that is not over by then is a bug, and the
// job fails (and is retried) rather than spinning.
const maxCommandsPerJob = 2000

// errOutOfTime stops a turn whose job has too little time left for another command: the job runs again
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

// outOfTime says whether ctx, a job's, ends before the next command could be played: its pause
// (Config.CPUDelay) and a quarter of the job's time for the command itself.
func (j *Jobs) outOfTime(ctx context.Context) bool {
	deadline, ok := ctx.Deadline()
	return ok && time.Until(deadline) < j.cfg.CPUDelay+j.cfg.JobTimeout()/4
}

// playing says whether game snap is still at turn with seat to move.
func playing(snap game.Snapshot, turn, seat int) bool {
	return snap.Status == game.StatusActive && snap.State.Phase() != rules.PhaseOver && snap.State.Turn() == turn &&
		int(snap.State.Current()) == seat
}

// timedTurn returns the game of a timer job (a warning, a deadline) and whether the job is still due: the
// game exists, plays turn with seat to move (see playing), and that turn has a deadline.
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

// playTurn plays seat's turn of a game through the game service, a command at a time, each sent with the
// version it was chosen at, until the turn is over (another turn, or the game's end). It returns how many
// commands it played. A CPU seat plays as its difficulty says; another seat (a takeover) plays as
// ai.Cautious, and its commands' cause (game.CauseTakeover) has the player told. by is the cause of a CPU
// seat's commands: game.CauseCPU for a CPU turn job, game.CauseSweeper for the sweeper; a lone
// survivor's are game.CauseSurvivor. It does nothing when the
// game has moved on. When its job's time (ctx) runs short it stops with errOutOfTime, and a new run goes
// on. A turn it finished counts in Stats (CPUTurns or Takeovers).
func (j *Jobs) playTurn(ctx context.Context, gameID, turn, seat int, by game.Cause) (played int, err error) {
	svc := j.game
	cpu := false
	defer func() {
		if played == 0 || err != nil {
			return
		}
		if cpu {
			j.stats.cpuTurns.Add(1)
			if j.observer != nil {
				j.observer.CPUTurn()
			}
		} else {
			j.stats.takeovers.Add(1)
			if j.observer != nil {
				j.observer.Takeover()
			}
			j.logger.InfoContext(ctx, "turn taken over", "game_id", gameID, "turn", turn, "seat", seat, "commands", played)
		}
	}()
	for range maxCommandsPerJob {
		snap, err := svc.GameSnapshot(ctx, gameID)
		if err != nil {
			if code(err) == game.CodeNotFound {
				return played, nil
			}
			return played, err
		}
		if !playing(snap, turn, seat) {
			return played, nil
		}
		if j.outOfTime(ctx) {
			return played, errOutOfTime
		}
		play, cause := ai.Cautious, game.CauseTakeover
		// A lone survivor's commands are the CPU's too (docs/rules.md, R43): not a takeover.
		if s := snap.Seats[seat]; s.CPU || snap.State.ActivePlayers() == 1 {
			cpu, cause = true, by
			if snap.State.ActivePlayers() == 1 {
				cause = game.CauseSurvivor
			}
			if p, ok := ai.ByName(s.Difficulty); ok {
				play = p
			}
		}
		// The seed depends only on the game, the turn and the command's place in the game (its version):
		// the same position gets the same choice, on any replica and after any retry.
		r := rand.New(rand.NewPCG(uint64(gameID)<<32|uint64(uint32(turn)), uint64(snap.Version)))
		cmd := play(snap.State, rules.PlayerID(seat), r)
		if cmd == nil {
			return played, fmt.Errorf("the CPU found nothing to play for seat %d in turn %d of game %d", seat, turn, gameID)
		}
		if err := sleep(ctx, j.cfg.CPUDelay); err != nil {
			return played, err
		}
		version := snap.Version
		_, err = svc.TurnSubmit(ctx, game.CommandInput{GameID: gameID, Actor: game.System(seat), Command: cmd,
			ExpectedVersion: &version, Cause: cause})
		if code(err) == game.CodeConflict {
			continue // someone else moved the game on: look again
		}
		if err != nil {
			return played, fmt.Errorf("error playing %T for seat %d in turn %d of game %d: %w", cmd, seat, turn, gameID, err)
		}
		played++
		j.stats.cpuCommands.Add(1)
	}
	return played, fmt.Errorf("turn %d of game %d is not over after %d commands", turn, gameID, maxCommandsPerJob)
}

// code returns the service code of err, or "".
func code(err error) game.Code {
	var ge *game.Error
	if errors.As(err, &ge) {
		return ge.Code
	}
	return ""
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

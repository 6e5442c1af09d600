package game

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"rout/rules"
)

// Actor is who sends a command: a user acting for their own seat, or the system (a CPU seat, a deadline
// takeover) acting for Seat.
type Actor struct {
	UserID int // > 0: a user; the service finds their seat
	Seat   int // the seat the system acts for, when UserID is 0
}

// System returns the actor for the system acting for seat.
func System(seat int) Actor { return Actor{Seat: seat} }

// User returns the actor for a user.
func User(id int) Actor { return Actor{UserID: id} }

// CommandInput is one turn command.
type CommandInput struct {
	GameID  int
	Actor   Actor
	Command rules.Command
	// ExpectedVersion, when set, is the game version the caller saw: a command on a game that has moved
	// on is refused with CONFLICT and changes nothing.
	ExpectedVersion *int64
	// IdempotencyKey, when set (users only), makes a retried command return the first call's result
	// instead of acting twice.
	IdempotencyKey string
}

// Result is what a command did.
type Result struct {
	GameID  int
	Version int64
	Events  []SeqEvent
	// Replayed is true when the result is the stored one of an earlier call with the same idempotency key.
	Replayed bool

	after *cached // the new state, cached once the transaction commits
}

// cacheCommitted remembers the state a committed command left.
func (s *Service) cacheCommitted(r Result) {
	if r.after != nil {
		s.cache.put(r.after)
	}
}

// storedResult is the idempotency record of a command.
type storedResult struct {
	Version  int64 `json:"version"`
	FirstSeq int64 `json:"firstSeq"`
	LastSeq  int64 `json:"lastSeq"`
}

// MaxIdempotencyKey is the longest idempotency key accepted.
const MaxIdempotencyKey = 200

// TurnSubmit runs one turn command through the whole path (see the package documentation). A rule
// violation returns a *rules.Error; the service's own refusals are *Error values.
func (s *Service) TurnSubmit(ctx context.Context, in CommandInput) (Result, error) {
	if len(in.IdempotencyKey) > MaxIdempotencyKey {
		return Result{}, errorf(CodeBadInput, "the idempotency key is longer than %d bytes", MaxIdempotencyKey)
	}
	if in.IdempotencyKey != "" && in.Actor.UserID == 0 {
		return Result{}, errorf(CodeBadInput, "only users' commands carry idempotency keys")
	}
	if _, start := in.Command.(rules.StartGame); start || in.Command == nil {
		return Result{}, errorf(CodeBadInput, "not a turn command")
	}
	var res Result
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := lockGame(ctx, tx, in.GameID)
		if err != nil {
			return err
		}
		if in.IdempotencyKey != "" {
			var stored []byte
			err := tx.QueryRowContext(ctx, `SELECT result FROM command_keys WHERE game_id = $1 AND user_id = $2 AND key = $3`,
				g.id, in.Actor.UserID, in.IdempotencyKey).Scan(&stored)
			if err == nil {
				res, err = replayResult(ctx, tx, g.id, stored)
				return err
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("error reading the idempotency key: %w", err)
			}
		}
		if in.ExpectedVersion != nil && *in.ExpectedVersion != g.version {
			return errorf(CodeConflict, "the game is at version %d, not %d: reload it", g.version, *in.ExpectedVersion)
		}
		if g.status != "active" {
			return errorf(CodeConflict, "the game is %s", g.status)
		}
		cur, err := s.current(ctx, tx, g)
		if err != nil {
			return err
		}
		seat, err := actingSeat(in.Actor, cur.seats)
		if err != nil {
			return err
		}
		res, err = s.execute(ctx, tx, g, cur, seat, in.Command)
		if err != nil {
			return err
		}
		if res.after, err = s.playSurvivor(ctx, tx, g, res.after); err != nil {
			return err
		}
		if in.IdempotencyKey != "" {
			stored, _ := json.Marshal(storedResult{Version: res.Version, FirstSeq: res.Events[0].Seq, LastSeq: res.Events[len(res.Events)-1].Seq})
			if _, err := tx.ExecContext(ctx, `INSERT INTO command_keys (game_id, user_id, key, result, created_at)
				VALUES ($1, $2, $3, $4, now())`, g.id, in.Actor.UserID, in.IdempotencyKey, stored); err != nil {
				return fmt.Errorf("error storing the idempotency key: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	s.cacheCommitted(res)
	return res, nil
}

func actingSeat(a Actor, seats []Seat) (rules.PlayerID, error) {
	if a.UserID == 0 {
		if a.Seat < 0 || a.Seat >= len(seats) {
			return 0, errorf(CodeNotFound, "no seat %d", a.Seat)
		}
		return rules.PlayerID(a.Seat), nil
	}
	for _, s := range seats {
		if s.UserID == a.UserID {
			return rules.PlayerID(s.Seat), nil
		}
	}
	return 0, errorf(CodeForbidden, "you have no seat in this game")
}

func replayResult(ctx context.Context, tx *sql.Tx, gameID int, stored []byte) (Result, error) {
	var r storedResult
	if err := json.Unmarshal(stored, &r); err != nil {
		return Result{}, fmt.Errorf("error decoding a stored result: %w", err)
	}
	events, err := readEvents(ctx, tx, gameID, r.FirstSeq-1, int(r.LastSeq-r.FirstSeq+1))
	if err != nil {
		return Result{}, err
	}
	return Result{GameID: gameID, Version: r.Version, Events: events, Replayed: true}, nil
}

// execute decides a command on a locked game, writes its changes and effects, and notifies.
func (s *Service) execute(ctx context.Context, tx *sql.Tx, g *gameRow, cur *cached, seat rules.PlayerID, c rules.Command) (Result, error) {
	before := cur.state
	dice := new(rules.ChaChaDice)
	if err := dice.UnmarshalBinary(g.dice); err != nil {
		return Result{}, fmt.Errorf("error restoring the dice of game %d: %w", g.id, err)
	}
	after, events, err := rules.Apply(before, seat, c, dice)
	if err != nil {
		return Result{}, err
	}
	seqEvents := make([]SeqEvent, len(events))
	turn := before.Turn()
	var deadline *time.Time
	now := s.now()
	for i, e := range events {
		if ts, ok := e.(rules.TurnStarted); ok {
			turn = ts.Turn
			d := now.Add(g.turnLimit)
			deadline = &d
		}
		actor := seat
		if actor < 0 {
			actor = -1 // the system
		}
		seqEvents[i] = SeqEvent{Seq: g.seq + int64(i) + 1, Turn: turn, Seat: actor, Event: e}
	}
	diceState, err := dice.MarshalBinary()
	if err != nil {
		return Result{}, fmt.Errorf("error saving the dice: %w", err)
	}
	w := write{game: g, before: before, after: after, events: seqEvents, version: g.version + 1,
		seq: g.seq + int64(len(events)), deadline: deadline, dice: diceState, now: now}
	if err := w.exec(ctx, tx); err != nil {
		return Result{}, err
	}
	if s.effects != nil {
		change := Change{GameID: g.id, Version: w.version, Events: seqEvents, Before: before, After: after, Seats: cur.seats}
		if deadline != nil && after.Phase() != rules.PhaseOver {
			warning := g.warningAt(*deadline)
			change.Deadline, change.WarningAt = deadline, &warning
		}
		change.SurvivorPlays = survivorPlays(ctx, after)
		if err := s.effects.AfterCommand(ctx, tx, change); err != nil {
			return Result{}, fmt.Errorf("error running the command's effects: %w", err)
		}
	}
	next := &cached{game: g.id, version: w.version, state: after, seats: cur.seats}
	g.version, g.seq, g.dice = w.version, w.seq, diceState // the locked row as it is now
	return Result{GameID: g.id, Version: w.version, Events: seqEvents, after: next}, nil
}

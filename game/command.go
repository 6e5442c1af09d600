package game

import (
	"context"
	"database/sql"
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
	// Cause is why the command is played: CausePlayer (the zero value) for a user's command, and only for
	// theirs; a command of the system (Actor.UserID 0) says which of the others it is.
	// It is handed to Effects (Change.Cause) and recorded with the command's events.
	Cause Cause
}

// Result is what a command did: all an answer to its sender needs, so that nothing is read after it.
type Result struct {
	GameID  int
	Version int64
	Events  []SeqEvent
	// Replayed is true when the result is the stored one of an earlier call with the same idempotency key.
	Replayed bool
	// Seat is the seat that acted (rules.NoPlayer for the start of a game): the seat whose view of Events
	// its sender gets.
	Seat rules.PlayerID
	// Game is the game as the command left it: its row, engine state and seats. For a replayed result it is
	// the game as it is now, while Version and Events are the first call's.
	Game Snapshot

	after *cached // the new state, cached once the transaction commits
}

// TurnSubmit runs one turn command through the whole path (see the package documentation), in one
// transaction. A rule violation returns a *rules.Error; the service's own refusals are *Error values. A
// user without a seat is refused with FORBIDDEN, or with NOT_FOUND (as for a game that does not exist) when
// the game is private and they did not create it. With a rule violation or CodeKeyReused, the Result's
// Game is the game as it stands (the command changed nothing).
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
	if _, err := in.Cause.MarshalText(); err != nil || (in.Actor.UserID != 0) != (in.Cause == CausePlayer) {
		return Result{}, errorf(CodeBadInput, "the cause %s does not go with the actor: a user's command is the player's, "+
			"and the system's is a CPU's, a takeover's, the sweeper's or a survivor's", in.Cause)
	}
	var res Result
	var now Snapshot // the game as it stands, for a refusal's answer
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := lockGame(ctx, tx, in.GameID)
		if err != nil {
			return err
		}
		cur, err := s.current(ctx, tx, g)
		if err != nil {
			return err
		}
		seat, err := actingSeat(g, in.Actor, cur.seats)
		if err != nil {
			return err
		}
		now = g.snapshot(cur)
		if in.IdempotencyKey != "" {
			if r, found, err := replayKey(ctx, tx, g.id, in); err != nil || found {
				r.Seat, r.Game = seat, now
				res = r
				return err
			}
		}
		if in.ExpectedVersion != nil && *in.ExpectedVersion != g.version {
			return errorf(CodeConflict, "the game is at version %d, not %d: reload it", g.version, *in.ExpectedVersion)
		}
		if g.status != "active" {
			return errorf(CodeConflict, "the game is %s", g.status)
		}
		if seat < 0 {
			return errorf(CodeForbidden, "you have no seat in this game")
		}
		res, err = s.execute(ctx, tx, g, cur, seat, in.Command, played{cause: in.Cause})
		if err != nil {
			return err
		}
		if res.after, err = s.playSurvivor(ctx, tx, g, res.after); err != nil {
			return err
		}
		res.Game = g.snapshot(res.after) // after the survivor's commands, if any
		if in.IdempotencyKey != "" {
			if err := storeKey(ctx, tx, g.id, in, res); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		var re *rules.Error
		var ge *Error
		if errors.As(err, &re) || (errors.As(err, &ge) && ge.Code == CodeKeyReused) {
			return Result{GameID: in.GameID, Game: now}, err
		}
		return Result{}, err
	}
	s.cacheCommitted(res)
	s.announce(res)
	return res, nil
}

// actingSeat returns the seat that actor acts for in game g, or rules.NoPlayer for a user without a seat
// (refused later, once a stale command had its CONFLICT). A private game is NOT_FOUND to a user who neither
// holds a seat nor created it, as to anyone it is hidden from.
func actingSeat(g *gameRow, a Actor, seats []Seat) (rules.PlayerID, error) {
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
	if g.inviteCode.Valid && g.creatorID != a.UserID {
		return 0, errorf(CodeNotFound, "no game %d", g.id) // as lockGame says of a game that does not exist
	}
	return rules.NoPlayer, nil
}

// played is how execute plays a command: its cause, and whether it is the last of a lone survivor's
// commands that playSurvivor plays now (Change.SurvivorPlays is then false).
type played struct {
	cause        Cause
	lastSurvivor bool
}

// execute decides a command on a locked game, writes its changes and effects, and notifies.
func (s *Service) execute(ctx context.Context, tx *sql.Tx, g *gameRow, cur *cached, seat rules.PlayerID, c rules.Command, how played) (Result, error) {
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
	now := s.now().Truncate(time.Microsecond) // as PostgreSQL keeps it, so that the answer is what a read sees
	for i, e := range events {
		if ts, ok := e.(rules.TurnStarted); ok {
			turn = ts.Turn
			d := now.Add(g.turnLimit)
			deadline = &d
		}
		seqEvents[i] = SeqEvent{Seq: g.seq + int64(i) + 1, Turn: turn, Seat: seat, Event: e}
	}
	diceState, err := dice.MarshalBinary()
	if err != nil {
		return Result{}, fmt.Errorf("error saving the dice: %w", err)
	}
	w := write{game: g, before: before, after: after, events: seqEvents, version: g.version + 1,
		seq: g.seq + int64(len(events)), deadline: deadline, dice: diceState, now: now, cause: how.cause}
	if err := w.exec(ctx, tx); err != nil {
		return Result{}, err
	}
	if s.effects != nil {
		change := Change{GameID: g.id, Version: w.version, Seat: seat, Cause: how.cause, Events: seqEvents, Before: before,
			After: after, Seats: cur.seats}
		if deadline != nil && after.Phase() != rules.PhaseOver {
			warning := g.warningAt(*deadline)
			change.Deadline, change.WarningAt = deadline, &warning
		}
		change.SurvivorPlays = lone(after) && !how.lastSurvivor
		if err := s.effects.AfterCommand(ctx, tx, change); err != nil {
			return Result{}, fmt.Errorf("error running the command's effects: %w", err)
		}
	}
	next := &cached{game: g.id, version: w.version, state: after, seats: cur.seats}
	// The locked row as the command left it: the answer's game, and the base of a lone survivor's next
	// command in this transaction.
	g.version, g.seq, g.dice, g.updatedAt = w.version, w.seq, diceState, now
	g.status, g.phase, g.turn, g.currentSeat = "active", after.Phase().String(), after.Turn(), seatColumn(after.Current())
	if deadline != nil {
		g.deadline, g.warning = sql.NullTime{Time: *deadline, Valid: true}, sql.NullTime{Time: g.warningAt(*deadline), Valid: true}
	}
	if after.Phase() == rules.PhaseOver {
		g.status, g.winner = "finished", sql.NullInt64{Int64: int64(after.Winner()), Valid: true}
		g.finishedAt, g.deadline, g.warning = sql.NullTime{Time: now, Valid: true}, sql.NullTime{}, sql.NullTime{}
	}
	return Result{GameID: g.id, Version: w.version, Events: seqEvents, Seat: seat, after: next, Game: g.snapshot(next)}, nil
}

package game

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"rout/rules"
)

// Actor is who sends a command: a user acting for their own seat (or for a seat handed over to them,
// For), or the system (a CPU seat, a deadline takeover) acting for Seat.
type Actor struct {
	UserID int // > 0: a user; the service finds their seat
	Seat   int // the seat the system acts for, when UserID is 0
	// For, when set with a UserID, is the seat the user acts for: their own, or a handed-over seat they
	// play for their team (PlayedBy, docs/rules.md R90). Nil: their own.
	For *int
}

// User returns the actor for a user.
func User(id int) Actor { return Actor{UserID: id} }

// UserFor returns the actor for a user acting for seat (Actor.For).
func UserFor(id, seat int) Actor { return Actor{UserID: id, For: &seat} }

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
	// Seen are Events as Seat's record of a fog game shows them, from the command's own write (SeenOf
	// reads the same back); nil without fog, for a replayed result and for the start of a game.
	Seen []SeenEvent

	after *cached       // the new state, cached once the transaction commits
	ann   announcements // what the effects announce, sent after the commit
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
		g, err := s.lockGame(ctx, tx, in.GameID)
		if err != nil {
			return err
		}
		cur, err := s.current(ctx, tx, g)
		if err != nil {
			return err
		}
		viewer, err := actingSeat(g, in.Actor, cur)
		if err != nil {
			return err
		}
		seat, err := actsFor(in.Actor, cur, viewer)
		if err != nil {
			return err
		}
		now = g.snapshot(cur)
		if in.IdempotencyKey != "" {
			if r, found, err := replayKey(ctx, tx, g.id, in); err != nil || found {
				r.Seat, r.Game = viewer, now
				res = r
				return err
			}
		}
		if version := now.VersionFor(viewer); in.ExpectedVersion != nil && *in.ExpectedVersion != version {
			return errorf(CodeConflict, "the game is at version %d, not %d: reload it", version, *in.ExpectedVersion)
		}
		if g.status != StatusActive {
			return errorf(CodeConflict, "the game is %s", g.status)
		}
		if seat < 0 {
			return errorf(CodeForbidden, "you have no seat in this game, or you left it")
		}
		b, err := s.begin(g, cur)
		if err != nil {
			return err
		}
		events, err := b.apply(seat, in.Command, in.Cause)
		if err != nil {
			return err
		}
		if in.Cause == CausePlayer {
			b.playerActed(seat)
		}
		version := b.version
		if err := s.playSurvivor(ctx, tx, b); err != nil {
			return err
		}
		after, err := s.commit(ctx, tx, b)
		if err != nil {
			return err
		}
		seen, err := b.seenBy(viewer, events)
		if err != nil {
			return err
		}
		// The command's own version and events, and the game after the survivor's commands, if any.
		res = Result{GameID: g.id, Version: version, Events: events, Seat: viewer, Seen: seen, after: after, ann: b.ann, Game: g.snapshot(after)}
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

// actingSeat returns the seat through which actor sees game g, whose state and seats are cur: the seat the
// system acts for, or the user's own seat; rules.NoPlayer for a user without a seat, or whose player left
// it (handed over, R90: they see as a spectator), refused later, once a stale command had its CONFLICT. A
// private game is NOT_FOUND to a user who neither holds a seat nor created it, as to anyone it is hidden
// from.
func actingSeat(g *gameRow, a Actor, cur *cached) (rules.PlayerID, error) {
	seats := cur.seats
	if a.UserID == 0 {
		if a.Seat < 0 || a.Seat >= len(seats) {
			return 0, errorf(CodeNotFound, "no seat %d", a.Seat)
		}
		return rules.PlayerID(a.Seat), nil
	}
	for _, s := range seats {
		if s.UserID == a.UserID {
			if p := rules.PlayerID(s.Seat); int(p) < cur.state.Players() && cur.state.HandedOver(p) {
				return rules.NoPlayer, nil
			}
			return rules.PlayerID(s.Seat), nil
		}
	}
	if g.inviteCode.Valid && g.creatorID != a.UserID {
		return 0, noGame(g.id) // as lockGame says of a game that does not exist
	}
	return rules.NoPlayer, nil
}

// actsFor returns the seat whose command actor sends, viewer being the seat through which they see the
// game (actingSeat): viewer, unless a user names a seat (Actor.For) that is not theirs; then it must be a
// seat handed over to viewer (PlayedBy), else FORBIDDEN.
func actsFor(a Actor, cur *cached, viewer rules.PlayerID) (rules.PlayerID, error) {
	if a.UserID == 0 || a.For == nil || rules.PlayerID(*a.For) == viewer {
		return viewer, nil
	}
	p := rules.PlayerID(*a.For)
	if viewer < 0 || p < 0 || int(p) >= cur.state.Players() || !slices.Contains(PlaysFor(cur.state, cur.seats, viewer), p) {
		return 0, errorf(CodeForbidden, "you do not play seat %d: only a seat handed over to you (docs/rules.md, R90)", p)
	}
	return p, nil
}

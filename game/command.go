package game

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
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

// cacheCommitted remembers the state a committed command left.
func (s *Service) cacheCommitted(r Result) {
	if r.after != nil {
		s.cache.put(r.after)
	}
}

// storedResult is the idempotency record of a command: the command's fingerprint and what the first call
// answered.
type storedResult struct {
	Command  string `json:"command"` // the fingerprint of the command (see fingerprint)
	Version  int64  `json:"version"`
	FirstSeq int64  `json:"firstSeq"`
	LastSeq  int64  `json:"lastSeq"`
}

// MaxIdempotencyKey is the longest idempotency key accepted.
const MaxIdempotencyKey = 200

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

// CodeKeyReused refuses a command sent under an idempotency key that an earlier, different command of the
// same user in the same game was sent under.
const CodeKeyReused Code = "IDEMPOTENCY_KEY_REUSED"

// fingerprint is what binds an idempotency key to one command: the SHA-256 of the command's canonical
// encoding (its kind and arguments, as rules.MarshalCommand writes them).
func fingerprint(c rules.Command) (string, error) {
	data, err := rules.MarshalCommand(c)
	if err != nil {
		return "", fmt.Errorf("error encoding the command: %w", err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// replayKey looks up the idempotency key of in. found is false when the key is new. A key stored with the
// same command answers with what the first call answered (its version and events); a key stored with
// another command is refused with CodeKeyReused.
func replayKey(ctx context.Context, tx *sql.Tx, gameID int, in CommandInput) (res Result, found bool, err error) {
	var stored []byte
	err = tx.QueryRowContext(ctx, `SELECT result FROM command_keys WHERE game_id = $1 AND user_id = $2 AND key = $3`,
		gameID, in.Actor.UserID, in.IdempotencyKey).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) {
		return Result{}, false, nil
	}
	if err != nil {
		return Result{}, false, fmt.Errorf("error reading the idempotency key: %w", err)
	}
	var r storedResult
	if err := json.Unmarshal(stored, &r); err != nil {
		return Result{}, true, fmt.Errorf("error decoding a stored result: %w", err)
	}
	fp, err := fingerprint(in.Command)
	if err != nil {
		return Result{}, true, err
	}
	if r.Command != fp {
		return Result{}, true, errorf(CodeKeyReused, "this idempotency key was used for another command: use a new key for each command")
	}
	events, err := readEvents(ctx, tx, gameID, r.FirstSeq-1, int(r.LastSeq-r.FirstSeq+1))
	if err != nil {
		return Result{}, true, err
	}
	return Result{GameID: gameID, Version: r.Version, Events: events, Replayed: true}, true, nil
}

// storeKey records the idempotency key of in with the command's fingerprint and what the call answered.
func storeKey(ctx context.Context, tx *sql.Tx, gameID int, in CommandInput, res Result) error {
	fp, err := fingerprint(in.Command)
	if err != nil {
		return err
	}
	stored, err := json.Marshal(storedResult{Command: fp, Version: res.Version,
		FirstSeq: res.Events[0].Seq, LastSeq: res.Events[len(res.Events)-1].Seq})
	if err != nil {
		return fmt.Errorf("error encoding the idempotency record: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO command_keys (game_id, user_id, key, result, created_at)
		VALUES ($1, $2, $3, $4, now())`, gameID, in.Actor.UserID, in.IdempotencyKey, stored); err != nil {
		return fmt.Errorf("error storing the idempotency key: %w", err)
	}
	return nil
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

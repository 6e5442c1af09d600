package game

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/lib/pq"

	"rout/ai"
	"rout/rules"
)

// Delegation is a player's seat handed to a CPU (Service.SeatDelegate, or the service itself after
// AutoDelegateTakeovers takeovers in a row): every turn of the seat that starts while it holds is played at
// once by that CPU, with the cause CauseDelegate.
type Delegation struct {
	// Difficulty is the CPU that plays the seat (one of ai.Names).
	Difficulty string
	// Turns, when set, is how many of the seat's turns the CPU has left to play; nil for no such bound.
	Turns *int
	// Until, when set, ends the delegation for the turns that start from this time; nil for no such bound.
	Until *time.Time
	// Auto is true when the service handed the seat over after AutoDelegateTakeovers takeovers in a row: it
	// holds until the player comes back (any command of theirs, or SeatReclaim).
	Auto bool
}

// AutoDelegateTakeovers is how many of a seat's turns in a row taken over at their deadline hand the
// seat to the CPU until its player comes back.
const AutoDelegateTakeovers = 3

// AutoDelegate is the CPU a seat is handed to after AutoDelegateTakeovers takeovers: the takeovers' own.
const AutoDelegate = "cautious"

// MaxDelegateTurns bounds DelegateInput.Turns.
const MaxDelegateTurns = 10000

// The codes of a refused delegation.
const (
	CodeUnknownDifficulty Code = "UNKNOWN_DIFFICULTY" // DelegateInput.Difficulty is not one of ai.Names
	CodeInvalidTurns      Code = "INVALID_TURNS"      // DelegateInput.Turns is not from 1 to MaxDelegateTurns
	CodeInvalidUntil      Code = "INVALID_UNTIL"      // DelegateInput.Until is not in the future
	CodeNotDelegated      Code = "NOT_DELEGATED"      // SeatReclaim of a seat its player plays
	CodeSeatNotActive     Code = "SEAT_NOT_ACTIVE"    // the seat was eliminated or resigned
)

// activeAt says whether d plays a turn of its seat that starts at now.
func (d *Delegation) activeAt(now time.Time) bool {
	return d != nil && (d.Turns == nil || *d.Turns > 0) && (d.Until == nil || now.Before(*d.Until))
}

// DelegateInput hands a user's seat to a CPU (Service.SeatDelegate).
type DelegateInput struct {
	GameID, UserID int
	// Difficulty is the CPU, one of ai.Names.
	Difficulty string
	// Turns, when set, is how many of the seat's turns the CPU plays (1 to MaxDelegateTurns); Until, when
	// set, ends the delegation for the turns that start from it. With neither, the CPU plays the rest of the
	// game (until SeatReclaim); with both, whichever comes first ends it.
	Turns *int
	Until *time.Time
}

// SeatDelegate hands the user's seat in an active game to a CPU: from the seat's next turn to start (the
// current one, when it is the seat's, stays the player's), the CPU plays each of the seat's turns at once
// when it starts (a CPU turn job, Change.Delegate), with the cause CauseDelegate, until the delegation ends
// (Turns, Until) or the player reclaims the seat (SeatReclaim). A new delegation replaces the one before.
// It bumps the game's version (the seats changed) and causes no event. It returns the game as it left it.
func (s *Service) SeatDelegate(ctx context.Context, in DelegateInput) (Snapshot, error) {
	if !slices.Contains(ai.Names(), in.Difficulty) {
		return Snapshot{}, errorf(CodeUnknownDifficulty, "no CPU %q: the CPUs are %v", in.Difficulty, ai.Names())
	}
	if in.Turns != nil && (*in.Turns < 1 || *in.Turns > MaxDelegateTurns) {
		return Snapshot{}, errorf(CodeInvalidTurns, "turns must be from 1 to %d, not %d", MaxDelegateTurns, *in.Turns)
	}
	if in.Until != nil && !in.Until.After(s.now()) {
		return Snapshot{}, errorf(CodeInvalidUntil, "the delegation must end in the future, not at %s", in.Until.UTC().Format(time.RFC3339))
	}
	d := &Delegation{Difficulty: in.Difficulty, Turns: in.Turns}
	if in.Until != nil {
		t := in.Until.UTC().Truncate(time.Microsecond)
		d.Until = &t
	}
	return s.changeSeat(ctx, in.GameID, in.UserID, func(seat *Seat) error {
		seat.Delegation, seat.Takeovers = d, 0
		return nil
	})
}

// SeatReclaim gives the user back their seat handed to a CPU: the seat's next turn to start is theirs
// again (a turn of the seat that the CPU began is the CPU's to finish). A seat its player plays is refused
// with CodeNotDelegated. It bumps the game's version and causes no event.
func (s *Service) SeatReclaim(ctx context.Context, gameID, userID int) (Snapshot, error) {
	return s.changeSeat(ctx, gameID, userID, func(seat *Seat) error {
		if seat.Delegation == nil {
			return errorf(CodeNotDelegated, "seat %d is not handed to a CPU", seat.Seat)
		}
		seat.Delegation, seat.Takeovers = nil, 0
		return nil
	})
}

// changeSeat changes the user's active seat in an active game with f, writes it, and bumps the version.
func (s *Service) changeSeat(ctx context.Context, gameID, userID int, f func(*Seat) error) (Snapshot, error) {
	var out Snapshot
	var after *cached
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		g, err := s.lockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		cur, err := s.current(ctx, tx, g)
		if err != nil {
			return err
		}
		seat, err := actingSeat(g, User(userID), cur)
		if err != nil {
			return err
		}
		if seat < 0 {
			return errorf(CodeForbidden, "you have no seat in this game, or you left it")
		}
		if g.status != StatusActive {
			return errorf(CodeConflict, "the game is %s", g.status)
		}
		seats := slices.Clone(cur.seats)
		if seats[seat].Status != SeatStatusActive {
			return errorf(CodeSeatNotActive, "your seat is %s", seats[seat].Status)
		}
		if err := f(&seats[seat]); err != nil {
			return err
		}
		if err := writeSeats(ctx, tx, []int{g.id}, seats[seat:seat+1]); err != nil {
			return err
		}
		now := s.now().Truncate(time.Microsecond)
		if _, err := tx.ExecContext(ctx, `UPDATE games SET version = version + 1, updated_at = $2 WHERE id = $1`, g.id, now); err != nil {
			return fmt.Errorf("error bumping the version of game %d: %w", g.id, err)
		}
		g.version, g.updatedAt = g.version+1, now
		after = &cached{game: g.id, version: g.version, state: cur.state, seats: seats}
		out = g.snapshot(after)
		return nil
	})
	if err != nil {
		return Snapshot{}, err
	}
	s.cache.put(after)
	return out, nil
}

// writeSeats writes the delegation and takeover columns of seats, seats[i] of game games[i], in one
// statement.
func writeSeats(ctx context.Context, tx *sql.Tx, games []int, seats []Seat) error {
	var seat, turns []sql.NullInt64
	var takeovers []int64
	var delegate []sql.NullString
	var until []sql.NullTime
	var auto []bool
	for _, st := range seats {
		seat, takeovers = append(seat, sql.NullInt64{Int64: int64(st.Seat), Valid: true}), append(takeovers, int64(st.Takeovers))
		var dl sql.NullString
		var tn sql.NullInt64
		var ut sql.NullTime
		var au bool
		if d := st.Delegation; d != nil {
			dl, au = sql.NullString{String: d.Difficulty, Valid: true}, d.Auto
			if d.Turns != nil {
				tn = sql.NullInt64{Int64: int64(*d.Turns), Valid: true}
			}
			if d.Until != nil {
				ut = sql.NullTime{Time: *d.Until, Valid: true}
			}
		}
		delegate, turns, until, auto = append(delegate, dl), append(turns, tn), append(until, ut), append(auto, au)
	}
	untilText := make([]sql.NullString, len(until))
	for i, u := range until {
		if u.Valid {
			untilText[i] = sql.NullString{String: u.Time.UTC().Format(time.RFC3339Nano), Valid: true}
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE players AS p SET delegate = v.delegate, delegate_turns = v.turns,
			delegate_until = v.until::timestamptz, delegate_auto = v.auto, takeovers = v.takeovers
		FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::bool[], $7::bigint[])
			AS v(game_id, seat, delegate, turns, until, auto, takeovers)
		WHERE p.game_id = v.game_id AND p.seat = v.seat`, pq.Array(games), pq.Array(seat), pq.Array(delegate), pq.Array(turns),
		pq.Array(untilText), pq.Array(auto), pq.Array(takeovers)); err != nil {
		return fmt.Errorf("error writing the delegations of %d seats, the first of game %d: %w", len(seats), games[0], err)
	}
	return nil
}

// seatsNow returns the batch's seats as its commands left them.
func (b *batch) seatsNow() []Seat {
	if b.seats != nil {
		return b.seats
	}
	return b.start.seats
}

// setSeat changes one of the batch's seats, written at its commit.
func (b *batch) setSeat(st Seat) {
	if b.seats == nil {
		b.seats = slices.Clone(b.start.seats)
	}
	b.seats[st.Seat] = st
	if !slices.Contains(b.changedSeats, st.Seat) {
		b.changedSeats = append(b.changedSeats, st.Seat)
	}
}

// playersChanged brings the seats' statuses to the players' after a command that changed them (a
// resignation, an elimination): a started game's seat status is its player's status in the engine state,
// the one column (players.status) the command's write keeps, so the seats the batch caches and answers
// with are the ones its rows hold. The write of the players writes it; writeSeats has nothing to add.
func (b *batch) playersChanged(before, after rules.State) {
	for i := range after.Players() {
		p := rules.PlayerID(i)
		if now := after.Player(p).Status; now != before.Player(p).Status && i < len(b.seatsNow()) {
			if b.seats == nil {
				b.seats = slices.Clone(b.start.seats)
			}
			b.seats[i].Status = seatStatusOf(now)
		}
	}
}

// playerActed is a command of the player of seat: they are back, so the takeovers in a row start again
// from none and a seat handed to the CPU after them is theirs again.
func (b *batch) playerActed(seat rules.PlayerID) {
	if seat < 0 || int(seat) >= len(b.seatsNow()) {
		return
	}
	st := b.seatsNow()[seat]
	if st.Takeovers == 0 && (st.Delegation == nil || !st.Delegation.Auto) {
		return
	}
	st.Takeovers = 0
	if st.Delegation != nil && st.Delegation.Auto {
		st.Delegation = nil
	}
	b.setSeat(st)
}

// turnPlayed is the end of a turn of seat played by a CPU with cause: a takeover counts towards handing
// the seat to the CPU (AutoDelegateTakeovers in a row), and a delegate's turn towards its Turns. It reports
// whether the takeover boots the seat's player from a game of CreateInput.IdleResigns: the caller resigns
// the seat (boot) instead.
func (b *batch) turnPlayed(seat int, cause Cause) (booted bool) {
	st := b.seatsNow()[seat]
	if st.UserID == 0 {
		return false
	}
	switch {
	case cause == CauseTakeover && st.Delegation == nil:
		st.Takeovers++
		switch {
		case st.Takeovers >= AutoDelegateTakeovers && b.g.idleResigns:
			booted = true
		case st.Takeovers >= AutoDelegateTakeovers:
			st.Delegation = &Delegation{Difficulty: AutoDelegate, Auto: true}
			b.handedOver = append(b.handedOver, seat)
		}
	case cause == CauseDelegate && st.Delegation != nil && st.Delegation.Turns != nil:
		n := *st.Delegation.Turns - 1
		d := *st.Delegation
		d.Turns = &n
		st.Delegation = &d
		if n <= 0 {
			st.Delegation = nil
		}
	default:
		return false
	}
	b.setSeat(st)
	return booted
}

// boot resigns seat, whose player was away for AutoDelegateTakeovers turns in a row, in a game of
// CreateInput.IdleResigns: the resignation is recorded with CauseTakeover, and ranks the seat by when it
// left, as any resignation (GamePlaces). A resignation that leaves one player, the one to move, has the
// lone survivor play on (playSurvivor). A game already over, or whose seat is out already, is left as it
// is.
func (s *Service) boot(ctx context.Context, q querier, b *batch, seat int) error {
	p := rules.PlayerID(seat)
	if b.state.Phase() == rules.PhaseOver || b.state.Player(p).Status != rules.Active || b.state.ActivePlayers() < 2 {
		return nil
	}
	if _, err := b.apply(p, rules.Resign{}, CauseTakeover); err != nil {
		return fmt.Errorf("error resigning the idle seat %d of game %d: %w", seat, b.g.id, err)
	}
	return s.playSurvivor(ctx, q, b)
}

// delegateStarted returns the CPU that plays the turn the batch started, if its seat is handed to one and
// the delegation holds at the batch's time (a delegation that no longer holds is cleared), or if the seat
// was handed over and no teammate plays it (HandoverCPU, R90). It also returns HandoverCPU for the turn
// going on when the batch left its seat to the CPU that way (its player, or the teammate who played it,
// left the game): the CPU plays the rest of that turn at once.
func (b *batch) delegateStarted() string {
	after := b.state
	if after.Phase() == rules.PhaseOver || lone(after) {
		return ""
	}
	started, handed := false, false
	for _, e := range b.events {
		switch ev := e.Event.(type) {
		case rules.TurnStarted:
			started = started || (ev.Turn == after.Turn() && ev.Player == after.Current())
		case rules.SeatHandedOver:
			handed = true
		}
	}
	if int(after.Current()) >= len(b.seatsNow()) || !(started || handed && !handedToCPU(b.start.state, b.start.seats, after.Current())) {
		return ""
	}
	if handedToCPU(after, b.seatsNow(), after.Current()) {
		return HandoverCPU
	}
	if !started {
		return ""
	}
	st := b.seatsNow()[after.Current()]
	if st.UserID == 0 || st.Delegation == nil {
		return ""
	}
	if !st.Delegation.activeAt(b.now) {
		st.Delegation = nil
		b.setSeat(st)
		return ""
	}
	return st.Delegation.Difficulty
}

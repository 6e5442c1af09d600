package game

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"rout/rules"
)

// batch is a run of commands decided in memory on one locked game and written at once. Each command goes
// through rules.Apply on the state the one before it left, with the game's dice, and gets the next
// sequence numbers for its events and a version of its own, exactly as if it were committed alone; commit
// then writes all of it in one statement and hands Effects one Change. A batch is one command (GameStart,
// TurnSubmit), a command and the lone survivor's commands after it (TurnSubmit, see playSurvivor), or a
// CPU's turn (TurnPlay).
type batch struct {
	g     *gameRow
	start *cached // the state and seats before the first command

	state   rules.State // after the last command
	version int64       // after the last command
	seq     int64       // of the last event
	dice    gameDice
	now     time.Time // every command's time: the transaction's

	events      []SeqEvent
	causes      []Cause // of each event
	territories map[rules.TerritoryID]bool
	cards       map[rules.CardID]bool
	deadline    *time.Time // the deadline of the last turn a command started; nil when none started
	commands    int

	seat  rules.PlayerID // the seat of the first command (Change.Seat)
	cause Cause          // the cause of the first command (Change.Cause)

	ann announcements // what the effects announce (Change.Announce), sent after the commit

	seats        []Seat // the seats as the batch changed them (delegations, takeovers); nil: start.seats
	changedSeats []int  // the seats changed, written at the commit
	handedOver   []int  // the seats handed to the CPU after their takeovers (Change.HandedOver)

	seen seenRows // a fog game's events as every viewer sees them, as the commit wrote them
	// memories are, in a fog game, what the seats a CPU played in the batch remember (see believed), kept
	// up with each command.
	memories map[rules.PlayerID]*rules.Memory
}

// begin starts a batch on locked game g, whose state and seats are cur.
func (s *Service) begin(g *gameRow, cur *cached) (*batch, error) {
	dice, err := restoreDice(g.dice)
	if err != nil {
		return nil, fmt.Errorf("error restoring the dice of game %d: %w", g.id, err)
	}
	return &batch{g: g, start: cur, state: cur.state, version: g.version, seq: g.seq, dice: dice,
		now:         s.now().Truncate(time.Microsecond), // as PostgreSQL keeps it, so that the answer is what a read sees
		territories: make(map[rules.TerritoryID]bool), cards: make(map[rules.CardID]bool)}, nil
}

// apply decides one command of seat on the batch's state and adds it to the batch. A command the rules
// refuse returns their *rules.Error and leaves the batch as it was.
func (b *batch) apply(seat rules.PlayerID, c rules.Command, cause Cause) ([]SeqEvent, error) {
	before := b.state
	after, events, err := rules.Apply(before, seat, c, b.dice)
	if err != nil {
		return nil, err
	}
	ts, cs := rules.Touched(before, after, events)
	for _, t := range ts {
		b.territories[t] = true
	}
	for _, c := range cs {
		b.cards[c] = true
	}
	out := make([]SeqEvent, len(events))
	turn := before.Turn()
	for i, e := range events {
		if st, ok := e.(rules.TurnStarted); ok {
			turn = st.Turn
			d := b.now.Add(b.g.turnLimit)
			b.deadline = &d
		}
		out[i] = SeqEvent{Seq: b.seq + int64(i) + 1, Turn: turn, Seat: seat, Event: e, Cause: cause}
		b.causes = append(b.causes, cause)
	}
	if b.commands == 0 {
		b.seat, b.cause = seat, cause
	}
	for seat, m := range b.memories {
		if err := m.Watch(before, events, seat); err != nil {
			return nil, fmt.Errorf("error projecting %s for seat %d: %w", c.Kind(), seat, err)
		}
	}
	b.events = append(b.events, out...)
	b.state, b.seq, b.version = after, b.seq+int64(len(events)), b.version+1
	b.playersChanged(before, after)
	b.handedOverNow(events)
	b.commands++
	return out, nil
}

// seenBy returns events, a command's of the committed batch, as seat's record of the fog game shows them
// (SeenOf reads the same); nil without fog.
func (b *batch) seenBy(seat rules.PlayerID, events []SeqEvent) ([]SeenEvent, error) {
	if b.g.fog == rules.FogNone || len(events) == 0 {
		return nil, nil
	}
	seen, err := b.seen.of(b.g.id, seat, events[0].Seq, events[len(events)-1].Seq)
	if err != nil {
		return nil, err
	}
	return withKeys(b.state.Board(), seen), nil
}

// commit writes a batch of at least one command (one statement), runs its effects once for the whole
// batch, and brings the locked row g up to date. It returns the state the batch left, to cache once the
// transaction commits.
func (s *Service) commit(ctx context.Context, tx *sql.Tx, b *batch) (*cached, error) {
	after, err := s.commitAll(ctx, tx, []*batch{b})
	if err != nil {
		return nil, err
	}
	return after[0], nil
}

// commitAll writes batches of at least one command each, every one on its own locked game: each batch's
// rows in one statement, the seats they changed in one more, and then runs the effects of all of them at
// once (one Change a batch, in one Effects.AfterCommand), and brings each locked row up to date. It
// returns the state each batch left, to cache once the transaction commits.
func (s *Service) commitAll(ctx context.Context, tx *sql.Tx, bs []*batch) ([]*cached, error) {
	changes := make([]Change, 0, len(bs))
	out := make([]*cached, 0, len(bs))
	var seatGames []int
	var seats []Seat
	for _, b := range bs {
		g, before, after := b.g, b.start.state, b.state
		diceState, err := b.dice.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("error saving the dice: %w", err)
		}
		turnUser := turnUser(after, b.seatsNow())
		w := write{game: g, before: before, after: after, events: b.events, causes: b.causes, territories: b.territories,
			cards: b.cards, version: b.version, seq: b.seq, deadline: b.deadline, turnUser: turnUser, dice: diceState, now: b.now}
		if g.fog != rules.FogNone {
			if w.viewSeqs, err = w.seen.see(before, b.events, b.causes, g.viewSeqs); err != nil {
				return nil, fmt.Errorf("error projecting the events of game %d: %w", g.id, err)
			}
			b.seen = w.seen
		}
		stmt, err := s.writeStmt.In(ctx, tx)
		if err != nil {
			return nil, err
		}
		if err := w.exec(ctx, stmt); err != nil {
			return nil, err
		}
		if g.rated && before.Phase() != rules.PhaseOver && after.Phase() == rules.PhaseOver {
			if err := s.rateGame(ctx, tx, g, b.seatsNow(), b.now); err != nil {
				return nil, err
			}
		}
		delegate := b.delegateStarted()
		for _, seat := range b.changedSeats {
			seatGames, seats = append(seatGames, g.id), append(seats, b.seats[seat])
		}
		change := Change{GameID: g.id, Version: b.version, Seat: b.seat, Cause: b.cause, Commands: b.commands,
			Events: b.events, Before: before, After: after, Seats: b.seatsNow(), Announce: &b.ann,
			Delegate: delegate, HandedOver: b.handedOver}
		if b.deadline != nil && after.Phase() != rules.PhaseOver {
			warning := g.warningAt(*b.deadline)
			change.Deadline, change.WarningAt = b.deadline, &warning
		}
		changes = append(changes, change)
		// The locked row as the batch left it: the answer's game.
		g.version, g.seq, g.dice, g.updatedAt, g.viewSeqs = b.version, b.seq, diceState, b.now, w.viewSeqs
		g.status, g.phase, g.turn, g.currentSeat = StatusActive, after.Phase().String(), after.Turn(), seatColumn(after.Current())
		g.turnUser = turnUser
		if b.deadline != nil {
			g.deadline, g.warning = sql.NullTime{Time: *b.deadline, Valid: true}, sql.NullTime{Time: g.warningAt(*b.deadline), Valid: true}
		}
		if after.Phase() == rules.PhaseOver {
			g.status, g.winner = StatusFinished, sql.NullInt64{Int64: int64(after.Winner()), Valid: true}
			g.finishedAt, g.deadline, g.warning = sql.NullTime{Time: b.now, Valid: true}, sql.NullTime{}, sql.NullTime{}
		}
		out = append(out, &cached{game: g.id, version: b.version, state: after, seats: b.seatsNow()})
	}
	if len(seats) > 0 {
		if err := writeSeats(ctx, tx, seatGames, seats); err != nil {
			return nil, err
		}
	}
	if s.effects != nil {
		if err := s.effects.AfterCommand(ctx, tx, changes...); err != nil {
			if len(changes) == 1 {
				return nil, fmt.Errorf("error running the effects of %d commands on game %d: %w", changes[0].Commands, changes[0].GameID, err)
			}
			return nil, fmt.Errorf("error running the effects of the commands on %d games: %w", len(changes), err)
		}
	}
	return out, nil
}

// execute decides one command on a locked game, writes it with its effects, and returns its result.
func (s *Service) execute(ctx context.Context, tx *sql.Tx, g *gameRow, cur *cached, seat rules.PlayerID, c rules.Command, cause Cause) (Result, error) {
	b, err := s.begin(g, cur)
	if err != nil {
		return Result{}, err
	}
	events, err := b.apply(seat, c, cause)
	if err != nil {
		return Result{}, err
	}
	after, err := s.commit(ctx, tx, b)
	if err != nil {
		return Result{}, err
	}
	return Result{GameID: g.id, Version: b.version, Events: events, Seat: seat, after: after, ann: b.ann, Game: g.snapshot(after)}, nil
}

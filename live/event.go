package live

import (
	"context"
	"fmt"
	"slices"

	"rout/game"
	"rout/rules"
)

// Event is one game event as one visibility sees it (game.ViewEvent, the one projection of an event for a
// viewer), with the state it left on what it touched, so that a client can update its board without
// reading the game again. Values are shared by every subscriber of the same visibility: never modify one.
type Event struct {
	// EventView is the event as the visibility sees it: its number, turn, seat, kind and payload.
	game.EventView
	// Phase is the game's phase after the event.
	Phase string
	// CurrentSeat is the seat to move after the event; nil when none.
	CurrentSeat *int
	// Territories are the territories the event touched, as they stand after it, in index order.
	Territories []Territory
	// Dice are the dice of a battle_rolled event; nil for the other kinds.
	Dice *Dice
	// Winner is the winning seat after a game_over event; nil otherwise.
	Winner *int
}

// Territory is one territory as it stands after an event.
type Territory struct {
	// Index is the territory's index on the board (map order).
	Index int
	// Key is the territory's key from the map.
	Key string
	// Owner is the owning seat; nil when unclaimed, neutral or hidden by fog.
	Owner *int
	// Neutral tells whether the territory is neutral.
	Neutral bool
	// Armies is the armies on the territory; nil when hidden by fog.
	Armies *int
	// Sight is what the viewer sees of the territory (rules.Sight's name): full without fog.
	Sight string
}

// Dice are the dice of one battle roll, each side sorted high to low.
type Dice struct {
	// Attacker is the attacker's dice.
	Attacker []int
	// Defender is the defender's dice.
	Defender []int
}

// seqOf implements sequenced.
func (e *Event) seqOf() int64 { return e.Seq }

// gameItem is one event prepared for every visibility: the public view, and the seats whose view differs.
type gameItem struct {
	seq     int64
	public  *Event
	private []*Event // by seat; nil where the seat sees the public view
}

// seqOf implements sequenced.
func (it *gameItem) seqOf() int64 { return it.seq }

// view returns the item as seat sees it (rules.NoPlayer: a viewer without a seat).
func (it *gameItem) view(seat rules.PlayerID) *Event {
	if seat >= 0 && int(seat) < len(it.private) && it.private[seat] != nil {
		return it.private[seat]
	}
	return it.public
}

// folder follows one game's engine state through its events, from the start, to tell the state each
// event leaves. Its base (the board and the rules configuration) is read from the game service when the
// first event is folded: the game has started by then, so its seats are fixed.
type folder struct {
	svc    *game.Service
	gameID int
	state  rules.State
	seq    int64 // the last event folded
	based  bool
}

// fold applies e, which must be the event after the last one folded, and returns the state before it.
func (f *folder) fold(ctx context.Context, e game.SeqEvent) (rules.State, error) {
	if e.Seq != f.seq+1 {
		return rules.State{}, fmt.Errorf("error folding game %d: event %d after event %d", f.gameID, e.Seq, f.seq)
	}
	if !f.based {
		st, err := f.svc.GameState(ctx, f.gameID)
		if err != nil {
			return rules.State{}, fmt.Errorf("error reading the board of game %d: %w", f.gameID, err)
		}
		if f.state, err = rules.New(st.Board(), st.Config()); err != nil {
			return rules.State{}, fmt.Errorf("error starting the state of game %d: %w", f.gameID, err)
		}
		f.based = true
	}
	before := f.state
	next, err := rules.Evolve(f.state, e.Event)
	if err != nil {
		return rules.State{}, fmt.Errorf("error folding event %d of game %d: %w", e.Seq, f.gameID, err)
	}
	f.state, f.seq = next, e.Seq
	return before, nil
}

// eventBatch is how many events one read takes.
const eventBatch = 200

// foldTo folds the events up to seq upTo (reading them in batches), calling each with every event after
// emitAfter and the state before it. each may be nil.
func (f *folder) foldTo(ctx context.Context, upTo, emitAfter int64, each func(e game.SeqEvent, before rules.State) error) error {
	for f.seq < upTo {
		events, err := f.svc.Events(ctx, f.gameID, f.seq, int(min(eventBatch, upTo-f.seq)))
		if err != nil {
			return err
		}
		if len(events) == 0 {
			return fmt.Errorf("error reading game %d: events %d to %d are missing", f.gameID, f.seq+1, upTo)
		}
		for _, e := range events {
			before, err := f.fold(ctx, e)
			if err != nil {
				return err
			}
			if each != nil && e.Seq > emitAfter {
				if err := each(e, before); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// counter counts payload encodings.
type counter interface{ addEncodes(n int64) }

// prepare returns e as seen by every visibility: the board fields once, the view once for the public and
// once for each seat when the event hides private card ids from the public.
func prepare(e game.SeqEvent, before, after rules.State, c counter) (*gameItem, error) {
	base := board(e, before, after)
	public, err := game.ViewEvent(e, rules.NoPlayer)
	if err != nil {
		return nil, err
	}
	c.addEncodes(1)
	pub := *base
	pub.EventView = public
	it := &gameItem{seq: e.Seq, public: &pub}
	if !public.Hidden {
		return it, nil
	}
	it.private = make([]*Event, after.Players())
	for p := range after.Players() {
		view, err := game.ViewEvent(e, rules.PlayerID(p))
		if err != nil {
			return nil, err
		}
		c.addEncodes(1)
		if string(view.Payload) == string(public.Payload) {
			continue
		}
		own := *base
		own.EventView = view
		it.private[p] = &own
	}
	return it, nil
}

// prepareFor returns e as seat sees it: one encoding, for a subscriber's catch-up.
func prepareFor(e game.SeqEvent, before, after rules.State, seat rules.PlayerID) (*Event, error) {
	ev := board(e, before, after)
	var err error
	if ev.EventView, err = game.ViewEvent(e, seat); err != nil {
		return nil, err
	}
	return ev, nil
}

// board returns the fields of e that every visibility shares: the state e left.
func board(e game.SeqEvent, before, after rules.State) *Event {
	ev := &Event{
		Phase:       after.Phase().String(),
		CurrentSeat: game.SeatOrNil(after.Current()),
	}
	ts, _ := rules.Touched(before, after, []rules.Event{e.Event})
	slices.Sort(ts)
	ev.Territories = make([]Territory, len(ts))
	b := after.Board()
	armies := make([]int, len(ts)) // what the territories' Armies point into
	for i, t := range ts {
		owner := after.Owner(t)
		armies[i] = after.Armies(t)
		ev.Territories[i] = Territory{Index: int(t), Key: b.Territory(t).Key, Owner: game.SeatOrNil(owner),
			Neutral: owner == rules.Neutral, Armies: &armies[i], Sight: rules.SightFull.String()}
	}
	switch x := e.Event.(type) {
	case rules.BattleRolled:
		ev.Dice = &Dice{Attacker: x.AttackDice, Defender: x.DefendDice}
	case rules.GameOver:
		ev.Winner = game.SeatOrNil(x.Winner)
	}
	return ev
}

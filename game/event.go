package game

import (
	"encoding/json"
	"fmt"

	"rout/rules"
)

// Everyone is the viewer who sees every card: the record of a finished game hides nothing.
const Everyone rules.PlayerID = -100

// EventView is one event as one viewer sees it. It is the one projection of an event for a viewer: a
// command's answer, a game's list of events, its record and its live feed all show an event so.
type EventView struct {
	// Seq is the event's sequence number in the game, from 1.
	Seq int64
	// Turn is the turn the event happened in.
	Turn int
	// Seat is the seat that caused the event; nil for the system.
	Seat *int
	// Kind is the event's kind, such as "battle_rolled".
	Kind string
	// Payload is the event's fields as the viewer may see them, without the kind.
	Payload json.RawMessage
	// Data is the whole event as the viewer may see it, kind included: rules.MarshalEvent's form, which
	// records keep.
	Data json.RawMessage
	// Hidden tells whether private card ids were hidden from the viewer (a hidden event does not decode
	// with rules.UnmarshalEvent).
	Hidden bool
}

// ViewEvent returns e as viewer sees it: viewer is their seat, rules.NoPlayer for a viewer without one, or
// Everyone. Card ids are private as rules.HideCards tells.
func ViewEvent(e SeqEvent, viewer rules.PlayerID) (EventView, error) {
	v := EventView{Seq: e.Seq, Turn: e.Turn, Kind: e.Event.Kind(), Seat: SeatOrNil(e.Seat)}
	var err error
	if viewer == Everyone {
		v.Data, err = rules.MarshalEvent(e.Event)
	} else {
		v.Data, v.Hidden, err = rules.HideCards(e.Event, viewer)
	}
	if err != nil {
		return EventView{}, fmt.Errorf("error encoding event %d (%s): %w", e.Seq, v.Kind, err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(v.Data, &fields); err != nil {
		return EventView{}, fmt.Errorf("error encoding event %d (%s): %w", e.Seq, v.Kind, err)
	}
	delete(fields, "kind")
	if v.Payload, err = json.Marshal(fields); err != nil {
		return EventView{}, fmt.Errorf("error encoding event %d (%s): %w", e.Seq, v.Kind, err)
	}
	return v, nil
}

// ViewEvents returns events as viewer sees them (see ViewEvent).
func ViewEvents(events []SeqEvent, viewer rules.PlayerID) ([]*EventView, error) {
	out := make([]*EventView, len(events))
	for i, e := range events {
		v, err := ViewEvent(e, viewer)
		if err != nil {
			return nil, err
		}
		out[i] = &v
	}
	return out, nil
}

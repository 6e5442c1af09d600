package game

import (
	"context"
	"database/sql"
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
	// Cause is why the command behind the event was played, who decided it (Cause's names: player, cpu,
	// takeover, sweeper, survivor, delegate); nil for an event written before causes were recorded.
	Cause *string
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
	// Seen is what an entry of a viewer's record of a fog game left as that viewer knows it (SeenEvent's
	// After); nil for an event of the game's own record, whose payload says what it changed.
	Seen *SeenAfter
}

// ViewEvent returns e as viewer sees it: viewer is their seat, rules.NoPlayer for a viewer without one, or
// Everyone. Card ids are private as rules.HideCards tells.
func ViewEvent(e SeqEvent, viewer rules.PlayerID) (EventView, error) {
	v := EventView{Seq: e.Seq, Turn: e.Turn, Kind: e.Event.Kind(), Seat: SeatOrNil(e.Seat)}
	if e.Cause != causeUnrecorded {
		c := e.Cause.String()
		v.Cause = &c
	}
	var err error
	if viewer == Everyone {
		v.Data, err = rules.MarshalEvent(e.Event)
	} else {
		v.Data, v.Hidden, err = rules.HideCards(e.Event, viewer)
	}
	if err != nil {
		return EventView{}, fmt.Errorf("error encoding event %d (%s): %w", e.Seq, v.Kind, err)
	}
	if v.Payload, err = withoutKind(v.Data); err != nil {
		return EventView{}, fmt.Errorf("error encoding event %d (%s): %w", e.Seq, v.Kind, err)
	}
	return v, nil
}

// withoutKind returns data, an event in rules.MarshalEvent's form, without its kind: EventView.Payload.
func withoutKind(data json.RawMessage) (json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, err
	}
	delete(fields, "kind")
	return json.Marshal(fields)
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

// readEvents returns up to limit events of a game after sequence number after.
func readEvents(ctx context.Context, q querier, gameID int, after int64, limit int) ([]SeqEvent, error) {
	rows, err := q.QueryContext(ctx, `SELECT seq, turn, seat, payload, cause FROM events WHERE game_id = $1 AND seq > $2
		ORDER BY seq LIMIT $3`, gameID, after, limit)
	if err != nil {
		return nil, fmt.Errorf("error reading the events of game %d after %d: %w", gameID, after, err)
	}
	return scanEvents(rows, gameID)
}

// scanEvents reads the rows of a query of game gameID's events (seq, turn, seat, payload, cause), and
// closes them.
func scanEvents(rows *sql.Rows, gameID int) ([]SeqEvent, error) {
	defer rows.Close()
	var out []SeqEvent
	for rows.Next() {
		var e SeqEvent
		var seat int
		var payload []byte
		var cause sql.NullString
		if err := rows.Scan(&e.Seq, &e.Turn, &seat, &payload, &cause); err != nil {
			return nil, fmt.Errorf("error reading an event of game %d: %w", gameID, err)
		}
		e.Cause = causeUnrecorded
		if cause.Valid {
			if err := e.Cause.UnmarshalText([]byte(cause.String)); err != nil {
				return nil, fmt.Errorf("error reading event %d of game %d: %w", e.Seq, gameID, err)
			}
		}
		e.Seat = seatFromColumn(seat)
		var err error
		if e.Event, err = rules.UnmarshalEvent(payload); err != nil {
			return nil, fmt.Errorf("error decoding event %d of game %d: %w", e.Seq, gameID, err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Events returns up to limit events of a game after sequence number after, in order.
func (s *Service) Events(ctx context.Context, gameID int, after int64, limit int) ([]SeqEvent, error) {
	return readEvents(ctx, s.db, gameID, after, limit)
}

// SeqEvent is an event with its place in the game's record.
type SeqEvent struct {
	Seq   int64
	Turn  int
	Seat  rules.PlayerID // the seat that caused it; rules.NoPlayer for the system
	Event rules.Event
	// Cause is why its command was played (recorded in events.cause); read back as causeUnrecorded for an
	// event written before causes were.
	Cause Cause
}

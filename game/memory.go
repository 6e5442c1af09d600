package game

import (
	"context"
	"encoding/json"
	"fmt"

	"rout/rules"
)

// A CPU seat of a fog game decides from what that seat sees and remembers (docs/rules.md, R80): its
// rules.Memory, folded from the seat's own record (seen_events) as committed, and then from the commands
// of the batch that plays it as that seat sees them. Nothing else goes into it, so a CPU seat knows what a
// player in its seat could know.

// believed returns the state the CPU in seat decides from in batch b, read with q: without fog the state,
// under fog rules.BelievedFrom with the seat's memory.
func (s *Service) believed(ctx context.Context, q querier, b *batch, seat rules.PlayerID) (rules.State, error) {
	if b.g.fog == rules.FogNone {
		return b.state, nil
	}
	m, ok := b.memories[seat]
	if !ok {
		var err error
		if m, err = s.recall(ctx, q, b, seat); err != nil {
			return rules.State{}, err
		}
		if b.memories == nil {
			b.memories = make(map[rules.PlayerID]*rules.Memory)
		}
		b.memories[seat] = m
	}
	return rules.BelievedFrom(b.state, seat, *m), nil
}

// recall returns what seat remembers of b's game when it is read: its record as committed, then the
// commands b has decided so far as the seat sees them.
func (s *Service) recall(ctx context.Context, q querier, b *batch, seat rules.PlayerID) (*rules.Memory, error) {
	m := rules.NewMemory(b.state.Board())
	rows, err := q.QueryContext(ctx, `SELECT turn, kind, payload, after FROM seen_events WHERE game_id = $1 AND viewer = $2 ORDER BY vseq`,
		b.g.id, viewerColumn(seat))
	if err != nil {
		return nil, fmt.Errorf("error reading the record of seat %d of game %d: %w", seat, b.g.id, err)
	}
	defer rows.Close()
	conquered := rules.TerritoryConquered{}.Kind()
	for rows.Next() {
		var turn int
		var kind string
		var payload, afterData []byte
		if err := rows.Scan(&turn, &kind, &payload, &afterData); err != nil {
			return nil, fmt.Errorf("error reading the record of seat %d of game %d: %w", seat, b.g.id, err)
		}
		var after SeenAfter
		if err := json.Unmarshal(afterData, &after); err != nil {
			return nil, fmt.Errorf("error decoding the record of seat %d of game %d: %w", seat, b.g.id, err)
		}
		changed := make([]rules.SeenTerritory, len(after.Territories))
		for i, t := range after.Territories {
			if changed[i], err = t.rules(); err != nil {
				return nil, fmt.Errorf("error decoding the record of seat %d of game %d: %w", seat, b.g.id, err)
			}
		}
		// Of the events, the memory reads conquests only; the others' payloads may hide cards and not decode.
		var e rules.Event
		if kind == conquered {
			if e, err = rules.UnmarshalEvent(payload); err != nil {
				return nil, fmt.Errorf("error decoding the record of seat %d of game %d: %w", seat, b.g.id, err)
			}
		}
		m.See(turn, e, changed)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the record of seat %d of game %d: %w", seat, b.g.id, err)
	}
	if len(b.events) > 0 {
		events := make([]rules.Event, len(b.events))
		for i, e := range b.events {
			events[i] = e.Event
		}
		if err := m.Watch(b.start.state, events, seat); err != nil {
			return nil, fmt.Errorf("error projecting the commands of game %d for seat %d: %w", b.g.id, seat, err)
		}
	}
	return &m, nil
}

// rules returns t as the rules know it (the inverse of NewSeenTerritory).
func (t SeenTerritory) rules() (rules.SeenTerritory, error) {
	out := rules.SeenTerritory{Territory: rules.TerritoryID(t.Index), Owner: rules.UnknownPlayer, Armies: rules.Unknown}
	if err := out.Sight.UnmarshalText([]byte(t.Sight)); err != nil {
		return out, fmt.Errorf("territory %d: %w", t.Index, err)
	}
	switch {
	case t.Owner != nil:
		out.Owner = rules.PlayerID(*t.Owner)
	case t.Neutral:
		out.Owner = rules.Neutral
	case out.Sight != rules.SightHidden:
		out.Owner = rules.Unclaimed
	}
	if t.Armies != nil {
		out.Armies = *t.Armies
	}
	return out, nil
}

package game

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"rout/rules"
)

// A fog game keeps, beside its events, each viewer's own record of it (seen_events): every seat's view and
// the spectators' view, each numbered from 1 without gaps, written with the events in the command's
// statement. Every surface that shows a fog game's events to someone before its end reads that viewer's
// record: the numbers, versions and pages they see count only what they saw (docs/live.md, "Fog of war").

// ViewChanged is the kind of a seen event that shows no event: what the viewer sees changed, and no event
// they may see says why (rules.Seen with a nil Event).
const ViewChanged = "view_changed"

// SeenAfter is what a seen event left as its viewer knows it: the phase and seat to move, and the
// territories whose sight, owner or armies it changed.
type SeenAfter struct {
	Phase       string          `json:"phase"`
	Current     *int            `json:"current"`
	Territories []SeenTerritory `json:"territories"`
}

// SeenTerritory is a territory as a viewer knows it: Owner is nil when unclaimed, neutral or hidden, Armies
// nil when hidden; Sight is rules.Sight's name. Key is the territory's key on the map, set when read back
// (the record stores the index only).
type SeenTerritory struct {
	Index   int    `json:"index"`
	Key     string `json:"-"`
	Sight   string `json:"sight"`
	Owner   *int   `json:"owner"`
	Neutral bool   `json:"neutral"`
	Armies  *int   `json:"armies"`
}

// NewSeenTerritory returns t as the API shows it.
func NewSeenTerritory(t rules.SeenTerritory) SeenTerritory {
	out := SeenTerritory{Index: int(t.Territory), Sight: t.Sight.String(), Owner: SeatOrNil(t.Owner),
		Neutral: t.Owner == rules.Neutral}
	if t.Armies != rules.Unknown {
		a := t.Armies
		out.Armies = &a
	}
	return out
}

// SeenEvent is one event of a viewer's record of a fog game, with what it left.
type SeenEvent struct {
	EventView
	After SeenAfter
}

// SeenViews returns the events of seen as event views, each with what it left (EventView.Seen).
func SeenViews(seen []SeenEvent) []*EventView {
	out := make([]*EventView, len(seen))
	for i := range seen {
		v := seen[i].EventView
		v.Seen = &seen[i].After
		out[i] = &v
	}
	return out
}

// viewerColumn is the seen_events.viewer of a viewer: its seat, or -1 for the spectators.
func viewerColumn(viewer rules.PlayerID) int {
	if viewer < 0 {
		return -1
	}
	return int(viewer)
}

// viewIndex is the index of a viewer's last number in games.view_seqs: its seat, or after the seats for
// the spectators.
func viewIndex(viewer rules.PlayerID, seats int) int {
	if viewer < 0 || int(viewer) >= seats {
		return seats
	}
	return int(viewer)
}

// ViewSeq returns the number of the last event of viewer's record of a fog game (viewSeqs: games.view_seqs),
// 0 before the start.
func ViewSeq(viewSeqs []int64, viewer rules.PlayerID) int64 {
	if len(viewSeqs) == 0 {
		return 0
	}
	return viewSeqs[viewIndex(viewer, len(viewSeqs)-1)]
}

// seenRows are the rows of seen_events a write adds, as the arrays of its statement, and what each row's
// after encodes (afters), for the answer.
type seenRows struct {
	viewer, vseq, seq, turn, seat []int64
	kind, payload, after, cause   []string
	afters                        []SeenAfter
}

// see adds to rows the events of a batch as every viewer of a fog game sees them, numbered after
// viewSeqs (the last numbers before; nil before the start), and returns the last numbers after.
func (rows *seenRows) see(before rules.State, events []SeqEvent, causes []Cause, viewSeqs []int64) ([]int64, error) {
	seats := before.Players()
	next := make([]int64, seats+1)
	copy(next, viewSeqs)
	plain := make([]rules.Event, len(events))
	for i, e := range events {
		plain[i] = e.Event
	}
	for v := range seats + 1 {
		viewer := rules.PlayerID(v)
		if v == seats {
			viewer = rules.NoPlayer
		}
		seen, err := rules.Watch(before, plain, viewer)
		if err != nil {
			return nil, err
		}
		for _, w := range seen {
			e := events[w.At]
			kind, data := ViewChanged, json.RawMessage(`{"kind":"`+ViewChanged+`"}`)
			if w.Event != nil {
				kind = w.Event.Kind()
				if data, _, err = rules.HideCards(w.Event, viewer); err != nil {
					return nil, fmt.Errorf("error encoding event %d for viewer %d: %w", e.Seq, viewer, err)
				}
			}
			after := SeenAfter{Phase: w.Phase.String(), Current: SeatOrNil(w.Current), Territories: make([]SeenTerritory, len(w.Changed))}
			for i, t := range w.Changed {
				after.Territories[i] = NewSeenTerritory(t)
			}
			afterData, err := json.Marshal(after)
			if err != nil {
				return nil, err
			}
			next[v]++
			rows.viewer, rows.vseq, rows.seq = append(rows.viewer, int64(viewerColumn(viewer))), append(rows.vseq, next[v]), append(rows.seq, e.Seq)
			rows.turn, rows.seat = append(rows.turn, int64(e.Turn)), append(rows.seat, int64(seatColumn(e.Seat)))
			rows.kind, rows.payload, rows.after = append(rows.kind, kind), append(rows.payload, string(data)), append(rows.after, string(afterData))
			rows.cause, rows.afters = append(rows.cause, causes[w.At].String()), append(rows.afters, after)
		}
	}
	return next, nil
}

// seenQuery reads seen events: their columns, in the order scanSeen reads them.
const seenQuery = `SELECT vseq, turn, seat, kind, payload, after, cause FROM seen_events `

// readSeen returns up to limit events of viewer's record of fog game gameID after number after.
func readSeen(ctx context.Context, q querier, gameID int, viewer rules.PlayerID, after int64, limit int) ([]SeenEvent, error) {
	rows, err := q.QueryContext(ctx, seenQuery+`WHERE game_id = $1 AND viewer = $2 AND vseq > $3 ORDER BY vseq LIMIT $4`,
		gameID, viewerColumn(viewer), after, limit)
	if err != nil {
		return nil, fmt.Errorf("error reading the events of game %d seen by %d after %d: %w", gameID, viewer, after, err)
	}
	return scanSeen(rows, gameID)
}

// scanSeen reads the rows of a seenQuery of game gameID, and closes them.
func scanSeen(rows *sql.Rows, gameID int) ([]SeenEvent, error) {
	defer rows.Close()
	var out []SeenEvent
	for rows.Next() {
		var vseq int64
		var turn, seat int
		var kind, cause string
		var data, after []byte
		if err := rows.Scan(&vseq, &turn, &seat, &kind, &data, &after, &cause); err != nil {
			return nil, fmt.Errorf("error reading an event of game %d: %w", gameID, err)
		}
		e, err := seenEvent(gameID, vseq, turn, seat, kind, data, after, cause)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// seenEvent returns the seen event of game gameID of a row of seen_events, from its columns.
func seenEvent(gameID int, vseq int64, turn, seat int, kind string, data, after []byte, cause string) (SeenEvent, error) {
	var a SeenAfter
	if err := json.Unmarshal(after, &a); err != nil {
		return SeenEvent{}, fmt.Errorf("error decoding seen event %d of game %d: %w", vseq, gameID, err)
	}
	return newSeenEvent(gameID, vseq, turn, seat, kind, data, a, cause)
}

// newSeenEvent returns the seen event of game gameID of a row of seen_events, from its columns, its after
// decoded.
func newSeenEvent(gameID int, vseq int64, turn, seat int, kind string, data []byte, after SeenAfter, cause string) (SeenEvent, error) {
	e := SeenEvent{EventView: EventView{Seq: vseq, Turn: turn, Kind: kind, Data: data}, After: after}
	e.Seat, e.Cause = SeatOrNil(seatFromColumn(seat)), &cause
	var err error
	if e.Payload, err = withoutKind(data); err != nil {
		return SeenEvent{}, fmt.Errorf("error decoding seen event %d of game %d: %w", vseq, gameID, err)
	}
	return e, nil
}

// of returns the rows of viewer's record of game gameID that show events numbered first to last (a
// command's), as SeenOf reads them back once written.
func (rows *seenRows) of(gameID int, viewer rules.PlayerID, first, last int64) ([]SeenEvent, error) {
	var out []SeenEvent
	for i, v := range rows.viewer {
		if v != int64(viewerColumn(viewer)) || rows.seq[i] < first || rows.seq[i] > last {
			continue
		}
		e, err := newSeenEvent(gameID, rows.vseq[i], int(rows.turn[i]), int(rows.seat[i]), rows.kind[i], []byte(rows.payload[i]),
			rows.afters[i], rows.cause[i])
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// SeenOf returns events, a run of consecutive events of fog game gameID (a command's), as viewer's record
// shows them.
func (s *Service) SeenOf(ctx context.Context, gameID int, viewer rules.PlayerID, events []SeqEvent) ([]SeenEvent, error) {
	if len(events) == 0 {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx, seenQuery+`WHERE game_id = $1 AND viewer = $2 AND seq BETWEEN $3 AND $4 ORDER BY vseq`,
		gameID, viewerColumn(viewer), events[0].Seq, events[len(events)-1].Seq)
	if err != nil {
		return nil, fmt.Errorf("error reading the events of game %d seen by %d: %w", gameID, viewer, err)
	}
	seen, err := scanSeen(rows, gameID)
	if err != nil {
		return nil, err
	}
	return s.keyed(ctx, gameID, seen)
}

// SeenEvents returns up to limit events of viewer's record of fog game gameID (a seat, or rules.NoPlayer
// for the spectators) after number after, in order.
func (s *Service) SeenEvents(ctx context.Context, gameID int, viewer rules.PlayerID, after int64, limit int) ([]SeenEvent, error) {
	seen, err := readSeen(ctx, s.db, gameID, viewer, after, limit)
	if err != nil {
		return nil, err
	}
	return s.keyed(ctx, gameID, seen)
}

// keyed returns seen with the map keys of the territories they left (SeenTerritory.Key) set from game
// gameID's board.
func (s *Service) keyed(ctx context.Context, gameID int, seen []SeenEvent) ([]SeenEvent, error) {
	if len(seen) == 0 {
		return seen, nil
	}
	b, err := s.Board(ctx, gameID)
	if err != nil {
		return nil, err
	}
	return withKeys(b, seen), nil
}

// withKeys returns seen with the keys of board b set on the territories they left.
func withKeys(b *rules.Board, seen []SeenEvent) []SeenEvent {
	for i := range seen {
		for j := range seen[i].After.Territories {
			t := &seen[i].After.Territories[j]
			t.Key = b.Territory(rules.TerritoryID(t.Index)).Key
		}
	}
	return seen
}

// Fogged reports whether row's game shows viewers only their own view: it has fog and is not over.
func (r Row) Fogged() bool {
	return r.Fog != rules.FogNone && r.Status != StatusFinished && r.Status != StatusCancelled
}

// VersionFor returns the game's version as viewer (a seat, or rules.NoPlayer) knows it: in a fog game that
// is not over, the number of the last event of their view (ViewSeq), which moves only with what they see;
// else the game's version.
func (r Row) VersionFor(viewer rules.PlayerID) int64 {
	if r.Fogged() {
		return ViewSeq(r.ViewSeqs, viewer)
	}
	return r.Version
}

// SeqFor returns the number of the game's last event as viewer knows it: as VersionFor, the game's seq
// without fog or once it is over.
func (r Row) SeqFor(viewer rules.PlayerID) int64 {
	if r.Fogged() {
		return ViewSeq(r.ViewSeqs, viewer)
	}
	return r.Seq
}

// scanViewSeqs decodes games.view_seqs.
func scanViewSeqs(data sql.NullString) ([]int64, error) {
	if !data.Valid {
		return nil, nil
	}
	var out []int64
	if err := json.Unmarshal([]byte(data.String), &out); err != nil {
		return nil, fmt.Errorf("error decoding the view numbers: %w", err)
	}
	return out, nil
}

// ViewSeq returns the number of the last event of viewer's record of fog game gameID (0 before the start).
func (s *Service) ViewSeq(ctx context.Context, gameID int, viewer rules.PlayerID) (int64, error) {
	var data sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT view_seqs FROM games WHERE id = $1`, gameID).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, noGame(gameID)
	}
	if err != nil {
		return 0, fmt.Errorf("error reading the view numbers of game %d: %w", gameID, err)
	}
	seqs, err := scanViewSeqs(data)
	if err != nil {
		return 0, fmt.Errorf("game %d: %w", gameID, err)
	}
	return ViewSeq(seqs, viewer), nil
}

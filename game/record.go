package game

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"rout/maps"
	"rout/rules"
)

// RecordFormat is the format name of the records this version writes and reads. A change that a reader
// of "rout-record/1" could misread gets a new name; adding optional fields does not.
const RecordFormat = "rout-record/1"

// Record is the JSON record of a game: everything needed to replay it. See docs/record-format.md.
type Record struct {
	Format   string         `json:"format"`
	Map      RecordMap      `json:"map"`
	Settings RecordSettings `json:"settings"`
	Seats    []RecordSeat   `json:"seats"`
	Status   string         `json:"status"` // open, active, finished or cancelled
	Winner   *int           `json:"winner"` // the winning seat of a finished game; null otherwise
	Events   []RecordEvent  `json:"events"`
}

// RecordMap is the map a game is played on, with its whole map file.
type RecordMap struct {
	Key        string          `json:"key"`
	Version    int             `json:"version"`
	Definition json.RawMessage `json:"definition"`
}

// RecordSettings are a game's rule settings.
type RecordSettings struct {
	Claim            string `json:"claim"`
	CardSystem       string `json:"cardSystem"`
	TTBPercent       int    `json:"ttbPercent"`
	TurnLimitSeconds int    `json:"turnLimitSeconds"`
}

// RecordSeat is one seat of a game.
type RecordSeat struct {
	Seat       int    `json:"seat"`
	Color      string `json:"color"`
	CPU        bool   `json:"cpu"`
	Difficulty string `json:"difficulty"` // CPU seats only; "" otherwise
	Name       string `json:"name"`       // the user's name; "" for a CPU or a seat nobody holds
}

// RecordEvent is one event of a game's record, in rules.MarshalEvent form (private cards may be hidden).
type RecordEvent struct {
	Seq   int64           `json:"seq"`
	Turn  int             `json:"turn"`
	Seat  int             `json:"seat"` // the seat that caused it; -1 for the system
	Event json.RawMessage `json:"event"`
}

// GameRecord returns the record of a game as viewerSeat sees it (-1: a viewer without a seat). Until the
// game is finished, private card ids are hidden as rules.HideCards does; a finished game's record is
// complete and replays with Replay.
func (s *Service) GameRecord(ctx context.Context, gameID int, viewerSeat int) (Record, error) {
	var r Record
	err := s.withTxOpts(ctx, snapshotRead, func(tx *sql.Tx) error {
		g, err := loadGame(ctx, tx, gameID, "")
		if err != nil {
			return err
		}
		var limit int
		var winner sql.NullInt64
		var def []byte
		if err := tx.QueryRowContext(ctx, `SELECT g.turn_limit_seconds, g.winner_seat, m.key, m.version, m.definition
			FROM games g JOIN maps m ON m.id = g.map_id WHERE g.id = $1`, g.id).Scan(
			&limit, &winner, &r.Map.Key, &r.Map.Version, &def); err != nil {
			return fmt.Errorf("error loading game %d: %w", g.id, err)
		}
		r.Format, r.Status, r.Map.Definition = RecordFormat, g.status, json.RawMessage(def)
		if winner.Valid {
			w := int(winner.Int64)
			r.Winner = &w
		}
		r.Settings = RecordSettings{Claim: g.claim.String(), CardSystem: g.cards.String(), TTBPercent: g.ttbPercent, TurnLimitSeconds: limit}
		rows, err := tx.QueryContext(ctx, `SELECT p.seat, p.color, p.cpu, COALESCE(p.difficulty, ''), COALESCE(u.name, '')
			FROM players p LEFT JOIN users u ON u.id = p.user_id WHERE p.game_id = $1 ORDER BY p.seat`, g.id)
		if err != nil {
			return fmt.Errorf("error loading the seats of game %d: %w", g.id, err)
		}
		defer rows.Close()
		r.Seats = []RecordSeat{}
		for rows.Next() {
			var st RecordSeat
			if err := rows.Scan(&st.Seat, &st.Color, &st.CPU, &st.Difficulty, &st.Name); err != nil {
				return fmt.Errorf("error reading a seat of game %d: %w", g.id, err)
			}
			r.Seats = append(r.Seats, st)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		events, err := readEvents(ctx, tx, g.id, 0, int(g.seq)+1)
		if err != nil {
			return err
		}
		viewer := rules.PlayerID(viewerSeat)
		switch {
		case g.status == "finished":
			viewer = Everyone
		case viewerSeat < 0:
			viewer = rules.NoPlayer
		}
		r.Events = make([]RecordEvent, len(events))
		for i, e := range events {
			v, err := ViewEvent(e, viewer)
			if err != nil {
				return err
			}
			r.Events[i] = RecordEvent{Seq: e.Seq, Turn: e.Turn, Seat: max(int(e.Seat), -1), Event: v.Data}
		}
		return nil
	})
	return r, err
}

// ErrHiddenCards is returned by Replay for a record whose private cards are hidden: the record of a game
// that had not finished when it was taken. A finished game's record is complete.
var ErrHiddenCards = errors.New("the record hides private cards (it was taken before the game finished); only a finished game's record is complete and replays")

// Replay rebuilds the state a record reaches: it parses the record's map, builds the rules configuration
// from its settings and seats, and folds its events with rules.Replay.
func Replay(r Record) (rules.State, error) {
	if r.Format != RecordFormat {
		return rules.State{}, fmt.Errorf("unknown record format %q (want %q)", r.Format, RecordFormat)
	}
	m, err := maps.Parse(r.Map.Definition)
	if err != nil {
		return rules.State{}, fmt.Errorf("the record's map: %w", err)
	}
	b, err := m.Board()
	if err != nil {
		return rules.State{}, fmt.Errorf("the record's map: %w", err)
	}
	cfg := rules.Config{TTBPercent: r.Settings.TTBPercent, Seats: make([]rules.Seat, len(r.Seats))}
	if err := cfg.Claim.UnmarshalText([]byte(r.Settings.Claim)); err != nil {
		return rules.State{}, fmt.Errorf("the record's settings: %w", err)
	}
	if err := cfg.Cards.UnmarshalText([]byte(r.Settings.CardSystem)); err != nil {
		return rules.State{}, fmt.Errorf("the record's settings: %w", err)
	}
	for i, s := range r.Seats {
		if s.Seat != i {
			return rules.State{}, fmt.Errorf("seat %d of the record is numbered %d", i, s.Seat)
		}
		cfg.Seats[i] = rules.Seat{Color: s.Color}
	}
	events := make([]rules.Event, len(r.Events))
	for i, e := range r.Events {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(e.Event, &fields); err == nil {
			if _, ok := fields["cardCount"]; ok {
				return rules.State{}, fmt.Errorf("event %d: %w", e.Seq, ErrHiddenCards)
			}
		}
		if events[i], err = rules.UnmarshalEvent(e.Event); err != nil {
			return rules.State{}, fmt.Errorf("event %d: %w", e.Seq, err)
		}
	}
	st, err := rules.Replay(b, cfg, events)
	if err != nil {
		return rules.State{}, fmt.Errorf("the record does not replay: %w", err)
	}
	return st, nil
}

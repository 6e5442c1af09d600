package game

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

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
	Status   Status         `json:"status"` // open, active, finished or cancelled
	Winner   *int           `json:"winner"` // the winning seat of a finished game; null otherwise
	// Winners are every winning seat of a finished team game, in seat order (docs/rules.md R85); absent in a
	// free-for-all, whose winner is Winner alone, and before the end.
	Winners []int         `json:"winners,omitempty"`
	Events  []RecordEvent `json:"events"`
	// Dice are the game's committed dice: absent for a game on the dice of before (docs/dice.md).
	Dice *RecordDice `json:"dice,omitempty"`
}

// RecordDice are a game's committed dice as its record shows them: the scheme and the commitment, and
// once the game is finished the seeds, from which VerifyDice derives every draw again.
type RecordDice struct {
	Scheme     string `json:"scheme"`
	Commitment string `json:"commitment"` // the SHA-256 of the server's seed, hex
	// ServerSeed is the server's seed, hex; absent until the game is finished.
	ServerSeed string `json:"serverSeed,omitempty"`
	// PlayerSeeds are each seat's player's seed in seat order, hex, "" for a seat that contributed none;
	// absent until the game is finished.
	PlayerSeeds []string `json:"playerSeeds,omitempty"`
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
	// Fog is the game's fog level; absent for none (and in records written before fog).
	Fog string `json:"fog,omitempty"`
	// Teams are a team game's teams in team order (RecordSeat.Team indexes them), TeamRules its options;
	// both absent in a free-for-all.
	Teams     []Team           `json:"teams,omitempty"`
	TeamRules *rules.TeamRules `json:"teamRules,omitempty"`
}

// RecordSeat is one seat of a game.
type RecordSeat struct {
	Seat       int    `json:"seat"`
	Color      string `json:"color"`
	CPU        bool   `json:"cpu"`
	Difficulty string `json:"difficulty"`     // CPU seats only; "" otherwise
	Name       string `json:"name"`           // the user's name; "" for a CPU or a seat nobody holds
	Team       *int   `json:"team,omitempty"` // a team game's seat's team; absent in a free-for-all
}

// RecordEvent is one event of a game's record, in rules.MarshalEvent form (private cards may be hidden).
type RecordEvent struct {
	Seq  int64 `json:"seq"`
	Turn int   `json:"turn"`
	Seat int   `json:"seat"` // the seat whose command caused it (also one the system played for it); -1 for the start
	// Cause is who decided its command (player, cpu, takeover, sweeper, survivor, delegate); "" when not
	// recorded. Replay does not use it.
	Cause string          `json:"cause,omitempty"`
	Event json.RawMessage `json:"event"`
	// Draws are, in a finished game's record with committed dice, the numbers the command this event
	// opens drew, in order: each [n, v], v in [0, n). Absent for other events and other records.
	Draws [][2]int `json:"draws,omitempty"`
}

// GameRecord returns the record of a game as viewerSeat sees it (-1: a viewer without a seat). Until the
// game is finished, private card ids are hidden as rules.HideCards does, and a fog game's record is the
// viewer's own (SeenEvents); a finished game's record is complete and replays with Replay.
func (s *Service) GameRecord(ctx context.Context, gameID int, viewerSeat int) (Record, error) {
	var r Record
	var users []int // of each seat of r.Seats, 0 for none
	var dice *Dice
	err := s.withTxOpts(ctx, snapshotRead, func(tx *sql.Tx) error {
		g, err := loadGame(ctx, tx, gameID)
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
		if dice, err = diceOf(g.dice, g.status); err != nil {
			return fmt.Errorf("error reading the dice of game %d: %w", g.id, err)
		}
		if dice != nil {
			r.Dice = &RecordDice{Scheme: dice.Scheme, Commitment: dice.Commitment, ServerSeed: dice.ServerSeed, PlayerSeeds: dice.PlayerSeeds}
		}
		if winner.Valid {
			w := int(winner.Int64)
			r.Winner = &w
			if len(g.teams) > 0 {
				if r.Winners, err = teamWinners(ctx, tx, g.id); err != nil {
					return err
				}
			}
		}
		r.Settings = RecordSettings{Claim: g.claim.String(), CardSystem: g.cards.String(), TTBPercent: g.ttbPercent, TurnLimitSeconds: limit}
		if g.fog != rules.FogNone {
			r.Settings.Fog = g.fog.String()
		}
		if len(g.teams) > 0 {
			tr := g.teamRules
			r.Settings.Teams, r.Settings.TeamRules = g.teams, &tr
		}
		rows, err := tx.QueryContext(ctx, `SELECT seat, color, cpu, COALESCE(difficulty, ''), COALESCE(user_id, 0), team
			FROM players WHERE game_id = $1 ORDER BY seat`, g.id)
		if err != nil {
			return fmt.Errorf("error loading the seats of game %d: %w", g.id, err)
		}
		defer rows.Close()
		r.Seats = []RecordSeat{}
		for rows.Next() {
			var st RecordSeat
			var user int
			var team sql.NullInt64
			if err := rows.Scan(&st.Seat, &st.Color, &st.CPU, &st.Difficulty, &user, &team); err != nil {
				return fmt.Errorf("error reading a seat of game %d: %w", g.id, err)
			}
			if team.Valid {
				t := int(team.Int64)
				st.Team = &t
			}
			r.Seats = append(r.Seats, st)
			users = append(users, user)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		viewer := rules.PlayerID(viewerSeat)
		switch {
		case g.status == StatusFinished:
			viewer = Everyone
		case viewerSeat < 0:
			viewer = rules.NoPlayer
		}
		if g.row().Fogged() { // the viewer's own record, numbered as they know it
			seen, err := readSeen(ctx, tx, g.id, viewer, 0, int(ViewSeq(g.viewSeqs, viewer))+1)
			if err != nil {
				return err
			}
			r.Events = make([]RecordEvent, len(seen))
			for i, e := range seen {
				r.Events[i] = RecordEvent{Seq: e.Seq, Turn: e.Turn, Seat: noSeat, Cause: *e.Cause, Event: e.Data}
				if e.Seat != nil {
					r.Events[i].Seat = *e.Seat
				}
			}
			return nil
		}
		events, err := readEvents(ctx, tx, g.id, 0, int(g.seq)+1)
		if err != nil {
			return err
		}
		r.Events = make([]RecordEvent, len(events))
		for i, e := range events {
			v, err := ViewEvent(e, viewer)
			if err != nil {
				return err
			}
			r.Events[i] = RecordEvent{Seq: e.Seq, Turn: e.Turn, Seat: seatColumn(e.Seat), Event: v.Data}
			if v.Cause != nil {
				r.Events[i].Cause = *v.Cause
			}
		}
		if r.Dice == nil || !dice.Revealed() {
			return nil
		}
		return s.recordDraws(ctx, tx, g, events, r.Events)
	})
	if err != nil {
		return Record{}, err
	}
	names, err := s.accounts.Names(ctx, s.db, users)
	if err != nil {
		return Record{}, err
	}
	for i, u := range users {
		r.Seats[i].Name = names[u]
	}
	return r, nil
}

// recordDraws sets the draws of out, the record of finished game g (locked or read in tx) whose events
// are events, from its committed dice: the game is replayed with them (rules.ReplayDrawn).
func (s *Service) recordDraws(ctx context.Context, tx *sql.Tx, g *gameRow, events []SeqEvent, out []RecordEvent) error {
	seats, err := loadSeats(ctx, tx, g.id)
	if err != nil {
		return err
	}
	board, err := s.board(ctx, tx, g.mapID)
	if err != nil {
		return err
	}
	c, err := readCommitted(g.dice)
	if err != nil {
		return err
	}
	server, players, _ := c.seeds()
	record := make([]rules.Event, len(events))
	for i, e := range events {
		record[i] = e.Event
	}
	_, _, drawn, err := rules.ReplayDrawn(board, g.config(seats), record, rules.NewCommittedDice(rules.DiceKey(server, players), 0))
	if err != nil {
		return fmt.Errorf("error deriving the draws of game %d: %w", g.id, err)
	}
	for i, d := range drawn {
		out[i].Draws = drawPairs(d)
	}
	return nil
}

// drawPairs returns draws as a record writes them: [n, v] each; nil for none.
func drawPairs(draws []rules.Drawn) [][2]int {
	if len(draws) == 0 {
		return nil
	}
	out := make([][2]int, len(draws))
	for i, d := range draws {
		out[i] = [2]int{d.N, d.V}
	}
	return out
}

// ErrHiddenCards is returned by Replay for a record whose private cards are hidden: the record of a game
// that had not finished when it was taken. A finished game's record is complete.
var ErrHiddenCards = errors.New("the record hides private cards (it was taken before the game finished); only a finished game's record is complete and replays")

// RecordCode is the stable reason Replay refuses a record.
type RecordCode string

// The reasons a record is refused. They are part of the record format (docs/record-format.md): never
// rename one.
const (
	RecordBadFormat   RecordCode = "RECORD_FORMAT"       // the format is not RecordFormat
	RecordBadMap      RecordCode = "RECORD_MAP"          // the map does not parse or build a board
	RecordBadSettings RecordCode = "RECORD_SETTINGS"     // the settings or seats make no game
	RecordHidden      RecordCode = "RECORD_HIDDEN_CARDS" // private cards are hidden (ErrHiddenCards)
	RecordBadSequence RecordCode = "RECORD_SEQUENCE"     // the sequence numbers are not 1, 2, 3, ...
	RecordBadEvent    RecordCode = "RECORD_EVENT"        // an event does not decode, or does not fit the game (rules INVALID_EVENT)
	RecordIllegal     RecordCode = "RECORD_ILLEGAL"      // events that no legal command produces (rules ILLEGAL_EVENT)
	RecordBadTurn     RecordCode = "RECORD_TURN"         // an event's turn is not the game's turn
	RecordBadSeat     RecordCode = "RECORD_SEAT"         // an event's seat is not the seat whose command produced it
	RecordBadStatus   RecordCode = "RECORD_STATUS"       // the status contradicts the events
	RecordBadWinner   RecordCode = "RECORD_WINNER"       // the winner contradicts the events
	RecordBadJSON     RecordCode = "RECORD_JSON"         // the record is too large, too deep or not the format's JSON (ReadRecord)
)

// MaxRecordSize is the most bytes ReadRecord reads: a record holds a map file of up to maps.MaxFileSize
// bytes and the events of a long game.
const MaxRecordSize = 256 << 20

// ReadRecord reads a record of at most MaxRecordSize bytes from r, refusing one nested deeper than
// maps.MaxDepth before anything else is done, then decodes it strictly (a field the format does not
// define is refused). Decoding the events stops at the first whose sequence number is not the next or
// that has no event: Replay refuses the record there, and a file of millions of empty events costs no
// more than its size. A record that cannot be read is a *RecordError with the code RECORD_JSON.
func ReadRecord(r io.Reader) (Record, error) {
	data, err := maps.ReadLimited(r, MaxRecordSize)
	if err != nil {
		return Record{}, fmt.Errorf("error reading the record: %w", err)
	}
	if len(data) > MaxRecordSize {
		return Record{}, recordErr(RecordBadJSON, 0, nil, "the record is larger than %d bytes", MaxRecordSize)
	}
	if _, err := maps.CheckDepth(data); err != nil {
		var verr *maps.ValidationError
		if errors.As(err, &verr) && len(verr.Problems) > 0 {
			return Record{}, recordErr(RecordBadJSON, 0, err, "%s", verr.Problems[0])
		}
		return Record{}, recordErr(RecordBadJSON, 0, err, "%v", err)
	}
	var f recordFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Record{}, recordErr(RecordBadJSON, 0, err, "error decoding JSON: %v", err)
	}
	f.Record.Events = f.Events
	return f.Record, nil
}

// recordFile is what ReadRecord decodes: a Record whose events decode one at a time.
type recordFile struct {
	Record
	Events recordEvents `json:"events"`
}

// minEventSize is the length of the shortest event Replay does not refuse at once, {"seq":1,"event":0}.
const minEventSize = 19

// recordEvents decodes the events of a record up to the first that Replay refuses for its sequence
// number or a missing event, in a list made at its final length.
type recordEvents []RecordEvent

// UnmarshalJSON decodes a JSON array of events, strictly.
func (l *recordEvents) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*l = nil
		return nil
	}
	n, err := maps.CheckDepth(data) // checked with the record: counts the events
	if err != nil {
		return err
	}
	events := make([]RecordEvent, 0, min(n, len(data)/minEventSize))
	err = eachElement(data, func(dec *json.Decoder) (bool, error) {
		events = append(events, RecordEvent{})
		e := &events[len(events)-1]
		if err := dec.Decode(e); err != nil {
			return false, err
		}
		return e.Seq == int64(len(events)) && len(e.Event) > 0, nil
	})
	*l = events
	return err
}

// eachElement calls f with a decoder at each element of the JSON array data, in order, while f returns
// true. The decoder refuses unknown fields.
func eachElement(data []byte, f func(*json.Decoder) (bool, error)) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return errors.New("the events are not an array")
	}
	for dec.More() {
		more, err := f(dec)
		if err != nil || !more {
			return err
		}
	}
	return nil
}

// RecordError is a record Replay refuses. Seq is the sequence number of the event concerned, 0 for the
// record's header.
type RecordError struct {
	Code    RecordCode
	Seq     int64
	Message string
	err     error // the cause, for errors.Is and errors.As
}

func (e *RecordError) Error() string {
	if e.Seq > 0 {
		return fmt.Sprintf("%s: event %d: %s", e.Code, e.Seq, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap returns the cause: ErrHiddenCards, a *rules.Error, or nil.
func (e *RecordError) Unwrap() error { return e.err }

func recordErr(code RecordCode, seq int64, cause error, format string, args ...any) *RecordError {
	return &RecordError{Code: code, Seq: seq, Message: fmt.Sprintf(format, args...), err: cause}
}

// Replay rebuilds the state a record reaches, and checks that the record is one of a game that happened:
// it parses the record's map, builds the rules configuration from its settings and seats, and replays
// its events with rules.ReplayChecked, which checks each command's events against what the rules give
// the player who may act, with the record's own dice and draws. It then checks every event's sequence
// number, turn and seat, and the header's status and winner, against the game the events make. A refused
// record is a *RecordError.
func Replay(r Record) (rules.State, error) {
	b, cfg, events, err := recordGame(r)
	if err != nil {
		return rules.State{}, err
	}
	st, origins, err := rules.ReplayChecked(b, cfg, events)
	if err != nil {
		return rules.State{}, replayErr(err, "")
	}
	return checkHeader(r, cfg, st, origins)
}

// replayErr returns the refusal of a record for err, an error of the rules' replay: its code follows the
// rules' (code, when not "", replaces it) and its sequence number is the event's the message names.
func replayErr(err error, code RecordCode) *RecordError {
	var re *rules.Error
	if !errors.As(err, &re) {
		return recordErr(RecordBadEvent, 0, err, "%v", err)
	}
	seq, msg := int64(0), re.Message
	if code == "" {
		code = RecordBadEvent
		if re.Code == rules.CodeIllegalEvent {
			code = RecordIllegal
		}
	}
	// The engine names events from 0; the record by sequence number.
	var n int
	if _, err := fmt.Sscanf(msg, "event %d", &n); err == nil && n >= 0 {
		seq = int64(n) + 1
	}
	if code == RecordBadDice {
		return recordErr(code, seq, err, "the seeds' draws do not give the record's events: %s", msg)
	}
	return recordErr(code, seq, err, "the record does not replay: %s", msg)
}

// recordGame returns the board, the rules configuration and the events of a record, refusing a header or
// an event that makes none.
func recordGame(r Record) (*rules.Board, rules.Config, []rules.Event, error) {
	fail := func(err error) (*rules.Board, rules.Config, []rules.Event, error) {
		return nil, rules.Config{}, nil, err
	}
	if r.Format != RecordFormat {
		return fail(recordErr(RecordBadFormat, 0, nil, "unknown record format %q (want %q)", r.Format, RecordFormat))
	}
	m, err := maps.Parse(r.Map.Definition)
	if err != nil {
		return fail(recordErr(RecordBadMap, 0, err, "the record's map: %v", err))
	}
	b, err := m.Board()
	if err != nil {
		return fail(recordErr(RecordBadMap, 0, err, "the record's map: %v", err))
	}
	cfg := rules.Config{TTBPercent: r.Settings.TTBPercent, Seats: make([]rules.Seat, len(r.Seats))}
	if err := cfg.Claim.UnmarshalText([]byte(r.Settings.Claim)); err != nil {
		return fail(recordErr(RecordBadSettings, 0, err, "the record's settings: %v", err))
	}
	if err := cfg.Cards.UnmarshalText([]byte(r.Settings.CardSystem)); err != nil {
		return fail(recordErr(RecordBadSettings, 0, err, "the record's settings: %v", err))
	}
	if r.Settings.Fog != "" {
		if err := cfg.Fog.UnmarshalText([]byte(r.Settings.Fog)); err != nil {
			return fail(recordErr(RecordBadSettings, 0, err, "the record's settings: %v", err))
		}
	}
	for _, t := range r.Settings.Teams {
		cfg.Teams = append(cfg.Teams, rules.Team{Name: t.Name})
	}
	if r.Settings.TeamRules != nil {
		cfg.TeamRules = *r.Settings.TeamRules
	}
	for i, s := range r.Seats {
		if s.Seat != i {
			return fail(recordErr(RecordBadSettings, 0, nil, "seat %d of the record is numbered %d", i, s.Seat))
		}
		cfg.Seats[i] = rules.Seat{Color: s.Color}
		if s.Team != nil {
			cfg.Seats[i].Team = *s.Team
		}
		if (s.Team != nil) != (len(cfg.Teams) > 0) {
			return fail(recordErr(RecordBadSettings, 0, nil, "seat %d of the record has a team in a free-for-all, or none in a team game", i))
		}
	}
	if _, err := rules.New(b, cfg); err != nil {
		return fail(recordErr(RecordBadSettings, 0, err, "the record's settings: %v", err))
	}
	events := make([]rules.Event, len(r.Events))
	for i, e := range r.Events {
		if e.Seq != int64(i+1) {
			return fail(recordErr(RecordBadSequence, e.Seq, nil, "event %d of the record has sequence number %d", i+1, e.Seq))
		}
		var hidden struct {
			CardCount json.RawMessage `json:"cardCount"`
		}
		if err := json.Unmarshal(e.Event, &hidden); err == nil && hidden.CardCount != nil {
			return fail(recordErr(RecordHidden, e.Seq, ErrHiddenCards, "%v", ErrHiddenCards))
		}
		if events[i], err = rules.UnmarshalEvent(e.Event); err != nil {
			return fail(recordErr(RecordBadEvent, e.Seq, err, "%v", err))
		}
	}
	return b, cfg, events, nil
}

// checkHeader checks the events' seats and turns (origins), the status and the winners of record r, whose
// events reach st under cfg, and returns st.
func checkHeader(r Record, cfg rules.Config, st rules.State, origins []rules.Origin) (rules.State, error) {
	for i, e := range r.Events {
		seat := seatColumn(origins[i].Player)
		if e.Seat != seat {
			return rules.State{}, recordErr(RecordBadSeat, e.Seq, nil, "the event is recorded for seat %d, but seat %d's command produced it", e.Seat, seat)
		}
		if e.Turn != origins[i].Turn {
			return rules.State{}, recordErr(RecordBadTurn, e.Seq, nil, "the event is recorded in turn %d, but it happened in turn %d", e.Turn, origins[i].Turn)
		}
	}
	over := st.Phase() == rules.PhaseOver
	switch {
	case r.Status == StatusFinished && !over:
		return rules.State{}, recordErr(RecordBadStatus, 0, nil, "the record says finished, but its events reach the %s phase", st.Phase())
	case r.Status == StatusOpen && len(r.Events) > 0:
		return rules.State{}, recordErr(RecordBadStatus, 0, nil, "the record says open, but the game has started")
	case (r.Status == StatusActive || r.Status == StatusCancelled) && over:
		return rules.State{}, recordErr(RecordBadStatus, 0, nil, "the record says %s, but its events end the game", r.Status)
	case r.Status == StatusActive && len(r.Events) == 0:
		return rules.State{}, recordErr(RecordBadStatus, 0, nil, "the record says active, but the game has not started")
	case !r.Status.Valid():
		return rules.State{}, recordErr(RecordBadStatus, 0, nil, "unknown status %q (want open, active, finished or cancelled)", r.Status)
	}
	switch {
	case over && (r.Winner == nil || *r.Winner != int(st.Winner())):
		return rules.State{}, recordErr(RecordBadWinner, 0, nil, "the record names winner %s, but seat %d won", winnerText(r.Winner), st.Winner())
	case !over && r.Winner != nil:
		return rules.State{}, recordErr(RecordBadWinner, 0, nil, "the record names winner %d, but nobody has won", *r.Winner)
	case len(cfg.Teams) > 0 && over && !slices.Equal(r.Winners, seatInts(st.Winners())):
		return rules.State{}, recordErr(RecordBadWinner, 0, nil, "the record names winners %v, but seats %v won", r.Winners, st.Winners())
	case len(cfg.Teams) == 0 && r.Winners != nil, !over && r.Winners != nil:
		return rules.State{}, recordErr(RecordBadWinner, 0, nil, "the record names winners %v, but only a finished team game has them", r.Winners)
	}
	return st, nil
}

// seatInts returns seats as the record numbers them.
func seatInts(seats []rules.PlayerID) []int {
	out := make([]int, len(seats))
	for i, p := range seats {
		out[i] = seatColumn(p)
	}
	return out
}

// teamWinners returns the winners of finished team game gameID, as its game_over event names them.
func teamWinners(ctx context.Context, tx *sql.Tx, gameID int) ([]int, error) {
	var winners []int
	var payload []byte
	err := tx.QueryRowContext(ctx, `SELECT payload FROM events WHERE game_id = $1 AND kind = 'game_over'`, gameID).Scan(&payload)
	if err == nil {
		var over rules.GameOver
		if err = json.Unmarshal(payload, &over); err == nil {
			winners = seatInts(over.Winners)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("error reading the winners of game %d: %w", gameID, err)
	}
	return winners, nil
}

func winnerText(w *int) string {
	if w == nil {
		return "null"
	}
	return fmt.Sprint(*w)
}

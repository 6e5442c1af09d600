package tournament

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"rout/tournament/pairing"
)

// Format is how a tournament's rounds are seated.
type Format string

// The formats (docs/tournaments.md).
const (
	FormatSwiss       Format = "swiss"
	FormatElimination Format = "elimination"
	FormatRoundRobin  Format = "round_robin"
)

// Status is where a tournament stands.
type Status string

// The statuses (see the package documentation).
const (
	StatusOpen      Status = "open"
	StatusRunning   Status = "running"
	StatusFinished  Status = "finished"
	StatusCancelled Status = "cancelled"
)

// Bounds of the settings.
const (
	MaxName          = 60        // characters of a name
	MaxMaps          = 20        // maps in a pool
	MaxMapKey        = 64        // bytes of a map key
	MaxEntrants      = 10000     // the most entrants of any tournament
	MaxSwissRounds   = 20        // the most rounds of a Swiss tournament
	MinTurnLimit     = time.Hour // the game service's bounds of a turn limit
	MaxTurnLimit     = 30 * 24 * time.Hour
	DefaultTurnLimit = 36 * time.Hour // the turn limit of settings that name none
)

// Settings are a new tournament's settings.
type Settings struct {
	Name      string
	CreatorID int
	Format    Format
	// Seats is the most seats of a table, 2 to 6.
	Seats int
	// Maps is the map pool: the keys of public maps; each table is played on one, chosen by its round and
	// number.
	Maps []string
	// TurnLimit is the turn limit of the tables' games; 0 for DefaultTurnLimit.
	TurnLimit time.Duration
	// Rated makes the tables' games rated (docs/ratings.md).
	Rated bool
	// EntryLimit is the most entrants (2 to MaxEntrants; at most pairing.MaxRoundRobin for a round robin,
	// which needs it); 0 for none, which needs StartsAt.
	EntryLimit int
	// StartsAt is when the tournament starts, in the future; nil: when EntryLimit entrants have entered.
	StartsAt *time.Time
	// Rounds is the number of Swiss rounds (1 to MaxSwissRounds); 0 for pairing.SwissRounds of the
	// entrants at the start. Only Swiss tournaments take it.
	Rounds int
}

// Tournament is a tournament as stored.
type Tournament struct {
	ID int
	Settings
	// Round is the round being played (the last one, once finished); 0 before the start. Rounds, once
	// running, is the number of rounds for Swiss and round robin (0 for single elimination).
	Round                 int
	Status                Status
	CreatedAt             time.Time
	StartedAt, FinishedAt *time.Time
}

// Service runs tournaments. It is safe for concurrent use; any number of services (replicas) may share one
// database.
type Service struct {
	db      *sql.DB
	games   Games
	effects Effects
	now     func() time.Time
}

// NewService returns the tournament service of database db, whose tables' games games creates and reads
// (nil: Advance is refused); now is the clock (nil: time.Now).
func NewService(db *sql.DB, games Games, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, games: games, now: func() time.Time { return now().Round(time.Microsecond) }}
}

// SetEffects sets what the service's changes cause beyond its tables (nil: nothing); call it before the
// service is used.
func (s *Service) SetEffects(e Effects) { s.effects = e }

// withTx runs f in a transaction, committed when f returns nil.
func (s *Service) withTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("error beginning a tournament transaction: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	if err := f(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("error committing a tournament transaction: %w", err)
	}
	return nil
}

// validate checks settings and fills in the defaults.
func (s *Service) validate(in *Settings) error {
	in.Name = strings.Join(strings.Fields(in.Name), " ")
	if n := utf8.RuneCountInString(in.Name); n == 0 || n > MaxName || strings.IndexFunc(in.Name, unicode.IsControl) >= 0 {
		return badSetting("name", "a tournament's name has 1 to %d characters, without control characters", MaxName)
	}
	if in.CreatorID <= 0 {
		return badSetting("creator_id", "a tournament has a creator")
	}
	if in.Format != FormatSwiss && in.Format != FormatElimination && in.Format != FormatRoundRobin {
		return badSetting("format", "the format is swiss, elimination or round_robin, not %q", in.Format)
	}
	if err := pairing.CheckSeats(in.Seats); err != nil {
		return badSetting("seats", "%v", err)
	}
	if len(in.Maps) == 0 || len(in.Maps) > MaxMaps {
		return badSetting("maps", "the map pool has 1 to %d maps", MaxMaps)
	}
	for _, m := range in.Maps {
		if m == "" || len(m) > MaxMapKey {
			return badSetting("maps", "a map key has 1 to %d bytes", MaxMapKey)
		}
	}
	if in.TurnLimit == 0 {
		in.TurnLimit = DefaultTurnLimit
	}
	if in.TurnLimit < MinTurnLimit || in.TurnLimit > MaxTurnLimit || in.TurnLimit%time.Second != 0 {
		return badSetting("turn_limit", "the turn limit is whole seconds from %s to %s", MinTurnLimit, MaxTurnLimit)
	}
	most := MaxEntrants
	if in.Format == FormatRoundRobin {
		most = pairing.MaxRoundRobin
		if in.EntryLimit == 0 {
			return badSetting("entry_limit", "a round robin has an entry limit of 2 to %d", most)
		}
	}
	if in.EntryLimit != 0 && (in.EntryLimit < pairing.MinSeats || in.EntryLimit > most) {
		return badSetting("entry_limit", "the entry limit is 2 to %d, or none", most)
	}
	switch {
	case in.StartsAt == nil && in.EntryLimit == 0:
		return badSetting("starts_at", "a tournament without an entry limit has a start time")
	case in.StartsAt != nil && !in.StartsAt.After(s.now()):
		return badSetting("starts_at", "the start time is in the future")
	}
	if in.Rounds != 0 && (in.Format != FormatSwiss || in.Rounds < 1 || in.Rounds > MaxSwissRounds) {
		return badSetting("rounds", "only a Swiss tournament takes a number of rounds, 1 to %d", MaxSwissRounds)
	}
	return nil
}

// checkMaps refuses a map pool with a map that is not public or does not seat a table of in.Seats (Games
// tells; without Games, NewService's nil, the pool is not checked).
func (s *Service) checkMaps(ctx context.Context, in Settings) error {
	if s.games == nil {
		return nil
	}
	for _, key := range in.Maps {
		most, err := s.games.MapSeats(ctx, key)
		if err != nil {
			return fmt.Errorf("error checking map %q: %w", key, err)
		}
		switch {
		case most == 0:
			return badSetting("maps", "no public map %q", key)
		case most < in.Seats:
			return badSetting("maps", "map %q seats at most %d players, not a table of %d", key, most, in.Seats)
		}
	}
	return nil
}

// Create creates a tournament of settings in, open for entries, and returns it.
func (s *Service) Create(ctx context.Context, in Settings) (Tournament, error) {
	if err := s.validate(&in); err != nil {
		return Tournament{}, err
	}
	if err := s.checkMaps(ctx, in); err != nil {
		return Tournament{}, err
	}
	pool, err := json.Marshal(in.Maps)
	if err != nil {
		return Tournament{}, fmt.Errorf("error encoding a map pool: %w", err)
	}
	now := s.now()
	var id int
	err = s.db.QueryRowContext(ctx, `INSERT INTO tournaments (created_at, updated_at, name, creator_id, format, seats, maps,
		turn_limit_seconds, rated, entry_limit, starts_at, rounds, round, status)
		VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, 'open') RETURNING id`,
		now, in.Name, in.CreatorID, string(in.Format), in.Seats, pool, int64(in.TurnLimit/time.Second), in.Rated, in.EntryLimit,
		in.StartsAt, in.Rounds).Scan(&id)
	if err != nil {
		return Tournament{}, fmt.Errorf("error creating a tournament for user %d: %w", in.CreatorID, err)
	}
	return s.Get(ctx, id)
}

// tournamentColumns are the columns scanTournament reads, in its order.
const tournamentColumns = `id, name, COALESCE(creator_id, 0), format, seats, maps, turn_limit_seconds, rated, entry_limit,
	starts_at, rounds, round, status, created_at, started_at, finished_at`

// scanTournament reads a row of tournamentColumns.
func scanTournament(row interface{ Scan(...any) error }) (Tournament, error) {
	var t Tournament
	var pool []byte
	var limit int64
	var startsAt, startedAt, finishedAt sql.NullTime
	if err := row.Scan(&t.ID, &t.Name, &t.CreatorID, &t.Format, &t.Seats, &pool, &limit, &t.Rated, &t.EntryLimit,
		&startsAt, &t.Rounds, &t.Round, &t.Status, &t.CreatedAt, &startedAt, &finishedAt); err != nil {
		return Tournament{}, err
	}
	if err := json.Unmarshal(pool, &t.Maps); err != nil {
		return Tournament{}, fmt.Errorf("error decoding the map pool of tournament %d: %w", t.ID, err)
	}
	t.TurnLimit = time.Duration(limit) * time.Second
	t.StartsAt, t.StartedAt, t.FinishedAt = timePtr(startsAt), timePtr(startedAt), timePtr(finishedAt)
	return t, nil
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}

// querier runs the statements of a read: a *sql.DB or a *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// load reads tournament id, locking its row until tx ends when lock is set.
func load(ctx context.Context, q querier, id int, lock bool) (Tournament, error) {
	query := `SELECT ` + tournamentColumns + ` FROM tournaments WHERE id = $1`
	if lock {
		query += ` FOR UPDATE`
	}
	t, err := scanTournament(q.QueryRowContext(ctx, query, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Tournament{}, &Error{Code: CodeNotFound, Message: fmt.Sprintf("no tournament %d", id)}
	}
	if err != nil {
		return Tournament{}, fmt.Errorf("error reading tournament %d: %w", id, err)
	}
	return t, nil
}

// Get returns tournament id.
func (s *Service) Get(ctx context.Context, id int) (Tournament, error) {
	return load(ctx, s.db, id, false)
}

// Querier runs the statements of a read: a *sql.DB or a *sql.Tx (the transaction of a game's end, for
// TableOf).
type Querier = querier

// TableOf returns the tournament whose table game gameID is, read through q (0: none). A game's end
// (package jobs) asks it, in its transaction, to know which tournament to advance.
func TableOf(ctx context.Context, q Querier, gameID int) (int, error) {
	var id int
	err := q.QueryRowContext(ctx, `SELECT tournament_id FROM tournament_tables WHERE game_id = $1`, gameID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("error finding the tournament of game %d: %w", gameID, err)
	}
	return id, nil
}

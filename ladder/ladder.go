package ladder

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"rout/rating"
	"rout/tournament"
	"rout/tournament/pairing"
)

// Bounds of a ladder's definition and of an entry.
const (
	MaxName      = 60        // characters of a ladder's name
	MaxKey       = 64        // bytes of a ladder's key
	MaxMaps      = 20        // maps in a pool
	MaxMapKey    = 64        // bytes of a map key
	MinTurnLimit = time.Hour // the game service's bounds of a turn limit
	MaxTurnLimit = 30 * 24 * time.Hour
	// MaxGames is the most games of one ladder a player plays at once.
	MaxGames = 10
)

// Definition is what a ladder is: the games it pairs players into.
type Definition struct {
	// Key is the ladder's stable name: Define keeps the ladder of a key up to date.
	Key string
	// Name is the name players see, 1 to MaxName characters.
	Name string
	// Seats is the seats of each game, 2 to 6: 2 pairs by the duel rating, more by the free-for-all one.
	Seats int
	// Maps is the map pool (1 to MaxMaps keys of public maps): each game is played on one of them, drawn
	// at random.
	Maps []string
	// TurnLimit is the games' turn limit, whole seconds from MinTurnLimit to MaxTurnLimit.
	TurnLimit time.Duration
}

// Builtins are the ladders the server defines at its start (Service.DefineAll): their keys never change.
// Changing a definition here changes the ladder of its key at the next start; its entries and games stay.
var Builtins = []Definition{
	{Key: "duel", Name: "Duel — classic maps", Seats: 2, Maps: []string{"classic", "europe"}, TurnLimit: 24 * time.Hour},
	{Key: "ffa4", Name: "4-player free-for-all", Seats: 4, Maps: []string{"classic", "europe"}, TurnLimit: 36 * time.Hour},
}

// Mode is the rating a ladder pairs by and its games change: "duel" for two seats, "ffa" for more (the
// ratings' modes, docs/ratings.md).
func (d Definition) Mode() string {
	if d.Seats == 2 {
		return "duel"
	}
	return "ffa"
}

// validate checks d and tidies its name.
func (d *Definition) validate() error {
	d.Name = strings.Join(strings.Fields(d.Name), " ")
	switch {
	case d.Key == "" || len(d.Key) > MaxKey:
		return errorf(CodeBadDefinition, "a ladder's key has 1 to %d bytes", MaxKey)
	case utf8.RuneCountInString(d.Name) == 0 || utf8.RuneCountInString(d.Name) > MaxName || strings.IndexFunc(d.Name, unicode.IsControl) >= 0:
		return errorf(CodeBadDefinition, "a ladder's name has 1 to %d characters, without control characters", MaxName)
	case pairing.CheckSeats(d.Seats) != nil:
		return errorf(CodeBadDefinition, "a ladder's games have %d to %d seats", pairing.MinSeats, pairing.MaxSeats)
	case len(d.Maps) == 0 || len(d.Maps) > MaxMaps:
		return errorf(CodeBadDefinition, "a ladder's map pool has 1 to %d maps", MaxMaps)
	case d.TurnLimit < MinTurnLimit || d.TurnLimit > MaxTurnLimit || d.TurnLimit%time.Second != 0:
		return errorf(CodeBadDefinition, "a ladder's turn limit is whole seconds from %s to %s", MinTurnLimit, MaxTurnLimit)
	}
	for _, m := range d.Maps {
		if m == "" || len(m) > MaxMapKey {
			return errorf(CodeBadDefinition, "a map key has 1 to %d bytes", MaxMapKey)
		}
	}
	return nil
}

// Ladder is a ladder as stored.
type Ladder struct {
	ID int
	Definition
	// Queued is how many players wait for a game of it (List fills it in).
	Queued int
}

// Games creates the ladders' games and reads their players' ratings: the game service, which owns both,
// through an adapter the caller provides (package tournament/tablegame is the server's, as for
// tournaments' tables).
type Games interface {
	// CreateStarted creates the game spec describes and starts it, in one transaction, and returns its id;
	// a game created before under spec.Key is returned instead, so that retries create one game.
	CreateStarted(ctx context.Context, spec tournament.GameSpec) (int, error)
	// ModeRatings returns the all-maps ratings of mode ("duel", "ffa": Definition.Mode) of users, by user,
	// in one read in tx (the pairing's, which holds the ladder's lock): rating.Initial for a user without
	// one.
	ModeRatings(ctx context.Context, tx *sql.Tx, mode string, users []int) (map[int]rating.Rating, error)
}

// Opts are the dependencies of a Service.
type Opts struct {
	// DB is the database. Required.
	DB *sql.DB
	// Games creates the games; nil: Pair is refused.
	Games Games
	// Kick, when set, is called in the transaction of a Join or an Update that queues a player: the server's
	// inserts a pairing job of the ladder (package jobs), so that a player who joins is paired at once.
	Kick func(ctx context.Context, tx *sql.Tx, ladderID int) error
	// Now is the clock; nil: time.Now.
	Now func() time.Time
	// Logger receives the records of pairings; nil discards them.
	Logger *slog.Logger
}

// Service runs ladders. It is safe for concurrent use; any number of services (replicas) may share one
// database.
type Service struct {
	db     *sql.DB
	games  Games
	kick   func(ctx context.Context, tx *sql.Tx, ladderID int) error
	now    func() time.Time
	logger *slog.Logger
}

// NewService returns the ladder service of opts.
func NewService(opts Opts) *Service {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Service{db: opts.DB, games: opts.Games, kick: opts.Kick, logger: logger,
		now: func() time.Time { return now().Round(time.Microsecond) }}
}

// withTx runs f in a transaction, committed when f returns nil.
func (s *Service) withTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("error beginning a ladder transaction: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	if err := f(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("error committing a ladder transaction: %w", err)
	}
	return nil
}

// Define creates the ladder of d.Key, or changes it to d, and returns it. A change applies to the games
// paired after it; the entries stay.
func (s *Service) Define(ctx context.Context, d Definition) (Ladder, error) {
	if err := d.validate(); err != nil {
		return Ladder{}, err
	}
	pool, err := json.Marshal(d.Maps)
	if err != nil {
		return Ladder{}, fmt.Errorf("error encoding a map pool: %w", err)
	}
	var id int
	if err := s.db.QueryRowContext(ctx, `INSERT INTO ladders (created_at, updated_at, key, name, seats, maps, turn_limit_seconds)
		VALUES ($1, $1, $2, $3, $4, $5, $6)
		ON CONFLICT (key) DO UPDATE SET updated_at = $1, name = $3, seats = $4, maps = $5, turn_limit_seconds = $6
		RETURNING id`, s.now(), d.Key, d.Name, d.Seats, pool, int64(d.TurnLimit/time.Second)).Scan(&id); err != nil {
		return Ladder{}, fmt.Errorf("error defining ladder %q: %w", d.Key, err)
	}
	return s.Get(ctx, id)
}

// DefineAll defines each of ds (Define), such as Builtins.
func (s *Service) DefineAll(ctx context.Context, ds []Definition) error {
	for _, d := range ds {
		if _, err := s.Define(ctx, d); err != nil {
			return err
		}
	}
	return nil
}

// ladderColumns are the columns scanLadder reads, in its order.
const ladderColumns = `id, key, name, seats, maps, turn_limit_seconds`

// scanLadder reads a row of ladderColumns, then extra.
func scanLadder(row interface{ Scan(...any) error }, extra ...any) (Ladder, error) {
	var l Ladder
	var pool []byte
	var limit int64
	if err := row.Scan(append([]any{&l.ID, &l.Key, &l.Name, &l.Seats, &pool, &limit}, extra...)...); err != nil {
		return Ladder{}, err
	}
	if err := json.Unmarshal(pool, &l.Maps); err != nil {
		return Ladder{}, fmt.Errorf("error decoding the map pool of ladder %d: %w", l.ID, err)
	}
	l.TurnLimit = time.Duration(limit) * time.Second
	return l, nil
}

// querier runs the statements of a read: a *sql.DB or a *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// The locks of a ladder's row that load takes until the transaction ends.
const (
	noLock    = ""
	pairLock  = " FOR UPDATE" // a pairing's: one at a time, and no entry joins or leaves meanwhile
	entryLock = " FOR SHARE"  // a join's or a leave's: any number at once, none during a pairing's seating
)

// load reads ladder id, locking its row with lock (noLock, pairLock or entryLock).
func load(ctx context.Context, q querier, id int, lock string) (Ladder, error) {
	query := `SELECT ` + ladderColumns + ` FROM ladders WHERE id = $1` + lock
	l, err := scanLadder(q.QueryRowContext(ctx, query, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Ladder{}, errorf(CodeNotFound, "no ladder %d", id)
	}
	if err != nil {
		return Ladder{}, fmt.Errorf("error reading ladder %d: %w", id, err)
	}
	return l, nil
}

// Get returns ladder id (without Queued).
func (s *Service) Get(ctx context.Context, id int) (Ladder, error) {
	return load(ctx, s.db, id, noLock)
}

// List returns every ladder, in the order they were defined, with the number of players queued in each.
func (s *Service) List(ctx context.Context) ([]Ladder, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+ladderColumns+`,
		(SELECT count(*) FROM ladder_entries e WHERE e.ladder_id = ladders.id AND e.open_games < e.max_games)
		FROM ladders ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("error listing the ladders: %w", err)
	}
	defer rows.Close()
	var out []Ladder
	for rows.Next() {
		var queued int
		l, err := scanLadder(rows, &queued)
		if err != nil {
			return nil, fmt.Errorf("error listing the ladders: %w", err)
		}
		l.Queued = queued
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error listing the ladders: %w", err)
	}
	return out, nil
}

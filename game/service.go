package game

import (
	"container/list"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"rout/maps"
	"rout/rules"
)

// Code is the stable reason a service call was refused, beside the engine's own rules.Code values.
type Code string

// The service's codes; they match the API's top-level error codes.
const (
	CodeBadInput  Code = "BAD_USER_INPUT" // the request itself is malformed or out of range
	CodeNotFound  Code = "NOT_FOUND"      // no such game, map or seat
	CodeForbidden Code = "FORBIDDEN"      // the caller may not do this
	CodeConflict  Code = "CONFLICT"       // the game moved on since the caller looked (stale version), or the seat is taken
)

// Error is a refused service call. Rule violations are *rules.Error values instead.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Effects is the seam for what a command causes outside the game's own rows (River jobs: deadlines, CPU
// turns, notifications; package jobs's Effects is the one the server uses). AfterCommand runs inside the
// command's transaction, after the game's rows are written; AfterCreate runs inside the transaction that
// creates a game (a lobby event, not a turn command: the start of a game is a command, heard by
// AfterCommand). An error rolls the whole command, or the creation, back.
type Effects interface {
	AfterCommand(ctx context.Context, tx *sql.Tx, c Change) error
	AfterCreate(ctx context.Context, tx *sql.Tx, g NewGame) error
}

// Change is what one command did, for Effects.
type Change struct {
	GameID  int
	Version int64
	// Seat is the seat that acted (rules.NoPlayer for the start of a game).
	Seat rules.PlayerID
	// Cause is why the command was played (CommandInput.Cause; CauseSurvivor for the commands the service
	// plays for a lone survivor).
	Cause     Cause
	Events    []SeqEvent
	Before    rules.State
	After     rules.State
	Deadline  *time.Time // the new turn deadline when a turn started; nil otherwise
	WarningAt *time.Time // when the player of the new turn is warned (a quarter of the limit left); nil with Deadline
	Seats     []Seat     // the game's seats
	// SurvivorPlays is true when the command left a lone survivor whose next command the service plays at
	// once, in the same transaction (see docs/rules.md, R43): nothing is to wait for the new turn.
	SurvivorPlays bool
}

// NewGame is a game just created, for Effects.AfterCreate.
type NewGame struct {
	GameID    int
	CreatorID int
	Seats     []Seat // every seat as created; invited seats carry their (lower-cased) InviteEmail
}

// SeqEvent is an event with its place in the game's record.
type SeqEvent struct {
	Seq   int64
	Turn  int
	Seat  rules.PlayerID // the seat that caused it; rules.NoPlayer for the system
	Event rules.Event
}

// Opts are the service's dependencies and settings.
type Opts struct {
	DB        *sql.DB          // required
	Clock     func() time.Time // default time.Now
	Logger    *slog.Logger     // default: discard
	Effects   Effects          // default: none
	CacheSize int              // games whose engine state this replica keeps; default 1024
	// SurvivorCommands bounds the commands played at once for a lone survivor after one command (see
	// docs/rules.md, R43); default MaxSurvivorCommands.
	SurvivorCommands int
	// SurvivorTime bounds the time spent playing for a lone survivor after one command: no command is
	// started after it; default SurvivorPlayTime.
	SurvivorTime time.Duration
	// SkipNotify commits commands without announcing them on NotifyChannel, as when a process dies between
	// a command's commit and its notification: live subscribers then rely on their hub's head check. For
	// tests.
	SkipNotify bool
}

// Service runs every command on a game. It is safe for concurrent use; any number of services (replicas)
// may share one database.
type Service struct {
	db      *sql.DB
	now     func() time.Time
	logger  *slog.Logger
	effects Effects

	boards *lru[int, *rules.Board] // map row id (one map version) -> its board, which never changes
	mapOf  *lru[int, int]          // game id -> map row id, which never changes

	cache  *stateCache
	notify *notifier // announces committed commands

	survivorCommands int
	survivorTime     time.Duration
}

// New returns a service. It does no I/O.
func New(opts Opts) (*Service, error) {
	if opts.DB == nil {
		return nil, errors.New("game.New: a database is required")
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if opts.CacheSize <= 0 {
		opts.CacheSize = 1024
	}
	if opts.SurvivorCommands <= 0 {
		opts.SurvivorCommands = MaxSurvivorCommands
	}
	if opts.SurvivorTime <= 0 {
		opts.SurvivorTime = SurvivorPlayTime
	}
	return &Service{
		db:      opts.DB,
		now:     opts.Clock,
		logger:  opts.Logger,
		effects: opts.Effects,
		boards:  newLRU[int, *rules.Board](maxBoards),
		mapOf:   newLRU[int, int](4 * opts.CacheSize),
		cache:   newStateCache(opts.CacheSize),
		notify:  &notifier{db: opts.DB, logger: opts.Logger, off: opts.SkipNotify},

		survivorCommands: opts.SurvivorCommands,
		survivorTime:     opts.SurvivorTime,
	}, nil
}

// maxBoards is how many boards (map versions) a service keeps parsed.
const maxBoards = 64

// board returns the board of map row mapID (one version of a map), parsing its stored definition once
// while it stays among the maxBoards most recently used.
func (s *Service) board(ctx context.Context, q querier, mapID int) (*rules.Board, error) {
	if b, ok := s.boards.get(mapID); ok {
		return b, nil
	}
	var def []byte
	if err := q.QueryRowContext(ctx, `SELECT definition FROM maps WHERE id = $1`, mapID).Scan(&def); err != nil {
		return nil, fmt.Errorf("error loading map %d: %w", mapID, err)
	}
	m, err := maps.Parse(def)
	if err != nil {
		return nil, fmt.Errorf("error parsing stored map %d: %w", mapID, err)
	}
	b, err := m.Board()
	if err != nil {
		return nil, fmt.Errorf("error building the board of map %d: %w", mapID, err)
	}
	s.boards.put(mapID, b)
	return b, nil
}

// Board returns the board of game gameID, for turning territory keys into indexes before a command: a
// game's board never changes, so once the service has seen the game (any command or read of it), this
// reads nothing. Otherwise it reads the game's map id (and the map, when its board is not kept). A game
// that does not exist is NOT_FOUND.
func (s *Service) Board(ctx context.Context, gameID int) (*rules.Board, error) {
	mapID, ok := s.mapOf.get(gameID)
	if !ok {
		err := s.db.QueryRowContext(ctx, `SELECT map_id FROM games WHERE id = $1`, gameID).Scan(&mapID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errorf(CodeNotFound, "no game %d", gameID)
		}
		if err != nil {
			return nil, fmt.Errorf("error loading the map of game %d: %w", gameID, err)
		}
		s.mapOf.put(gameID, mapID)
	}
	return s.board(ctx, s.db, mapID)
}

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// stateCache keeps the engine states of recently played games, each with the version it belongs to. A
// state is used only when the game row still has that version, so a cache can never serve a stale game.
type stateCache struct {
	mu    sync.Mutex
	size  int
	order *list.List // front: most recently used; values are *cached
	games map[int]*list.Element
}

type cached struct {
	game    int
	version int64
	state   rules.State
	seats   []Seat
}

func newStateCache(size int) *stateCache {
	return &stateCache{size: size, order: list.New(), games: make(map[int]*list.Element)}
}

func (c *stateCache) get(game int, version int64) (*cached, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.games[game]
	if !ok || el.Value.(*cached).version != version {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cached), true
}

func (c *stateCache) put(e *cached) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.games[e.game]; ok {
		el.Value = e
		c.order.MoveToFront(el)
		return
	}
	c.games[e.game] = c.order.PushFront(e)
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.games, last.Value.(*cached).game)
	}
}

// current returns a game's state and seats at the version of g: from the cache when it holds that
// version, from the rows otherwise (a game that has not started is in the setup phase).
func (s *Service) current(ctx context.Context, tx *sql.Tx, g *gameRow) (*cached, error) {
	s.mapOf.put(g.id, g.mapID)
	if c, ok := s.cache.get(g.id, g.version); ok {
		return c, nil
	}
	seats, err := loadSeats(ctx, tx, g.id)
	if err != nil {
		return nil, err
	}
	board, err := s.board(ctx, tx, g.mapID)
	if err != nil {
		return nil, err
	}
	c := &cached{game: g.id, version: g.version, seats: seats}
	if g.status == "open" || g.engine == nil { // not started (a game cancelled before its start has no engine state)
		c.state, err = rules.New(board, g.config(seats))
	} else {
		c.state, err = loadState(ctx, tx, g, board, g.config(seats))
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// withTx runs f in a transaction and commits it, or rolls it back when f fails.
func (s *Service) withTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	return s.withTxOpts(ctx, nil, f)
}

// snapshotRead is for reads that must see one consistent snapshot without locking.
var snapshotRead = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}

func (s *Service) withTxOpts(ctx context.Context, opts *sql.TxOptions, f func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("error beginning a transaction: %w", err)
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("error committing: %w", err)
	}
	return nil
}

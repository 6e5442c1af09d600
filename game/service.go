package game

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"rout/internal/pgstmt"
	"rout/rules"
)

// Opts are the service's dependencies and settings.
type Opts struct {
	DB        *sql.DB          // required
	Accounts  Accounts         // required
	Clock     func() time.Time // default time.Now
	Logger    *slog.Logger     // default: discard
	Effects   Effects          // default: none
	CacheSize int              // games whose engine state this replica keeps; default 1024
	// PlayCommands bounds the commands one play of the CPU plays in a transaction before it commits and
	// leaves the rest to another call: a TurnPlay (a CPU's turn, a takeover), or a lone survivor's commands
	// after a command (docs/rules.md, R43); default MaxPlayCommands.
	PlayCommands int
	// PlayTime bounds the time one play of the CPU spends choosing and deciding commands: no command is
	// started after it (the first always is); default PlayTime.
	PlayTime time.Duration
	// SeasonMonths is the length of a leaderboard season, in calendar months (UTC), aligned to the year:
	// one of SeasonLengths; default DefaultSeasonMonths, a quarter. It applies to the seasons the service
	// opens (docs/ratings.md, "Seasons"); give every replica the same value.
	SeasonMonths int
	// SkipNotify commits commands without announcing them on NotifyChannel, as when a process dies between
	// a command's commit and its notification: live subscribers then rely on their hub's head check. For
	// tests.
	SkipNotify bool
}

// Accounts is what the game service reads of the users (account.Service is it): the names they play
// under, the addresses invitations are matched by, and who blocks whom (a user is never invited by someone
// they block).
type Accounts interface {
	// Names returns the names of the users ids that exist, by id; q may be a transaction.
	Names(ctx context.Context, q Querier, ids []int) (map[int]string, error)
	// Emails returns the email addresses of the users ids that exist, by id; q may be a transaction.
	Emails(ctx context.Context, q Querier, ids []int) (map[int]string, error)
	// UserByEmail returns the id of the user whose (lower-cased) address is email, or 0 when there is
	// none; q may be a transaction.
	UserByEmail(ctx context.Context, q Querier, email string) (int, error)
	// Blocks reports whether user blocker blocks user blocked; q may be a transaction.
	Blocks(ctx context.Context, q Querier, blocker, blocked int) (bool, error)
}

// Querier runs the statements of a read: a *sql.DB or a *sql.Tx. It is the same type as account.Querier.
type Querier = interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Service runs every command on a game. It is safe for concurrent use; any number of services (replicas)
// may share one database.
type Service struct {
	db       *sql.DB
	accounts Accounts
	now      func() time.Time
	logger   *slog.Logger
	effects  Effects

	boards *lru[int, *rules.Board] // map row id (one map version) -> its board, which never changes
	mapOf  *lru[int, int]          // game id -> map row id, which never changes
	views  *lru[int, *MapView]     // map row id -> the map and its geometry, for clients

	cache    *stateCache
	notify   *notifier    // announces committed commands
	gameStmt *pgstmt.Stmt // selectGame, for GameSnapshot
	// lockGameSQL and writeSQL, every command's two statements: prepared before the first transaction
	// (prepareCommands)
	lockStmt, writeStmt *pgstmt.Stmt

	playCommands int           // Opts.PlayCommands, the bounds of a play (playBounds)
	playTime     time.Duration // Opts.PlayTime
	seasonMonths int           // Opts.SeasonMonths
}

// New returns a service. It does no I/O.
func New(opts Opts) (*Service, error) {
	if opts.DB == nil {
		return nil, errors.New("game.New: a database is required")
	}
	if opts.Accounts == nil {
		return nil, errors.New("game.New: the accounts are required")
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
	if opts.PlayCommands <= 0 {
		opts.PlayCommands = MaxPlayCommands
	}
	if opts.PlayTime <= 0 {
		opts.PlayTime = PlayTime
	}
	if opts.SeasonMonths == 0 {
		opts.SeasonMonths = DefaultSeasonMonths
	}
	if !ValidSeasonMonths(opts.SeasonMonths) {
		return nil, fmt.Errorf("game.New: a season of %d months: want 1, 2, 3, 4, 6 or 12", opts.SeasonMonths)
	}
	return &Service{
		db:        opts.DB,
		accounts:  opts.Accounts,
		now:       opts.Clock,
		logger:    opts.Logger,
		effects:   opts.Effects,
		boards:    newLRU[int, *rules.Board](maxBoards),
		mapOf:     newLRU[int, int](4 * opts.CacheSize),
		views:     newLRU[int, *MapView](maxBoards),
		cache:     newStateCache(opts.CacheSize),
		notify:    &notifier{stmt: pgstmt.New(opts.DB, notifySQL), logger: opts.Logger, off: opts.SkipNotify},
		gameStmt:  pgstmt.New(opts.DB, selectGame),
		lockStmt:  pgstmt.New(opts.DB, lockGameSQL),
		writeStmt: pgstmt.New(opts.DB, writeSQL.text),

		playCommands: opts.PlayCommands,
		playTime:     opts.PlayTime,
		seasonMonths: opts.SeasonMonths,
	}, nil
}

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// withTx runs f in a transaction and commits it, or rolls it back when f fails.
func (s *Service) withTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	return s.withTxOpts(ctx, nil, f)
}

// snapshotRead is for reads that must see one consistent snapshot without locking.
var snapshotRead = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}

func (s *Service) withTxOpts(ctx context.Context, opts *sql.TxOptions, f func(tx *sql.Tx) error) error {
	if err := s.prepareCommands(ctx); err != nil {
		return err
	}
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

// prepareCommands prepares the lock of a game's row and the write of a command (lockStmt, writeStmt), and
// the effects' statements (PreparedEffects), the first time it is called: before a transaction begins, as
// a transaction holds its connection and preparing takes one from the pool. Each then runs in one round
// trip, parsed and planned once per connection.
func (s *Service) prepareCommands(ctx context.Context) error {
	if _, err := s.lockStmt.Get(ctx); err != nil {
		return err
	}
	if _, err := s.writeStmt.Get(ctx); err != nil {
		return err
	}
	if p, ok := s.effects.(PreparedEffects); ok {
		return p.Prepare(ctx)
	}
	return nil
}

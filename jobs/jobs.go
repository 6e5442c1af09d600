package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivertype"

	"rout/account"
	"rout/chat"
	"rout/game"
	"rout/ladder"
	"rout/notifications"
	"rout/tournament"
)

// Notifier sends one notification through the channel its recipient chose; *router.Router is one.
type Notifier interface {
	Notify(ctx context.Context, ch notifications.Channel, kind notifications.Kind, to notifications.Recipient, data notifications.Data) error
}

// Opts are the dependencies of Jobs.
type Opts struct {
	// DB is the database the game service uses; River's tables are in it (migrate.Up). Required.
	DB *sql.DB
	// Game is the game service the workers play CPU turns and takeovers through, built with an Effects of
	// this package (NewEffects) on the same database. Required.
	Game *game.Service
	// Accounts gives the recipients' addresses, names and notification preferences. Required.
	Accounts *account.Service
	// Tournaments advances tournaments (rout_tournament_advance), and every Config.SweepInterval those
	// with something due (rout_tournament_sweep); nil works no tournament jobs.
	Tournaments *tournament.Service
	// Ladders pairs ladders (rout_ladder_pair), and every Config.SweepInterval those with players enough
	// queued (rout_ladder_sweep); nil works no ladder jobs.
	Ladders *ladder.Service
	// ListenURL is the connection string of the same database, for the LISTEN connection that lets
	// workers pick new jobs up at once. Empty: workers poll every Config.PollInterval only.
	ListenURL string
	// Notifier sends notifications; nil sends none (notices are still recorded).
	Notifier Notifier
	// Clock is the game service's clock (game.Opts.Clock): it measures the time left of a turn and the
	// sweeper's cutoff. Default time.Now.
	Clock func() time.Time
	// Logger receives the records of jobs; nil discards them.
	Logger *slog.Logger
	// Config is how jobs run; see DefaultConfig.
	Config Config
	// Middleware is added to River's middleware, after the counting of Stats (such as the metrics
	// package's job middleware).
	Middleware []rivertype.Middleware
	// Observer hears of every turn a CPU seat finished, every takeover and every notification sent or
	// dropped, as they happen; nil for none.
	Observer Observer
}

// Observer hears of what Stats counts, as it happens (the metrics package's *metrics.Metrics is one).
// Its methods must be safe for concurrent use and return quickly.
type Observer interface {
	CPUTurn()  // a CPU seat finished a turn (a game turn, claim pick or placement turn)
	Takeover() // a CPU finished the turn of a player whose deadline passed
	// NotificationSent: the provider accepted a message of kind (a digest is your_turn) through channel.
	NotificationSent(channel, kind string)
	// NotificationDropped: a message will not be sent, for reason (as Stats.NotificationsDropped counts).
	NotificationDropped(reason string)
}

// Jobs is Rout's River client with its workers, which play through the game service they were built
// with. Its methods are safe for concurrent use.
type Jobs struct {
	db       *sql.DB
	client   *river.Client[*sql.Tx]
	listener *pgxpool.Pool // nil: poll only
	notifier Notifier
	now      func() time.Time
	logger   *slog.Logger
	cfg      Config
	stats    *counters
	limits   *sendLimits
	observer Observer
	game     *game.Service
	accounts *account.Service
	chat     *chat.Service // the unread counts of chat digests
	effects  *Effects      // what the workers insert (a turn's warning notice), through client
	// tournaments is Opts.Tournaments; nil: no tournament workers
	tournaments *tournament.Service
	// ladders is Opts.Ladders; nil: no ladder workers
	ladders *ladder.Service

	mu      sync.Mutex
	started bool
}

// New returns Jobs for opts: a River client that works jobs, through opts.Game, once Start is called. It
// does no I/O.
func New(opts Opts) (*Jobs, error) {
	if opts.DB == nil {
		return nil, errors.New("jobs.New: a database is required")
	}
	if opts.Game == nil {
		return nil, errors.New("jobs.New: a game service is required")
	}
	if opts.Accounts == nil {
		return nil, errors.New("jobs.New: the accounts are required")
	}
	if err := opts.Config.Validate(); err != nil {
		return nil, fmt.Errorf("error configuring jobs: %w", err)
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	j := &Jobs{db: opts.DB, notifier: opts.Notifier, now: opts.Clock, logger: opts.Logger, cfg: opts.Config,
		stats: newCounters(), observer: opts.Observer, game: opts.Game, accounts: opts.Accounts, limits: newSendLimits(),
		chat: chat.NewService(opts.DB, opts.Clock), tournaments: opts.Tournaments, ladders: opts.Ladders}

	driver := riverdatabasesql.New(opts.DB)
	if opts.ListenURL != "" {
		poolCfg, err := pgxpool.ParseConfig(opts.ListenURL)
		if err != nil {
			return nil, errors.New("error configuring the jobs' LISTEN connection: the database URL does not parse")
		}
		poolCfg.MinConns, poolCfg.MaxConns = 0, 1
		if j.listener, err = pgxpool.NewWithConfig(context.Background(), poolCfg); err != nil {
			return nil, fmt.Errorf("error configuring the jobs' LISTEN connection: %w", err)
		}
		driver = riverdatabasesql.NewWithPgxListener(opts.DB, j.listener)
	}

	workers := river.NewWorkers()
	river.AddWorker(workers, &cpuTurnWorker{j: j})
	river.AddWorker(workers, &turnWarningWorker{j: j})
	river.AddWorker(workers, &turnDeadlineWorker{j: j})
	river.AddWorker(workers, &notificationWorker{j: j})
	river.AddWorker(workers, &digestWorker{j: j})
	river.AddWorker(workers, &sweepWorker{j: j})
	river.AddWorker(workers, &seasonCloseWorker{j: j})
	periodic := []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(opts.Config.SweepInterval),
		func() (river.JobArgs, *river.InsertOpts) { return SweepArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(seasonInterval),
			func() (river.JobArgs, *river.InsertOpts) { return SeasonCloseArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true})}
	if opts.Tournaments != nil {
		river.AddWorker(workers, &tournamentAdvanceWorker{j: j})
		river.AddWorker(workers, &tournamentSweepWorker{j: j})
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(opts.Config.SweepInterval),
			func() (river.JobArgs, *river.InsertOpts) { return TournamentSweepArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true}))
	}
	if opts.Ladders != nil {
		river.AddWorker(workers, &ladderPairWorker{j: j})
		river.AddWorker(workers, &ladderSweepWorker{j: j})
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(opts.Config.SweepInterval),
			func() (river.JobArgs, *river.InsertOpts) { return LadderSweepArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true}))
	}
	queues := map[string]river.QueueConfig{
		QueueGame:   {MaxWorkers: opts.Config.MaxWorkers},
		QueueCPU:    {MaxWorkers: opts.Config.CPUWorkers},
		QueueNotify: {MaxWorkers: opts.Config.NotifyWorkers()},
	}
	client, err := river.NewClient(driver, &river.Config{
		FetchPollInterval: opts.Config.PollInterval,
		FetchCooldown:     min(opts.Config.PollInterval, opts.Config.FetchCooldown),
		Logger:            opts.Logger.With("component", "river"),
		Queues:            queues,
		Workers:           workers,
		Middleware:        append([]rivertype.Middleware{&countingMiddleware{stats: j.stats}}, opts.Middleware...),
		PeriodicJobs:      periodic,

		// Every run of a job ends before the rescuer would take it for the job of a dead worker.
		JobTimeout:           opts.Config.JobTimeout(),
		RescueStuckJobsAfter: opts.Config.RescueAfter,
	})
	if err != nil {
		j.closeListener()
		return nil, fmt.Errorf("error creating the River client: %w", err)
	}
	j.client = client
	j.effects = newEffects(opts.DB, client, opts.Accounts, opts.Clock, opts.Config)
	return j, nil
}

// Start works jobs on this process until Stop, playing CPU turns and takeovers through the game
// service New was given. The database must be migrated (migrate.Up).
func (j *Jobs) Start(ctx context.Context) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.started {
		return errors.New("jobs.Start: already started")
	}
	if err := j.client.Start(ctx); err != nil {
		return fmt.Errorf("error starting River: %w", err)
	}
	j.started = true
	j.logger.InfoContext(ctx, "jobs started", "poll_interval", j.cfg.PollInterval, "cpu_delay", j.cfg.CPUDelay,
		"listen", j.listener != nil)
	return nil
}

// Stop stops working jobs: no new job starts, and it waits for the jobs in flight until ctx ends, when it
// cancels them (a cancelled job runs again later, on any worker) and waits for them to return. It then
// closes the LISTEN connection. Stop on Jobs that never started only closes that connection.
func (j *Jobs) Stop(ctx context.Context) error {
	j.mu.Lock()
	started := j.started
	j.started = false
	j.mu.Unlock()
	var errs []error
	if started {
		if err := j.client.Stop(ctx); err != nil {
			errs = append(errs, fmt.Errorf("error stopping River gracefully: %w", err))
			stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			if err := j.client.StopAndCancel(stopCtx); err != nil {
				errs = append(errs, fmt.Errorf("error cancelling the jobs in flight: %w", err))
			}
			cancel()
		}
	}
	j.closeListener()
	return errors.Join(errs...)
}

func (j *Jobs) closeListener() {
	if j.listener != nil {
		j.listener.Close()
	}
}

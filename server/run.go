package server

import (
	"database/sql"
	"net/http"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	gqlgraphql "github.com/99designs/gqlgen/graphql"

	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"rout/account"
	"rout/chat"
	"rout/ent"
	"rout/game"
	"rout/graph"
	"rout/graph/playground"
	"rout/internal/metrics"
	"rout/live"
	"rout/notifications"
	"rout/web"

	"rout/internal/migrate"
	"rout/ladder"
)

// Run is `rout serve`: it validates cfg, listens on cfg.Addr, opens the database (starting the embedded
// cluster when cfg.DatabaseURL is empty), serves HTTP, migrates the database, starts working River jobs
// (cfg.Workers), and is ready. With cfg.WorkerOnly (`rout worker`) it serves only /healthz, /readyz, /metrics
// and the admins' profiles (adminui.ProfilesPath).
// When ctx ends it shuts down in stages, each within a cfg.ShutdownTimeout of its own: the HTTP server
// stops accepting and drains its requests (then closes the connections left), the websockets close
// (1001; a client that does not answer in time is left to its socket's deadline, its operations
// cancelled), the live hub stops, River finishes the jobs in flight (then cancels them); then the
// database closes and the embedded cluster stops. It returns nil after a shutdown that ctx asked for,
// including one during start-up and one that had to cut slow clients off, and an error when the server
// could not start, stopped by itself, or a stage failed.
func Run(ctx context.Context, cfg Config, logger *slog.Logger) error {
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("error validating the configuration: %w", err)
	}
	began := time.Now()
	// Listen first, so that a taken port fails before the embedded cluster starts.
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("error listening on %s: %w", cfg.Addr, err)
	}
	db, err := OpenDatabase(ctx, cfg, logger)
	if err != nil {
		ln.Close()
		if ctx.Err() != nil {
			logger.InfoContext(ctx, "stopped during start-up", "error", err)
			return nil
		}
		return err
	}

	// The API caches tokens: its live hub hears every replica's revocations.
	accounts, err := account.New(account.Opts{DB: db.DB, Logger: logger, SessionTTL: cfg.GraphQL.SessionTTL,
		Push: cfg.Notify.Push, CacheTokens: !cfg.WorkerOnly})
	if err != nil {
		ln.Close()
		return errors.Join(err, db.Close(context.WithoutCancel(ctx)))
	}
	m, riverUI, err := newOps(cfg, db.DB, accounts, logger)
	if err != nil {
		ln.Close()
		return errors.Join(err, db.Close(context.WithoutCancel(ctx)))
	}
	work, services, err := newJobs(cfg, db, accounts, m, logger)
	if err != nil {
		ln.Close()
		return errors.Join(err, db.Close(context.WithoutCancel(ctx)))
	}
	opts := Opts{DB: db.DB, Accounts: accounts, Logger: logger, Metrics: m, Timeouts: cfg.HTTP, Profiles: newProfiles(cfg, accounts, logger)}
	var hub *live.Hub
	if !cfg.WorkerOnly {
		if hub, err = newHub(cfg, db, services.game, logger); err != nil {
			ln.Close()
			return errors.Join(err, work.Stop(ctx), db.Close(context.WithoutCancel(ctx)))
		}
		api, record, previews, err := newAPI(cfg, db.DB, services, accounts, hub, m, logger)
		if err != nil {
			ln.Close()
			return errors.Join(err, work.Stop(ctx), db.Close(context.WithoutCancel(ctx)))
		}
		opts.API, opts.Record, opts.Playground, opts.RiverUI = api, record, playground.Handler(graph.Path), riverUI
		opts.Web = web.Handler()
		opts.Previews = previews
		if cfg.Notify.UnsubscribeKey != "" {
			opts.Unsubscribe = &notifications.Unsubscribe{Key: []byte(cfg.Notify.UnsubscribeKey), BaseURL: cfg.Notify.Links.BaseURL}
		}
	}
	srv := New(opts)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	logger.InfoContext(ctx, "listening", "addr", ln.Addr().String(), "embedded_database", db.Embedded())

	var runErr error
	if err := migrate.Up(ctx, db.DB, logger); err != nil {
		if ctx.Err() == nil {
			runErr = fmt.Errorf("error migrating the database: %w", err)
		}
	} else if err := game.SeedBuiltinMaps(ctx, db.DB); err != nil {
		if ctx.Err() == nil {
			runErr = fmt.Errorf("error storing the built-in maps: %w", err)
		}
	} else if err := services.ladders.DefineAll(ctx, ladder.Builtins); err != nil {
		if ctx.Err() == nil {
			runErr = fmt.Errorf("error defining the built-in ladders: %w", err)
		}
	} else if err := startJobs(ctx, cfg, work); err != nil {
		if ctx.Err() == nil {
			runErr = err
		}
	} else if err := startHub(ctx, hub); err != nil {
		if ctx.Err() == nil {
			runErr = err
		}
	} else {
		srv.MarkMigrated()
		logger.InfoContext(ctx, "ready", "addr", ln.Addr().String(), "elapsed", time.Since(began).Round(time.Millisecond),
			"api", !cfg.WorkerOnly, "workers", cfg.Workers)
		select {
		case <-ctx.Done():
		case err := <-served:
			served <- err // for the wait below
			runErr = err
		}
	}

	logger.InfoContext(ctx, "shutting down; interrupt again to force exit", "timeout", cfg.ShutdownTimeout)
	stopping := time.Now()
	errs := []error{runErr}
	// Each stage gets a fresh ShutdownTimeout of its own: a stage that used up its time leaves the next
	// one its whole bound, not an expired context.
	stage := func(stop func(context.Context) error) error {
		stageCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
		defer cancel()
		return stop(stageCtx)
	}
	// A client too slow to finish within the time is closed: that is the shutdown working, not failing.
	if err := stage(srv.Shutdown); errors.Is(err, context.DeadlineExceeded) {
		logger.WarnContext(ctx, "closed the HTTP connections whose requests did not finish in time", "timeout", cfg.ShutdownTimeout,
			"error", err.Error())
	} else if err != nil {
		errs = append(errs, err)
	}
	if err := stage(func(c context.Context) error { return closeSockets(c, opts.API) }); errors.Is(err, context.DeadlineExceeded) {
		logger.WarnContext(ctx, "websockets still closing after the shutdown timeout: their clients did not answer the close; "+
			"their operations are cancelled", "timeout", cfg.ShutdownTimeout)
	} else if err != nil {
		errs = append(errs, err)
	}
	if err := stage(func(c context.Context) error { return stopHub(c, hub) }); err != nil {
		errs = append(errs, err)
	}
	if err := <-served; err != nil && runErr == nil {
		errs = append(errs, err)
	}
	// River: the jobs in flight get their own ShutdownTimeout, after HTTP and before the database.
	if err := stage(work.Stop); err != nil {
		errs = append(errs, err)
	}
	// Not a stage: the cluster gets its own time for a clean stop (pgcluster.Config.StopTimeout).
	if err := db.Close(context.WithoutCancel(ctx)); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	logger.InfoContext(ctx, "stopped", "elapsed", time.Since(stopping).Round(time.Millisecond))
	return nil
}

// newAPI builds the GraphQL handler, the game record handler and the SVG previews' handler on db, with
// the game, ladder, tournament and account services and the live hub behind them.
func newAPI(cfg Config, db *sql.DB, s services, accounts *account.Service, hub *live.Hub, m *metrics.Metrics, logger *slog.Logger) (api, record, previews http.Handler, err error) {
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))
	deps := graph.Deps{Ent: client, Game: s.game, Ladders: s.ladders, Tournaments: s.tournaments, Accounts: accounts,
		Chat: chat.NewService(db, nil), Live: hub, Logger: logger,
		Extensions: []gqlgraphql.HandlerExtension{m.GraphQL()}}
	if api, err = graph.NewHandler(cfg.GraphQL, deps); err != nil {
		return nil, nil, nil, err
	}
	if record, err = graph.NewRecordHandler(cfg.GraphQL, deps); err != nil {
		return nil, nil, nil, err
	}
	if previews, err = graph.NewPreviewHandler(cfg.GraphQL, deps); err != nil {
		return nil, nil, nil, err
	}
	return api, record, previews, nil
}

// newHub returns the live hub of the subscriptions, with its own LISTEN connection to db's database.
func newHub(cfg Config, db *Database, svc *game.Service, logger *slog.Logger) (*live.Hub, error) {
	dsn := cfg.DatabaseURL
	if db.cluster != nil {
		dsn = db.cluster.DSN()
	}
	return live.New(live.Opts{DB: db.DB, DSN: dsn, Game: svc, Logger: logger.With("component", "live")})
}

// startHub starts the live hub; a process without the API has none.
func startHub(ctx context.Context, hub *live.Hub) error {
	if hub == nil {
		return nil
	}
	if err := hub.Start(ctx); err != nil {
		return fmt.Errorf("error starting the live hub: %w", err)
	}
	return nil
}

// closeSockets closes the API's websockets (their clients reconnect elsewhere and resume) and waits for
// them until ctx ends; a process without the API has none.
func closeSockets(ctx context.Context, api http.Handler) error {
	if s, ok := api.(interface{ Shutdown(context.Context) error }); ok {
		return s.Shutdown(ctx)
	}
	return nil
}

// stopHub stops the live hub; a process without the API has none.
func stopHub(ctx context.Context, hub *live.Hub) error {
	if hub == nil {
		return nil
	}
	return hub.Stop(ctx)
}

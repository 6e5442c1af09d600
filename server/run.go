package server

import (
	"database/sql"
	"net/http"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"rout/ent"
	"rout/game"
	"rout/graph"
	"rout/graph/playground"
	"time"

	"rout/migrate"
)

// Run is `rout serve`: it validates cfg, listens on cfg.Addr, opens the database (starting the embedded
// cluster when cfg.DatabaseURL is empty), serves HTTP, migrates the database, and is ready. When ctx
// ends it shuts down: the HTTP server stops accepting and drains its requests for at most
// cfg.ShutdownTimeout, then the database closes and the embedded cluster stops. It returns nil after a
// shutdown that ctx asked for, including one during start-up, and an error when the server could not
// start or stopped by itself.
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

	api, record, err := newAPI(cfg, db.DB, logger)
	if err != nil {
		ln.Close()
		return errors.Join(err, db.Close(context.WithoutCancel(ctx)))
	}
	srv := New(Opts{DB: db.DB, Logger: logger, API: api, Record: record, Playground: playground.Handler(graph.Path)})
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	logger.InfoContext(ctx, "listening", "addr", ln.Addr().String(), "embedded_database", db.Embedded())

	var runErr error
	if err := migrate.Up(ctx, db.DB, logger); err != nil {
		if ctx.Err() == nil {
			runErr = fmt.Errorf("error migrating the database: %w", err)
		}
	} else {
		srv.MarkMigrated()
		// Next: start River's client here (it stops below, after HTTP and before the database).
		logger.InfoContext(ctx, "ready", "addr", ln.Addr().String(), "elapsed", time.Since(began).Round(time.Millisecond))
		select {
		case <-ctx.Done():
		case err := <-served:
			served <- err // for the wait below
			runErr = err
		}
	}

	logger.InfoContext(ctx, "shutting down; interrupt again to force exit", "timeout", cfg.ShutdownTimeout)
	stopping := time.Now()
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
	defer cancel()
	errs := []error{runErr}
	if err := srv.Shutdown(shutdownCtx); err != nil {
		errs = append(errs, err)
	}
	if err := <-served; err != nil && runErr == nil {
		errs = append(errs, err)
	}
	// Not shutdownCtx: the cluster gets its own time for a clean stop (pgcluster.Config.StopTimeout).
	if err := db.Close(context.WithoutCancel(ctx)); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	logger.InfoContext(ctx, "stopped", "elapsed", time.Since(stopping).Round(time.Millisecond))
	return nil
}

// newAPI builds the GraphQL handler, the game record handler and the game service behind them, on db.
func newAPI(cfg Config, db *sql.DB, logger *slog.Logger) (api, record http.Handler, err error) {
	svc, err := game.New(game.Opts{DB: db, Logger: logger})
	if err != nil {
		return nil, nil, err
	}
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))
	deps := graph.Deps{Ent: client, DB: db, Game: svc, Logger: logger}
	if api, err = graph.NewHandler(cfg.GraphQL, deps); err != nil {
		return nil, nil, err
	}
	if record, err = graph.NewRecordHandler(cfg.GraphQL, deps); err != nil {
		return nil, nil, err
	}
	return api, record, nil
}

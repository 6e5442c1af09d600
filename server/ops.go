package server

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/ent"
	"rout/graph"
	"rout/internal/adminui"
	"rout/internal/metrics"
)

// liveTokens reads the bearer tokens of db as the API does (graph.LiveToken), at the wall clock.
func liveTokens(db *sql.DB) adminui.LiveToken {
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))
	return func(ctx context.Context, secret string) (*ent.Token, error) {
		return graph.LiveToken(ctx, client, time.Now(), secret)
	}
}

// newOps builds the operators' endpoints on db: the Prometheus metrics (behind cfg.MetricsToken when
// set), which the jobs may feed too, and the River UI for admins and cfg.AdminToken.
func newOps(cfg Config, db *sql.DB, logger *slog.Logger) (*metrics.Metrics, *adminui.Handler, error) {
	m, err := metrics.New(metrics.Opts{DB: db, Token: cfg.MetricsToken, Logger: logger})
	if err != nil {
		return nil, nil, err
	}
	ui, err := adminui.New(adminui.Opts{
		DB:         db,
		Admins:     adminui.TokenAdmins(liveTokens(db)),
		AdminToken: cfg.AdminToken,
		Logger:     logger,
	})
	if err != nil {
		return nil, nil, err
	}
	return m, ui, nil
}

// newProfiles returns the Go runtime's profiles (net/http/pprof) for admins and cfg.AdminToken.
func newProfiles(cfg Config, db *sql.DB, logger *slog.Logger) http.Handler {
	return adminui.Profiles(adminui.TokenAdmins(liveTokens(db)), cfg.AdminToken, logger)
}

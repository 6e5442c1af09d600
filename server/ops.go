package server

import (
	"database/sql"
	"log/slog"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"rout/adminui"
	"rout/ent"
	"rout/metrics"
)

// newOps builds the operators' endpoints on db: the Prometheus metrics (behind cfg.MetricsToken when
// set), which the jobs may feed too, and the River UI for admins and cfg.AdminToken.
func newOps(cfg Config, db *sql.DB, logger *slog.Logger) (*metrics.Metrics, *adminui.Handler, error) {
	m, err := metrics.New(metrics.Opts{DB: db, Token: cfg.MetricsToken, Logger: logger})
	if err != nil {
		return nil, nil, err
	}
	ui, err := adminui.New(adminui.Opts{
		DB:         db,
		Admins:     adminui.TokenAdmins(ent.NewClient(ent.Driver(entsql.OpenDB(dialect.Postgres, db)))),
		AdminToken: cfg.AdminToken,
		Logger:     logger,
	})
	if err != nil {
		return nil, nil, err
	}
	return m, ui, nil
}

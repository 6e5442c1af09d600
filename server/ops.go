package server

import (
	"database/sql"
	"log/slog"
	"net/http"

	"rout/account"
	"rout/internal/adminui"
	"rout/internal/metrics"
)

// newOps builds the operators' endpoints on db: the Prometheus metrics (behind cfg.MetricsToken when
// set), which the jobs may feed too, and the River UI for admins and cfg.AdminToken.
func newOps(cfg Config, db *sql.DB, accounts *account.Service, logger *slog.Logger) (*metrics.Metrics, *adminui.Handler, error) {
	m, err := metrics.New(metrics.Opts{DB: db, Token: cfg.MetricsToken, Logger: logger})
	if err != nil {
		return nil, nil, err
	}
	ui, err := adminui.New(adminui.Opts{
		DB:         db,
		Admins:     adminui.TokenAdmins(accounts.LiveToken),
		AdminToken: cfg.AdminToken,
		Logger:     logger,
	})
	if err != nil {
		return nil, nil, err
	}
	return m, ui, nil
}

// newProfiles returns the Go runtime's profiles (net/http/pprof) for admins and cfg.AdminToken.
func newProfiles(cfg Config, accounts *account.Service, logger *slog.Logger) http.Handler {
	return adminui.Profiles(adminui.TokenAdmins(accounts.LiveToken), cfg.AdminToken, logger)
}

package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"rout/internal/migrate"
	"rout/server"
)

const migrateSummary = `Applies the database migrations (Rout's and River's) and exits; safe to run while servers run. With
no DATABASE_URL it uses the embedded PostgreSQL in --data-dir, as rout serve does.`

func runMigrate(ctx context.Context, args []string, getenv func(string) string, _, stderr io.Writer) error {
	cfg, help, err := loadConfig("migrate", migrateSummary, args, getenv, stderr, databaseSettings|logSettings)
	if err != nil || help {
		return err
	}
	return withDatabase(ctx, cfg, stderr, func(db *sql.DB, logger *slog.Logger) error {
		if err := migrate.Up(ctx, db, logger); err != nil {
			return fmt.Errorf("error migrating the database: %w", err)
		}
		logger.InfoContext(ctx, "the database is up to date")
		return nil
	})
}

// withDatabase opens the database of cfg (the embedded one when it has no URL), logging to stderr as cfg
// says, runs f on it and closes it. An error closing it is returned with f's.
func withDatabase(ctx context.Context, cfg server.Config, stderr io.Writer, f func(db *sql.DB, logger *slog.Logger) error) (err error) {
	logger := server.NewLogger(stderr, cfg)
	db, err := server.OpenDatabase(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, db.Close(context.WithoutCancel(ctx))) }()
	return f(db.DB, logger)
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"rout/migrate"
	"rout/server"
)

const migrateSummary = `Applies the database migrations (Rout's and River's) and exits; safe to run while servers run. With
no DATABASE_URL it uses the embedded PostgreSQL in --data-dir, as rout serve does.`

func runMigrate(ctx context.Context, args []string, getenv func(string) string, _, stderr io.Writer) (err error) {
	cfg, help, err := loadConfig("migrate", migrateSummary, args, getenv, stderr, databaseSettings|logSettings)
	if err != nil || help {
		return err
	}
	logger := server.NewLogger(stderr, cfg)
	db, err := server.OpenDatabase(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer func() {
		err = errors.Join(err, db.Close(context.WithoutCancel(ctx)))
	}()
	if err := migrate.Up(ctx, db.DB, logger); err != nil {
		return fmt.Errorf("error migrating the database: %w", err)
	}
	logger.InfoContext(ctx, "the database is up to date")
	return nil
}

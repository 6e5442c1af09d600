package migrate_test

import (
	"context"
	"database/sql"
	"log/slog"
	"os"

	_ "github.com/lib/pq"

	"rout/internal/migrate"
)

// Every replica calls Up at start-up, before it serves or works jobs; they take turns on the lock.
func ExampleUp() {
	ctx := context.Background()
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	defer db.Close()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := migrate.Up(ctx, db, logger); err != nil {
		logger.Error("migrations failed", slog.Any("error", err))
		os.Exit(1)
	}
}

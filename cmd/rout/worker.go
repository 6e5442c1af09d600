package main

import (
	"context"
	"io"

	"rout/server"
)

const workerSummary = `Works River jobs (CPU turns, turn warnings and deadlines, notifications, the sweeper) until SIGINT or
SIGTERM, without the API: a worker replica beside API replicas started with rout serve --workers=false.
It serves /healthz and /readyz on --addr, applies the database migrations at start, and logs to
standard error.`

func runWorker(ctx context.Context, args []string, getenv func(string) string, _, stderr io.Writer) error {
	cfg, help, err := loadConfig("worker", workerSummary, args, getenv, stderr,
		addrSettings|databaseSettings|logSettings|shutdownSettings|seasonSettings)
	if err != nil || help {
		return err
	}
	cfg.Workers, cfg.WorkerOnly = true, true
	return server.Run(ctx, cfg, server.NewLogger(stderr, cfg))
}

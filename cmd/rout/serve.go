package main

import (
	"context"
	"io"

	"rout/server"
)

const serveSummary = `Serves Rout over HTTP (/healthz, /readyz) until SIGINT or SIGTERM. With no DATABASE_URL it starts
an embedded PostgreSQL in --data-dir from the local PostgreSQL programs; it applies the database
migrations at start and works River jobs (CPU turns, turn deadlines, notifications) unless --workers=false.
Logs go to standard error.`

func runServe(ctx context.Context, args []string, getenv func(string) string, _, stderr io.Writer) error {
	cfg, help, err := loadConfig("serve", serveSummary, args, getenv, stderr,
		addrSettings|databaseSettings|logSettings|shutdownSettings|workersSettings|seasonSettings)
	if err != nil || help {
		return err
	}
	return server.Run(ctx, cfg, server.NewLogger(stderr, cfg))
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"rout/game"
	"rout/server"
)

const gamesVerifySummary = `Rebuilds games from their events and compares them with their stored rows. With game ids, checks
those games; without, every started game. Exits 1 when any game differs. With no DATABASE_URL it uses the
embedded PostgreSQL in --data-dir, as rout serve does.`

func runGames(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprintln(stderr, "usage: rout games verify [flags] [game id ...]")
		return usageError("games: the only subcommand is verify")
	}
	var ids []int
	var flags []string
	for _, a := range args[1:] {
		if id, err := strconv.Atoi(a); err == nil && id > 0 {
			ids = append(ids, id)
		} else {
			flags = append(flags, a)
		}
	}
	cfg, help, err := loadConfig("games verify", gamesVerifySummary, flags, getenv, stderr, databaseSettings|logSettings)
	if err != nil || help {
		return err
	}
	logger := server.NewLogger(stderr, cfg)
	db, err := server.OpenDatabase(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, db.Close(context.WithoutCancel(ctx))) }()
	svc, err := game.New(game.Opts{DB: db.DB, Logger: logger})
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		if ids, err = svc.GameIDs(ctx); err != nil {
			return err
		}
	}
	failed := 0
	for _, id := range ids {
		if err := svc.GameVerify(ctx, id); err != nil {
			failed++
			fmt.Fprintf(stdout, "game %d: %v\n", id, err)
			continue
		}
		fmt.Fprintf(stdout, "game %d: ok\n", id)
	}
	fmt.Fprintf(stdout, "%d games verified, %d differ\n", len(ids), failed)
	if failed > 0 {
		return exitError(1)
	}
	return nil
}

package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"rout/account"
	"rout/game"
	"rout/rules"
)

// stdin is what "rout games replay -" reads; tests replace it.
var stdin io.Reader = os.Stdin

const gamesVerifySummary = `Rebuilds games from their events and compares them with their stored rows. With game ids, checks
those games; without, every started game. Exits 1 when any game differs. With no DATABASE_URL it uses the
embedded PostgreSQL in --data-dir, as rout serve does.`

func runGames(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "replay" {
		return runGamesReplay(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "verify-dice" {
		return runGamesVerifyDice(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprintln(stderr, "usage: rout games verify [flags] [game id ...]\n       rout games replay FILE\n       rout games verify-dice FILE")
		return usageError("games: the subcommands are verify, replay and verify-dice")
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
	return withDatabase(ctx, cfg, stderr, func(db *sql.DB, logger *slog.Logger) error {
		return verifyGames(ctx, db, logger, ids, stdout)
	})
}

// verifyGames verifies the games ids (every started game when there are none) and prints how each went;
// it fails with exit status 1 when any differs.
func verifyGames(ctx context.Context, db *sql.DB, logger *slog.Logger, ids []int, stdout io.Writer) error {
	accounts, err := account.New(account.Opts{DB: db, Logger: logger})
	if err != nil {
		return err
	}
	svc, err := game.New(game.Opts{DB: db, Accounts: accounts, Logger: logger})
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

// runGamesReplay reads a game record (docs/record-format.md) from a file, or from stdin for "-", replays
// it with every check of game.Replay (each event against the rules, the header against the events) and
// prints a summary. A record that does not decode or is refused is an error (exit status 1) that carries
// the refusal's code.
func runGamesReplay(args []string, stdout, stderr io.Writer) error {
	rec, err := readRecordArg("replay", args, stderr)
	if err != nil {
		return err
	}
	st, err := game.Replay(rec)
	if err != nil {
		return fmt.Errorf("bad record: %w", err)
	}
	fmt.Fprintf(stdout, "map: %s (version %d)\n", rec.Map.Key, rec.Map.Version)
	fmt.Fprintf(stdout, "settings: claim %s, cards %s, ttb %d%%\n", rec.Settings.Claim, rec.Settings.CardSystem, rec.Settings.TTBPercent)
	for _, s := range rec.Seats {
		who := s.Name
		if s.CPU {
			who = "CPU " + s.Difficulty
		}
		if who == "" {
			who = "-"
		}
		p := st.Player(rules.PlayerID(s.Seat))
		fmt.Fprintf(stdout, "seat %d: %s (%s), %s, %d territories, %d armies\n", s.Seat, who, s.Color, p.Status, p.Territories, p.Armies)
	}
	fmt.Fprintf(stdout, "events: %d, turn %d\n", len(rec.Events), st.Turn())
	if st.Phase() == rules.PhaseOver {
		fmt.Fprintf(stdout, "winner: seat %d\n", int(st.Winner()))
	} else {
		fmt.Fprintf(stdout, "phase reached: %s (game %s)\n", st.Phase(), rec.Status)
	}
	return nil
}

// readRecordArg reads the record of the one argument of "rout games sub": a file, or stdin for "-".
func readRecordArg(sub string, args []string, stderr io.Writer) (game.Record, error) {
	if len(args) != 1 || (strings.HasPrefix(args[0], "-") && args[0] != "-") {
		fmt.Fprintf(stderr, "usage: rout games %s FILE (- for stdin)\n", sub)
		return game.Record{}, usageError("games " + sub + ": one record file is required")
	}
	in := stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return game.Record{}, fmt.Errorf("error reading the record: %w", err)
		}
		defer f.Close()
		in = f
	}
	rec, err := game.ReadRecord(in)
	if bad := (*game.RecordError)(nil); errors.As(err, &bad) {
		return game.Record{}, fmt.Errorf("bad record: %w", err)
	}
	return rec, err
}

// runGamesVerifyDice reads a finished game's record from a file, or from stdin for "-", and derives every
// draw of the game again from its revealed seeds (game.VerifyDice, docs/record-format.md "Committed
// dice"). A record whose draws are not its seeds' is an error (exit status 1) that carries the refusal's
// code.
func runGamesVerifyDice(args []string, stdout, stderr io.Writer) error {
	rec, err := readRecordArg("verify-dice", args, stderr)
	if err != nil {
		return err
	}
	if err := game.VerifyDice(rec); err != nil {
		return fmt.Errorf("bad dice: %w", err)
	}
	draws := 0
	for _, e := range rec.Events {
		draws += len(e.Draws)
	}
	fmt.Fprintf(stdout, "dice verified: %d draws of %d events derive from the seeds (scheme %s, commitment %s)\n",
		draws, len(rec.Events), rec.Dice.Scheme, rec.Dice.Commitment)
	return nil
}

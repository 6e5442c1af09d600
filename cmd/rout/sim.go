package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"time"

	"rout/ai"
	"rout/maps"
	"rout/rules"
	"rout/sim"
)

func runSim(ctx context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rout sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapID := fs.String("map", maps.ClassicID, "built-in map `id`, or generated-N for a generated map of N territories")
	players := fs.Int("players", 4, "players per game")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	claim := fs.String("claim", "random", "claim strategy: random or round_robin")
	cards := fs.String("cards", "classic", "card system: classic, fixed, fixed_ttb or classic_scaling_ttb")
	check := fs.Bool("check", true, "check the invariants after every event (slower)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: rout sim [flags]\n\nPlays random legal games through the rules engine and prints a summary.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return exitError(2)
	}
	if fs.NArg() > 0 {
		return usageError(fmt.Sprintf("sim: unexpected argument %q", fs.Arg(0)))
	}
	board, err := simBoard(*mapID)
	if err != nil {
		return err
	}
	cfg := rules.Config{Seats: make([]rules.Seat, *players)}
	for i := range cfg.Seats {
		cfg.Seats[i].Color = fmt.Sprintf("seat-%d", i)
	}
	if err := cfg.Claim.UnmarshalText([]byte(*claim)); err != nil {
		return usageError("sim: --claim: " + err.Error())
	}
	if err := cfg.Cards.UnmarshalText([]byte(*cards)); err != nil {
		return usageError("sim: --cards: " + err.Error())
	}
	if *games < 1 {
		return usageError("sim: --games must be at least 1")
	}
	policies := make([]sim.Policy, *players)
	for i := range policies {
		policies[i] = ai.Random
	}
	wins := make([]int, *players)
	var commands, events, turns []int
	start := time.Now()
	for g := range *games {
		if err := ctx.Err(); err != nil {
			return err
		}
		res, err := sim.Play(board, cfg, policies, *seed+uint64(g), sim.Opts{Check: *check})
		if err != nil {
			return fmt.Errorf("game %d (seed %d): %w", g, *seed+uint64(g), err)
		}
		if res.Winner < 0 {
			return fmt.Errorf("game %d (seed %d) did not end", g, *seed+uint64(g))
		}
		wins[res.Winner]++
		commands, events, turns = append(commands, res.Commands), append(events, res.Events), append(turns, res.Final.Turn())
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "map %s (%d territories), %d players, %s claim, %s cards, invariants checked: %v\n",
		*mapID, board.Len(), *players, cfg.Claim, cfg.Cards, *check)
	fmt.Fprintf(stdout, "games: %d in %.2fs, %.1f games/s\n", *games, elapsed.Seconds(), float64(*games)/elapsed.Seconds())
	fmt.Fprintf(stdout, "turns per game: %s\n", summary(turns))
	fmt.Fprintf(stdout, "commands per game: %s\n", summary(commands))
	fmt.Fprintf(stdout, "events per game: %s\n", summary(events))
	fmt.Fprintf(stdout, "wins by seat: %v\n", wins)
	return nil
}

func simBoard(id string) (*rules.Board, error) {
	var n int
	if _, err := fmt.Sscanf(id, "generated-%d", &n); err == nil {
		m, err := maps.Generate(maps.GenerateOpts{Territories: n, Seed: 1})
		if err != nil {
			return nil, usageError("sim: --map: " + err.Error())
		}
		return m.Board()
	}
	m, ok := maps.Builtin(id)
	if !ok {
		return nil, usageError(fmt.Sprintf("sim: --map: no built-in map %q", id))
	}
	return m.Board()
}

// summary gives the mean, median and extremes of xs.
func summary(xs []int) string {
	sorted := slices.Sorted(slices.Values(xs))
	total := 0
	for _, x := range xs {
		total += x
	}
	return fmt.Sprintf("mean %.1f, median %d, min %d, max %d",
		float64(total)/float64(len(xs)), sorted[len(sorted)/2], sorted[0], sorted[len(sorted)-1])
}

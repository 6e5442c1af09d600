package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"rout/ai"
	"rout/maps"
	"rout/rules"
	"rout/sim"
)

const simSummary = `Plays games through the rules engine and prints a summary: random legal games, or with --seats a
tournament between CPU players.`

func runSim(ctx context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sim", "[flags]", simSummary, stderr)
	mapID := fs.String("map", maps.ClassicID, "built-in map `id`, or generated-N for a generated map of N territories")
	players := fs.Int("players", 4, "players per game")
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	claim := fs.String("claim", "random", "claim strategy: random or round_robin")
	cards := fs.String("cards", "classic", "card system: classic, fixed, fixed_ttb or classic_scaling_ttb")
	check := fs.Bool("check", true, "check the invariants after every event (slower)")
	seatList := fs.String("seats", "", "comma-separated CPU `players`, one per seat ("+strings.Join(ai.Names(), ", ")+
		"): a tournament with win rates per player and decision times; overrides --players")
	maxCommands := fs.Int("max-commands", 0, "stop a game after this many commands (0: 1,000,000): with --seats it counts as unfinished, otherwise it is an error")
	if done, err := parseFlags(fs, args, 0); done {
		return err
	}
	board, err := simBoard(*mapID)
	if err != nil {
		return err
	}
	var names []string
	if *seatList != "" {
		names = strings.Split(*seatList, ",")
		*players = len(names)
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
	if *maxCommands < 0 {
		return usageError("sim: --max-commands must not be negative")
	}
	policies := make([]sim.Policy, *players)
	var times sim.DecisionTimes
	if names != nil {
		for i, name := range names {
			policy, ok := ai.ByName(name)
			if !ok {
				return usageError(fmt.Sprintf("sim: --seats: no CPU player %q (want one of %s)", name, strings.Join(ai.Names(), ", ")))
			}
			policies[i] = times.Wrap(name, policy)
		}
	} else {
		for i := range policies {
			policies[i] = ai.Random
		}
	}
	stats := sim.NewStats(*players)
	start := time.Now()
	for g := range *games {
		if err := ctx.Err(); err != nil {
			return err
		}
		seed := *seed + uint64(g)
		res, err := sim.Play(board, cfg, policies, seed, sim.Opts{Check: *check, MaxCommands: *maxCommands})
		if err != nil {
			return fmt.Errorf("error playing game %d (seed %d): %w", g, seed, err)
		}
		if res.Winner < 0 && names == nil {
			return fmt.Errorf("game %d (seed %d) did not end", g, seed)
		}
		stats.Add(res)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "map %s (%d territories), %d players, %s claim, %s cards, invariants checked: %v\n",
		*mapID, board.Len(), *players, cfg.Claim, cfg.Cards, *check)
	if names != nil {
		fmt.Fprintf(stdout, "seats: %s\n", strings.Join(names, ","))
	}
	fmt.Fprintf(stdout, "games: %d in %.2fs, %.1f games/s\n", *games, elapsed.Seconds(), float64(*games)/elapsed.Seconds())
	fmt.Fprintf(stdout, "turns per game: %s\n", spread(stats.Turns))
	fmt.Fprintf(stdout, "commands per game: %s\n", spread(stats.Commands))
	fmt.Fprintf(stdout, "events per game: %s\n", spread(stats.Events))
	fmt.Fprintf(stdout, "wins by seat: %v\n", stats.Wins)
	if names != nil {
		printTournament(stdout, names, stats, &times)
	}
	return nil
}

// printTournament prints, for each CPU player of the seats, the share of the games it won with its 95%
// Wilson confidence interval (and split by whether it moved first), and the 50th and 99th percentiles of
// its decision times.
func printTournament(w io.Writer, names []string, stats *sim.Stats, times *sim.DecisionTimes) {
	if stats.Unfinished > 0 {
		fmt.Fprintf(w, "unfinished games (no winner): %d\n", stats.Unfinished)
	}
	rate := func(k, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n))
	}
	standings := stats.Standings(names)
	for _, st := range standings {
		line := fmt.Sprintf("win rate %s: %d of %d games, %s (95%% CI %.1f%% to %.1f%%), %d seat(s)",
			st.Name, st.Wins, st.Games, rate(st.Wins, st.Games), 100*st.WinLow, 100*st.WinHigh, st.Seats)
		if st.Seats > 1 {
			line += fmt.Sprintf(", %s per seat", rate(st.Wins, st.SeatGames))
		}
		fmt.Fprintln(w, line)
		fmt.Fprintf(w, "win rate %s moving first: %d of %d games, %s; not moving first: %d of %d, %s\n",
			st.Name, st.FirstWins, st.FirstGames, rate(st.FirstWins, st.FirstGames),
			st.LaterWins, st.LaterGames, rate(st.LaterWins, st.LaterGames))
	}
	for _, st := range standings {
		d := times.Sorted(st.Name)
		if len(d) == 0 {
			continue
		}
		fmt.Fprintf(w, "decision time %s: p50 %s, p99 %s, max %s over %d decisions\n",
			st.Name, sim.Percentile(d, 50), sim.Percentile(d, 99), d[len(d)-1], len(d))
	}
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

// spread gives the mean, median and extremes of xs.
func spread(xs []int) string {
	sp := sim.SpreadOf(xs)
	return fmt.Sprintf("mean %.1f, median %d, min %d, max %d", sp.Mean, sp.Median, sp.Min, sp.Max)
}

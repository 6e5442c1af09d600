package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
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
	seatList := fs.String("seats", "", "comma-separated CPU `players`, one per seat ("+strings.Join(ai.Names(), ", ")+
		"): a tournament with win rates per player and decision times; overrides --players")
	maxCommands := fs.Int("max-commands", 0, "stop a game after this many commands (0: 1,000,000): with --seats it counts as unfinished, otherwise it is an error")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: rout sim [flags]\n\nPlays games through the rules engine and prints a summary: random legal games, or\n"+
			"with --seats a tournament between CPU players.")
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
	var times *decisionTimes
	if names != nil {
		times = &decisionTimes{byName: map[string][]time.Duration{}}
		for i, name := range names {
			policy, ok := ai.ByName(name)
			if !ok {
				return usageError(fmt.Sprintf("sim: --seats: no CPU player %q (want one of %s)", name, strings.Join(ai.Names(), ", ")))
			}
			policies[i] = times.wrap(name, policy)
		}
	} else {
		for i := range policies {
			policies[i] = ai.Random
		}
	}
	wins := make([]int, *players)
	firstGames, firstWins := make([]int, *players), make([]int, *players) // by the seat that moved first
	unfinished := 0
	var commands, events, turns []int
	start := time.Now()
	for g := range *games {
		if err := ctx.Err(); err != nil {
			return err
		}
		res, err := sim.Play(board, cfg, policies, *seed+uint64(g), sim.Opts{Check: *check, MaxCommands: *maxCommands})
		if err != nil {
			return fmt.Errorf("game %d (seed %d): %w", g, *seed+uint64(g), err)
		}
		if order := res.Final.Order(); len(order) > 0 {
			firstGames[order[0]]++
			if res.Winner == order[0] {
				firstWins[order[0]]++
			}
		}
		switch {
		case res.Winner >= 0:
			wins[res.Winner]++
		case names != nil:
			unfinished++
		default:
			return fmt.Errorf("game %d (seed %d) did not end", g, *seed+uint64(g))
		}
		commands, events, turns = append(commands, res.Commands), append(events, res.Events), append(turns, res.Final.Turn())
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "map %s (%d territories), %d players, %s claim, %s cards, invariants checked: %v\n",
		*mapID, board.Len(), *players, cfg.Claim, cfg.Cards, *check)
	if names != nil {
		fmt.Fprintf(stdout, "seats: %s\n", strings.Join(names, ","))
	}
	fmt.Fprintf(stdout, "games: %d in %.2fs, %.1f games/s\n", *games, elapsed.Seconds(), float64(*games)/elapsed.Seconds())
	fmt.Fprintf(stdout, "turns per game: %s\n", summary(turns))
	fmt.Fprintf(stdout, "commands per game: %s\n", summary(commands))
	fmt.Fprintf(stdout, "events per game: %s\n", summary(events))
	fmt.Fprintf(stdout, "wins by seat: %v\n", wins)
	if names != nil {
		printTournament(stdout, names, tally{wins, firstGames, firstWins, unfinished, *games}, times)
	}
	return nil
}

// tally is what a tournament's games came to.
type tally struct {
	wins       []int // by seat
	firstGames []int // games in which each seat moved first
	firstWins  []int // ... and won
	unfinished int
	games      int
}

// printTournament prints, for each CPU player of the seats, the share of the games it won with its 95%
// Wilson confidence interval (and split by whether it moved first), and the 50th and 99th percentiles of
// its decision times.
func printTournament(w io.Writer, names []string, t tally, times *decisionTimes) {
	if t.unfinished > 0 {
		fmt.Fprintf(w, "unfinished games (no winner): %d\n", t.unfinished)
	}
	var order []string
	seatsOf := map[string]int{}
	winsOf, firstGamesOf, firstWinsOf := map[string]int{}, map[string]int{}, map[string]int{}
	for i, name := range names {
		if seatsOf[name] == 0 {
			order = append(order, name)
		}
		seatsOf[name]++
		winsOf[name] += t.wins[i]
		firstGamesOf[name] += t.firstGames[i]
		firstWinsOf[name] += t.firstWins[i]
	}
	rate := func(k, n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n))
	}
	for _, name := range order {
		lo, hi := wilson(winsOf[name], t.games)
		line := fmt.Sprintf("win rate %s: %d of %d games, %s (95%% CI %.1f%% to %.1f%%), %d seat(s)",
			name, winsOf[name], t.games, rate(winsOf[name], t.games), 100*lo, 100*hi, seatsOf[name])
		if seatsOf[name] > 1 {
			line += fmt.Sprintf(", %s per seat", rate(winsOf[name], t.games*seatsOf[name]))
		}
		fmt.Fprintln(w, line)
		// Counted per seat and game: a seat that moved first, or one that did not.
		later, laterWins := t.games*seatsOf[name]-firstGamesOf[name], winsOf[name]-firstWinsOf[name]
		fmt.Fprintf(w, "win rate %s moving first: %d of %d games, %s; not moving first: %d of %d, %s\n",
			name, firstWinsOf[name], firstGamesOf[name], rate(firstWinsOf[name], firstGamesOf[name]),
			laterWins, later, rate(laterWins, later))
	}
	for _, name := range order {
		d := slices.Sorted(slices.Values(times.byName[name]))
		if len(d) == 0 {
			continue
		}
		fmt.Fprintf(w, "decision time %s: p50 %s, p99 %s, max %s over %d decisions\n",
			name, percentile(d, 50), percentile(d, 99), d[len(d)-1], len(d))
	}
}

// decisionTimes records how long each CPU player takes per decision.
type decisionTimes struct {
	byName map[string][]time.Duration
}

// wrap returns policy, timing every decision it makes under name.
func (dt *decisionTimes) wrap(name string, policy func(rules.State, rules.PlayerID, *rand.Rand) rules.Command) sim.Policy {
	return func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		start := time.Now()
		c := policy(s, p, r)
		dt.byName[name] = append(dt.byName[name], time.Since(start))
		return c
	}
}

// percentile returns the nearest-rank p-th percentile of sorted durations.
func percentile(sorted []time.Duration, p int) time.Duration {
	i := (p*len(sorted)+99)/100 - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// wilson returns the 95% Wilson score interval of a proportion of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	denom := 1 + z*z/nf
	center := (p + z*z/(2*nf)) / denom
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / denom
	return max(0, center-half), min(1, center+half)
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

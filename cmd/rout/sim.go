package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
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
	fog := fs.String("fog", "none", "fog of war: none, light, normal, heavy or complete (each CPU decides from what its seat sees)")
	check := fs.Bool("check", true, "check the invariants after every event (slower)")
	seatList := fs.String("seats", "", "comma-separated CPU `players`, one per seat ("+strings.Join(ai.Names(), ", ")+
		", or idle: a seat that only does what it must and ends its turns): a tournament with win rates per player and decision times; overrides --players")
	budget := fs.Duration("budget", 0, "time budget of one CPU decision (0: each player's default); a decision that runs out of it plays a safe command, so set it high for figures that do not depend on the machine's load")
	parallel := fs.Int("parallel", runtime.GOMAXPROCS(0), "games played at once (the results do not depend on it)")
	teams := fs.String("teams", "", "a team game of this `shape` (2v2, 3v3, 2v2v2, 2v1, ...): seat 0 plays for team A, seat 1 for B, and so on in turn; results per team; overrides --players")
	teamRules := fs.String("team-rules", "", "a team game's `options`, comma-separated: place (on teammates), fortify=own|to_teammate|through_team, attack (teammates), no_card (from teammates)")
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
	var seatTeams []int
	var cfg rules.Config
	if *teams != "" {
		if cfg.Teams, seatTeams, err = sim.TeamShape(*teams); err != nil {
			return usageError("sim: --teams: " + err.Error())
		}
		if names != nil && len(names) != len(seatTeams) {
			return usageError(fmt.Sprintf("sim: --teams %s has %d seats, --seats names %d", *teams, len(seatTeams), len(names)))
		}
		*players = len(seatTeams)
	}
	cfg.Seats = make([]rules.Seat, *players)
	for i := range cfg.Seats {
		cfg.Seats[i].Color = fmt.Sprintf("seat-%d", i)
		if seatTeams != nil {
			cfg.Seats[i].Team = seatTeams[i]
		}
	}
	if *teamRules != "" {
		if cfg.Teams == nil {
			return usageError("sim: --team-rules needs --teams")
		}
		if cfg.TeamRules, err = parseTeamRules(*teamRules); err != nil {
			return usageError("sim: --team-rules: " + err.Error())
		}
	}
	if err := cfg.Claim.UnmarshalText([]byte(*claim)); err != nil {
		return usageError("sim: --claim: " + err.Error())
	}
	if err := cfg.Cards.UnmarshalText([]byte(*cards)); err != nil {
		return usageError("sim: --cards: " + err.Error())
	}
	if err := cfg.Fog.UnmarshalText([]byte(*fog)); err != nil {
		return usageError("sim: --fog: " + err.Error())
	}
	if *games < 1 {
		return usageError("sim: --games must be at least 1")
	}
	if *budget < 0 {
		return usageError("sim: --budget must not be negative")
	}
	if *parallel < 1 {
		return usageError("sim: --parallel must be at least 1")
	}
	if *maxCommands < 0 {
		return usageError("sim: --max-commands must not be negative")
	}
	base := make([]sim.Policy, *players)
	if names != nil {
		for i, name := range names {
			policy, ok := simPlayer(name, *budget)
			if !ok {
				return usageError(fmt.Sprintf("sim: --seats: no CPU player %q (want one of %s, idle)", name, strings.Join(ai.Names(), ", ")))
			}
			base[i] = policy
		}
	} else {
		for i := range base {
			base[i] = ai.Random
		}
	}
	type outcome struct {
		res   sim.Result
		times *sim.DecisionTimes
		err   error
	}
	outcomes := make([]outcome, *games)
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range min(*parallel, *games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				times := &sim.DecisionTimes{}
				policies := make([]sim.Policy, len(base))
				for i, p := range base {
					policies[i] = p
					if names != nil {
						policies[i] = times.Wrap(names[i], p)
					}
				}
				seed := *seed + uint64(g)
				res, err := sim.Play(board, cfg, policies, seed, sim.Opts{Check: *check, MaxCommands: *maxCommands})
				if err != nil {
					err = fmt.Errorf("error playing game %d (seed %d): %w", g, seed, err)
				} else if res.Winner < 0 && names == nil {
					err = fmt.Errorf("game %d (seed %d) did not end", g, seed)
				}
				times.Finish()
				outcomes[g] = outcome{res: res, times: times, err: err}
			}
		}()
	}
feed:
	for g := range *games {
		select {
		case next <- g:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	stats := sim.NewStats(*players)
	var times sim.DecisionTimes
	survival := map[string][]int{}
	places := map[string][]int{}
	for _, o := range outcomes {
		if o.err != nil {
			return o.err
		}
		stats.Add(o.res)
		times.Merge(o.times)
		for i, name := range names {
			survival[name] = append(survival[name], o.times.TurnsPlayed(rules.PlayerID(i)))
			places[name] = append(places[name], place(o.res, o.times, rules.PlayerID(i), len(names)))
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "map %s (%d territories), %d players, %s claim, %s cards, invariants checked: %v\n",
		*mapID, board.Len(), *players, cfg.Claim, cfg.Cards, *check)
	if names != nil {
		fmt.Fprintf(stdout, "seats: %s\n", strings.Join(names, ","))
	}
	if cfg.Teams != nil {
		fmt.Fprintf(stdout, "teams: %s; options: %s\n", *teams, describeTeamRules(cfg.TeamRules))
	}
	fmt.Fprintf(stdout, "games: %d in %.2fs, %.1f games/s\n", *games, elapsed.Seconds(), float64(*games)/elapsed.Seconds())
	fmt.Fprintf(stdout, "turns per game: %s\n", spread(stats.Turns))
	fmt.Fprintf(stdout, "commands per game: %s\n", spread(stats.Commands))
	fmt.Fprintf(stdout, "events per game: %s\n", spread(stats.Events))
	fmt.Fprintf(stdout, "wins by seat: %v\n", stats.Wins)
	if cfg.Teams != nil {
		printTeams(stdout, cfg, names, stats)
	}
	if names != nil {
		printTournament(stdout, names, cfg.Teams == nil, stats, &times, survival, places)
	}
	return nil
}

// parseTeamRules reads --team-rules: place, fortify=OPTION, attack and no_card, comma-separated.
func parseTeamRules(list string) (rules.TeamRules, error) {
	var tr rules.TeamRules
	for _, opt := range strings.Split(list, ",") {
		name, value, hasValue := strings.Cut(opt, "=")
		switch {
		case name == "place" && !hasValue:
			tr.PlaceOnTeammates = true
		case name == "attack" && !hasValue:
			tr.AttackTeammates = true
		case name == "no_card" && !hasValue:
			tr.NoCardFromTeammates = true
		case name == "fortify" && hasValue:
			if err := tr.Fortify.UnmarshalText([]byte(value)); err != nil {
				return tr, err
			}
		default:
			return tr, fmt.Errorf("unknown option %q (want place, fortify=own|to_teammate|through_team, attack, no_card)", opt)
		}
	}
	return tr, nil
}

// describeTeamRules names a team game's options as --team-rules does ("none" when all are off).
func describeTeamRules(tr rules.TeamRules) string {
	var out []string
	if tr.PlaceOnTeammates {
		out = append(out, "place")
	}
	if tr.Fortify != rules.FortifyOwn {
		out = append(out, "fortify="+tr.Fortify.String())
	}
	if tr.AttackTeammates {
		out = append(out, "attack")
	}
	if tr.NoCardFromTeammates {
		out = append(out, "no_card")
	}
	if out == nil {
		return "none"
	}
	return strings.Join(out, ",")
}

// printTeams prints, for each team of a team game, the share of the games it won with its 95% Wilson
// confidence interval, and the same split by whether one of its seats moved first (the teams' order is
// drawn per game, so a series covers both orders).
func printTeams(w io.Writer, cfg rules.Config, names []string, stats *sim.Stats) {
	labels := make([]string, len(cfg.Teams))
	sizes := make([]int, len(cfg.Teams))
	for i, team := range cfg.Teams {
		var members []string
		for p, seat := range cfg.Seats {
			if seat.Team != i {
				continue
			}
			member := fmt.Sprintf("seat %d", p)
			if names != nil {
				member = names[p]
			}
			members = append(members, member)
		}
		sizes[i] = len(members)
		labels[i] = fmt.Sprintf("team %s (%s)", team.Name, strings.Join(members, "+"))
	}
	for _, st := range stats.TeamStandings(labels, sizes) {
		fmt.Fprintf(w, "win rate %s: %d of %d games, %s (95%% CI %.1f%% to %.1f%%)\n",
			st.Name, st.Wins, st.Games, rate(st.Wins, st.Games), 100*st.WinLow, 100*st.WinHigh)
		fmt.Fprintf(w, "win rate %s moving first: %d of %d games, %s; not moving first: %d of %d, %s\n",
			st.Name, st.FirstWins, st.FirstGames, rate(st.FirstWins, st.FirstGames),
			st.LaterWins, st.LaterGames, rate(st.LaterWins, st.LaterGames))
	}
}

// rate is k of n as a percentage, "-" when n is 0.
func rate(k, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n))
}

// printTournament prints, for each CPU player of the seats, the share of the games it won with its 95%
// Wilson confidence interval (and split by whether it moved first) unless wins is false (a team game, whose
// wins printTeams prints), and the 50th and 99th percentiles of its decision times.
func printTournament(w io.Writer, names []string, wins bool, stats *sim.Stats, times *sim.DecisionTimes, survival, places map[string][]int) {
	if stats.Unfinished > 0 {
		fmt.Fprintf(w, "unfinished games (no winner): %d\n", stats.Unfinished)
	}
	standings := stats.Standings(names)
	for _, st := range standings {
		if !wins {
			break
		}
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
		if t := times.TurnTimes(st.Name); len(t) > 0 {
			fmt.Fprintf(w, "turn time %s: p50 %s, p99 %s, max %s over %d turns\n",
				st.Name, sim.Percentile(t, 50), sim.Percentile(t, 99), t[len(t)-1], len(t))
		}
	}
	for _, st := range standings {
		if xs := survival[st.Name]; len(xs) > 0 {
			fmt.Fprintf(w, "turns played %s (per seat and game): %s\n", st.Name, spread(xs))
		}
		if xs := places[st.Name]; len(xs) > 0 {
			fmt.Fprintf(w, "place %s (1: the winner, 2: the last eliminated, ...): %s\n", st.Name, spread(xs))
		}
	}
}

// place is where seat p finished game res: 1 for the winners (in a team game, every seat of the winning
// team), then by the game turns played (the later a seat was eliminated, the better its place); seats
// with as many turns share the better place.
func place(res sim.Result, times *sim.DecisionTimes, p rules.PlayerID, seats int) int {
	winners := res.Final.Winners()
	if slices.Contains(winners, p) {
		return 1
	}
	mine, out := times.TurnsPlayed(p), 1
	for q := range seats {
		id := rules.PlayerID(q)
		if id != p && (slices.Contains(winners, id) || times.TurnsPlayed(id) > mine) {
			out++
		}
	}
	return out
}

// simPlayer returns the CPU player called name (ai.ByName) with the given decision budget (0: its
// default), or idle: a seat that does only what it must (a forced trade, the whole reserve on its first
// territory, the fewest armies into a conquest) and ends its attack phase and its turn, the baseline of
// an absent player.
func simPlayer(name string, budget time.Duration) (sim.Policy, bool) {
	switch name {
	case "idle":
		return idle, true
	case "easy":
		return ai.NewEasy(ai.EasyOpts{Budget: budget}), true
	case "normal":
		return ai.NewNormal(ai.NormalOpts{Budget: budget}), true
	case "hard":
		return ai.NewHard(ai.HardOpts{Budget: budget}), true
	case "cautious":
		return ai.NewCautious(ai.CautiousOpts{Budget: budget}), true
	}
	return ai.ByName(name)
}

func idle(s rules.State, p rules.PlayerID, _ *rand.Rand) rules.Command {
	var place, other rules.Command
	for _, a := range rules.LegalCommands(s, p) {
		switch c := a.Command.(type) {
		case rules.EndAttack, rules.EndTurn:
			return c
		case rules.Occupy:
			return rules.Occupy{Armies: a.Min}
		case rules.Place:
			if place == nil {
				place = rules.Place{Placements: []rules.Placement{{Territory: c.Placements[0].Territory, Armies: a.Max}}}
			}
		case rules.Claim, rules.Trade:
			if other == nil {
				other = c
			}
		}
	}
	if place != nil {
		return place
	}
	return other
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

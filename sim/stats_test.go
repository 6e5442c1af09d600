package sim_test

import (
	"math"
	"reflect"
	"testing"
	"time"

	"rout/rules"
	"rout/sim"
)

func TestWilson(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{5, 10, 0.2366, 0.7634},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{380, 400, 0.9245, 0.9673},
		{0, 0, 0, 1},
	} {
		lo, hi := sim.Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestPercentile(t *testing.T) {
	t.Parallel()
	var d []time.Duration
	for i := 1; i <= 200; i++ {
		d = append(d, time.Duration(i))
	}
	if got := sim.Percentile(d, 50); got != 100 {
		t.Errorf("p50 of 1..200 = %d, want 100", got)
	}
	if got := sim.Percentile(d, 99); got != 198 {
		t.Errorf("p99 of 1..200 = %d, want 198", got)
	}
	if got := sim.Percentile(d[:1], 99); got != 1 {
		t.Errorf("p99 of one value = %d, want 1", got)
	}
}

func TestSpreadOf(t *testing.T) {
	t.Parallel()
	if got, want := sim.SpreadOf([]int{7, 1, 4, 10}), (sim.Spread{Mean: 5.5, Median: 7, Min: 1, Max: 10}); got != want {
		t.Errorf("SpreadOf(7 1 4 10) = %+v, want %+v", got, want)
	}
	if got := sim.SpreadOf(nil); got != (sim.Spread{}) {
		t.Errorf("SpreadOf(nothing) = %+v, want the zero Spread", got)
	}
}

// TestStatsStandings plays a small tournament in which two seats share a policy name and checks that
// the standings add up to the games: every game is won once or counted unfinished, every seat moved
// first as often as the games say, and the shared name counts both its seats.
func TestStatsStandings(t *testing.T) {
	t.Parallel()
	b := classic(t)
	names := []string{"left", "right", "left"}
	var times sim.DecisionTimes
	policies := make([]sim.Policy, len(names))
	for i, name := range names {
		policies[i] = times.Wrap(name, randomPolicies(1)[0])
	}
	cfg := rules.Config{Seats: seats(len(names))}
	stats := sim.NewStats(len(names))
	const games = 12
	for g := range games {
		// A few games stop early, unfinished.
		limit := 0
		if g%4 == 3 {
			limit = 50
		}
		res, err := sim.Play(b, cfg, policies, uint64(g), sim.Opts{MaxCommands: limit})
		if err != nil {
			t.Fatal(err)
		}
		stats.Add(res)
	}
	if stats.Games != games || len(stats.Turns) != games || len(stats.Commands) != games || len(stats.Events) != games {
		t.Fatalf("%d games, %d/%d/%d lengths; want %d", stats.Games, len(stats.Turns), len(stats.Commands), len(stats.Events), games)
	}
	if stats.Unfinished != 3 {
		t.Errorf("%d unfinished games, want 3", stats.Unfinished)
	}
	wins, first := stats.Unfinished, 0
	for seat := range names {
		wins += stats.Wins[seat]
		first += stats.FirstGames[seat]
		if stats.FirstWins[seat] > stats.FirstGames[seat] || stats.FirstWins[seat] > stats.Wins[seat] {
			t.Errorf("seat %d: %d wins moving first, of %d games moving first and %d wins", seat,
				stats.FirstWins[seat], stats.FirstGames[seat], stats.Wins[seat])
		}
	}
	if wins != games || first != games {
		t.Errorf("%d wins and unfinished games, %d games with a first mover; want %d each", wins, first, games)
	}
	standings := stats.Standings(names)
	if len(standings) != 2 || standings[0].Name != "left" || standings[1].Name != "right" {
		t.Fatalf("standings %+v, want left then right", standings)
	}
	left := standings[0]
	want := sim.Standing{
		Name: "left", Seats: 2, Games: games, Wins: stats.Wins[0] + stats.Wins[2], SeatGames: 2 * games,
		FirstGames: stats.FirstGames[0] + stats.FirstGames[2], FirstWins: stats.FirstWins[0] + stats.FirstWins[2],
	}
	want.WinLow, want.WinHigh = sim.Wilson(want.Wins, games)
	want.LaterGames, want.LaterWins = 2*games-want.FirstGames, want.Wins-want.FirstWins
	if !reflect.DeepEqual(left, want) {
		t.Errorf("standing of left %+v, want %+v", left, want)
	}
	if standings[1].Seats != 1 || standings[1].Wins != stats.Wins[1] || standings[1].LaterGames != games-stats.FirstGames[1] {
		t.Errorf("standing of right %+v from wins %d and first games %d", standings[1], stats.Wins[1], stats.FirstGames[1])
	}
	total := 0
	for _, name := range []string{"left", "right"} {
		d := times.Sorted(name)
		for i := 1; i < len(d); i++ {
			if d[i] < d[i-1] {
				t.Fatalf("decision times of %s are not sorted", name)
			}
		}
		total += len(d)
	}
	commands := 0
	for _, c := range stats.Commands {
		// Every command but each game's StartGame is a decision of one of the policies.
		commands += c - 1
	}
	if total != commands {
		t.Errorf("%d decisions timed, %d commands decided", total, commands)
	}
	if len(times.Sorted("nobody")) != 0 {
		t.Error("a name that never played has decision times")
	}
}

package main

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestSim(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"sim", "--map", "classic", "--players", "4", "--games", "5"},
		{"sim", "--map", "generated-60", "--players", "3", "--games", "2", "--claim", "round_robin", "--cards", "fixed"},
	} {
		out, errOut, err := runRout(t, args...)
		if err != nil {
			t.Fatalf("rout %v: %v (stderr %q)", args, err, errOut)
		}
		for _, want := range []string{"games: ", "games/s", "turns per game: mean", "wins by seat: [", "invariants checked: true"} {
			if !strings.Contains(out, want) {
				t.Errorf("rout %v printed no %q:\n%s", args, want, out)
			}
		}
	}
}

func TestSimSeats(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{
			[]string{"sim", "--seats", "normal,random", "--games", "4", "--check=false"},
			[]string{"2 players", "seats: normal,random", "wins by seat: [", "win rate normal: ", "win rate random: ",
				"(95% CI ", "win rate normal moving first: ", "; not moving first: ", "decision time normal: p50 ", ", p99 ",
				"decision time random: p50 "},
		},
		{
			[]string{"sim", "--seats", "easy,easy,cautious", "--players", "6", "--games", "2", "--claim", "round_robin", "--cards", "fixed"},
			[]string{"3 players", "invariants checked: true", "win rate easy: ", "2 seat(s)", "per seat", "win rate cautious: ",
				"decision time cautious: p50 "},
		},
	} {
		out, errOut, err := runRout(t, tc.args...)
		if err != nil {
			t.Fatalf("rout %v: %v (stderr %q)", tc.args, err, errOut)
		}
		for _, want := range tc.want {
			if !strings.Contains(out, want) {
				t.Errorf("rout %v printed no %q:\n%s", tc.args, want, out)
			}
		}
	}
}

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
	} {
		lo, hi := wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestPercentile(t *testing.T) {
	t.Parallel()
	var d []time.Duration
	for i := 1; i <= 200; i++ {
		d = append(d, time.Duration(i))
	}
	if got := percentile(d, 50); got != 100 {
		t.Errorf("p50 of 1..200 = %d, want 100", got)
	}
	if got := percentile(d, 99); got != 198 {
		t.Errorf("p99 of 1..200 = %d, want 198", got)
	}
	if got := percentile(d[:1], 99); got != 1 {
		t.Errorf("p99 of one value = %d, want 1", got)
	}
}

func TestSimBadArguments(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"sim", "--map", "atlantis"},
		{"sim", "--players", "1", "--games", "1"},
		{"sim", "--cards", "poker"},
		{"sim", "--claim", "first_come"},
		{"sim", "--games", "0"},
		{"sim", "extra"},
		{"sim", "--seats", "normal,grandmaster", "--games", "1"},
		{"sim", "--seats", "normal", "--games", "1"},
		{"sim", "--seats", "normal,random", "--max-commands", "-1"},
	} {
		if _, _, err := runRout(t, args...); err == nil || exitCode(err) == 0 {
			t.Errorf("rout %v: got %v, want a failure", args, err)
		}
	}
}

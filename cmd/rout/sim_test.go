package main

import (
	"strings"
	"testing"
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

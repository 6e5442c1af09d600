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

func TestSimBadArguments(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"sim", "--map", "atlantis"},
		{"sim", "--players", "1", "--games", "1"},
		{"sim", "--cards", "poker"},
		{"sim", "--claim", "first_come"},
		{"sim", "--games", "0"},
		{"sim", "extra"},
	} {
		if _, _, err := runRout(t, args...); err == nil || exitCode(err) == 0 {
			t.Errorf("rout %v: got %v, want a failure", args, err)
		}
	}
}

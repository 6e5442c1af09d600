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
		{
			[]string{"sim", "--seats", "normal,normal,cautious,idle", "--games", "2", "--check=false", "--parallel", "2"},
			[]string{"4 players", "win rate idle: ", "turn time normal: p50 ", "turn time idle: p50 ",
				"turns played cautious (per seat and game): mean ", "turns played idle (per seat and game): mean ",
				"place idle (1: the winner, 2: the last eliminated, ...): mean "},
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

func TestSimTeams(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{
			[]string{"sim", "--teams", "2v2", "--seats", "normal,random,normal,random", "--games", "4", "--check=false"},
			[]string{"4 players", "teams: 2v2; options: none", "win rate team A (normal+normal): ", "(95% CI ",
				"win rate team B (random+random) moving first: ", "; not moving first: ", "decision time normal: p50 "},
		},
		{
			[]string{"sim", "--teams", "2v1", "--games", "3", "--team-rules", "place,fortify=through_team,attack,no_card"},
			[]string{"3 players", "invariants checked: true", "options: place,fortify=through_team,attack,no_card",
				"win rate team A (seat 0+seat 2): ", "win rate team B (seat 1): "},
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
		if strings.Contains(out, "win rate normal: ") {
			t.Errorf("rout %v printed win rates per player in a team game:\n%s", tc.args, out)
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
		{"sim", "--parallel", "0"},
		{"sim", "--budget", "-1s"},
		{"sim", "--seats", "normal,random", "--max-commands", "-1"},
		{"sim", "--teams", "2v2", "--seats", "normal,random", "--games", "1"},
		{"sim", "--teams", "2on2", "--games", "1"},
		{"sim", "--team-rules", "place", "--games", "1"},
		{"sim", "--teams", "2v2", "--team-rules", "fortify=everywhere", "--games", "1"},
		{"sim", "--teams", "2v2", "--team-rules", "hug", "--games", "1"},
	} {
		if _, _, err := runRout(t, args...); err == nil || exitCode(err) == 0 {
			t.Errorf("rout %v: got %v, want a failure", args, err)
		}
	}
}

// TestSimParallelSameResults: the figures of a tournament do not depend on how many games are played at
// once.
func TestSimParallelSameResults(t *testing.T) {
	t.Parallel()
	var outs []string
	for _, parallel := range []string{"1", "3"} {
		out, errOut, err := runRout(t, "sim", "--seats", "easy,random,normal", "--games", "6", "--check=false", "--parallel", parallel, "--budget", "10m")
		if err != nil {
			t.Fatalf("rout sim --parallel %s: %v (stderr %q)", parallel, err, errOut)
		}
		var kept []string
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "wins by seat") || strings.HasPrefix(line, "turns per game") ||
				strings.HasPrefix(line, "commands per game") || strings.HasPrefix(line, "turns played") {
				kept = append(kept, line)
			}
		}
		outs = append(outs, strings.Join(kept, "\n"))
	}
	if outs[0] != outs[1] {
		t.Fatalf("--parallel 1 and 3 differ:\n%s\n---\n%s", outs[0], outs[1])
	}
}

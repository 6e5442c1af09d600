package ai_test

import (
	"testing"

	"rout/ai"
	"rout/rules"
	"rout/sim"
)

// TestEasyWithoutMistakesIsNormal: Easy with no mistakes plays exactly as Normal; with mistakes it
// plays another game.
func TestEasyWithoutMistakesIsNormal(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	cfg := rules.Config{Seats: seats(2)}
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	play := func(p sim.Policy) sim.Result {
		res, err := sim.Play(b, cfg, []sim.Policy{p, normal}, 11, sim.Opts{MaxCommands: 5000})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	want := play(normal)
	got := play(ai.NewEasy(ai.EasyOpts{Budget: testBudget, Mistakes: -1}))
	if diff := rules.Diff(got.Final, want.Final); diff != "" || got.Commands != want.Commands {
		t.Fatalf("Easy without mistakes played another game than Normal: %s", diff)
	}
	sloppy := play(ai.NewEasy(ai.EasyOpts{Budget: testBudget, Mistakes: 0.5}))
	if rules.Diff(sloppy.Final, want.Final) == "" && sloppy.Commands == want.Commands {
		t.Fatal("Easy with mistakes half the time played the same game as Normal")
	}
}

// TestNormalBeatsEasy: over fixed seeds, Normal wins more four-player games against three Easy than a
// fair share (about two thirds over 400 games, docs/ai.md): at least 3 of 8 games, or 2 of the first 4 in
// the short form (a fair share is a quarter).
func TestNormalBeatsEasy(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	easy := ai.NewEasy(ai.EasyOpts{Budget: testBudget})
	games, want := long(8, 4), long(3, 2)
	wins := 0
	for g := range games {
		res, err := sim.Play(b, rules.Config{Seats: seats(4)}, []sim.Policy{normal, easy, easy, easy}, uint64(g), sim.Opts{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner == 0 {
			wins++
		}
	}
	t.Logf("Normal won %d of %d games against three Easy", wins, games)
	if wins < want {
		t.Fatalf("Normal won %d of %d games against three Easy; want at least %d (a fair share is %d)", wins, games, want, games/4)
	}
}

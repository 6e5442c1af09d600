package ai_test

import (
	"math/rand/v2"
	"testing"

	"rout/ai"
	"rout/rules"
	"rout/sim"
)

// TestNormalTradesWhenForced: whenever Normal must trade (five cards in the reinforcement phase, or six
// or more after an elimination), it trades.
func TestNormalTradesWhenForced(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	forced := 0
	spy := func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		c := normal(s, p, r)
		if s.MustTrade() {
			forced++
			if _, ok := c.(rules.Trade); !ok {
				t.Errorf("turn %d: Normal holds %d cards and must trade, but chose %s", s.Turn(), len(s.Player(p).Hand), c.Kind())
			}
		}
		return c
	}
	games := long(30, 8)
	for g := range games {
		cfg := rules.Config{Seats: seats(4), Cards: rules.CardSystem(g % 4)}
		policies := []sim.Policy{spy, spy, spy, ai.Random}
		if _, err := sim.Play(b, cfg, policies, uint64(g), sim.Opts{MaxCommands: 5000}); err != nil {
			t.Fatal(err)
		}
	}
	if forced == 0 {
		t.Fatalf("Normal was never forced to trade in %d games", games)
	}
}

// TestNormalBeatsRandom is a short tournament on the classic map: Normal against Random, one on one,
// over 20 fixed seeds (so it cannot flake). Over 400 games Normal wins about 90% (docs/ai.md).
func TestNormalBeatsRandom(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	wins := 0
	for g := range 20 {
		res, err := sim.Play(b, rules.Config{Seats: seats(2)}, []sim.Policy{normal, ai.Random}, uint64(g), sim.Opts{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner == 0 {
			wins++
		}
	}
	t.Logf("Normal won %d of 20 games against Random", wins)
	if wins < 15 {
		t.Fatalf("Normal won %d of 20 games against Random; want at least 15", wins)
	}
}

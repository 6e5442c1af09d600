package maps_test

import (
	"fmt"
	"testing"

	"rout/ai"
	"rout/maps"
	"rout/rules"
	"rout/sim"
)

// TestBuiltinGamesEnd plays a random game on every built-in map in each claim strategy (2 players, then 3)
// and checks that each ends with a winner who owns every territory. The 5,000-territory world takes about
// 400,000 commands and a minute or more, so -short leaves it out.
func TestBuiltinGamesEnd(t *testing.T) {
	t.Parallel()
	for _, m := range maps.Builtins() {
		t.Run(m.ID, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && len(m.Territories) > 1000 {
				t.Skipf("a random game on %d territories is long; run without -short", len(m.Territories))
			}
			b, err := m.Board()
			if err != nil {
				t.Fatalf("Board() error = %v", err)
			}
			for g, claim := range []rules.ClaimStrategy{rules.ClaimRandom, rules.ClaimRoundRobin} {
				players := 2 + g
				seats := make([]rules.Seat, players)
				policies := make([]sim.Policy, players)
				for i := range seats {
					seats[i] = rules.Seat{Color: fmt.Sprintf("color-%d", i)}
					policies[i] = ai.Random
				}
				cfg := rules.Config{Seats: seats, Claim: claim, Cards: rules.CardsFixed}
				res, err := sim.Play(b, cfg, policies, uint64(g+1), sim.Opts{})
				if err != nil {
					t.Fatalf("game %d (%s): %v", g, claim, err)
				}
				if res.Winner == rules.NoPlayer {
					t.Fatalf("game %d (%s) did not end after %d commands", g, claim, res.Commands)
				}
				if w := res.Final.Player(res.Winner); w.Territories != b.Len() {
					t.Errorf("game %d: the winner owns %d of %d territories", g, w.Territories, b.Len())
				}
			}
		})
	}
}

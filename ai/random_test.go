package ai_test

import (
	"math/rand/v2"
	"testing"

	"rout/ai"
	"rout/maps"
	"rout/rules"
)

// TestRandomPlaysOnlyLegalCommands plays random games in both claim strategies and checks that every
// command Random chooses is accepted, that it answers nil for a player who is not to move, and that it
// never resigns.
func TestRandomPlaysOnlyLegalCommands(t *testing.T) {
	t.Parallel()
	m, _ := maps.Builtin(maps.ClassicID)
	b, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	for g := range 20 {
		cfg := rules.Config{Seats: []rules.Seat{{Color: "red"}, {Color: "blue"}, {Color: "green"}}, Claim: rules.ClaimStrategy(g % 2)}
		s, err := rules.New(b, cfg)
		if err != nil {
			t.Fatal(err)
		}
		dice := rules.NewDice([32]byte{byte(g)})
		r := rand.New(rand.NewPCG(uint64(g), 0))
		if s, _, err = rules.Apply(s, 0, rules.StartGame{}, dice); err != nil {
			t.Fatal(err)
		}
		for n := 0; s.Phase() != rules.PhaseOver; n++ {
			if n > 100_000 {
				t.Fatalf("game %d has not ended after %d commands", g, n)
			}
			p := s.Current()
			if other := (p + 1) % 3; ai.Random(s, other, r) != nil {
				t.Fatalf("game %d: Random chose a command for player %d, whose turn it is not", g, other)
			}
			c := ai.Random(s, p, r)
			if _, ok := c.(rules.Resign); ok || c == nil {
				t.Fatalf("game %d: Random chose %v in the %s phase", g, c, s.Phase())
			}
			if s, _, err = rules.Apply(s, p, c, dice); err != nil {
				t.Fatalf("game %d: Random chose an illegal %s: %v", g, c.Kind(), err)
			}
		}
	}
}

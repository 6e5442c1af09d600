package rules_test

import (
	"testing"

	"rout/maps"
	"rout/rules"
)

// tieDice shows 1 on every die: the defender wins every comparison, so an attack never conquers and the
// same position can be attacked again and again.
type tieDice struct{}

func (tieDice) Intn(int) int { return 0 }

// attackPosition starts a 2-player game on m and places the first player's reinforcements on a territory
// with an enemy neighbour; it returns the position and an attack to make from it.
func attackPosition(b testing.TB, m *maps.Map) (rules.State, rules.PlayerID, rules.Attack) {
	board, err := m.Board()
	if err != nil {
		b.Fatal(err)
	}
	s, err := rules.New(board, rules.Config{Seats: []rules.Seat{{Color: "red"}, {Color: "blue"}}})
	if err != nil {
		b.Fatal(err)
	}
	s, _, err = rules.Apply(s, 0, rules.StartGame{}, rules.NewDice([32]byte{1}))
	if err != nil {
		b.Fatal(err)
	}
	p := s.Current()
	for t := range board.Len() {
		from := rules.TerritoryID(t)
		if s.Owner(from) != p {
			continue
		}
		for _, to := range board.Neighbors(from) {
			if s.Owner(to) != p {
				s, _, err = rules.Apply(s, p, rules.Place{Placements: []rules.Placement{{Territory: from, Armies: s.Reserve()}}}, tieDice{})
				if err != nil {
					b.Fatal(err)
				}
				return s, p, rules.Attack{From: from, To: to}
			}
		}
	}
	b.Fatal("no attack found")
	return s, p, rules.Attack{}
}

func benchmarkAttack(b *testing.B, m *maps.Map) {
	s, p, attack := attackPosition(b, m)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := rules.Apply(s, p, attack, tieDice{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAttack compares one attack (one roll, through Apply) on the classic map with one on a
// 5,000-territory map: the engine must not copy or scan the board per command.
func BenchmarkAttack(b *testing.B) {
	classic, _ := maps.Builtin(maps.ClassicID)
	large, err := maps.Generate(maps.GenerateOpts{Territories: 5000, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("classic", func(b *testing.B) { benchmarkAttack(b, classic) })
	b.Run("generated-5000", func(b *testing.B) { benchmarkAttack(b, large) })
}

// BenchmarkBattle measures battles per second through the engine: one attack roll on the classic map
// with production dice (ChaCha8), including the conquest when the roll empties the territory.
func BenchmarkBattle(b *testing.B) {
	classic, _ := maps.Builtin(maps.ClassicID)
	s, p, attack := attackPosition(b, classic)
	dice := rules.NewDice([32]byte{2})
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := rules.Apply(s, p, attack, dice); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
}

// BenchmarkBattleDice compares one attack roll through Apply on the classic map with the two sources of
// the engine, in the same run: ChaCha8 (simulations, CPU playouts, games created before committed dice)
// and the committed dice of real games (an HMAC-SHA256 per die). The ratio goes in docs/benchmarks.md.
func BenchmarkBattleDice(b *testing.B) {
	classic, _ := maps.Builtin(maps.ClassicID)
	s, p, attack := attackPosition(b, classic)
	for _, tc := range []struct {
		name string
		dice rules.Dice
	}{
		{"chacha8", rules.NewDice([32]byte{2})},
		{"committed", rules.NewCommittedDice(rules.DiceKey(rules.Seed{2}, []*rules.Seed{{3}, nil}), 0)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := rules.Apply(s, p, attack, tc.dice); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package ai_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"rout/ai"
	"rout/rules"
	"rout/sim"
)

// classicTurnStarts plays a few 4-player games of Normals on board b and returns the states at the start of
// game turns (the reinforcement phase, before any command of the turn).
func classicTurnStarts(b testing.TB, board *rules.Board, games int) []rules.State {
	b.Helper()
	var out []rules.State
	lastTurn := -1
	spy := func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		if s.Phase() == rules.PhaseReinforce && s.Turn() != lastTurn {
			lastTurn = s.Turn()
			out = append(out, s)
		}
		return ai.Normal(s, p, r)
	}
	for g := range games {
		if _, err := sim.Play(board, rules.Config{Seats: seats(4)}, []sim.Policy{spy, spy, spy, spy}, uint64(g), sim.Opts{MaxCommands: 3000}); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkTurn times a whole game turn (every decision from the start of the reinforcement phase to
// the end of the turn) of each CPU player on the classic map, from the same turn starts of games
// between Normals, with the random player as the baseline of the same run. One op is one turn; p99-ms
// is the 99th percentile of the turns' times.
func BenchmarkTurn(b *testing.B) {
	board := classicBoard(b)
	starts := classicTurnStarts(b, board, 6)
	for _, bc := range []struct {
		name   string
		player policy
	}{{"random", ai.Random}, {"normal", ai.Normal}, {"hard", ai.Hard}} {
		b.Run(bc.name, func(b *testing.B) {
			var times []time.Duration
			i := 0
			for b.Loop() {
				s := starts[i%len(starts)]
				r := rand.New(rand.NewPCG(uint64(i), 1))
				dice := rules.NewDice([32]byte{byte(i), byte(i >> 8)})
				i++
				p := s.Current()
				start := time.Now()
				for n := 0; n < 2000 && s.Current() == p && s.Phase() != rules.PhaseOver; n++ {
					c := bc.player(s, p, r)
					next, _, err := rules.Apply(s, p, c, dice)
					if err != nil {
						b.Fatal(err)
					}
					s = next
				}
				times = append(times, time.Since(start))
			}
			slices.Sort(times)
			b.ReportMetric(float64(sim.Percentile(times, 99))/1e6, "p99-ms")
		})
	}
}

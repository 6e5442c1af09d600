package ai_test

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"rout/ai"
	"rout/rules"
)

// turnStarts plays a game of players seats with policy p in every seat from seed, and returns the states
// at the start of every every-th turn (the reinforcement phase, before any decision), up to n of them.
func turnStarts(tb testing.TB, b *rules.Board, players int, p policy, seed uint64, n, every int) []rules.State {
	tb.Helper()
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	dice := rules.NewDice(key)
	r := rand.New(rand.NewPCG(seed, 1))
	s, err := rules.New(b, rules.Config{Seats: seats(players)})
	if err != nil {
		tb.Fatal(err)
	}
	if s, _, err = rules.Apply(s, rules.NoPlayer, rules.StartGame{}, dice); err != nil {
		tb.Fatal(err)
	}
	var out []rules.State
	turn := -1
	for len(out) < n && s.Phase() != rules.PhaseOver {
		if s.Phase() == rules.PhaseReinforce && s.Turn() != turn {
			turn = s.Turn()
			if turn%every == 1 {
				out = append(out, s)
			}
		}
		me := s.Current()
		c := p(s, me, r)
		if c == nil {
			tb.Fatalf("no command at turn %d", s.Turn())
		}
		if s, _, err = rules.Apply(s, me, c, dice); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// playTurn plays the whole turn of the current player of s with p (every decision until the turn passes
// or the game ends) and returns the number of commands.
func playTurn(tb testing.TB, s rules.State, p policy, r *rand.Rand, dice rules.Dice) int {
	me, turn, n := s.Current(), s.Turn(), 0
	for s.Phase() != rules.PhaseOver && s.Current() == me && s.Turn() == turn {
		c := p(s, me, r)
		if c == nil {
			tb.Fatalf("no command at turn %d", s.Turn())
		}
		var err error
		if s, _, err = rules.Apply(s, me, c, dice); err != nil {
			tb.Fatal(err)
		}
		n++
	}
	return n
}

// BenchmarkCPUTurn times one whole CPU turn (every decision of it, and the engine's Apply of each
// command) for each CPU player on the classic map and a generated 5,000-territory map, 4 players, random
// claim, from the starts of 12 turns (turns 1, 6, 11, ... 56) of a game the same player plays in every
// seat (on classic, fewer when the game ends sooner). One op is one turn; p99-ms and max-ms are over the
// turns timed. Random is the baseline of the same run.
func BenchmarkCPUTurn(b *testing.B) {
	boards := []struct {
		name  string
		board *rules.Board
	}{{"classic", classicBoard(b)}, {"generated-5000", generatedBoard(b, 5000)}}
	for _, bd := range boards {
		for _, name := range []string{"random", "easy", "normal", "cautious"} {
			p, _ := ai.ByName(name)
			starts := turnStarts(b, bd.board, 4, p, 1, 12, 5)
			b.Run(bd.name+"/"+name, func(b *testing.B) {
				var key [32]byte
				dice := rules.NewDice(key)
				r := rand.New(rand.NewPCG(1, 2))
				times := make([]time.Duration, 0, b.N)
				commands := 0
				for i := range b.N {
					t0 := time.Now()
					commands += playTurn(b, starts[i%len(starts)], p, r, dice)
					times = append(times, time.Since(t0))
				}
				slices.Sort(times)
				b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
				b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
				b.ReportMetric(float64(commands)/float64(b.N), "commands/turn")
			})
		}
	}
}

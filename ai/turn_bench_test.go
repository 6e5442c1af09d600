package ai_test

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"rout/ai"
	"rout/rules"
	"rout/sim"
)

// turnStarts plays a game of config cfg with policy p in every seat from seed, and returns the states at
// the start of turns 1, 1+every, 1+2·every, ... (the reinforcement phase, before any decision), up to n of
// them.
func turnStarts(tb testing.TB, b *rules.Board, cfg rules.Config, p policy, seed uint64, n, every int) []rules.State {
	tb.Helper()
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	dice := rules.NewDice(key)
	r := rand.New(rand.NewPCG(seed, 1))
	s, err := rules.New(b, cfg)
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
			if (turn-1)%every == 0 {
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

// TestTurnStartsEveryTurn pins turnStarts' choice of turns: every turn with every = 1, every third
// with every = 3, starting at the first.
func TestTurnStartsEveryTurn(t *testing.T) {
	b := classicBoard(t)
	for _, every := range []int{1, 3} {
		starts := turnStarts(t, b, rules.Config{Seats: seats(4)}, ai.Normal, 1, 5, every)
		if len(starts) != 5 {
			t.Fatalf("every %d: %d starts, want 5", every, len(starts))
		}
		for i, s := range starts {
			if want := 1 + i*every; s.Turn() != want || s.Phase() != rules.PhaseReinforce {
				t.Errorf("every %d: start %d at turn %d in phase %v, want turn %d in reinforcement", every, i, s.Turn(), s.Phase(), want)
			}
		}
	}
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
// command) of each CPU player, on the classic map, in 2v2 team games on it (classic-2v2, where Hard plays
// TeamPlayouts), and on generated maps of 1,000 and 5,000 territories (generated-1000, generated-5000),
// random claim. Every player plays from the same turn starts, taken from games between Normals: on classic
// every third turn of three 4-player games and every other turn of three duels (up to 16 a game), in
// classic-2v2 every third turn of six 2v2 games, on each generated map turns 1, 6, 11, ... 56 of one
// 4-player game. One op is one turn; p50-ms, p99-ms and max-ms are over the turns timed. Random is the
// baseline of the same run.
func BenchmarkCPUTurn(b *testing.B) {
	classic := classicBoard(b)
	ffa := func(players int) rules.Config { return rules.Config{Seats: seats(players)} }
	var classicStarts, teamStarts []rules.State
	for seed := range uint64(3) {
		classicStarts = append(classicStarts, turnStarts(b, classic, ffa(4), ai.Normal, seed+1, 16, 3)...)
		classicStarts = append(classicStarts, turnStarts(b, classic, ffa(2), ai.Normal, seed+1, 16, 2)...)
	}
	for seed := range uint64(6) {
		teamStarts = append(teamStarts, turnStarts(b, classic, teamGame(b, "2v2", rules.TeamRules{}), ai.Normal, seed+1, 16, 3)...)
	}
	generatedStarts := func(n int) func() []rules.State {
		return sync.OnceValue(func() []rules.State { return turnStarts(b, generatedBoard(b, n), ffa(4), ai.Normal, 1, 12, 5) })
	}
	boards := []struct {
		name   string
		starts func() []rules.State
	}{
		{"classic", func() []rules.State { return classicStarts }},
		{"classic-2v2", func() []rules.State { return teamStarts }},
		{"generated-1000", generatedStarts(1000)},
		{"generated-5000", generatedStarts(5000)},
	}
	for _, m := range boards {
		for _, name := range []string{"random", "easy", "normal", "hard", "cautious"} {
			p, _ := ai.ByName(name)
			b.Run(m.name+"/"+name, func(b *testing.B) {
				starts := m.starts()
				var key [32]byte
				dice := rules.NewDice(key)
				r := rand.New(rand.NewPCG(1, 2))
				times := make([]time.Duration, 0, b.N)
				commands, i := 0, 0
				for b.Loop() {
					t0 := time.Now()
					commands += playTurn(b, starts[i%len(starts)], p, r, dice)
					times = append(times, time.Since(t0))
					i++
				}
				slices.Sort(times)
				ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
				b.ReportMetric(ms(sim.Percentile(times, 50)), "p50-ms")
				b.ReportMetric(ms(sim.Percentile(times, 99)), "p99-ms")
				b.ReportMetric(ms(times[len(times)-1]), "max-ms")
				b.ReportMetric(float64(commands)/float64(i), "commands/turn")
			})
		}
	}
}

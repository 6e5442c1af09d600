package ai_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"rout/ai"
	"rout/maps"
	"rout/rules"
	"rout/sim"
)

// policy is the function type of every CPU player.
type policy = func(rules.State, rules.PlayerID, *rand.Rand) rules.Command

// testBudget is the decision budget in tests: generous, so that a slow machine or the race detector
// never makes a CPU fall back and the games stay the same from run to run.
const testBudget = time.Minute

// long returns full when the tests run in full (make test-long) and short under -short (make test): a
// property run keeps its shape and plays fewer or shorter games.
func long[T any](full, short T) T {
	if testing.Short() {
		return short
	}
	return full
}

func classicBoard(t testing.TB) *rules.Board {
	t.Helper()
	m, ok := maps.Builtin(maps.ClassicID)
	if !ok {
		t.Fatal("no classic map")
	}
	b, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func generatedBoard(t testing.TB, n int) *rules.Board {
	t.Helper()
	m, err := maps.Generate(maps.GenerateOpts{Territories: n, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func seats(n int) []rules.Seat {
	out := make([]rules.Seat, n)
	for i := range out {
		out[i] = rules.Seat{Color: fmt.Sprintf("color-%d", i)}
	}
	return out
}

// cpus are the CPU players under test, with the test budget.
func cpus() map[string]policy {
	return map[string]policy{
		"easy":     ai.NewEasy(ai.EasyOpts{Budget: testBudget}),
		"normal":   ai.NewNormal(ai.NormalOpts{Budget: testBudget}),
		"hard":     ai.NewHard(ai.HardOpts{Budget: testBudget}),
		"cautious": ai.NewCautious(ai.CautiousOpts{Budget: testBudget}),
	}
}

// checked wraps a CPU player so that every command it returns is checked against rules.LegalCommands
// before sim.Play applies it (which checks it again with rules.Apply): a legal command, never a
// resignation, with every amount in range, and nil only when the player has nothing to do.
func checked(t *testing.T, name string, p policy) sim.Policy {
	return func(s rules.State, me rules.PlayerID, r *rand.Rand) rules.Command {
		c := p(s, me, r)
		if err := legalChoice(s, me, c); err != nil {
			t.Errorf("%s in the %s phase at turn %d: %v", name, s.Phase(), s.Turn(), err)
		}
		return c
	}
}

// legalChoice reports why c is not one of the commands rules.LegalCommands offers player p in s, with
// its amounts in range.
func legalChoice(s rules.State, p rules.PlayerID, c rules.Command) error {
	actions := rules.LegalCommands(s, p)
	if c == nil {
		for _, a := range actions {
			if _, ok := a.Command.(rules.Resign); !ok {
				return fmt.Errorf("nil, with %d legal commands", len(actions))
			}
		}
		return nil
	}
	inRange := func(n int, a rules.Action) bool { return n >= a.Min && n <= a.Max }
	switch c := c.(type) {
	case rules.Place:
		total := 0
		for _, pl := range c.Placements {
			found := false
			for _, a := range actions {
				if ap, ok := a.Command.(rules.Place); ok && ap.Placements[0].Territory == pl.Territory && inRange(pl.Armies, a) {
					found = true
					total += pl.Armies
				}
			}
			if !found {
				return fmt.Errorf("placement %+v is not legal", pl)
			}
		}
		if total > s.Reserve() || len(c.Placements) == 0 {
			return fmt.Errorf("%+v places %d of a reserve of %d", c, total, s.Reserve())
		}
		return nil
	case rules.Resign:
		return fmt.Errorf("a CPU player resigned")
	}
	for _, a := range actions {
		switch want := a.Command.(type) {
		case rules.Attack:
			if got, ok := c.(rules.Attack); ok && got.From == want.From && got.To == want.To {
				if !inRange(got.Dice, a) || got.StopAt != 0 && (!got.Repeat || got.StopAt < 1 || got.StopAt >= s.Armies(got.From)) {
					return fmt.Errorf("%+v is out of range [%d, %d]", got, a.Min, a.Max)
				}
				return nil
			}
		case rules.Fortify:
			if got, ok := c.(rules.Fortify); ok && got.From == want.From && got.To == want.To {
				if !inRange(got.Armies, a) {
					return fmt.Errorf("%+v is out of range [%d, %d]", got, a.Min, a.Max)
				}
				return nil
			}
		case rules.Occupy:
			if got, ok := c.(rules.Occupy); ok {
				if !inRange(got.Armies, a) {
					return fmt.Errorf("%+v is out of range [%d, %d]", got, a.Min, a.Max)
				}
				return nil
			}
		default:
			if a.Command == c {
				return nil
			}
		}
	}
	return fmt.Errorf("%s %+v is not a legal command", c.Kind(), c)
}

// TestCPUsPlayOnlyLegalCommands plays games with every CPU player against the others and Random, in
// both claim strategies and every card system, on the classic map and a generated one, checking the
// invariants after every event and every command each CPU returns against rules.LegalCommands.
func TestCPUsPlayOnlyLegalCommands(t *testing.T) {
	t.Parallel()
	boards := []struct {
		name  string
		board *rules.Board
	}{{"classic", classicBoard(t)}, {"generated-120", generatedBoard(t, 120)}}
	names := []string{"easy", "normal", "cautious"}
	players := cpus()
	// Games on the larger map with escalating cards get slow as the armies pile up: the short form stops
	// them sooner, past the setup and well into the turns.
	maxCommands := long(3000, 800)
	for _, bc := range boards {
		for _, claim := range []rules.ClaimStrategy{rules.ClaimRandom, rules.ClaimRoundRobin} {
			for _, cards := range []rules.CardSystem{rules.CardsClassic, rules.CardsFixed, rules.CardsFixedTTB, rules.CardsClassicScalingTTB} {
				t.Run(fmt.Sprintf("%s/%s/%s", bc.name, claim, cards), func(t *testing.T) {
					t.Parallel()
					for g, name := range names {
						n := 3 + g%2
						policies := make([]sim.Policy, n)
						for i := range policies {
							other := names[(g+i)%len(names)]
							policies[i] = checked(t, other, players[other])
						}
						policies[n-1] = ai.Random
						cfg := rules.Config{Seats: seats(n), Claim: claim, Cards: cards, TTBPercent: 4 + g}
						_, err := sim.Play(bc.board, cfg, policies, uint64(100*g+int(cards)), sim.Opts{Check: g == 0, MaxCommands: maxCommands})
						if err != nil {
							t.Fatalf("game with %s first: %v", name, err)
						}
					}
				})
			}
		}
	}
}

// TestCPUsAnswerNilWhenNotTheirTurn: a CPU asked for a player who is not to move (or for anybody once
// the game is over) has nothing to do.
func TestCPUsAnswerNilWhenNotTheirTurn(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	res, err := sim.Play(b, rules.Config{Seats: seats(3)}, []sim.Policy{ai.Random, ai.Random, ai.Random}, 1, sim.Opts{KeepEvents: true})
	if err != nil {
		t.Fatal(err)
	}
	s, err := rules.New(b, rules.Config{Seats: seats(3)})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i, e := range res.Record[:200] {
		if s, err = rules.Evolve(s, e); err != nil {
			t.Fatal(err)
		}
		if s.Phase() == rules.PhaseSetup || i%10 != 0 {
			continue
		}
		other := (s.Current() + 1) % 3
		for name, p := range cpus() {
			if c := p(s, other, r); c != nil {
				t.Fatalf("%s chose %s for player %d, whose turn it is not", name, c.Kind(), other)
			}
		}
	}
	for name, p := range cpus() {
		if c := p(res.Final, res.Winner, r); c != nil {
			t.Errorf("%s chose %s after the end", name, c.Kind())
		}
	}
}

// TestCPUsAreDeterministic: the same seed plays the same game, command for command.
func TestCPUsAreDeterministic(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	players := cpus()
	policies := []sim.Policy{players["normal"], players["easy"], players["cautious"], ai.Random}
	cfg := rules.Config{Seats: seats(4), Claim: rules.ClaimRoundRobin}
	first, err := sim.Play(b, cfg, policies, 7, sim.Opts{KeepEvents: true, MaxCommands: 4000})
	if err != nil {
		t.Fatal(err)
	}
	second, err := sim.Play(b, cfg, policies, 7, sim.Opts{KeepEvents: true, MaxCommands: 4000})
	if err != nil {
		t.Fatal(err)
	}
	if first.Commands != second.Commands || len(first.Record) != len(second.Record) {
		t.Fatalf("same seed: %d commands and %d events, then %d and %d", first.Commands, len(first.Record), second.Commands, len(second.Record))
	}
	if diff := rules.Diff(first.Final, second.Final); diff != "" {
		t.Fatalf("same seed, different games: %s", diff)
	}
}

// TestTinyBudgetFallsBack: with a budget too small for any thinking, a CPU still plays legal commands:
// the forced step, its reserve on a border, the end of the attack phase and of the turn.
func TestTinyBudgetFallsBack(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	tiny := map[string]policy{
		"easy":     ai.NewEasy(ai.EasyOpts{Budget: time.Nanosecond, Mistakes: -1}),
		"normal":   ai.NewNormal(ai.NormalOpts{Budget: time.Nanosecond}),
		"cautious": ai.NewCautious(ai.CautiousOpts{Budget: time.Nanosecond}),
	}
	for name, p := range tiny {
		for claim := range 2 {
			attacks := 0
			spy := func(s rules.State, me rules.PlayerID, r *rand.Rand) rules.Command {
				c := p(s, me, r)
				if _, ok := c.(rules.Attack); ok {
					attacks++
				}
				return c
			}
			cfg := rules.Config{Seats: seats(2), Claim: rules.ClaimStrategy(claim)}
			policies := []sim.Policy{checked(t, name, spy), ai.Random}
			if _, err := sim.Play(b, cfg, policies, uint64(claim), sim.Opts{MaxCommands: 2000}); err != nil {
				t.Fatalf("%s with a tiny budget: %v", name, err)
			}
			if attacks != 0 {
				t.Errorf("%s with a tiny budget attacked %d times; want the fallback, which ends the attack phase", name, attacks)
			}
		}
	}
}

// TestLegalChoiceRejects checks the checker: illegal commands, out-of-range amounts and resigning are
// refused.
func TestLegalChoiceRejects(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	s, err := rules.New(b, rules.Config{Seats: seats(2)})
	if err != nil {
		t.Fatal(err)
	}
	if s, _, err = rules.Apply(s, 0, rules.StartGame{}, rules.NewDice([32]byte{1})); err != nil {
		t.Fatal(err)
	}
	p := s.Current()
	var mine, theirs rules.TerritoryID = -1, -1
	for tt := range b.Len() {
		if id := rules.TerritoryID(tt); s.Owner(id) == p {
			mine = id
		} else {
			theirs = id
		}
	}
	for _, c := range []rules.Command{
		rules.Resign{},
		rules.EndTurn{},
		rules.Place{Placements: []rules.Placement{{Territory: theirs, Armies: 1}}},
		rules.Place{Placements: []rules.Placement{{Territory: mine, Armies: s.Reserve() + 1}}},
		rules.Place{},
	} {
		if legalChoice(s, p, c) == nil {
			t.Errorf("%s %+v passed the check", c.Kind(), c)
		}
	}
	if err := legalChoice(s, p, rules.Place{Placements: []rules.Placement{{Territory: mine, Armies: s.Reserve()}}}); err != nil {
		t.Errorf("the whole reserve on %d: %v", mine, err)
	}
}

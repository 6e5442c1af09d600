package ai_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"rout/ai"
	"rout/rules"
	"rout/sim"
)

// TestCautiousAttacksOnlyAtHighOdds plays Cautious against Normal and Random and checks every attack it
// makes with two opponents or more: fought to the end in one command, with exact odds of conquest of at
// least CautiousMinWin using only the armies above its stopping point, and stopping no lower than the
// largest other opposing army bordering the attacking territory.
func TestCautiousAttacksOnlyAtHighOdds(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	cautious := ai.NewCautious(ai.CautiousOpts{Budget: testBudget})
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	attacks := 0
	spy := func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		c := cautious(s, p, r)
		a, ok := c.(rules.Attack)
		if !ok || s.ActivePlayers() < 3 {
			return c
		}
		attacks++
		stop := max(a.StopAt, 1)
		odds, err := rules.BattleOdds(min(s.Armies(a.From)-stop, rules.MaxOddsArmies), min(s.Armies(a.To), rules.MaxOddsArmies))
		if err != nil {
			t.Fatalf("attack %+v: %v", a, err)
		}
		if !a.Repeat || odds.Win < ai.CautiousMinWin {
			t.Errorf("turn %d: %+v from %d armies on %d: repeat %v, odds %.3f", s.Turn(), a, s.Armies(a.From), s.Armies(a.To), a.Repeat, odds.Win)
		}
		for _, nb := range s.Board().Neighbors(a.From) {
			if o := s.Owner(nb); nb != a.To && o >= 0 && o != p && s.Player(o).Status == rules.Active && s.Armies(nb) > stop {
				t.Errorf("turn %d: %+v stops at %d next to %d armies on %d", s.Turn(), a, stop, s.Armies(nb), nb)
			}
		}
		return c
	}
	for g := range 12 {
		cfg := rules.Config{Seats: seats(3), Claim: rules.ClaimStrategy(g % 2), Cards: rules.CardSystem(g % 4)}
		policies := []sim.Policy{spy, normal, ai.Random}
		if _, err := sim.Play(b, cfg, policies, uint64(g), sim.Opts{MaxCommands: 3000}); err != nil {
			t.Fatal(err)
		}
	}
	if attacks < 50 {
		t.Fatalf("Cautious attacked only %d times in 12 games; want enough attacks to check", attacks)
	}
}

// TestCautiousTradesOnlyWhenForced: with two opponents or more, Cautious keeps its cards until it must
// trade.
func TestCautiousTradesOnlyWhenForced(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	cautious := ai.NewCautious(ai.CautiousOpts{Budget: testBudget})
	trades := 0
	spy := func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		c := cautious(s, p, r)
		if _, ok := c.(rules.Trade); ok && s.ActivePlayers() >= 3 {
			trades++
			if !s.MustTrade() {
				t.Errorf("turn %d: Cautious traded with %d cards, not forced", s.Turn(), len(s.Player(p).Hand))
			}
		}
		return c
	}
	for g := range 8 {
		cfg := rules.Config{Seats: seats(3), Cards: rules.CardSystem(g % 4)}
		if _, err := sim.Play(b, cfg, []sim.Policy{spy, ai.Random, ai.Random}, uint64(g), sim.Opts{MaxCommands: 3000}); err != nil {
			t.Fatal(err)
		}
	}
	if trades == 0 {
		t.Fatal("Cautious never traded against two opponents in 8 games")
	}
}

// TestCautiousPlaysADuelAsNormal: with one opponent left, whether the game began as a duel or came down
// to one, Cautious chooses what Normal would; before that it does not always.
func TestCautiousPlaysADuelAsNormal(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	cautious := ai.NewCautious(ai.CautiousOpts{Budget: testBudget})
	normal := ai.NewNormal(ai.NormalOpts{Budget: testBudget})
	duel, crowd, crowdDiffer := 0, 0, 0
	spy := func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		c, n := cautious(s, p, r), normal(s, p, r)
		same := reflect.DeepEqual(c, n)
		if s.ActivePlayers() == 2 {
			duel++
			if !same {
				t.Errorf("turn %d, %s phase, in a duel: Cautious plays %+v, Normal %+v", s.Turn(), s.Phase(), c, n)
			}
		} else if crowd++; !same {
			crowdDiffer++
		}
		return c
	}
	for g := range 6 {
		cfg := rules.Config{Seats: seats(2 + g%2), Cards: rules.CardSystem(g % 4)}
		policies := []sim.Policy{spy, ai.Random, ai.Random}[:len(cfg.Seats)]
		if _, err := sim.Play(b, cfg, policies, uint64(g), sim.Opts{MaxCommands: 3000}); err != nil {
			t.Fatal(err)
		}
	}
	if duel < 100 || crowdDiffer == 0 {
		t.Fatalf("%d duel decisions, %d of %d decisions with more opponents unlike Normal's; want both", duel, crowdDiffer, crowd)
	}
}

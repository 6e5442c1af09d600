package ai

import (
	"math"
	"testing"

	"rout/rules"
)

// TestBattleStepMatchesBattleOdds: a path's first battle, started from one army count, gives the exact
// odds of rules.BattleOdds, also when the force is larger than the battle can use.
func TestBattleStepMatchesBattleOdds(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]int{{1, 1}, {2, 1}, {3, 2}, {5, 5}, {10, 3}, {40, 30}, {200, 20}, {900, 3}} {
		a, d := c[0], c[1]
		want, err := rules.BattleOdds(a, d)
		if err != nil {
			t.Fatal(err)
		}
		got := battleStep(pointForce(a), d)
		survivors := float64(a) - got.lost
		if math.Abs(got.win-want.Win) > 1e-9 || math.Abs(survivors-want.ExpectedAttackerSurvivors) > 1e-6 ||
			math.Abs(float64(d)-got.kill-want.ExpectedDefenderSurvivors) > 1e-6 {
			t.Errorf("%d against %d: win %.9f, survivors %.6f and %.6f; BattleOdds says %.9f, %.6f and %.6f",
				a, d, got.win, survivors, float64(d)-got.kill, want.Win, want.ExpectedAttackerSurvivors, want.ExpectedDefenderSurvivors)
		}
		mass := 0.0
		for _, p := range got.next {
			mass += p
		}
		// The force that goes on is every conquest but those with one army left to move in.
		if mass > got.win+1e-9 {
			t.Errorf("%d against %d: %.9f of the force goes on after conquests of probability %.9f", a, d, mass, got.win)
		}
	}
}

// TestBattleStepChainsExactly: two battles in a row from a distribution equal the sum over the first
// battle's outcomes of the second battle's exact odds.
func TestBattleStepChainsExactly(t *testing.T) {
	t.Parallel()
	first := battleStep(pointForce(12), 3)
	second := battleStep(first.next, 4)
	want := 0.0
	for a, p := range first.next {
		if a > 0 && p > 0 {
			o, err := rules.BattleOdds(a, 4)
			if err != nil {
				t.Fatal(err)
			}
			want += p * o.Win
		}
	}
	if math.Abs(second.win-want) > 1e-9 {
		t.Fatalf("two battles: %.9f, want %.9f", second.win, want)
	}
}

// TestApproxOddsIsClose: the normal approximation used for battles of hundreds of armies a side is
// within 0.025 of the exact odds of conquest from a hundred armies a side.
func TestApproxOddsIsClose(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]int{{100, 100}, {120, 100}, {300, 300}, {250, 300}, {330, 300}, {600, 500}} {
		exact, err := rules.BattleOdds(c[0], c[1])
		if err != nil {
			t.Fatal(err)
		}
		approx := approxOdds(c[0], c[1])
		if math.Abs(exact.Win-approx.Win) > 0.025 || math.Abs(exact.ExpectedAttackerSurvivors-approx.ExpectedAttackerSurvivors) > 3 {
			t.Errorf("%v: exact %.3f (%.1f survivors), approximation %.3f (%.1f)", c, exact.Win, exact.ExpectedAttackerSurvivors, approx.Win, approx.ExpectedAttackerSurvivors)
		}
	}
}

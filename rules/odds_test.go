package rules

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// nestedLoopCounts counts the results of every way attackDice and defendDice dice can fall, written out as
// nested loops and independent of rollDice, compareDice and RollOutcomes. An absent die shows 0.
func nestedLoopCounts(attackDice, defendDice int) (counts [3][3]int, total int) {
	die := func(present bool) []int {
		if present {
			return []int{1, 2, 3, 4, 5, 6}
		}
		return []int{0}
	}
	for _, x1 := range die(true) {
		for _, x2 := range die(attackDice >= 2) {
			for _, x3 := range die(attackDice >= 3) {
				for _, y1 := range die(true) {
					for _, y2 := range die(defendDice >= 2) {
						attackHigh := max(x1, x2, x3)
						attackSecond := x1 + x2 + x3 - attackHigh - min(x1, x2, x3)
						defendHigh, defendSecond := max(y1, y2), min(y1, y2)
						al, dl := 0, 0
						if attackHigh > defendHigh {
							dl++
						} else {
							al++
						}
						if attackSecond > 0 && defendSecond > 0 {
							if attackSecond > defendSecond {
								dl++
							} else {
								al++
							}
						}
						counts[al][dl]++
						total++
					}
				}
			}
		}
	}
	return counts, total
}

func TestRollOutcomesKnownValues(t *testing.T) {
	t.Parallel()
	type frac struct{ al, dl, num, den int }
	tests := []struct {
		attackDice, defendDice int
		want                   []frac
	}{
		{1, 1, []frac{{0, 1, 15, 36}, {1, 0, 21, 36}}},
		{2, 1, []frac{{0, 1, 125, 216}, {1, 0, 91, 216}}},
		{3, 1, []frac{{0, 1, 855, 1296}, {1, 0, 441, 1296}}},
		{1, 2, []frac{{0, 1, 55, 216}, {1, 0, 161, 216}}},
		{2, 2, []frac{{0, 2, 295, 1296}, {1, 1, 420, 1296}, {2, 0, 581, 1296}}},
		{3, 2, []frac{{0, 2, 2890, 7776}, {1, 1, 2611, 7776}, {2, 0, 2275, 7776}}},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%dv%d", tt.attackDice, tt.defendDice)
		counts, total := nestedLoopCounts(tt.attackDice, tt.defendDice)
		got := RollOutcomes(tt.attackDice, tt.defendDice)
		if len(got) != len(tt.want) {
			t.Errorf("%s: RollOutcomes = %v, want %d outcomes", name, got, len(tt.want))
			continue
		}
		var sum float64
		for i, w := range tt.want {
			if w.den != total || counts[w.al][w.dl] != w.num {
				t.Errorf("%s: nested loops count %d/%d for losses %d/%d, want %d/%d",
					name, counts[w.al][w.dl], total, w.al, w.dl, w.num, w.den)
			}
			wantP := float64(w.num) / float64(w.den)
			if g := got[i]; g.AttackerLosses != w.al || g.DefenderLosses != w.dl || math.Abs(g.Probability-wantP) > 1e-15 {
				t.Errorf("%s: outcome %d = %+v, want losses %d/%d with probability %d/%d", name, i, g, w.al, w.dl, w.num, w.den)
			}
			sum += got[i].Probability
		}
		if math.Abs(sum-1) > 1e-15 {
			t.Errorf("%s: probabilities sum to %v, want 1", name, sum)
		}
	}
}

func TestRollOutcomesInvalid(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]int{{0, 1}, {1, 0}, {4, 1}, {1, 3}, {-1, 2}, {3, 3}} {
		if got := RollOutcomes(c[0], c[1]); got != nil {
			t.Errorf("RollOutcomes(%d, %d) = %v, want nil", c[0], c[1], got)
		}
	}
}

func TestRollOutcomesReturnsCopy(t *testing.T) {
	t.Parallel()
	got := RollOutcomes(3, 2)
	got[0].Probability = 42
	got[1].AttackerLosses = 7
	if again := RollOutcomes(3, 2); again[0].Probability == 42 || again[1].AttackerLosses == 7 {
		t.Errorf("changing a result of RollOutcomes changed the table: %v", again)
	}
}

// bruteOdds is a battle's odds computed by bruteBattle.
type bruteOdds struct {
	win, attackers, defenders float64
}

// bruteBattle computes battle odds independently of the engine: every roll enumerates each raw face of
// each die recursively, sorts and compares them by hand, and recurses on the resulting state.
type bruteBattle struct {
	memo map[[2]int]bruteOdds
}

func (b *bruteBattle) odds(a, d int) bruteOdds {
	switch {
	case d == 0:
		return bruteOdds{win: 1, attackers: float64(a)}
	case a == 0:
		return bruteOdds{defenders: float64(d)}
	}
	if o, ok := b.memo[[2]int{a, d}]; ok {
		return o
	}
	attackDice, defendDice := min(3, a), min(2, d)
	faces := make([]int, attackDice+defendDice)
	var sum bruteOdds
	rolls := 0
	var roll func(i int)
	roll = func(i int) {
		if i == len(faces) {
			al, dl := bruteLosses(faces[:attackDice], faces[attackDice:])
			o := b.odds(a-al, d-dl)
			sum.win += o.win
			sum.attackers += o.attackers
			sum.defenders += o.defenders
			rolls++
			return
		}
		for f := 1; f <= 6; f++ {
			faces[i] = f
			roll(i + 1)
		}
	}
	roll(0)
	o := bruteOdds{
		win:       sum.win / float64(rolls),
		attackers: sum.attackers / float64(rolls),
		defenders: sum.defenders / float64(rolls),
	}
	b.memo[[2]int{a, d}] = o
	return o
}

// bruteLosses bubble-sorts copies of both hands high to low and compares them pair by pair.
func bruteLosses(attack, defend []int) (attackerLosses, defenderLosses int) {
	sorted := func(in []int) []int {
		s := append([]int(nil), in...)
		for i := range s {
			for j := len(s) - 1; j > i; j-- {
				if s[j] > s[j-1] {
					s[j], s[j-1] = s[j-1], s[j]
				}
			}
		}
		return s
	}
	x, y := sorted(attack), sorted(defend)
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i] > y[i] {
			defenderLosses++
		} else {
			attackerLosses++
		}
	}
	return attackerLosses, defenderLosses
}

func TestBattleOddsMatchesBruteForce(t *testing.T) {
	t.Parallel()
	brute := &bruteBattle{memo: map[[2]int]bruteOdds{}}
	const n = 10
	for a := 1; a <= n; a++ {
		for d := 1; d <= n; d++ {
			got, err := BattleOdds(a, d)
			if err != nil {
				t.Fatalf("BattleOdds(%d, %d): %v", a, d, err)
			}
			want := brute.odds(a, d)
			if got.Attackers != a || got.Defenders != d ||
				math.Abs(got.Win-want.win) > 1e-12 ||
				math.Abs(got.ExpectedAttackerSurvivors-want.attackers) > 1e-12 ||
				math.Abs(got.ExpectedDefenderSurvivors-want.defenders) > 1e-12 {
				t.Errorf("BattleOdds(%d, %d) = %+v, want win %v, survivors %v / %v",
					a, d, got, want.win, want.attackers, want.defenders)
			}
		}
	}
	t.Logf("brute force: 3v2 win %.6f, 5v5 win %.6f, 10v10 win %.6f",
		brute.odds(3, 2).win, brute.odds(5, 5).win, brute.odds(10, 10).win)
}

func TestBattleOddsHandComputed(t *testing.T) {
	t.Parallel()
	// Small battles worked out from the roll tables by hand: a single roll either ends the battle or
	// leads to a battle already listed.
	p11 := 15.0 / 36
	p21 := 125.0/216 + 91.0/216*p11
	p31 := 855.0/1296 + 441.0/1296*p21
	p12 := 55.0 / 216 * p11
	tests := []struct {
		a, d int
		win  float64
	}{
		{1, 1, p11},
		{2, 1, p21},
		{3, 1, p31},
		{1, 2, p12},
	}
	for _, tt := range tests {
		got, err := BattleOdds(tt.a, tt.d)
		if err != nil {
			t.Fatalf("BattleOdds(%d, %d): %v", tt.a, tt.d, err)
		}
		if math.Abs(got.Win-tt.win) > 1e-15 {
			t.Errorf("BattleOdds(%d, %d).Win = %v, want %v", tt.a, tt.d, got.Win, tt.win)
		}
	}
	// The published value (Osborne, "Markov chains for the RISK board game revisited", 2003) of 3
	// attackers against 2 defenders, to three places; the exact value is checked by brute force above.
	if got, _ := BattleOdds(3, 2); math.Abs(got.Win-0.656) > 0.0005 {
		t.Errorf("BattleOdds(3, 2).Win = %v, want 0.656 to three places", got.Win)
	}
}

func TestBattleOddsRange(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]int{{0, 1}, {1, 0}, {-3, 5}, {5, -3}, {MaxOddsArmies + 1, 1}, {1, MaxOddsArmies + 1}} {
		if _, err := BattleOdds(c[0], c[1]); !errors.Is(err, ErrOddsRange) {
			t.Errorf("BattleOdds(%d, %d) error = %v, want ErrOddsRange", c[0], c[1], err)
		}
	}
	got, err := BattleOdds(MaxOddsArmies, MaxOddsArmies)
	if err != nil {
		t.Fatalf("BattleOdds(%d, %d): %v", MaxOddsArmies, MaxOddsArmies, err)
	}
	if got.Win <= 0 || got.Win >= 1 {
		t.Errorf("BattleOdds(%d, %d).Win = %v, want a value in (0, 1)", MaxOddsArmies, MaxOddsArmies, got.Win)
	}
	table := winProbabilityTable(MaxOddsArmies, MaxOddsArmies)
	if w := table[MaxOddsArmies][MaxOddsArmies]; math.Abs(w-got.Win) > 1e-12 {
		t.Errorf("winProbabilityTable corner = %v, BattleOdds = %v", w, got.Win)
	}
}

func TestBattleOddsMonotoneAndBounded(t *testing.T) {
	t.Parallel()
	const n = 30
	odds := make([][]Odds, n+2)
	for a := 1; a <= n+1; a++ {
		odds[a] = make([]Odds, n+2)
		for d := 1; d <= n+1; d++ {
			o, err := BattleOdds(a, d)
			if err != nil {
				t.Fatalf("BattleOdds(%d, %d): %v", a, d, err)
			}
			odds[a][d] = o
		}
	}
	for a := 1; a <= n; a++ {
		for d := 1; d <= n; d++ {
			o := odds[a][d]
			if next := odds[a+1][d].Win; next <= o.Win {
				t.Errorf("Win(%d, %d) = %v, not above Win(%d, %d) = %v", a+1, d, next, a, d, o.Win)
			}
			if next := odds[a][d+1].Win; next >= o.Win {
				t.Errorf("Win(%d, %d) = %v, not below Win(%d, %d) = %v", a, d+1, next, a, d, o.Win)
			}
			// A conquest leaves 1 to a attackers, a defeat 1 to d defenders.
			const eps = 1e-12
			loss := 1 - o.Win
			if o.Win <= 0 || o.Win >= 1 ||
				o.ExpectedAttackerSurvivors < o.Win-eps || o.ExpectedAttackerSurvivors > float64(a)*o.Win+eps ||
				o.ExpectedDefenderSurvivors < loss-eps || o.ExpectedDefenderSurvivors > float64(d)*loss+eps {
				t.Errorf("BattleOdds(%d, %d) = %+v, out of bounds", a, d, o)
			}
		}
	}
}

func TestWinProbabilityTable(t *testing.T) {
	t.Parallel()
	const maxA, maxD = 40, 25
	table := winProbabilityTable(maxA, maxD)
	if len(table) != maxA+1 {
		t.Fatalf("winProbabilityTable(%d, %d) has %d rows, want %d", maxA, maxD, len(table), maxA+1)
	}
	for a, row := range table {
		if len(row) != maxD+1 {
			t.Fatalf("row %d has %d cells, want %d", a, len(row), maxD+1)
		}
		for d, w := range row {
			var want float64
			switch {
			case a == 0:
				want = 0
			case d == 0:
				want = 1
			default:
				o, err := BattleOdds(a, d)
				if err != nil {
					t.Fatalf("BattleOdds(%d, %d): %v", a, d, err)
				}
				want = o.Win
			}
			if math.Abs(w-want) > 1e-12 {
				t.Errorf("table[%d][%d] = %v, want %v", a, d, w, want)
			}
		}
	}
	for _, c := range [][2]int{{0, 5}, {5, 0}, {MaxOddsArmies + 1, 5}, {5, MaxOddsArmies + 1}} {
		if got := winProbabilityTable(c[0], c[1]); got != nil {
			t.Errorf("winProbabilityTable(%d, %d) has %d rows, want nil", c[0], c[1], len(got))
		}
	}
}

func TestRollFrequenciesMatchExactOdds(t *testing.T) {
	t.Parallel()
	const rolls = 200_000
	d := NewDice(diceTestSeed(42))
	for attackDice := 1; attackDice <= 3; attackDice++ {
		for defendDice := 1; defendDice <= 2; defendDice++ {
			var counts [3][3]int
			for range rolls {
				al, dl := compareDice(rollDice(d, attackDice), rollDice(d, defendDice))
				counts[al][dl]++
			}
			seen := 0
			for _, o := range RollOutcomes(attackDice, defendDice) {
				c := counts[o.AttackerLosses][o.DefenderLosses]
				seen += c
				freq := float64(c) / rolls
				se := math.Sqrt(o.Probability * (1 - o.Probability) / rolls)
				if math.Abs(freq-o.Probability) > 4*se {
					t.Errorf("%dv%d losses %d/%d: frequency %.5f, exact %.5f, more than 4 standard errors (%.5f) apart",
						attackDice, defendDice, o.AttackerLosses, o.DefenderLosses, freq, o.Probability, se)
				}
			}
			if seen != rolls {
				t.Errorf("%dv%d: %d of %d rolls had an outcome RollOutcomes does not list", attackDice, defendDice, rolls-seen, rolls)
			}
		}
	}
}

func BenchmarkBattleOdds100x100(b *testing.B) {
	for b.Loop() {
		if _, err := BattleOdds(100, 100); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBattleOddsOfForce: a force of exactly a armies gives the odds of BattleOdds(a, d), a mixture of
// forces the mixture of their odds, and the distribution of the conquests adds up to the win and to the
// expected survivors.
func TestBattleOddsOfForce(t *testing.T) {
	t.Parallel()
	odds := func(a, d int) Odds {
		o, err := BattleOdds(a, d)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	for _, c := range [][2]int{{1, 1}, {2, 1}, {3, 2}, {5, 5}, {10, 3}, {40, 30}, {200, 20}} {
		a, d := c[0], c[1]
		force := make([]float64, a+1)
		force[a] = 1
		got, err := BattleOddsOfForce(force, d)
		if err != nil {
			t.Fatalf("%d against %d: %v", a, d, err)
		}
		want := odds(a, d)
		if got.Defenders != d || got.Win != want.Win || got.ExpectedAttackerSurvivors != want.ExpectedAttackerSurvivors ||
			got.ExpectedDefenderSurvivors != want.ExpectedDefenderSurvivors {
			t.Errorf("a force of exactly %d against %d: %+v; BattleOdds says %+v", a, d, got, want)
		}
		if len(got.Conquered) != a+1 || got.Conquered[0] != 0 {
			t.Fatalf("%d against %d: conquests %v, want %d entries from 0", a, d, got.Conquered, a+1)
		}
		win, survivors := 0.0, 0.0
		for left, p := range got.Conquered {
			win += p
			survivors += p * float64(left)
		}
		if math.Abs(win-got.Win) > 1e-12 || math.Abs(survivors-got.ExpectedAttackerSurvivors) > 1e-9 {
			t.Errorf("%d against %d: the conquests add up to %v and %v survivors, not %v and %v",
				a, d, win, survivors, got.Win, got.ExpectedAttackerSurvivors)
		}
	}
	// Two forces of 4 and 9 armies with chances 0.25 and 0.5: the last quarter never attacks.
	force := make([]float64, 10)
	force[4], force[9] = 0.25, 0.5
	got, err := BattleOddsOfForce(force, 6)
	if err != nil {
		t.Fatal(err)
	}
	four, nine := odds(4, 6), odds(9, 6)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"win", got.Win, 0.25*four.Win + 0.5*nine.Win},
		{"attackers left", got.ExpectedAttackerSurvivors, 0.25*four.ExpectedAttackerSurvivors + 0.5*nine.ExpectedAttackerSurvivors},
		{"defenders left", got.ExpectedDefenderSurvivors, 0.25*four.ExpectedDefenderSurvivors + 0.5*nine.ExpectedDefenderSurvivors},
	} {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("a mixture of 4 and 9 against 6: %s %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestBattleOddsOfForceRefuses(t *testing.T) {
	t.Parallel()
	point := func(n int) []float64 {
		f := make([]float64, n)
		f[n-1] = 1
		return f
	}
	for _, c := range []struct {
		name      string
		force     []float64
		defenders int
		outRange  bool
	}{
		{"no force", nil, 3, true},
		{"no attackers", []float64{1}, 3, true},
		{"too many attackers", point(MaxOddsArmies + 2), 3, true},
		{"no defenders", point(3), 0, true},
		{"too many defenders", point(3), MaxOddsArmies + 1, true},
		{"a negative chance", []float64{0, -0.5, 1}, 3, false},
		{"NaN", []float64{0, math.NaN(), 1}, 3, false},
		{"infinity", []float64{0, 0, math.Inf(1)}, 3, false},
	} {
		_, err := BattleOddsOfForce(c.force, c.defenders)
		if err == nil || errors.Is(err, ErrOddsRange) != c.outRange {
			t.Errorf("%s: error %v, want one (ErrOddsRange: %v)", c.name, err, c.outRange)
		}
	}
	if _, err := BattleOddsOfForce(point(MaxOddsArmies+1), MaxOddsArmies); err != nil {
		t.Errorf("the largest force: %v", err)
	}
}

// winProbabilityTable returns the probability of conquest for every battle up to maxA attackers and maxD
// defenders, as BattleOdds(a, d).Win would give it, at t[a][d]. Row 0 (no attackers) is all 0, and
// t[a][0] is 1 for a >= 1. Both limits must be from 1 to MaxOddsArmies; otherwise it returns nil. It takes
// O(maxA·maxD) time. A test helper: it checks BattleOdds against a table built another way.
func winProbabilityTable(maxA, maxD int) [][]float64 {
	if maxA < 1 || maxA > MaxOddsArmies || maxD < 1 || maxD > MaxOddsArmies {
		return nil
	}
	tables := rollOutcomeTables()
	cells := make([]float64, (maxA+1)*(maxD+1))
	t := make([][]float64, maxA+1)
	for a := range t {
		t[a] = cells[a*(maxD+1) : (a+1)*(maxD+1) : (a+1)*(maxD+1)]
	}
	for a := 1; a <= maxA; a++ {
		t[a][0] = 1
		for d := 1; d <= maxD; d++ {
			var w float64
			for _, o := range tables[min(3, a)][DefendDice(d)] {
				w += o.Probability * t[a-o.AttackerLosses][d-o.DefenderLosses]
			}
			t[a][d] = w
		}
	}
	return t
}

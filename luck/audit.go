package luck

import (
	"math"

	"rout/rules"
)

// Roll is one battle roll as the audit reads it: a rules.BattleRolled event and the turn it happened in.
type Roll struct {
	Turn     int
	Attacker rules.PlayerID
	Defender rules.PlayerID // rules.Neutral for a resigned player's territory
	// AttackDice and DefendDice are the faces rolled, 1 to 6.
	AttackDice     []int
	DefendDice     []int
	AttackerLosses int
	DefenderLosses int
}

// RollOf returns the roll an event records in turn turn.
func RollOf(turn int, e rules.BattleRolled) Roll {
	return Roll{Turn: turn, Attacker: e.Attacker, Defender: e.Defender, AttackDice: e.AttackDice, DefendDice: e.DefendDice,
		AttackerLosses: e.AttackerLosses, DefenderLosses: e.DefenderLosses}
}

// Rolls returns the rolls of a game's events (from its first), each with the turn it happened in: that of
// the last rules.TurnStarted before it.
func Rolls(events []rules.Event) []Roll {
	n := 0
	for _, e := range events {
		if _, ok := e.(rules.BattleRolled); ok {
			n++
		}
	}
	out := make([]Roll, 0, n)
	turn := 0
	for _, e := range events {
		switch ev := e.(type) {
		case rules.TurnStarted:
			turn = ev.Turn
		case rules.BattleRolled:
			out = append(out, RollOf(turn, ev))
		}
	}
	return out
}

// Expectation is what the exact odds expect of a roll of AttackDice against DefendDice.
type Expectation struct {
	AttackDice, DefendDice int
	// AttackerLosses and DefenderLosses are the expected losses of each side: Σ p·losses over the
	// outcomes of rules.RollOutcomes. They add up to the dice compared, min(AttackDice, DefendDice).
	AttackerLosses float64
	DefenderLosses float64
	// Variance is the variance of either side's losses (they move together: one side's loss is the
	// other's win), Σ p·losses² − expected².
	Variance float64
}

// expectations holds the Expectation of every pairing, by attacker and defender dice.
var expectations = func() (t [4][3]Expectation) {
	for a := 1; a <= 3; a++ {
		for d := 1; d <= 2; d++ {
			e := Expectation{AttackDice: a, DefendDice: d}
			var sq float64
			for _, o := range rules.RollOutcomes(a, d) {
				e.AttackerLosses += o.Probability * float64(o.AttackerLosses)
				e.DefenderLosses += o.Probability * float64(o.DefenderLosses)
				sq += o.Probability * float64(o.AttackerLosses*o.AttackerLosses)
			}
			e.Variance = sq - e.AttackerLosses*e.AttackerLosses
			t[a][d] = e
		}
	}
	return t
}()

// Expect returns the expectation of a roll of attackDice (1 to 3) against defendDice (1 to 2); ok is false
// for other counts.
func Expect(attackDice, defendDice int) (e Expectation, ok bool) {
	if attackDice < 1 || attackDice > 3 || defendDice < 1 || defendDice > 2 {
		return Expectation{}, false
	}
	return expectations[attackDice][defendDice], true
}

// valid reports whether r is a roll the engine can make: 1 to 3 attacker dice, 1 to 2 defender dice,
// faces 1 to 6, and losses that add up to the dice compared.
func (r Roll) valid() bool {
	a, d := len(r.AttackDice), len(r.DefendDice)
	if _, ok := Expect(a, d); !ok || r.AttackerLosses < 0 || r.DefenderLosses < 0 || r.AttackerLosses+r.DefenderLosses != min(a, d) {
		return false
	}
	return validFaces(r.AttackDice) && validFaces(r.DefendDice)
}

func validFaces(faces []int) bool {
	for _, f := range faces {
		if f < 1 || f > 6 {
			return false
		}
	}
	return true
}

// Luck returns the attacker's luck in r, in armies: the expected attacker losses less the actual ones,
// which is also the defender's losses beyond the expected. The defender's luck is its negative. It is 0
// for a roll the engine cannot make.
func (r Roll) Luck() float64 {
	e, ok := Expect(len(r.AttackDice), len(r.DefendDice))
	if !ok || !r.valid() {
		return 0
	}
	return e.AttackerLosses - float64(r.AttackerLosses)
}

// Pairings are the six pairings of dice counts, attacker's then defender's, in the order the audit lists
// them.
var Pairings = [6][2]int{{3, 2}, {3, 1}, {2, 2}, {2, 1}, {1, 2}, {1, 1}}

// Tally counts rolls from one point of view: a seat's (the rolls it took part in, its own dice, its luck),
// or a whole game's (every roll and die, no luck). A zero Tally is a game's; NewTally makes a seat's.
// Tallies add up (Merge), so a player's luck over many games is the merge of their seats'.
type Tally struct {
	seat   rules.PlayerID
	ofSeat bool

	rolls, attacks, defences int
	expected                 float64
	losses                   int
	variance                 float64
	faces                    [6]int
	outcomes                 [4][3][3]int // [attack dice][defend dice][attacker losses]
}

// NewTally returns the tally of seat p.
func NewTally(p rules.PlayerID) *Tally { return &Tally{seat: p, ofSeat: true} }

// Add counts r: in a seat's tally when the seat attacked or defended in it, in a game's tally always. A
// roll the engine cannot make is not counted.
func (t *Tally) Add(r Roll) {
	if !r.valid() {
		return
	}
	a, d := len(r.AttackDice), len(r.DefendDice)
	e := expectations[a][d]
	switch {
	case !t.ofSeat:
		t.countFaces(r.AttackDice)
		t.countFaces(r.DefendDice)
	case r.Attacker == t.seat:
		t.attacks++
		t.expected += e.AttackerLosses
		t.losses += r.AttackerLosses
		t.variance += e.Variance
		t.countFaces(r.AttackDice)
	case r.Defender == t.seat:
		t.defences++
		t.expected += e.DefenderLosses
		t.losses += r.DefenderLosses
		t.variance += e.Variance
		t.countFaces(r.DefendDice)
	default:
		return
	}
	t.rolls++
	t.outcomes[a][d][r.AttackerLosses]++
}

func (t *Tally) countFaces(faces []int) {
	for _, f := range faces {
		t.faces[f-1]++
	}
}

// Merge adds o's counts to t, keeping t's point of view.
func (t *Tally) Merge(o *Tally) {
	t.rolls += o.rolls
	t.attacks += o.attacks
	t.defences += o.defences
	t.expected += o.expected
	t.losses += o.losses
	t.variance += o.variance
	for i := range t.faces {
		t.faces[i] += o.faces[i]
	}
	for a := range t.outcomes {
		for d := range t.outcomes[a] {
			for l := range t.outcomes[a][d] {
				t.outcomes[a][d][l] += o.outcomes[a][d][l]
			}
		}
	}
}

// Luck returns the luck so far: the expected losses less the actual ones (0 for a game's tally).
func (t *Tally) Luck() float64 { return t.expected - float64(t.losses) }

// Figures are the audit of a tally.
type Figures struct {
	// Rolls are the rolls counted; Attacks and Defences, a seat's rolls as attacker and as defender.
	Rolls, Attacks, Defences int
	// ExpectedLosses are the armies the seat was expected to lose in its rolls, Losses those it lost.
	ExpectedLosses float64
	Losses         int
	// Luck is ExpectedLosses − Losses, in armies: positive when the seat lost fewer than expected (and so
	// its opponents more), negative when unlucky.
	Luck float64
	// Variance is the variance of Luck under fair dice, the sum of each roll's variance; StdDev its root.
	Variance float64
	StdDev   float64
	// Z is Luck / StdDev (0 when no roll was counted): how many standard deviations from the expected.
	Z float64
	// Percentile is Φ(Z), the normal approximation of the share of seats with the same rolls that fair
	// dice make less lucky: 0.8 reads "luckier than 80% of games like this".
	Percentile float64
	// Faces is the test of the faces counted (a seat's own dice, a game's every die) against a fair die.
	Faces FaceTest
	// Pairings are the tests of each pairing's results, in the order of Pairings.
	Pairings []PairingTest
}

// FaceTest is the chi-square test of the faces rolled against a fair die (each face 1/6, 5 degrees of
// freedom).
type FaceTest struct {
	// Counts are the times each face, 1 to 6, came up.
	Counts [6]int
	ChiSquare
}

// PairingTest is the chi-square test of the results of the rolls of one pairing against its exact odds.
type PairingTest struct {
	AttackDice, DefendDice int
	Rolls                  int
	// Outcomes are the results that can happen, best first for the attacker, as rules.RollOutcomes lists
	// them.
	Outcomes []OutcomeCount
	ChiSquare
}

// OutcomeCount is one result of a pairing: its exact chance, how often it came and how often the odds
// expected it.
type OutcomeCount struct {
	AttackerLosses, DefenderLosses int
	Probability                    float64
	Observed                       int
	Expected                       float64
}

var fairDie = []float64{1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6}

// Figures returns the audit of what t counted.
func (t *Tally) Figures() Figures {
	f := Figures{Rolls: t.rolls, Attacks: t.attacks, Defences: t.defences, ExpectedLosses: t.expected,
		Losses: t.losses, Luck: t.Luck(), Variance: t.variance, StdDev: math.Sqrt(t.variance), Percentile: 0.5}
	if !t.ofSeat {
		f.ExpectedLosses, f.Luck = 0, 0
	}
	if f.StdDev > 0 {
		f.Z = f.Luck / f.StdDev
		f.Percentile = normalCDF(f.Z)
	}
	f.Faces = FaceTest{Counts: t.faces, ChiSquare: chiSquareTest(t.faces[:], fairDie)}
	for _, pd := range Pairings {
		a, d := pd[0], pd[1]
		pt := PairingTest{AttackDice: a, DefendDice: d}
		outcomes := rules.RollOutcomes(a, d)
		observed := make([]int, len(outcomes))
		probs := make([]float64, len(outcomes))
		for i, o := range outcomes {
			observed[i] = t.outcomes[a][d][o.AttackerLosses]
			probs[i] = o.Probability
			pt.Rolls += observed[i]
		}
		for i, o := range outcomes {
			pt.Outcomes = append(pt.Outcomes, OutcomeCount{AttackerLosses: o.AttackerLosses, DefenderLosses: o.DefenderLosses,
				Probability: o.Probability, Observed: observed[i], Expected: o.Probability * float64(pt.Rolls)})
		}
		pt.ChiSquare = chiSquareTest(observed, probs)
		f.Pairings = append(f.Pairings, pt)
	}
	return f
}

// Audit is the luck of one game.
type Audit struct {
	// Game is the audit of every roll counted: its faces and pairings (no luck, which one side's gain
	// is the other's loss).
	Game Figures
	// Seats are the audits of each seat, by seat.
	Seats []Figures
}

// AuditOf returns the audit of rolls in a game of seats seats.
func AuditOf(rolls []Roll, seats int) Audit {
	game := &Tally{}
	tallies := make([]*Tally, seats)
	for p := range tallies {
		tallies[p] = NewTally(rules.PlayerID(p))
	}
	for _, r := range rolls {
		game.Add(r)
		for _, p := range []rules.PlayerID{r.Attacker, r.Defender} {
			if p >= 0 && int(p) < seats {
				tallies[p].Add(r)
			}
		}
	}
	a := Audit{Game: game.Figures(), Seats: make([]Figures, seats)}
	for p, t := range tallies {
		a.Seats[p] = t.Figures()
	}
	return a
}

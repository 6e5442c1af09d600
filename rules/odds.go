package rules

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
)

// MaxOddsArmies is the largest number of attackers or defenders BattleOdds accepts.
const MaxOddsArmies = 1000

// ErrOddsRange is returned, wrapped, by BattleOdds for army counts outside 1 to MaxOddsArmies.
var ErrOddsRange = errors.New("armies out of range for odds")

// RollOutcome is one possible result of a single roll and its exact probability.
type RollOutcome struct {
	// AttackerLosses and DefenderLosses are the armies each side loses; they add up to the number of
	// dice compared, the smaller of the two sides' dice counts.
	AttackerLosses int
	DefenderLosses int
	// Probability is the chance of this result: a count of dice combinations divided by 6^(dice rolled).
	Probability float64
}

// rollOutcomeTables holds the outcomes of every roll, indexed by attacker dice (1 to 3) and defender dice
// (1 to 2); it is computed on first use.
var rollOutcomeTables = sync.OnceValue(func() (t [4][3][]RollOutcome) {
	for a := 1; a <= 3; a++ {
		for d := 1; d <= 2; d++ {
			t[a][d] = enumerateRoll(a, d)
		}
	}
	return t
})

// enumerateRoll counts the result of every one of the 6^(a+d) ways a attacker and d defender dice can
// fall.
func enumerateRoll(a, d int) []RollOutcome {
	total := 1
	for range a + d {
		total *= 6
	}
	var counts [3][3]int // [attacker losses][defender losses]
	attack, defend := make([]int, a), make([]int, d)
	for combo := range total {
		x := combo
		for i := range attack {
			attack[i] = x%6 + 1
			x /= 6
		}
		for i := range defend {
			defend[i] = x%6 + 1
			x /= 6
		}
		sortFacesDescending(attack)
		sortFacesDescending(defend)
		al, dl := compareDice(attack, defend)
		counts[al][dl]++
	}
	var outcomes []RollOutcome
	for al := range counts {
		for dl := len(counts[al]) - 1; dl >= 0; dl-- {
			if c := counts[al][dl]; c > 0 {
				outcomes = append(outcomes, RollOutcome{
					AttackerLosses: al,
					DefenderLosses: dl,
					Probability:    float64(c) / float64(total),
				})
			}
		}
	}
	return outcomes
}

// RollOutcomes returns the exact distribution of one roll of attackDice (1 to 3) against defendDice (1 to
// 2), computed by enumerating every way the dice can fall. The outcomes that can happen are listed from
// best to worst for the attacker (fewest attacker losses first). It returns nil for other dice counts.
// The slice is the caller's to keep.
func RollOutcomes(attackDice, defendDice int) []RollOutcome {
	if attackDice < 1 || attackDice > 3 || defendDice < 1 || defendDice > 2 {
		return nil
	}
	return slices.Clone(rollOutcomeTables()[attackDice][defendDice])
}

// Odds is the exact outcome of a battle fought to the end.
type Odds struct {
	// Attackers is the number of armies able to attack: the attacking territory holds Attackers+1
	// armies and the one left behind never fights.
	Attackers int
	// Defenders is the number of armies on the defending territory.
	Defenders int
	// Win is the probability that the attacker conquers the territory.
	Win float64
	// ExpectedAttackerSurvivors is the expected number of the Attackers left when the battle ends,
	// counting 0 for a loss. The army left behind is not included.
	ExpectedAttackerSurvivors float64
	// ExpectedDefenderSurvivors is the expected number of defenders left when the battle ends, counting 0
	// for a conquest.
	ExpectedDefenderSurvivors float64
}

// BattleOdds returns the exact odds of attackers armies (not counting the one that must stay behind)
// attacking defenders armies until one side is gone. Both sides always roll the most dice they may: the
// attacker min(3, attackers left), the defender DefendDice(defenders left). Both counts must be from 1 to
// MaxOddsArmies; otherwise the error wraps ErrOddsRange.
//
// It is computed, not simulated: a dynamic program over the (attackers, defenders) states carries the
// probability of reaching each state through the exact roll tables of RollOutcomes, in
// O(attackers·defenders) time and O(defenders) memory. BattleOddsOfForce runs the same program from a
// distribution of attackers.
func BattleOdds(attackers, defenders int) (Odds, error) {
	if attackers < 1 || attackers > MaxOddsArmies || defenders < 1 || defenders > MaxOddsArmies {
		return Odds{}, fmt.Errorf("error computing odds of %d attackers against %d defenders: %w (1 to %d)",
			attackers, defenders, ErrOddsRange, MaxOddsArmies)
	}
	odds := Odds{Attackers: attackers, Defenders: defenders}
	odds.Win, odds.ExpectedAttackerSurvivors, odds.ExpectedDefenderSurvivors = fight(nil, attackers, defenders, nil)
	return odds, nil
}

// ForceOdds is the exact outcome of a battle fought to the end by a force whose size is a distribution
// (see BattleOddsOfForce).
type ForceOdds struct {
	// Defenders is the number of armies on the defending territory.
	Defenders int
	// Conquered[a] is the probability that the attacker conquers the territory with a of its attacking
	// armies left (the army left behind not counted). It has the length of the force; Conquered[0] is 0.
	Conquered []float64
	// Win is the probability that the attacker conquers the territory: the sum of Conquered.
	Win float64
	// ExpectedAttackerSurvivors is the expected number of attackers left when the battle ends, counting 0
	// for a loss and for the part of the force that does not fight.
	ExpectedAttackerSurvivors float64
	// ExpectedDefenderSurvivors is the expected number of defenders left after the force's battles,
	// counting 0 for a conquest and for the part of the force that does not fight.
	ExpectedDefenderSurvivors float64
}

// BattleOddsOfForce returns the exact odds of a battle against defenders armies fought by a force whose
// size is uncertain: force[a] is the probability that a armies attack (not counting the one that must stay
// behind), for a from 1 to len(force)-1. The probabilities need not add up to 1 (force[0] and whatever is
// missing are chances that no battle is fought), and every result is weighted by them: for a force of
// exactly a armies it gives BattleOdds(a, defenders). It is the step of an attack path, where the force
// that reaches the next territory depends on the dice of the battles before.
//
// len(force)-1 and defenders must be from 1 to MaxOddsArmies, otherwise the error wraps ErrOddsRange;
// every probability must be a finite number, not negative. It runs the dynamic program of BattleOdds once for the
// whole distribution, in O(len(force)·defenders) time.
func BattleOddsOfForce(force []float64, defenders int) (ForceOdds, error) {
	if top := len(force) - 1; top < 1 || top > MaxOddsArmies || defenders < 1 || defenders > MaxOddsArmies {
		return ForceOdds{}, fmt.Errorf("error computing odds of up to %d attackers against %d defenders: %w (1 to %d)",
			top, defenders, ErrOddsRange, MaxOddsArmies)
	}
	for a, p := range force {
		if !(p >= 0) || math.IsInf(p, 0) {
			return ForceOdds{}, fmt.Errorf("error computing odds of a force against %d defenders: the chance of %d attackers is %v",
				defenders, a, p)
		}
	}
	odds := ForceOdds{Defenders: defenders, Conquered: make([]float64, len(force))}
	odds.Win, odds.ExpectedAttackerSurvivors, odds.ExpectedDefenderSurvivors = fight(force, len(force)-1, defenders, odds.Conquered)
	return odds, nil
}

// fight is the dynamic program of BattleOdds and BattleOddsOfForce: the battles of up to top attackers
// against defenders, the chance of top attackers being 1 when force is nil, force[a] for each a
// otherwise. It adds the chance of each conquest with a attackers left to conquered[a] when conquered is
// not nil.
func fight(force []float64, top, defenders int, conquered []float64) (win, attackerSurvivors, defenderSurvivors float64) {
	tables := rollOutcomeTables()
	// reach[a%3][d] is the probability that the battle reaches a attackers against d defenders. A roll
	// costs the attacker at most 2 armies, so three rows are live at a time; a row is cleared as it is
	// read and reused for a-3. The force's chance of a attackers joins the row when the program reaches a.
	var reach [3][]float64
	for i := range reach {
		reach[i] = make([]float64, defenders+1)
	}
	for a := top; a >= 1; a-- {
		row := reach[a%3]
		switch {
		case force != nil:
			if p := force[a]; p > 0 {
				row[defenders] += p
			}
		case a == top:
			row[defenders] = 1
		}
		attackDice := min(3, a)
		for d := defenders; d >= 1; d-- {
			p := row[d]
			if p == 0 {
				continue
			}
			row[d] = 0
			for _, o := range tables[attackDice][DefendDice(d)] {
				q := p * o.Probability
				na, nd := a-o.AttackerLosses, d-o.DefenderLosses
				switch {
				case nd == 0:
					win += q
					attackerSurvivors += q * float64(na)
					if conquered != nil {
						conquered[na] += q
					}
				case na == 0:
					defenderSurvivors += q * float64(nd)
				default:
					reach[na%3][nd] += q
				}
			}
		}
	}
	return win, attackerSurvivors, defenderSurvivors
}

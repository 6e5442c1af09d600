package ai

import (
	"math"

	"rout/rules"
)

// maxForce caps the armies the odds are computed for (rules.MaxOddsArmies). Counting fewer attackers
// than there are only makes an attack look harder than it is.
const maxForce = rules.MaxOddsArmies

// cappedForce is the most attackers a battle against d defenders can be fought with before the odds no
// longer depend on the rest: the chance of losing more than 2d+40 armies while killing d is far below
// 1e-12 (a roll costs the attacker at most as many armies as the defender, and three dice against at
// most two win more comparisons than they lose). The remaining armies simply survive.
func cappedForce(d int) int { return min(maxForce, 2*d+40) }

// exactStates is the largest battle, in (attackers × defenders) states, computed exactly; larger ones
// (both sides in the hundreds) use approxOdds.
const exactStates = 100_000

// exactPathStates is the largest battle along an attack path whose whole distribution of outcomes is
// computed; a larger one is fought by the force's expected size (its spread matters little by then).
const exactPathStates = 20_000

// maxWork caps the battle states one decision computes exactly (about 10 ms): past it, attack paths are
// followed with approximate odds. It bounds a decision by work done, not by the clock, so the same state
// always gives the same decision.
const maxWork = 2_000_000

// approxOdds estimates a battle of a attackers against d defenders, both large, by the normal
// approximation of the attacker's losses: while both sides roll the most dice, a roll of three dice
// against two costs the attacker X armies (2, 1 or 0 with probabilities 2275, 2611 and 2890 in 7776) and
// the defender 2-X, so killing d defenders costs the attacker about 0.854·d armies, with variance about
// 2.09·d.
func approxOdds(a, d int) rules.Odds {
	const (
		pTwo, pOne = 2275.0 / 7776, 2611.0 / 7776
		meanX      = 2*pTwo + pOne
		varX       = 4*pTwo + pOne - meanX*meanX
		meanY      = 2 - meanX // defender losses per roll
	)
	df, af := float64(d), float64(a)
	meanLoss := 2*df/meanY - df
	sd := math.Sqrt(4 * df * varX / (meanY * meanY * meanY))
	// E[(m + sZ)+] for a standard normal Z: the expected survivors of each side.
	positive := func(m, s float64) float64 {
		z := m / s
		return m*0.5*math.Erfc(-z/math.Sqrt2) + s*math.Exp(-z*z/2)/math.Sqrt(2*math.Pi)
	}
	ratio := df / meanLoss // defenders killed per attacker lost
	return rules.Odds{
		Attackers:                 a,
		Defenders:                 d,
		Win:                       0.5 * math.Erfc(-(af-meanLoss)/(sd*math.Sqrt2)),
		ExpectedAttackerSurvivors: positive(af-meanLoss, sd),
		ExpectedDefenderSurvivors: positive(df-af*ratio, sd*ratio),
	}
}

// approxMargin is taken off an approximated probability of conquest, so that the approximation (within
// about 0.02 of the exact odds from a hundred armies a side) errs against attacking.
const approxMargin = 0.03

// stepResult is one battle of an attack path, fought to the end.
type stepResult struct {
	// next is the distribution of the force that goes on: next[a] is the probability that the territory
	// was conquered and, once the armies moved in and one stayed behind, a armies can attack from it.
	next []float64
	win  float64 // probability of the conquest
	lost float64 // expected attackers lost
	kill float64 // expected defenders killed
}

// battleStep fights defenders armies with a force whose size is distributed as force (force[a] is the
// probability that a armies can attack; the rest of the mass is a path that already failed), with the
// exact odds of rules.BattleOddsOfForce, in O(len(force)·defenders) time.
func battleStep(force []float64, defenders int) stepResult {
	defenders = min(max(defenders, 1), maxForce)
	// Forces far larger than the battle can use fight as the capped force and keep the rest (see
	// cappedForce): shift the whole distribution down by what every outcome keeps anyway.
	low := 0
	for low < len(force) && force[low] == 0 {
		low++
	}
	if shift := low - cappedForce(defenders); shift > 0 {
		res := battleStep(force[shift:], defenders)
		next := make([]float64, len(force)-1)
		copy(next[shift:], res.next)
		res.next = next
		// The kept armies survive when the territory falls and are lost with the rest otherwise.
		lostMass := 0.0
		for _, p := range force {
			lostMass += p
		}
		res.lost += float64(shift) * (lostMass - res.win)
		return res
	}
	top := len(force) - 1
	res := stepResult{next: make([]float64, max(top, 1))}
	odds, err := rules.BattleOddsOfForce(force, defenders)
	if err != nil {
		return res // no force, or none that can attack
	}
	mass, armies := 0.0, 0.0
	for a := top; a >= 1; a-- {
		if p := force[a]; p > 0 {
			mass += p
			armies += p * float64(a)
		}
	}
	// All but one army move on into the conquered territory; one stays behind.
	copy(res.next[1:], odds.Conquered[2:])
	res.win = odds.Win
	res.lost = armies - odds.ExpectedAttackerSurvivors
	res.kill = mass*float64(defenders) - odds.ExpectedDefenderSurvivors
	return res
}

// pointForce is a force of exactly a attackers.
func pointForce(a int) []float64 {
	a = min(max(a, 0), maxForce)
	f := make([]float64, a+1)
	f[a] = 1
	return f
}

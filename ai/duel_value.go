package ai

import (
	"math"

	"rout/rules"
)

// duelFeatureCount is the number of features duelFeatures reads from a duel.
const duelFeatureCount = 18

// duelFeatures describes a duel at the start of a turn as seen by m, the player about to move, against
// its one opponent o: shares of territories, armies and income, cards, and how the armies stand along
// the front (single armies, armies outnumbered by a neighbour, the strongest stacks and the strike a
// turn's income makes possible). The first feature is always 1; it is one pass over the board.
func duelFeatures(s rules.State, m, o rules.PlayerID) [duelFeatureCount]float64 {
	// For m (0) and o (1): the armies on the front, the front territories holding a single army and those
	// bordering a larger one, the largest stack anywhere, and the largest on the front.
	var front, single, exposed, maxStack, strike [2]float64
	b := s.Board()
	for t := range b.Len() {
		id := rules.TerritoryID(t)
		owner := s.Owner(id)
		var side int
		switch owner {
		case m:
			side = 0
		case o:
			side = 1
		default:
			continue
		}
		a := float64(s.Armies(id))
		maxStack[side] = max(maxStack[side], a)
		onFront, biggest := false, 0.0
		for _, nb := range b.Neighbors(id) {
			if on := s.Owner(nb); on != owner && (on == m || on == o) {
				onFront = true
				biggest = max(biggest, float64(s.Armies(nb)))
			}
		}
		if onFront {
			front[side] += a
			if a == 1 {
				single[side]++
			}
			if biggest > a+1 {
				exposed[side]++
			}
			strike[side] = max(strike[side], a)
		}
	}
	pm, po := s.Player(m), s.Player(o)
	tm, to := float64(pm.Territories), float64(po.Territories)
	am, ao := float64(pm.Armies), float64(po.Armies)
	rm, ro := float64(s.Reinforcements(m)), float64(s.Reinforcements(o))
	hm, ho := float64(len(pm.Hand)), float64(len(po.Hand))
	n := float64(b.Len())
	share := func(x, y float64) float64 {
		if x+y == 0 {
			return 0
		}
		return x/(x+y) - 0.5
	}
	set := func(h float64) float64 {
		if h >= 3 {
			return 1
		}
		return 0
	}
	return [duelFeatureCount]float64{
		1,
		share(tm, to), // territories
		share(am, ao), // armies
		share(rm, ro), // income
		(hm - ho) / 5, // cards
		set(hm),
		set(ho),
		share(front[0], front[1]),
		single[0] / n,
		single[1] / n,
		share(maxStack[0], maxStack[1]),
		math.Log((am + rm + 1) / (ao + ro + 1)), // armies with a turn's income
		share(am+rm, ao),
		share(tm, to) * share(am, ao) * 4,
		exposed[0] / n,
		exposed[1] / n,
		share(strike[0]+rm, strike[1]+ro), // the strongest strike each can make
		(strike[0] + rm) / (am + ao + 1),
	}
}

// duelValue is the chance that m, about to move in a duel against o, wins it: a logistic model of
// duelFeatures fitted to the outcomes of simulated duels (duelWeights).
func duelValue(s rules.State, m, o rules.PlayerID) float64 {
	f := duelFeatures(s, m, o)
	z := 0.0
	for i, w := range duelWeights {
		z += w * f[i]
	}
	return 1 / (1 + math.Exp(-z))
}

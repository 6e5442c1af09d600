package ai

import (
	"math/rand/v2"

	"rout/rules"
)

// Random plays random legal commands with just enough sense that its games end: it claims a random
// territory, trades a random set whenever it can, places its whole reserve on a random territory that
// borders an enemy (neither the player's nor a teammate's), attacks at random (with the most dice, until
// the territory falls) only from a territory that outnumbers its target, and a teammate's only when the
// game allows it (R88), moves every army it can into a conquered territory, and then makes
// a random fortify move or ends its turn. It never resigns. It is the baseline the other players are
// measured against, and it drives the engine's property tests, `rout sim` and the games-per-second
// benchmark, so it samples the board directly instead of listing every legal command. It returns nil when
// p has nothing to do.
func Random(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	if p != s.Current() {
		return nil
	}
	b := s.Board()
	switch s.Phase() {
	case rules.PhaseClaim:
		t, _ := sample(r, b.Len(), func(t rules.TerritoryID) bool { return s.Owner(t) == rules.Unclaimed })
		return rules.Claim{Territory: t}
	case rules.PhaseOccupy:
		return rules.Occupy{Armies: s.Armies(s.Pending().From) - 1}
	case rules.PhaseFortify:
		return fortifyOrEnd(s, p, r)
	}
	if sets := rules.Sets(b, s.Player(p).Hand); len(sets) > 0 && (s.Phase() == rules.PhaseReinforce || s.MustTrade()) {
		return rules.Trade{Cards: sets[r.IntN(len(sets))]}
	}
	if s.Reserve() > 0 {
		t, ok := sample(r, b.Len(), func(t rules.TerritoryID) bool { return s.Owner(t) == p && bordersEnemy(s, p, t) })
		if !ok {
			t, _ = sample(r, b.Len(), func(t rules.TerritoryID) bool { return s.Owner(t) == p })
		}
		return rules.Place{Placements: []rules.Placement{{Territory: t, Armies: s.Reserve()}}}
	}
	var attack rules.Attack
	seen := 0
	for t := range b.Len() {
		from := rules.TerritoryID(t)
		if s.Owner(from) != p {
			continue
		}
		for _, to := range b.Neighbors(from) {
			if mayAttack(s, p, to) && s.Armies(from)-1 > s.Armies(to) {
				if seen++; r.IntN(seen) == 0 {
					attack = rules.Attack{From: from, To: to, Repeat: true}
				}
			}
		}
	}
	if seen > 0 {
		return attack
	}
	return fortifyOrEnd(s, p, r)
}

// fortifyOrEnd makes a random fortify move half the time, and otherwise ends the turn.
func fortifyOrEnd(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	if r.IntN(2) == 0 {
		return rules.EndTurn{}
	}
	var move rules.Fortify
	seen := 0
	for t := range s.Board().Len() {
		from := rules.TerritoryID(t)
		if s.Owner(from) != p || s.Armies(from) < 2 {
			continue
		}
		for _, to := range s.Board().Neighbors(from) {
			if s.Owner(to) == p {
				if seen++; r.IntN(seen) == 0 {
					move = rules.Fortify{From: from, To: to, Armies: 1 + r.IntN(s.Armies(from)-1)}
				}
			}
		}
	}
	if seen == 0 {
		return rules.EndTurn{}
	}
	return move
}

// sample returns a uniformly random territory among the first n that satisfy ok (reservoir sampling).
func sample(r *rand.Rand, n int, ok func(rules.TerritoryID) bool) (rules.TerritoryID, bool) {
	pick, seen := rules.TerritoryID(-1), 0
	for t := range n {
		if ok(rules.TerritoryID(t)) {
			if seen++; r.IntN(seen) == 0 {
				pick = rules.TerritoryID(t)
			}
		}
	}
	return pick, seen > 0
}

func bordersEnemy(s rules.State, p rules.PlayerID, t rules.TerritoryID) bool {
	for _, n := range s.Board().Neighbors(t) {
		if !s.Allied(p, s.Owner(n)) {
			return true
		}
	}
	return false
}

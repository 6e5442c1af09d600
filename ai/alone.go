package ai

import (
	"rout/rules"
)

// aloneMinWin is the least chance of conquest an attack of a player left alone must have.
const aloneMinWin = 0.5

// alone reports whether the player (with its teammates) is the only active player left, with neutral
// territories still to conquer (docs/rules.md, R43, R85), outside the claim: nothing can strike back, so
// guarding, paths and the worth of areas no longer matter, only how fast the board falls. Its choices read
// no view of the board
// (one pass over the legal commands at most), so that a lone survivor's thousands of conquests on a large
// map take seconds, not minutes.
func (c *cpu) alone() bool {
	return c.teamAlone() && c.s.Phase() != rules.PhaseClaim && c.s.Phase() != rules.PhaseSetup
}

// chooseAlone is choose for a player left alone: trade when forced or able, put the whole reserve on the
// strongest territory that borders one the player does not own (so that one stack sweeps on from
// conquest to conquest), fight the likeliest conquest to its end, move everything into a conquest that
// borders more to take, and fortify as the others do.
func (c *cpu) chooseAlone() rules.Command {
	l := c.l
	switch {
	case c.expired():
		return nil
	case l.occupy != nil:
		if c.front(c.s.Pending().To) {
			return rules.Occupy{Armies: l.occupy.Max}
		}
		return rules.Occupy{Armies: l.occupy.Min}
	case len(l.trades) > 0:
		return rules.Trade{Cards: c.bestSet()}
	case len(l.places) > 0:
		best, bestArmies := rules.TerritoryID(-1), -1
		for _, a := range l.places {
			t := a.Command.(rules.Place).Placements[0].Territory
			if c.s.Armies(t) > bestArmies && c.front(t) {
				best, bestArmies = t, c.s.Armies(t)
			}
		}
		if best < 0 {
			return nil // the fallback
		}
		return rules.Place{Placements: []rules.Placement{{Territory: best, Armies: l.places[0].Max}}}
	}
	if c.s.Phase() == rules.PhaseAttack {
		if a, ok := c.attackAlone(); ok {
			return a
		}
	}
	c.v = newView(c.s, c.me)
	return c.fortify()
}

// front reports whether territory t borders one that neither the player nor a teammate owns.
func (c *cpu) front(t rules.TerritoryID) bool {
	for _, nb := range c.s.Board().Neighbors(t) {
		if !c.s.Allied(c.me, c.s.Owner(nb)) {
			return true
		}
	}
	return false
}

// attackAlone fights the most likely conquest to its end (the largest attacking army on ties), or nothing
// when none is likely enough.
func (c *cpu) attackAlone() (rules.Command, bool) {
	var best rules.Action
	bestWin, bestArmies := aloneMinWin, -1
	for i, a := range c.l.attacks {
		if i%64 == 63 && c.expired() {
			return nil, false
		}
		at := a.Command.(rules.Attack)
		armies := c.s.Armies(at.From)
		o := c.battle(armies-1, c.s.Armies(at.To))
		if o.Win > bestWin || o.Win == bestWin && armies > bestArmies {
			best, bestWin, bestArmies = a, o.Win, armies
		}
	}
	if bestArmies < 0 {
		return nil, false
	}
	at := best.Command.(rules.Attack)
	return rules.Attack{From: at.From, To: at.To, Dice: best.Max, Repeat: true}, true
}

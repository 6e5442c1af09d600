package ai

import (
	"slices"

	"rout/rules"
)

// legal is rules.LegalCommands, but for attacks on teammates, sorted by kind. A CPU player chooses from
// it and from nothing else, and allows checks the choice against it before it is returned.
type legal struct {
	s         rules.State
	all       []rules.Action
	claims    []rules.Action
	trades    []rules.Action
	places    []rules.Action
	attacks   []rules.Action
	fortifies []rules.Action
	occupy    *rules.Action
	endAttack bool
	endTurn   bool
}

func newLegal(s rules.State, p rules.PlayerID) *legal {
	l := &legal{s: s, all: rules.LegalCommands(s, p)}
	// A CPU never attacks a teammate (ai/team.go).
	l.all = slices.DeleteFunc(l.all, func(a rules.Action) bool {
		at, ok := a.Command.(rules.Attack)
		return ok && s.Allied(p, s.Owner(at.To))
	})
	for i, a := range l.all {
		switch a.Command.(type) {
		case rules.Claim:
			l.claims = append(l.claims, a)
		case rules.Trade:
			l.trades = append(l.trades, a)
		case rules.Place:
			l.places = append(l.places, a)
		case rules.Attack:
			l.attacks = append(l.attacks, a)
		case rules.Fortify:
			l.fortifies = append(l.fortifies, a)
		case rules.Occupy:
			l.occupy = &l.all[i]
		case rules.EndAttack:
			l.endAttack = true
		case rules.EndTurn:
			l.endTurn = true
		}
	}
	return l
}

// empty reports whether there is nothing to do but resign.
func (l *legal) empty() bool {
	for _, a := range l.all {
		if _, ok := a.Command.(rules.Resign); !ok {
			return false
		}
	}
	return true
}

// allows reports whether c is one of the legal commands with every amount inside its range. Resigning
// is never allowed: a CPU player does not resign.
func (l *legal) allows(c rules.Command) bool {
	switch c := c.(type) {
	case rules.Claim:
		for _, a := range l.claims {
			if a.Command.(rules.Claim).Territory == c.Territory {
				return true
			}
		}
	case rules.Trade:
		for _, a := range l.trades {
			if a.Command.(rules.Trade).Cards == c.Cards {
				return true
			}
		}
	case rules.Place:
		if len(c.Placements) == 0 || len(l.places) == 0 {
			return false
		}
		total := 0
		for _, pl := range c.Placements {
			a, ok := l.place(pl.Territory)
			if !ok || pl.Armies < a.Min || pl.Armies > a.Max {
				return false
			}
			total += pl.Armies
		}
		return total <= l.places[0].Max
	case rules.Attack:
		for _, a := range l.attacks {
			if at := a.Command.(rules.Attack); at.From == c.From && at.To == c.To {
				if c.Dice < a.Min || c.Dice > a.Max {
					return false
				}
				if c.StopAt != 0 && (!c.Repeat || c.StopAt < 1 || c.StopAt >= l.s.Armies(c.From)) {
					return false
				}
				return true
			}
		}
	case rules.Occupy:
		return l.occupy != nil && c.Armies >= l.occupy.Min && c.Armies <= l.occupy.Max
	case rules.Fortify:
		for _, a := range l.fortifies {
			if f := a.Command.(rules.Fortify); f.From == c.From && f.To == c.To {
				return c.Armies >= a.Min && c.Armies <= a.Max
			}
		}
	case rules.EndAttack:
		return l.endAttack
	case rules.EndTurn:
		return l.endTurn
	}
	return false
}

// place returns the legal placement on territory t.
func (l *legal) place(t rules.TerritoryID) (rules.Action, bool) {
	for _, a := range l.places {
		if a.Command.(rules.Place).Placements[0].Territory == t {
			return a, true
		}
	}
	return rules.Action{}, false
}

// first returns the simplest safe legal command: the forced or pending step (occupy with all, the first
// set, the whole reserve on one territory, the first claim), or else the end of the attack phase or of
// the turn. It returns nil when there is nothing to do.
func (l *legal) first() rules.Command {
	switch {
	case l.occupy != nil:
		return l.occupy.Command
	case len(l.claims) > 0:
		return l.claims[0].Command
	case len(l.places) > 0:
		return l.places[0].Command
	case len(l.trades) > 0:
		return l.trades[0].Command
	case l.endAttack:
		return rules.EndAttack{}
	case l.endTurn:
		return rules.EndTurn{}
	}
	return nil
}

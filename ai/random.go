package ai

import (
	"math/rand/v2"

	"rout/rules"
)

// Random plays random legal commands: it is the baseline the other players are measured against, and it
// drives the engine's property tests and simulations. So that its games end, it places its whole reserve
// at once, attacks (with the most dice, until the territory falls) four times in five while it can, moves
// every army it can into a conquered territory, and otherwise picks uniformly among the legal commands with a
// uniform amount. It never resigns, and returns
// nil when p has nothing to do.
func Random(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	actions := rules.LegalCommands(s, p)
	actions = actions[:len(actions)-1] // Resign is always legal and always last.
	if len(actions) == 0 {
		return nil
	}
	var attacks []rules.Action
	for _, a := range actions {
		if _, ok := a.Command.(rules.Attack); ok {
			attacks = append(attacks, a)
		}
	}
	if len(attacks) > 0 && r.IntN(5) > 0 {
		c := attacks[r.IntN(len(attacks))].Command.(rules.Attack)
		c.Repeat = true
		return c
	}
	a := actions[r.IntN(len(actions))]
	amount := a.Min
	if a.Max > a.Min {
		amount += r.IntN(a.Max - a.Min + 1)
	}
	switch c := a.Command.(type) {
	case rules.Attack:
		c.Repeat = true
		return c
	case rules.Fortify:
		c.Armies = amount
		return c
	default:
		return c
	}
}

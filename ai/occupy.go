package ai

import (
	"rout/rules"
)

// occupy moves armies into the territory just conquered: all it can when the attacking territory is
// left with no opponent on its borders, as few as it may when the conquered territory has none, and
// otherwise all but the guard the attacking territory still needs.
func (c *cpu) occupy() rules.Command {
	a := *c.l.occupy
	from, to := c.s.Pending().From, c.s.Pending().To
	armies := a.Max
	switch {
	case !c.v.front[to]:
		armies = a.Min
	case c.v.front[from]:
		armies = a.Max - (c.guard(from, -1) - 1)
	}
	return rules.Occupy{Armies: min(max(armies, a.Min), a.Max)}
}

package ai

import "rout/rules"

// On a board of more than huntBoard territories a style with a huntWeight hunts: it goes after its prey
// (see prey), the weakest opponent, once its own armies are huntMargin times the prey's armies and
// territories.
const (
	huntBoard  = 200
	huntMargin = 2
)

// prey returns the opponent a hunting style goes after on a large board, or NoPlayer: with two opponents
// or more, the weakest active opponent (the fewest armies and territories together), when the player's
// armies and reserve are at least huntMargin times that.
func (c *cpu) prey() rules.PlayerID {
	if c.preyKnown {
		return c.preyID
	}
	c.preyKnown, c.preyID = true, rules.NoPlayer
	if c.st.huntWeight == 0 || c.v.b.Len() <= huntBoard && !c.teamHunt() || c.v.opponents() < 2 {
		return rules.NoPlayer
	}
	best, bestCost := rules.NoPlayer, 0
	for q := range c.s.Players() {
		id := rules.PlayerID(q)
		if !c.v.enemy(id) {
			continue
		}
		pl := c.s.Player(id)
		if cost := pl.Armies + pl.Territories; best == rules.NoPlayer || cost < bestCost {
			best, bestCost = id, cost
		}
	}
	if mine := c.s.Player(c.me).Armies + c.s.Reserve(); best != rules.NoPlayer && mine >= huntMargin*bestCost {
		c.preyID = best
	}
	return c.preyID
}

// huntBonus is the extra worth of conquering a territory of o when o is the prey: huntWeight and an
// equal share of what eliminating o is worth (its cards, the trade they may bring, one rival less).
func (c *cpu) huntBonus(o rules.PlayerID) float64 {
	if o < 0 || o != c.prey() {
		return 0
	}
	return c.st.huntWeight + c.elimPrize(o)/float64(max(1, c.s.Player(o).Territories))
}

package ai

import (
	"rout/rules"
)

// wantTrade reports whether the player trades a set now, when it need not: Cautious never does; Normal
// does with four cards or more, or when the best set is worth at least 8 armies or a whole turn's
// reinforcements.
func (c *cpu) wantTrade() bool {
	if c.s.MustTrade() {
		return true
	}
	if c.st.tradeForced {
		return false
	}
	if len(c.s.Player(c.me).Hand) >= 4 {
		return true
	}
	value, _ := c.s.TradeValue(c.me, c.bestSet())
	return value >= 8 || value >= c.s.Reinforcements(c.me)
}

// bestSet returns the legal set worth the most armies, counting the 2 armies each card showing one of
// the player's territories puts there, and keeping wild cards when that costs nothing.
func (c *cpu) bestSet() [3]rules.CardID {
	b := c.s.Board()
	var best [3]rules.CardID
	bestScore := -1
	for _, a := range c.l.trades {
		set := a.Command.(rules.Trade).Cards
		value, err := c.s.TradeValue(c.me, set)
		if err != nil {
			continue
		}
		score := 4 * value
		for _, card := range set {
			switch cd := b.Card(card); {
			case cd.Symbol == rules.Wild:
				score--
			case c.s.Owner(cd.Territory) == c.me:
				score += 8
			}
		}
		if score > bestScore {
			best, bestScore = set, score
		}
	}
	return best
}

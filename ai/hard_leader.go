package ai

import "rout/rules"

// leaderShare is the share of the board's strength (armies and three turns of income) from which an
// opponent counts as near a win, when there are at least two opponents.
const leaderShare = 0.4

// leader returns the opponent near a win, or NoPlayer: with two opponents or more, the one whose share of
// the strength on the board (armies and three turns of income) is at least leaderShare and the largest.
// Everyone else's best move is then to hit that opponent; a style with leaderWeight does.
func (c *cpu) leader() rules.PlayerID {
	if c.leaderKnown {
		return c.leaderID
	}
	c.leaderKnown, c.leaderID = true, rules.NoPlayer
	if c.st.leaderWeight == 0 || c.v.opponents() < 2 {
		return rules.NoPlayer
	}
	total, best, bestShare := 0.0, rules.NoPlayer, 0.0
	for q := range c.s.Players() {
		id := rules.PlayerID(q)
		if !c.v.active(id) {
			continue
		}
		x := float64(c.s.Player(id).Armies) + 3*float64(c.s.Reinforcements(id))
		total += x
		if id != c.me && x > bestShare {
			best, bestShare = id, x
		}
	}
	if total > 0 && bestShare/total >= leaderShare {
		c.leaderID = best
	}
	return c.leaderID
}

// leaderBonus is the extra worth of conquering a territory of o (leaderWeight armies when o is the
// leader), and leaderKill the extra worth of killing one of its armies (half that).
func (c *cpu) leaderBonus(o rules.PlayerID) float64 {
	if o < 0 || o != c.leader() {
		return 0
	}
	return c.st.leaderWeight
}

func (c *cpu) leaderKill(o rules.PlayerID) float64 { return c.leaderBonus(o) / 2 }

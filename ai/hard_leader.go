package ai

import "rout/rules"

// leaderShare is the share of the board's strength (armies and incomeTurns of income) from which an
// opponent counts as near a win, when there are at least two opponents.
const leaderShare = 0.4

// leader returns the opponent near a win, or NoPlayer: with two rival sides or more, the one whose share of
// the strength on the board (armies and three turns of income) is at least leaderShare and the largest.
// In a team game a team is one side: its seats' strengths add up, and the leader is the strongest seat of
// the strongest rival team (leaderBonus counts all its seats). Everyone else's best move is then to hit
// that side; a style with leaderWeight does.
func (c *cpu) leader() rules.PlayerID {
	if c.leaderKnown {
		return c.leaderID
	}
	c.leaderKnown, c.leaderID = true, rules.NoPlayer
	if c.st.leaderWeight == 0 || c.v.rivals() < 2 {
		return rules.NoPlayer
	}
	cfg := c.s.Config()
	side := make(map[int]float64)
	own := make(map[rules.PlayerID]float64)
	total := 0.0
	for q := range c.s.Players() {
		id := rules.PlayerID(q)
		if !c.v.active(id) {
			continue
		}
		x := float64(c.s.Player(id).Armies) + incomeTurns*float64(c.s.Reinforcements(id))
		total += x
		side[cfg.TeamOf(id)] += x
		own[id] = x
	}
	best, bestShare := rules.NoPlayer, 0.0
	for q := range c.s.Players() {
		id := rules.PlayerID(q)
		if !c.v.enemy(id) {
			continue
		}
		if x := side[cfg.TeamOf(id)]; x > bestShare || x == bestShare && best != rules.NoPlayer && own[id] > own[best] {
			best, bestShare = id, x
		}
	}
	if total > 0 && bestShare/total >= leaderShare {
		c.leaderID = best
	}
	return c.leaderID
}

// leaderBonus is the extra worth of conquering a territory of o (leaderWeight armies when o is the
// leader or plays on its team), and leaderKill the extra worth of killing one of its armies (half that).
func (c *cpu) leaderBonus(o rules.PlayerID) float64 {
	if l := c.leader(); o < 0 || l == rules.NoPlayer || !c.s.Allied(o, l) {
		return 0
	}
	return c.st.leaderWeight
}

func (c *cpu) leaderKill(o rules.PlayerID) float64 { return c.leaderBonus(o) / 2 }

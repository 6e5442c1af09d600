package ai

import (
	"rout/rules"
)

// claim picks a territory in a round-robin claim: in the bonus areas nobody else has entered (the more
// of it the player holds, the better, and the more bonus per territory and border to defend), taking the
// last territory of an area an opponent would otherwise complete, and next to the player's own.
func (c *cpu) claim() rules.Command {
	s, b := c.s, c.s.Board()
	areas := b.Areas()
	mine := make([]int, len(areas))
	others := make([]int, len(areas))
	top := make([]int, len(areas))
	entries := make([]int, len(areas))
	counts := make([]int, s.Players())
	for a, area := range areas {
		clear(counts)
		for _, t := range area.Territories {
			switch o := s.Owner(t); {
			case o == c.me:
				mine[a]++
			case o >= 0:
				others[a]++
				counts[o]++
				top[a] = max(top[a], counts[o])
			case o == rules.Neutral:
				others[a]++
			}
			for _, nb := range b.Neighbors(t) {
				if !inArea(b, nb, a) {
					entries[a]++
					break
				}
			}
		}
	}
	var best rules.TerritoryID
	bestScore := 0.0
	for i, act := range c.l.claims {
		t := act.Command.(rules.Claim).Territory
		score := 0.0
		for _, a := range b.AreasOf(t) {
			bonus := float64(areas[a].Bonus)
			size := len(areas[a].Territories)
			if bonus <= 0 {
				score += bonus / float64(size)
				continue
			}
			density := bonus / float64(size+entries[a])
			switch {
			case others[a] == 0:
				score += 2 * density * (1 + 3*float64(mine[a])/float64(size))
			case top[a]+1 == size && mine[a] == 0:
				score += bonus // the last territory an opponent needs
			default:
				score += 0.5 * density * float64(mine[a]+1) / float64(others[a]+1)
			}
		}
		for _, nb := range b.Neighbors(t) {
			if s.Owner(nb) == c.me {
				score += 0.3
			}
		}
		if i == 0 || score > bestScore {
			best, bestScore = t, score
		}
	}
	return rules.Claim{Territory: best}
}

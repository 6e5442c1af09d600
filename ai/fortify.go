package ai

import (
	"rout/rules"
)

// fortify makes the turn's one fortify move, or ends the turn: armies with no opponent on their borders
// move one step toward the nearest border (the largest such army first), and otherwise a border with
// more than it needs helps a bordering one short of its guard; armies that cannot reach a front of the
// player's own go to a teammate's where the game allows (teamFortify).
func (c *cpu) fortify() rules.Command {
	if len(c.l.fortifies) == 0 || c.expired() {
		return rules.EndTurn{}
	}
	dist := c.frontDistance()
	var best rules.Fortify
	bestScore := 0.0
	for i, a := range c.l.fortifies {
		if i%256 == 255 && c.expired() {
			break
		}
		f := a.Command.(rules.Fortify)
		from, to := f.From, f.To
		surplus := min(a.Max, c.s.Armies(from)-c.guard(from, -1))
		if surplus < 1 {
			continue
		}
		var score float64
		switch {
		case !c.v.front[from] && dist[to] >= 0 && (dist[from] < 0 || dist[to] < dist[from]):
			// Toward the front: the bigger the army and the nearer the front, the better.
			score = float64(surplus) / float64(dist[to]+1)
			if c.v.front[to] {
				score *= 2
			}
		case c.v.front[from] && c.v.front[to]:
			short := c.guard(to, -1) - c.s.Armies(to)
			if short < 1 {
				continue
			}
			surplus = min(surplus, short)
			score = float64(surplus) * 0.75
		default:
			continue
		}
		if score > bestScore {
			best, bestScore = rules.Fortify{From: from, To: to, Armies: surplus}, score
		}
	}
	if f, score := c.teamFortify(dist); score > bestScore {
		best, bestScore = f, score
	}
	if bestScore == 0 {
		return rules.EndTurn{}
	}
	return best
}

// frontDistance returns, for each of the player's territories, the number of steps through the player's
// own territories to the nearest border (0 on a border); -1 where no border can be reached and for the
// territories of others. It is one breadth-first search over the board.
func (c *cpu) frontDistance() []int32 {
	n := c.v.b.Len()
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]rules.TerritoryID, 0, len(c.v.mine))
	for _, t := range c.v.mine {
		if c.v.front[t] {
			dist[t] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, nb := range c.v.b.Neighbors(t) {
			if dist[nb] < 0 && c.s.Owner(nb) == c.me {
				dist[nb] = dist[t] + 1
				queue = append(queue, nb)
			}
		}
	}
	return dist
}

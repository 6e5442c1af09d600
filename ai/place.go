package ai

import (
	"cmp"
	"slices"

	"rout/rules"
)

// maxPlacements caps the territories one Place command spreads the reserve over.
const maxPlacements = 6

// originCandidates is how many attacking territories placement looks at closely.
const originCandidates = 8

// place spends the reserve in one command: first on the borders that need guarding (all of it for
// Cautious, up to the style's share when an attack is planned), the rest on the territory the best attack
// would start from, or else on the most threatened border.
func (c *cpu) place() rules.Command {
	reserve := c.l.places[0].Max
	origin, gain, ok := c.bestOrigin(reserve)
	budget := reserve
	if ok && gain >= c.minGain() {
		budget = int(float64(reserve) * c.st.defendShare)
	}
	plan := make(map[rules.TerritoryID]int)
	left := reserve
	for _, n := range c.needs() {
		if budget == 0 || len(plan) == maxPlacements-1 {
			break
		}
		k := min(n.deficit, budget)
		plan[n.t] += k
		budget -= k
		left -= k
	}
	if left > 0 {
		if !ok {
			origin = c.mostThreatened()
		}
		if origin < 0 {
			origin = c.l.places[0].Command.(rules.Place).Placements[0].Territory
		}
		plan[origin] += left
	}
	var out rules.Place
	for t, k := range plan {
		out.Placements = append(out.Placements, rules.Placement{Territory: t, Armies: k})
	}
	slices.SortFunc(out.Placements, func(x, y rules.Placement) int { return cmp.Compare(x.Territory, y.Territory) })
	return out
}

// need is a border with fewer armies than the player wants on it.
type need struct {
	t        rules.TerritoryID
	deficit  int
	priority float64
}

// needs lists the player's borders short of their guard, and teammates' that the player may help
// (teamNeeds), the most important first.
func (c *cpu) needs() []need {
	var out []need
	for _, t := range c.v.mine {
		if !c.v.front[t] || c.v.threat[t] == 0 {
			continue
		}
		if d := c.guard(t, -1) - c.s.Armies(t); d > 0 {
			out = append(out, need{t: t, deficit: d, priority: float64(c.v.importance(t)+1) * float64(c.v.threat[t])})
		}
	}
	out = append(out, c.teamNeeds()...)
	slices.SortStableFunc(out, func(x, y need) int { return cmp.Compare(y.priority, x.priority) })
	return out
}

// mostThreatened returns the player's border most outnumbered by a bordering army (by the threat itself
// on a tie), or a border with only neutral neighbours, or -1.
func (c *cpu) mostThreatened() rules.TerritoryID {
	best, bestGap, bestThreat := rules.TerritoryID(-1), 0, -1
	for _, t := range c.v.mine {
		if !c.v.front[t] {
			continue
		}
		threat := int(c.v.threat[t])
		gap := threat - c.s.Armies(t)
		if best < 0 || gap > bestGap || gap == bestGap && threat > bestThreat {
			best, bestGap, bestThreat = t, gap, threat
		}
	}
	return best
}

// bestOrigin returns the territory whose best attack path, with the whole reserve placed on it, promises
// the most. Every border is scored roughly first; the best few are evaluated exactly.
func (c *cpu) bestOrigin(reserve int) (rules.TerritoryID, float64, bool) {
	type origin struct {
		t     rules.TerritoryID
		rough float64
	}
	var origins []origin
	for i, t := range c.v.mine {
		if i%256 == 255 && c.expired() {
			return -1, 0, false
		}
		if !c.v.front[t] {
			continue
		}
		a := float64(c.s.Armies(t) - 1 + reserve)
		rough := 0.0
		for _, nb := range c.v.b.Neighbors(t) {
			if !c.s.Allied(c.me, c.s.Owner(nb)) {
				rough = max(rough, c.value(nb, nil)*a/(a+2*float64(c.s.Armies(nb))+1))
			}
		}
		origins = append(origins, origin{t, rough})
	}
	slices.SortStableFunc(origins, func(x, y origin) int { return cmp.Compare(y.rough, x.rough) })
	best, bestGain, found := rules.TerritoryID(-1), 0.0, false
	for _, o := range origins[:min(len(origins), originCandidates)] {
		if c.expired() {
			break
		}
		attacks := c.attacksFrom(o.t)
		steps := c.firstSteps(attacks, reserve)
		if len(steps) > 0 && (!found || steps[0].gain > bestGain) {
			best, bestGain, found = o.t, steps[0].gain, true
		}
	}
	return best, bestGain, found
}

// attacksFrom lists the attacks territory t could make after reinforcement, as attack actions (whether
// or not it has the armies to attack now).
func (c *cpu) attacksFrom(t rules.TerritoryID) []rules.Action {
	var out []rules.Action
	for _, nb := range c.v.b.Neighbors(t) {
		if !c.s.Allied(c.me, c.s.Owner(nb)) {
			out = append(out, rules.Action{Command: rules.Attack{From: t, To: nb, Dice: 3}, Min: 1, Max: 3})
		}
	}
	return out
}

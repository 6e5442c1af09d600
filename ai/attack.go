package ai

import (
	"cmp"
	"slices"

	"rout/rules"
)

// step is a possible first battle of an attack: from one of the player's territories, keeping keep armies
// there, against a bordering territory.
type step struct {
	from, to rules.TerritoryID
	keep     int // armies that stay on from whatever happens (the attack's StopAt)
	dice     int // the most dice allowed
	odds     rules.Odds
	gain     float64 // expected gain of the best path that starts with this battle, in armies
}

// bestAttack returns the attack with the best expected gain along a path, if one is worth it.
func (c *cpu) bestAttack() (rules.Command, bool) {
	steps := c.firstSteps(c.l.attacks, 0)
	if steps == nil {
		return nil, false
	}
	best := steps[0]
	if best.gain < c.minGain() || best.odds.Win < c.st.minWin {
		return nil, false
	}
	a := rules.Attack{From: best.from, To: best.to, Dice: best.dice}
	if best.odds.Win >= c.st.repeatAt {
		a.Repeat = true
		if best.keep > 1 {
			a.StopAt = best.keep
		}
	}
	return a, true
}

// minGain is the least gain an attack must promise.
func (c *cpu) minGain() float64 { return c.st.minGain }

// pressure grows from 0 to 1 as a game drags on past pressureRounds rounds: it makes killing opposing
// armies worth more, so that games between careful players still end.
func (c *cpu) pressure() float64 {
	rounds := c.s.Turn() / max(1, c.s.ActivePlayers())
	return min(1, float64(max(0, rounds-pressureRounds))/pressureSpan)
}

// The rounds after which pressure starts to grow, and over how many it reaches 1.
const (
	pressureRounds = 20
	pressureSpan   = 40
)

// firstSteps evaluates the given attack actions, with extra armies added to every attacking territory
// (a reinforcement being planned), follows the most promising ones along paths, and returns them best
// first. It returns nil when no attack reaches the style's odds, or when time runs out.
func (c *cpu) firstSteps(attacks []rules.Action, extra int) []step {
	var steps []step
	for i, a := range attacks {
		if i%64 == 63 && c.expired() {
			return nil
		}
		at := a.Command.(rules.Attack)
		armies := c.s.Armies(at.From) + extra
		keep := c.keep(at.From, at.To)
		if armies-keep < 1 {
			continue
		}
		odds := c.battle(armies-keep, c.s.Armies(at.To))
		if odds.Win < c.st.minWin {
			continue
		}
		gain := odds.Win*(c.value(at.To, nil)+c.cardGain()) +
			c.killWeight(at.To)*(float64(odds.Defenders)-odds.ExpectedDefenderSurvivors) -
			(float64(odds.Attackers) - odds.ExpectedAttackerSurvivors)
		steps = append(steps, step{from: at.From, to: at.To, keep: keep, dice: a.Max, odds: odds, gain: gain})
	}
	slices.SortStableFunc(steps, func(x, y step) int { return cmp.Compare(y.gain, x.gain) })
	if c.search().depth > 1 {
		for i := range min(len(steps), c.st.firstSteps) {
			if c.expired() {
				return nil
			}
			st := &steps[i]
			first := c.step(pointForce(st.odds.Attackers), st.odds.Defenders)
			path := []rules.TerritoryID{st.to}
			st.gain = max(st.gain, c.extend(path, first.next, st.gain, st.from))
		}
		slices.SortStableFunc(steps, func(x, y step) int { return cmp.Compare(y.gain, x.gain) })
	}
	if len(steps) == 0 {
		return nil
	}
	return steps
}

// extend follows an attack path beyond its last territory, the force that goes on distributed as force,
// and returns the best expected gain of the path and of its extensions (gain is the path's so far).
func (c *cpu) extend(path []rules.TerritoryID, force []float64, gain float64, origin rules.TerritoryID) float64 {
	search := c.search()
	if len(path) >= search.depth || len(force) < 2 {
		return gain
	}
	reach := 0.0
	for _, p := range force[1:] {
		reach += p
	}
	if reach < c.st.minReach {
		return gain
	}
	last := path[len(path)-1]
	type next struct {
		t     rules.TerritoryID
		value float64
	}
	var nexts []next
	for _, nb := range c.v.b.Neighbors(last) {
		if nb == origin || c.s.Allied(c.me, c.s.Owner(nb)) || slices.Contains(path, nb) {
			continue
		}
		nexts = append(nexts, next{nb, c.value(nb, path)})
		c.pathWork += search.nodeWork
	}
	slices.SortStableFunc(nexts, func(x, y next) int {
		return cmp.Compare(y.value/float64(c.s.Armies(y.t)+1), x.value/float64(c.s.Armies(x.t)+1))
	})
	best := gain
	for _, n := range nexts[:min(len(nexts), search.next(len(path)))] {
		r := c.step(force, c.s.Armies(n.t))
		c.pathWork += search.nodeWork
		g := gain + r.win*n.value + c.killWeight(n.t)*r.kill - r.lost
		best = max(best, g)
		best = max(best, c.extend(append(path, n.t), r.next, g, origin))
	}
	return best
}

// search is how far the player follows attack paths in this game: deeper in a team game, where the team
// that loses a seat first loses the game and a long run of conquests decides that race.
func (c *cpu) search() pathSearch {
	if c.v.team {
		return c.st.teamPaths
	}
	return c.st.paths
}

// cardGain is what the first conquest of the turn is worth for the card it earns.
func (c *cpu) cardGain() float64 {
	if c.s.Conquered() {
		return 0
	}
	return c.st.cardWeight * c.v.card
}

// killWeight is what killing one army on territory t is worth against losing one of the player's own:
// less the more opponents there are (the others profit too), nothing for neutral armies.
func (c *cpu) killWeight(t rules.TerritoryID) float64 {
	if !c.v.active(c.s.Owner(t)) {
		return 0
	}
	w := c.st.killWeight
	if c.v.rivals() > 1 {
		w = c.st.multiKillWeight
	}
	return w + c.st.pressureWeight*c.pressure() + c.leaderKill(c.s.Owner(t))
}

// value is what conquering territory t is worth to the player, in armies, after the territories of
// path (an attack path before t): the territory itself, progress toward the goal areas, completing an
// area, breaking an opponent's area, and an elimination.
func (c *cpu) value(t rules.TerritoryID, path []rules.TerritoryID) float64 {
	if len(path) == 0 {
		if val, ok := c.values[t]; ok {
			return val
		}
	}
	v := c.v
	o := c.s.Owner(t)
	val := c.st.territoryWeight
	for _, a := range v.b.AreasOf(t) {
		area := v.areas[a]
		size := len(area.Territories)
		bonus := float64(area.Bonus)
		have := v.areaMine[a]
		for _, x := range path {
			if inArea(v.b, x, a) {
				have++
			}
		}
		switch {
		case have == size-1:
			val += c.st.completeWeight * bonus // a negative bonus counts against
		case bonus > 0 && a == v.goal:
			val += c.st.goalWeight * bonus / float64(size-have)
		case bonus > 0 && a == v.goal2:
			val += c.st.goalWeight / 2 * bonus / float64(size-have)
		}
		if bonus > 0 && v.enemy(o) && c.s.AreaHolder(a) == o {
			val += c.st.breakWeight * bonus
		}
		if bonus > 0 && v.areaFriends[a] > 0 && c.teammateCompletes(t, a) {
			val -= c.st.completeWeight * bonus // the teammate's to take: the player would keep it from them
		}
	}
	if c.st.holdWeight > 0 {
		val *= 1 - c.st.holdWeight*c.loseOdds(c.threatAround(t, path), 1)
	}
	if v.enemy(o) {
		val += c.elimination(o) + c.leaderBonus(o) + c.huntBonus(o)
	}
	if len(path) == 0 {
		if c.values == nil {
			c.values = make(map[rules.TerritoryID]float64)
		}
		c.values[t] = val
	}
	return val
}

// threatAround is the largest army of an active opponent bordering t, leaving out the territories of
// path (conquered on the way).
func (c *cpu) threatAround(t rules.TerritoryID, path []rules.TerritoryID) int {
	threat := 0
	for _, nb := range c.v.b.Neighbors(t) {
		if q := c.s.Owner(nb); c.v.enemy(q) && !slices.Contains(path, nb) {
			threat = max(threat, c.s.Armies(nb))
		}
	}
	return threat
}

// loseOdds is the chance that an army of `threat` bordering a territory holding m armies takes it if it
// attacks (the attack leaves one army behind).
func (c *cpu) loseOdds(threat, m int) float64 {
	if threat < 2 {
		return 0
	}
	return c.battle(threat-1, m).Win
}

// elimination is what each territory of opponent q is worth toward eliminating q: the whole prize for the
// last territory, a share of it when q is weak enough to be wiped out this turn.
func (c *cpu) elimination(q rules.PlayerID) float64 {
	k := c.s.Player(q).Territories
	if k == 1 {
		return c.elimPrize(q)
	}
	if !c.st.eliminate || k > c.v.weakMax() || !c.canEliminate(q) {
		return 0
	}
	return c.elimPrize(q) / float64(k)
}

// elimPrize is what eliminating q is worth: the game in a duel, otherwise q's cards (more when they
// bring a trade at once) and one rival less.
func (c *cpu) elimPrize(q rules.PlayerID) float64 {
	if c.v.opponents() <= 1 {
		return 200
	}
	theirs := len(c.s.Player(q).Hand)
	prize := 3 + float64(theirs)*c.v.card
	if theirs+len(c.s.Player(c.me).Hand) >= 5 {
		prize += float64(nextSetValue(c.s, c.me))
	}
	return prize
}

// canEliminate reports whether the player's armies bordering q's territories clearly outnumber them.
func (c *cpu) canEliminate(q rules.PlayerID) bool {
	ts := c.v.weak[q]
	if len(ts) == 0 {
		return false
	}
	defenders, strength := 0, 0
	var seen []rules.TerritoryID
	for _, t := range ts {
		defenders += c.s.Armies(t)
		for _, nb := range c.v.b.Neighbors(t) {
			if c.s.Owner(nb) == c.me && !slices.Contains(seen, nb) {
				seen = append(seen, nb)
				strength += c.s.Armies(nb) - 1
			}
		}
	}
	if c.s.Phase() != rules.PhaseAttack {
		strength += c.s.Reserve()
	}
	return float64(strength) >= 1.3*float64(defenders)+2*float64(len(ts))
}

// keep is how many armies an attack from `from` on `to` leaves behind whatever happens: enough to guard
// from against the other opponents bordering it when it matters (see guard), at least 1.
func (c *cpu) keep(from, to rules.TerritoryID) int {
	return c.guard(from, to)
}

// guard is how many armies the player wants on its territory t, not counting the threat of territory
// skip (about to be conquered; -1 for none). Normal guards the borders of the areas it holds and the
// territories that keep an opponent from completing an area; Cautious guards every border.
func (c *cpu) guard(t, skip rules.TerritoryID) int {
	threat := 0
	for _, nb := range c.v.b.Neighbors(t) {
		if nb == skip {
			continue
		}
		if o := c.s.Owner(nb); c.v.enemy(o) {
			threat = max(threat, c.s.Armies(nb))
		}
	}
	if threat == 0 {
		return 1
	}
	imp := c.v.importance(t)
	if imp > 0 || c.st.guardBorders {
		return max(1, threat)
	}
	return 1
}

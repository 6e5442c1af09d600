package ai

import (
	"math/rand/v2"
	"time"

	"rout/rules"
)

// DefaultBudget is the time a CPU player may take for one decision when its options leave Budget zero.
const DefaultBudget = 50 * time.Millisecond

// style is what sets one CPU player apart from another: how bold it is, how it values territories,
// cards and bonus areas, how it trades and how it defends. Worths are in armies.
type style struct {
	minWin   float64 // the lowest conquest probability of an attack's first battle it accepts
	repeatAt float64 // attacks at least this likely are fought to the end in one command
	minGain  float64 // the least expected gain worth an attack
	// paths is how far attack paths are followed in a free-for-all, teamPaths in a team game.
	paths, teamPaths pathSearch
	firstSteps       int     // first battles whose paths are followed further
	minReach         float64 // a path is followed while at least this likely to get that far

	tradeForced  bool    // trade only when forced
	guardBorders bool    // want every border as strong as the largest army bordering it
	defendShare  float64 // share of the reserve that guarding borders may take while an attack is planned

	// killWeight is the worth of a killed opponent army in a duel, multiKillWeight with several
	// opponents (less: the others profit too); pressureWeight is added to both as a long game's pressure
	// grows to 1.
	killWeight, multiKillWeight, pressureWeight float64
	eliminate                                   bool // goes after weak players for their cards

	// holdWeight is how much the chance of losing a conquered territory to the largest army bordering it
	// takes off its worth: 0 ignores it, 1 makes a territory sure to be lost worth nothing.
	holdWeight float64
	// The worth of bonus areas, in turns of their bonus: completing an area, each territory toward the
	// goal area (half for the second goal), breaking an opponent's area.
	completeWeight, goalWeight, breakWeight float64
	cardWeight                              float64 // scales what the turn's card is worth (cardWorth)
	territoryWeight                         float64 // what a territory is worth in itself
	// leaderWeight is the extra worth of a territory of an opponent near a win (see leader); half of it is
	// added to each of its armies killed. Zero ignores the leader.
	leaderWeight float64
	// huntWeight is the extra worth of a territory of the prey on a large board (see prey), on top of a
	// share of the elimination's worth; zero never hunts.
	huntWeight float64
	// teamFocus hunts on any board in a team game (see teamHunt).
	teamFocus bool
}

// pathSearch is how far an attack path is followed: at most depth territories, counting the first, and
// from the k-th territory of a path the branch[k-1] most promising next ones (the last entry for the rest
// of the path). nodeWork is what each territory looked at on a path counts as work (in battle states) for
// Hard's look-ahead (decisionWork): zero where the battle states a search computes already measure it,
// more for a deep search, whose cost grows with the territories it looks at.
type pathSearch struct {
	depth    int
	branch   []int
	nodeWork int
}

// next is how many next territories are looked at from the last of a path of n territories.
func (p pathSearch) next(n int) int {
	if len(p.branch) == 0 {
		return 0
	}
	return p.branch[min(n, len(p.branch))-1]
}

// Normal's weights were tuned by random searches against Random on the classic map (docs/ai.md);
// Cautious keeps hand-set ones.
var (
	normalStyle = style{
		minWin: 0.35, repeatAt: 0.6, minGain: 0.8, firstSteps: 12,
		paths: pathSearch{depth: 5, branch: []int{3}}, teamPaths: pathSearch{depth: 7, branch: []int{4, 4, 2}, nodeWork: 150},
		defendShare: 0.05, killWeight: 1, multiKillWeight: 0.5, pressureWeight: 0.6, eliminate: true,
		holdWeight: 0.9, completeWeight: 4, goalWeight: 1, breakWeight: 2.8, cardWeight: 1.3,
		territoryWeight: 1, minReach: 0.15, huntWeight: 2,
	}
	cautiousStyle = style{
		minWin: 0.85, repeatAt: 0, minGain: 0.5, firstSteps: 0,
		paths: pathSearch{depth: 1}, teamPaths: pathSearch{depth: 1},
		tradeForced: true, guardBorders: true, defendShare: 1, killWeight: 0.8, multiKillWeight: 0.4, pressureWeight: 0.4,
		holdWeight: 0.8, completeWeight: 3, goalWeight: 1.5, breakWeight: 2, cardWeight: 1,
		territoryWeight: 1, minReach: 0.15,
	}
)

// cpu is one decision in the making: the state, the player, the style and the clock.
type cpu struct {
	st       style
	s        rules.State
	me       rules.PlayerID
	l        *legal
	v        *view
	deadline time.Time
	timed    bool
	odds     map[[2]int]rules.Odds
	values   map[rules.TerritoryID]float64
	work     int // battle states computed so far (see maxWork)
	pathWork int // the work of the attack path territories looked at so far (see pathSearch)

	leaderKnown bool // leaderID is computed
	leaderID    rules.PlayerID
	preyKnown   bool // preyID is computed
	preyID      rules.PlayerID
}

// play returns the policy function of a style: it decides within budget and never panics (a decision
// that would is replaced by the simplest legal command).
func play(st style, budget time.Duration) func(rules.State, rules.PlayerID, *rand.Rand) rules.Command {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return func(s rules.State, p rules.PlayerID, _ *rand.Rand) (c rules.Command) {
		c, _ = decideSafely(st, s, p, time.Now().Add(budget))
		return c
	}
}

// decideSafely is decide with a safety net: should a decision go wrong, the simplest legal command is
// played instead, and ok is false.
func decideSafely(st style, s rules.State, p rules.PlayerID, deadline time.Time) (c rules.Command, ok bool) {
	if p != s.Current() {
		return nil, true
	}
	defer func() {
		if recover() != nil {
			c, ok = newLegal(s, p).first(), false
		}
	}()
	return decide(st, s, p, deadline), true
}

// decide chooses player p's next command among the legal ones, or nil when p has nothing to do. When
// the deadline passes it falls back to a safe command: the forced step, the reserve on the most
// threatened border, the end of the attack phase, the end of the turn.
func decide(st style, s rules.State, p rules.PlayerID, deadline time.Time) rules.Command {
	cmd, _ := decideWork(st, s, p, deadline)
	return cmd
}

// decideWork is decide that also returns the work the decision did: the battle states it computed
// exactly, and its attack paths' nodeWork (see pathSearch).
func decideWork(st style, s rules.State, p rules.PlayerID, deadline time.Time) (rules.Command, int) {
	if p != s.Current() {
		return nil, 0
	}
	c := &cpu{st: st, s: s, me: p, l: newLegal(s, p), deadline: deadline, timed: true}
	if c.l.empty() {
		return nil, 0
	}
	cmd := c.choose()
	if cmd == nil || !c.l.allows(cmd) {
		cmd = c.fallback()
	}
	return cmd, c.work + c.pathWork
}

// expired reports whether the decision has run out of time.
func (c *cpu) expired() bool { return c.timed && time.Now().After(c.deadline) }

// choose picks the command for the phase.
func (c *cpu) choose() rules.Command {
	l := c.l
	switch {
	case c.alone():
		return c.chooseAlone()
	case l.occupy != nil:
		if c.expired() {
			return nil
		}
		c.v = newView(c.s, c.me)
		return c.occupy()
	case len(l.claims) > 0:
		if c.expired() {
			return nil
		}
		return c.claim()
	case len(l.trades) > 0 && len(l.places) == 0:
		return rules.Trade{Cards: c.bestSet()} // a forced trade
	}
	if c.expired() {
		return nil
	}
	c.v = newView(c.s, c.me)
	if len(l.places) > 0 {
		if len(l.trades) > 0 && c.wantTrade() {
			return rules.Trade{Cards: c.bestSet()}
		}
		return c.place()
	}
	if c.s.Phase() == rules.PhaseAttack {
		if a, ok := c.bestAttack(); ok {
			return a
		}
	}
	return c.fortify()
}

// fallback is the safe command when time ran out or a choice was refused: the reserve on the most
// threatened border, and otherwise the simplest legal command.
func (c *cpu) fallback() rules.Command {
	if len(c.l.places) > 0 {
		best, bestThreat := rules.TerritoryID(-1), -1
		for _, a := range c.l.places {
			t := a.Command.(rules.Place).Placements[0].Territory
			threat := 0
			for _, nb := range c.s.Board().Neighbors(t) {
				if o := c.s.Owner(nb); o >= 0 && !c.s.Allied(c.me, o) {
					threat = max(threat, c.s.Armies(nb))
				}
			}
			if threat > bestThreat {
				best, bestThreat = t, threat
			}
		}
		return rules.Place{Placements: []rules.Placement{{Territory: best, Armies: c.l.places[0].Max}}}
	}
	return c.l.first()
}

// step fights the next battle of an attack path (see battleStep). Past the decision's work limit, or for a
// battle larger than exactPathStates, it uses the odds of the force's expected size instead of its
// distribution.
func (c *cpu) step(force []float64, defenders int) stepResult {
	if cells := len(force) * defenders; cells <= exactPathStates && c.work+cells <= maxWork {
		c.work += cells
		return battleStep(force, defenders)
	}
	mass, mean := 0.0, 0.0
	for a, p := range force {
		mass += p
		mean += p * float64(a)
	}
	res := stepResult{next: make([]float64, len(force))}
	if mass == 0 || mean/mass < 1 {
		return res
	}
	a := int(mean/mass + 0.5)
	o := c.battle(a, defenders)
	res.win = mass * o.Win
	res.lost = mass * (float64(a) - o.ExpectedAttackerSurvivors)
	res.kill = mass * (float64(defenders) - o.ExpectedDefenderSurvivors)
	if o.Win > 0 {
		if left := int(o.ExpectedAttackerSurvivors/o.Win+0.5) - 1; left >= 1 && left < len(res.next) {
			res.next[left] = res.win
		}
	}
	return res
}

// battle returns the exact odds of a attackers against d defenders (memoized for the decision). An
// attacker so much stronger that the battle cannot use all its armies (see cappedForce) is computed with
// the armies it can use, the rest added to its survivors. Battles too large to compute exactly, or past
// the decision's work limit, use approxOdds.
func (c *cpu) battle(a, d int) rules.Odds {
	a, d = max(a, 1), min(max(d, 1), maxForce)
	fighting := min(a, cappedForce(d))
	key := [2]int{fighting, d}
	o, ok := c.odds[key]
	if !ok {
		var err error
		if cells := fighting * d; cells > exactStates || c.work+cells > maxWork {
			o = approxOdds(fighting, d)
			o.Win = max(0, o.Win-approxMargin) // err against the attack
		} else if o, err = rules.BattleOdds(fighting, d); err != nil {
			o = rules.Odds{Attackers: fighting, Defenders: d}
		} else {
			c.work += cells
		}
		if c.odds == nil {
			c.odds = make(map[[2]int]rules.Odds)
		}
		c.odds[key] = o
	}
	o.ExpectedAttackerSurvivors += float64(a-fighting) * o.Win
	o.Attackers = a
	return o
}

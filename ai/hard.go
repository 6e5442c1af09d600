package ai

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"time"

	"rout/rules"
)

// HardBudget is the time Hard may take for one decision when its options leave Budget zero.
const HardBudget = time.Second

// DefaultPlayouts is how many simulated continuations Hard plays per candidate plan when its options
// leave Playouts zero, TeamPlayouts in a team game on a board of up to largeBoardLen territories: a team
// game is decided by which side loses a seat first, and more playouts tell the plans apart there
// (docs/ai.md, "Team games"); on a larger board they would not complete within HardBudget.
const (
	DefaultPlayouts = 2
	TeamPlayouts    = 16
)

// Hard's limits on its look-ahead, counts rather than times so that a decision stays deterministic:
// the candidate plans it compares, the commands one playout may simulate, the board size past which a
// playout stops at the end of Hard's own turn instead of playing the opponents' replies, and the work all
// the playouts of one decision may do (see decisionWork: hardWork, in battle states computed exactly, each
// simulated command counting commandWork more a territory of the board for reading it). The playouts stop
// when the work is spent; the plans are compared on the rounds of playouts completed.
const (
	hardCandidates    = 4
	playoutCommands   = 600
	hardRepliesMaxLen = 1000
	hardWork          = 6_000_000
	commandWork       = 100
	// Past largeBoardLen territories a decision's work grows with the board (every simulated command
	// reads it), and where its playouts also play the opponents' replies, repliesWork times more (a
	// playout then simulates four turns of a 4-player game instead of one).
	largeBoardLen = 200
	repliesWork   = 4
)

// HardOpts tunes a Hard CPU player.
type HardOpts struct {
	// Budget is the time one decision may take; zero or less means HardBudget. The look-ahead stops at
	// the budget and Hard plays its heuristic choice (Normal's, with Hard's weights) instead, so only a
	// budget that runs out makes the player depend on the clock.
	Budget time.Duration
	// Playouts is the number of simulated continuations per candidate plan; zero means DefaultPlayouts
	// (TeamPlayouts in a team game on a board of up to largeBoardLen territories), a negative value none
	// (Hard then plays its heuristic choice).
	Playouts int
}

// hardStyle is Normal's tuned weights with diplomacy: a leader near a win is everyone's target.
var hardStyle = func() style {
	st := normalStyle
	st.leaderWeight = 1.5
	st.teamFocus = true
	return st
}()

// hardFogStyle is Hard's play under `normal` fog while it is not ahead (see fogStyle), where it sees its
// neighbours' armies and only guesses those beyond: Hard's weights without diplomacy (a leader picked from
// guessed totals is often no leader at all), a conquest that the largest army bordering it would likely
// take back worth less than nothing (holdWeight 2 against Normal's 0.9), so that it leaves the exposed
// ground to the opponents who fight blind, and no pressure of a long game (pressureWeight 0: killing
// armies is worth no more after round 20 than before), so that it lets the opponents wear each other down
// however long that takes. At the other levels it gained nothing (docs/ai.md).
var hardFogStyle = func() style {
	st := hardStyle
	st.leaderWeight = 0
	st.holdWeight = 2
	st.pressureWeight = 0
	return st
}()

// fogPressShare is the share of the board's territories from which Hard, under `normal` fog, prices its
// conquests as it does without fog (see fogStyle).
const fogPressShare = 0.35

// fogStyle is Hard's style for p under `normal` fog: hardFogStyle while p holds less than fogPressShare of
// the territories; from there Hard's own price on a conquest it may lose again (holdWeight 0.9, still
// without the pressure of a long game), so that once ahead it presses on instead of waiting for the
// opponents to wear each other down (in a duel, where each seat starts with half the board, from the
// first turn). docs/ai.md gives what each part wins against three Normals.
func fogStyle(s rules.State, p rules.PlayerID) style {
	st := hardFogStyle
	if float64(s.Player(p).Territories) >= fogPressShare*float64(s.Board().Len()) {
		st.holdWeight = hardStyle.holdWeight
	}
	return st
}

// hardFogged reports whether Hard plays fogStyle, without its look-ahead, in s: under `normal` fog.
func hardFogged(s rules.State) bool { return s.Config().Fog == rules.FogNormal }

// NewHard returns a Hard CPU player with the given options.
func NewHard(opts HardOpts) func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	budget := opts.Budget
	if budget <= 0 {
		budget = HardBudget
	}
	return func(s rules.State, p rules.PlayerID, r *rand.Rand) (c rules.Command) {
		if p != s.Current() {
			return nil
		}
		deadline := time.Now().Add(budget)
		defer func() {
			if recover() != nil {
				c = newLegal(s, p).first()
			}
		}()
		seed := uint64(s.Turn())<<8 | uint64(p)
		if r != nil {
			seed = r.Uint64()
		}
		return hardDecide(s, p, deadline, playoutsIn(s, opts.Playouts), seed)
	}
}

// Hard is the strongest CPU player, with the default options. It plays as Normal does, with two
// differences: an opponent near a win (see leader) is everyone's target, so conquering its territories
// and killing its armies are worth more; and with two opponents or more, at the start of its turn it
// compares a few plans (where the reserve goes, and whether to trade a set now or hold it) by simulated
// continuations: each plan is played on with Normal's play for every seat to the start of Hard's next
// turn, with dice drawn from r, and scored by Hard's share of the armies and income on the board. In a
// duel it plays as Normal does. Under `normal` fog it has neither, in a duel or not (see fogStyle): it
// plays Normal's heuristic with a higher price on conquests it would likely lose again until it holds
// over a third of the board, and then presses on. The same state and seed give the same command (unless
// a decision runs out of its budget).
func Hard(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	return hard(s, p, r)
}

var hard = NewHard(HardOpts{})

// playoutsIn returns the playouts per plan in s for the option value n (see HardOpts.Playouts).
func playoutsIn(s rules.State, n int) int {
	switch {
	case n != 0:
		return n
	case teamGame(s) && s.Board().Len() <= largeBoardLen:
		return TeamPlayouts
	}
	return DefaultPlayouts
}

// decisionWork is the work all the playouts of one decision on b may do, with the given playouts a plan:
// hardWork for DefaultPlayouts on a board of up to largeBoardLen territories; past it, hardWork times b's
// size over largeBoardLen, since reading the board makes every simulated command dearer, and repliesWork
// times that again where the playouts play the opponents' replies (up to hardRepliesMaxLen territories),
// so that they still complete; and that once for every DefaultPlayouts playouts a plan (rounded up), so
// that more playouts complete too.
func decisionWork(b *rules.Board, playouts int) int {
	work := hardWork * max(1, (playouts+DefaultPlayouts-1)/DefaultPlayouts)
	n := b.Len()
	switch {
	case n <= largeBoardLen:
		return work
	case n <= hardRepliesMaxLen:
		return repliesWork * work * (n / largeBoardLen)
	}
	return work * (n / largeBoardLen)
}

// hardDecide chooses p's command: the heuristic one, or at a reinforcement decision the best of a few
// plans by playouts.
func hardDecide(s rules.State, p rules.PlayerID, deadline time.Time, playouts int, seed uint64) rules.Command {
	l := newLegal(s, p)
	if l.empty() {
		return nil
	}
	if hardFogged(s) {
		return decide(fogStyle(s, p), s, p, deadline)
	}
	base := decide(hardStyle, s, p, deadline)
	// In a duel the look-ahead is no better than the heuristic choice (it lost more duels against
	// Random, docs/ai.md), so Hard searches only with two opponents or more.
	if playouts < 0 || len(l.places) == 0 || s.Phase() != rules.PhaseReinforce || s.ActivePlayers() < 3 {
		return base
	}
	cands := hardPlans(s, p, l, base, deadline)
	if len(cands) < 2 {
		return base
	}
	totals := make([]float64, len(cands))
	rounds, work := 0, decisionWork(s.Board(), playouts)
	for i := range playouts {
		if time.Now().After(deadline) {
			break
		}
		round := make([]float64, len(cands))
		done := true
		for k, cand := range cands {
			// The same dice for every plan: the plans are compared on the same luck.
			v, ok := playout(s, p, cand, seed+uint64(i)*0x9e3779b97f4a7c15, deadline, &work)
			if !ok {
				done = false
				break
			}
			round[k] = v
		}
		if !done {
			break
		}
		for k := range cands {
			totals[k] += round[k]
		}
		rounds++
	}
	if rounds == 0 {
		return base
	}
	best := 0
	for k := range cands {
		if totals[k] > totals[best]+1e-9 {
			best = k
		}
	}
	if !l.allows(cands[best]) {
		return base
	}
	return cands[best]
}

// hardPlans lists the reinforcement plans Hard compares, its heuristic choice first: trading the best
// set now or not (when trading is optional), and the whole reserve on one of the borders its attacks
// could best start from, or on its most threatened border.
func hardPlans(s rules.State, p rules.PlayerID, l *legal, base rules.Command, deadline time.Time) []rules.Command {
	c := &cpu{st: hardStyle, s: s, me: p, l: l, deadline: deadline, timed: true}
	c.v = newView(s, p)
	out := []rules.Command{base}
	add := func(cmd rules.Command) {
		if cmd == nil || !l.allows(cmd) || len(out) >= hardCandidates {
			return
		}
		for _, o := range out {
			if sameCommand(o, cmd) {
				return
			}
		}
		out = append(out, cmd)
	}
	if len(l.trades) > 0 && !s.MustTrade() {
		add(rules.Trade{Cards: c.bestSet()})
		add(c.place())
	}
	reserve := l.places[0].Max
	type origin struct {
		t     rules.TerritoryID
		rough float64
	}
	var origins []origin
	for _, t := range c.v.mine {
		if !c.v.front[t] {
			continue
		}
		a := float64(s.Armies(t) - 1 + reserve)
		rough := 0.0
		for _, nb := range c.v.b.Neighbors(t) {
			if s.Owner(nb) != p {
				rough = max(rough, c.value(nb, nil)*a/(a+2*float64(s.Armies(nb))+1))
			}
		}
		origins = append(origins, origin{t, rough})
	}
	slices.SortStableFunc(origins, func(x, y origin) int { return cmp.Compare(y.rough, x.rough) })
	all := func(t rules.TerritoryID) rules.Command {
		return rules.Place{Placements: []rules.Placement{{Territory: t, Armies: reserve}}}
	}
	if t := c.mostThreatened(); t >= 0 {
		add(all(t))
	}
	for _, o := range origins {
		add(all(o.t))
	}
	return out
}

// sameCommand reports whether two plans are the same command.
func sameCommand(a, b rules.Command) bool {
	switch a := a.(type) {
	case rules.Trade:
		b, ok := b.(rules.Trade)
		return ok && a == b
	case rules.Place:
		b, ok := b.(rules.Place)
		return ok && slices.Equal(a.Placements, b.Placements)
	}
	return false
}

// playoutDice draws a playout's dice from a seeded generator.
type playoutDice struct{ r *rand.Rand }

func (d playoutDice) Intn(n int) int { return d.r.IntN(n) }

// newPlayoutDice returns the dice of the playout seeded with seed.
func newPlayoutDice(seed uint64) playoutDice { return playoutDice{rand.New(rand.NewPCG(seed, 0x4a7d))} }

// playout applies plan for p in s, plays on (see playOn) with dice drawn from seed, and returns p's score
// where the playout stopped. It takes the work it does off *work; ok is false when the work ran out or the
// deadline passed.
func playout(s rules.State, p rules.PlayerID, plan rules.Command, seed uint64, deadline time.Time, work *int) (float64, bool) {
	dice := newPlayoutDice(seed)
	s, _, err := rules.Apply(s, p, plan, dice)
	if err != nil {
		return 0, true // cannot happen for a legal plan; score it lowest
	}
	if s, ok := playOn(s, p, dice, deadline, work); ok {
		return hardScore(s, p), true
	}
	return 0, false
}

// playOn plays on from s, in which p has just made a decision, every seat with Normal's play (p with
// Hard's weights), to the start of p's next turn (on a board of more than hardRepliesMaxLen territories
// only to the end of p's turn), and returns the state there. It takes the work it does off *work; ok is
// false when the work ran out or the deadline passed.
func playOn(s rules.State, p rules.PlayerID, dice rules.Dice, deadline time.Time, work *int) (rules.State, bool) {
	replies := s.Board().Len() <= hardRepliesMaxLen
	startTurn := s.Turn()
	read := commandWork * s.Board().Len()
	for n := 0; n < playoutCommands && s.Phase() != rules.PhaseOver; n++ {
		q := s.Current()
		if s.Turn() != startTurn && (q == p || !replies) {
			break
		}
		if *work <= 0 || n%16 == 15 && time.Now().After(deadline) {
			return s, false
		}
		st := normalStyle
		if q == p {
			st = hardStyle
		}
		cmd, w := decideWork(st, s, q, deadline)
		*work -= w + read
		if cmd == nil {
			break
		}
		next, _, err := rules.Apply(s, q, cmd, dice)
		if err != nil {
			break
		}
		s = next
	}
	return s, true
}

// The turns of income Hard's score counts: three in a free-for-all, one and a half in a team game, where
// the first seat lost decides the game and armies on the board weigh more than income to come (docs/ai.md,
// "Team games").
const (
	incomeTurns     = 3
	teamIncomeTurns = 1.5
)

// hardScore is how well p stands in s: its team's share (its own in a free-for-all) of the strength on
// the board (armies, incomeTurns of income, teamIncomeTurns in a team game, and each card at what one more
// card is worth as the sets stand, cardWorth), with a win and the team's elimination at the extremes.
func hardScore(s rules.State, p rules.PlayerID) float64 {
	if s.Phase() == rules.PhaseOver {
		if s.Allied(s.Winner(), p) {
			return 1
		}
		return 0
	}
	if !teamActive(s, p) {
		return 0
	}
	turns := float64(incomeTurns)
	if teamGame(s) {
		turns = teamIncomeTurns
	}
	strength := func(q rules.PlayerID) float64 {
		pl := s.Player(q)
		return float64(pl.Armies) + turns*float64(s.Reinforcements(q)) + cardWorth(s, q)*float64(len(pl.Hand))
	}
	mine, total := 0.0, 0.0
	for q := range s.Players() {
		if s.Player(rules.PlayerID(q)).Status != rules.Active {
			continue
		}
		x := strength(rules.PlayerID(q))
		total += x
		if s.Allied(rules.PlayerID(q), p) {
			mine += x
		}
	}
	if total == 0 {
		return 0
	}
	return mine / total
}

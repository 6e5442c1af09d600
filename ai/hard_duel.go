package ai

import (
	"time"

	"rout/rules"
)

// Hard's limits in a duel, counts so that a decision stays deterministic: the candidate commands it
// compares at one decision, the rollouts of each, and the work all the rollouts of one decision may do
// (counted as hardWork is).
const (
	duelCandidates = 6
	duelRollouts   = 16
	duelWork       = 8_000_000
)

// duelOpponent returns p's one opponent when p plays a duel.
func duelOpponent(s rules.State, p rules.PlayerID) (rules.PlayerID, bool) {
	if s.ActivePlayers() != 2 {
		return rules.NoPlayer, false
	}
	for q := range s.Players() {
		if id := rules.PlayerID(q); id != p && s.Player(id).Status == rules.Active {
			return id, true
		}
	}
	return rules.NoPlayer, false
}

// duelDecided reports whether duelValue gives either player of a duel at least duelSure: then the
// heuristic choice plays on, which spares the search the long sweeps of a decided game.
func duelDecided(s rules.State, p, o rules.PlayerID) bool {
	v := duelValue(s, p, o)
	return v >= duelSure || v <= 1-duelSure
}

// duelSure is the chance of winning from which a duel counts as decided.
const duelSure = 0.95

// duelCands lists the commands Hard compares at a decision of a duel, its heuristic choice first: how
// many armies move into a conquest (all, the fewest, half way); the reinforcement plans of hardPlans;
// ending the attack phase, and the most promising attacks, each fought to its end (down to the guard of
// the attacking territory), at odds from 20%.
func duelCands(s rules.State, p rules.PlayerID, l *legal, base rules.Command, deadline time.Time) []rules.Command {
	out := []rules.Command{base}
	add := func(cmd rules.Command) {
		if cmd == nil || !l.allows(cmd) || len(out) >= duelCandidates {
			return
		}
		for _, o := range out {
			if sameCommand(o, cmd) {
				return
			}
		}
		out = append(out, cmd)
	}
	switch {
	case l.occupy != nil:
		a := *l.occupy
		add(rules.Occupy{Armies: a.Max})
		add(rules.Occupy{Armies: a.Min})
		add(rules.Occupy{Armies: (a.Min + a.Max) / 2})
	case len(l.places) > 0:
		for _, c := range hardPlans(s, p, l, base, deadline, duelCandidates) {
			add(c)
		}
	case s.Phase() == rules.PhaseAttack && len(l.attacks) > 0:
		if l.endAttack {
			add(rules.EndAttack{})
		}
		st := hardStyle
		st.minWin = duelMinWin
		c := &cpu{st: st, s: s, me: p, l: l, deadline: deadline, timed: true}
		c.v = newView(s, p)
		for _, step := range c.firstSteps(l.attacks, 0) {
			a := rules.Attack{From: step.from, To: step.to, Dice: step.dice, Repeat: true}
			if step.keep > 1 {
				a.StopAt = step.keep
			}
			add(a)
		}
	}
	return out
}

// duelMinWin is the lowest chance of conquest of an attack Hard considers in a duel.
const duelMinWin = 0.2

// duelRollout applies cand for p in s and plays p's turn on with Hard's heuristic play, and returns p's
// chance of winning at the start of o's turn: 1 or 0 when the game ended, duelValue otherwise. It takes
// the work it does off *work; ok is false when the work ran out or the deadline passed.
func duelRollout(s rules.State, p, o rules.PlayerID, cand rules.Command, seed uint64, deadline time.Time, work *int) (float64, bool) {
	s, ok := simulate(s, p, cand, seed, deadline, work, func(s rules.State) bool { return s.Current() == p })
	if s.Phase() == rules.PhaseOver {
		if s.Winner() == p {
			return 1, ok
		}
		return 0, ok
	}
	return 1 - duelValue(s, o, p), ok
}

package ai

import (
	"math/rand/v2"
	"time"

	"rout/rules"
)

// CautiousMinWin is the lowest probability of conquest at which Cautious attacks.
const CautiousMinWin = 0.85

// CautiousOpts tunes a Cautious CPU player.
type CautiousOpts struct {
	// Budget is the time one decision may take; zero or less means DefaultBudget.
	Budget time.Duration
}

// NewCautious returns a Cautious CPU player with the given options.
func NewCautious(opts CautiousOpts) func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	wary, duel := play(cautiousStyle, opts.Budget), play(normalStyle, opts.Budget)
	return func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		// With one opponent left, holding back only waits for the opponent's sets to grow: Normal's play
		// keeps the seat alive longer and wins far more often (docs/ai.md, "Takeovers").
		if s.ActivePlayers() == 2 {
			return duel(s, p, r)
		}
		return wary(s, p, r)
	}
}

// Cautious plays the turns of an idle human when their turn timer runs out, with the default options:
// it trades only when forced, places its reinforcements on its most threatened borders, attacks only when
// the exact odds of conquest are at least CautiousMinWin with the armies it can spare (the attack stops
// before the attacking territory falls below the largest opposing army bordering it), and fortifies
// toward the front. It never throws the idle player's armies away. In a duel (one opponent left, at the
// end of a game or from its start) it plays as Normal does. It uses no randomness.
func Cautious(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	return cautious(s, p, r)
}

var cautious = NewCautious(CautiousOpts{})

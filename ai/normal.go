package ai

import (
	"math/rand/v2"
	"time"

	"rout/rules"
)

// NormalOpts tunes a Normal CPU player.
type NormalOpts struct {
	// Budget is the time one decision may take; zero or less means DefaultBudget. A decision that runs
	// out of time plays a safe command instead (see Normal), so only a budget that runs out makes the
	// player depend on the clock.
	Budget time.Duration
}

// NewNormal returns a Normal CPU player with the given options, as a policy for sim.Play or a
// takeover: it returns player p's next command in state s, or nil when p has nothing to do.
func NewNormal(opts NormalOpts) func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	return play(normalStyle, opts.Budget)
}

// Normal is the standard CPU player, with the default options. See the package documentation for how
// it plays. It uses no randomness: the same state gives the same command.
func Normal(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	return normal(s, p, r)
}

var normal = NewNormal(NormalOpts{})

package ai

import (
	"math/rand/v2"

	"rout/rules"
)

// Names lists the CPU players ByName knows, weakest first.
func Names() []string { return []string{"random", "easy", "normal", "hard", "cautious"} }

// ByName returns the CPU player called name ("random", "easy", "normal", "hard" or "cautious") with its default
// options, and false for any other name.
func ByName(name string) (func(rules.State, rules.PlayerID, *rand.Rand) rules.Command, bool) {
	switch name {
	case "random":
		return Random, true
	case "easy":
		return Easy, true
	case "normal":
		return Normal, true
	case "hard":
		return Hard, true
	case "cautious":
		return Cautious, true
	}
	return nil, false
}

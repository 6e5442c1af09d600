package ai

import (
	"math/rand/v2"
	"time"

	"rout/rules"
)

// DefaultMistakes is the share of Easy's decisions that are random legal commands when its options
// leave Mistakes zero.
const DefaultMistakes = 0.15

// EasyOpts tunes an Easy CPU player.
type EasyOpts struct {
	// Budget is the time one decision may take; zero or less means DefaultBudget.
	Budget time.Duration
	// Mistakes is the share of decisions, from 0 to 1, made at random among the legal commands instead
	// of as Normal would; zero means DefaultMistakes, and a negative value means none.
	Mistakes float64
}

// NewEasy returns an Easy CPU player with the given options.
func NewEasy(opts EasyOpts) func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	mistakes := opts.Mistakes
	if mistakes == 0 {
		mistakes = DefaultMistakes
	}
	normal := NewNormal(NormalOpts{Budget: opts.Budget})
	return func(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
		if p != s.Current() {
			return nil
		}
		if r != nil && r.Float64() < mistakes {
			if c := randomLegal(s, p, r); c != nil {
				return c
			}
		}
		return normal(s, p, r)
	}
}

// Easy is Normal with mistakes: with the default options about one decision in seven (DefaultMistakes)
// is a random legal command (a random set, placement, single attack roll, occupation, fortify move or the
// end of the phase), drawn from r, so a game with the same seed is the same game.
func Easy(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	return easy(s, p, r)
}

var easy = NewEasy(EasyOpts{})

// randomLegal returns a uniformly random legal command of p's other than resigning and attacking a
// teammate, with a uniformly random amount in its range (an attack is one roll), or nil when there is
// none.
func randomLegal(s rules.State, p rules.PlayerID, r *rand.Rand) rules.Command {
	actions := newLegal(s, p).all
	n := 0
	for _, a := range actions {
		if _, ok := a.Command.(rules.Resign); !ok {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	a := actions[r.IntN(n)] // Resign is always last
	amount := a.Min
	if a.Max > a.Min {
		amount += r.IntN(a.Max - a.Min + 1)
	}
	switch c := a.Command.(type) {
	case rules.Place:
		return rules.Place{Placements: []rules.Placement{{Territory: c.Placements[0].Territory, Armies: amount}}}
	case rules.Attack:
		return rules.Attack{From: c.From, To: c.To, Dice: amount}
	case rules.Occupy:
		return rules.Occupy{Armies: amount}
	case rules.Fortify:
		return rules.Fortify{From: c.From, To: c.To, Armies: amount}
	}
	return a.Command
}

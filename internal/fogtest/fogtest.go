// Package fogtest makes, for the tests of the fog of war (docs/rules.md, "Fog of war"), the twin of a game
// state that differs from it only in what one viewer cannot see: the noninterference tests ask a surface,
// or a CPU, about both and require the same answer.
package fogtest

import (
	"math/rand/v2"
	"slices"

	"rout/rules"
)

// Twin returns a state that differs from s only out of viewer's sight (rules.Vision): one to three more
// armies on every territory of another seat that the viewer does not see whole, and one card of each other
// seat's hand swapped with one of the deck; with owners, also the territories the viewer does not see at
// all handed from their owner (who keeps another) to another seat still in the game and not of the viewer's
// team (whose sight the viewer shares in a team game, R91). A twin projects for
// the viewer as s does (rules.Project), but for owners moved when the viewer is out of the game or a
// spectator: they see what every player sees, which the owners change.
func Twin(s rules.State, viewer rules.PlayerID, r *rand.Rand, owners bool) (rules.State, error) {
	snap := s.Snapshot()
	b := s.Board()
	vision := rules.Vision(s, viewer)
	held := make([]int, len(snap.Players))
	for _, o := range snap.Owners {
		if o >= 0 {
			held[o]++
		}
	}
	for t, v := range vision {
		owner := snap.Owners[t]
		if owner < 0 || owner == viewer {
			continue
		}
		if v != rules.SightFull {
			snap.Armies[t] += 1 + r.IntN(3)
		}
		if !owners || v != rules.SightHidden || held[owner] < 2 {
			continue
		}
		for q := range snap.Players {
			if p := rules.PlayerID(q); p != owner && !s.Config().Allied(p, viewer) && snap.Players[q].Status == rules.Active {
				snap.Owners[t], held[owner], held[q] = p, held[owner]-1, held[q]+1
				break
			}
		}
	}
	for p := range snap.Players {
		hand := slices.Clone(snap.Players[p].Hand) // the snapshot shares its hands with s
		snap.Players[p].Hand = hand
		if rules.PlayerID(p) != viewer && len(hand) > 0 && len(snap.Deck) > 0 {
			i, j := r.IntN(len(hand)), r.IntN(len(snap.Deck))
			hand[i], snap.Deck[j] = snap.Deck[j], hand[i]
		}
	}
	recount(b, &snap)
	return rules.Restore(b, s.Config(), snap)
}

// recount sets the players' counts of snap (territories, armies, bonus) from its board.
func recount(b *rules.Board, snap *rules.Snapshot) {
	for i := range snap.Players {
		p := &snap.Players[i]
		p.Territories, p.Armies, p.Bonus = 0, 0, 0
	}
	for t, o := range snap.Owners {
		if o >= 0 {
			snap.Players[o].Territories++
			snap.Players[o].Armies += snap.Armies[t]
		}
	}
	for _, a := range b.Areas() {
		holder := snap.Owners[a.Territories[0]]
		for _, t := range a.Territories {
			if snap.Owners[t] != holder {
				holder = rules.NoPlayer
			}
		}
		if holder >= 0 {
			snap.Players[holder].Bonus += a.Bonus
		}
	}
}

package rules

import (
	"fmt"
	"slices"
)

// CheckInvariants verifies everything that must hold in every reachable state: one owner and at least one
// army per territory (but for a conquest awaiting its armies), the players' counts and bonus areas matching
// the board, every card in exactly one place, and a valid phase. It reads the whole board, so it is for
// tests, simulations and audits, not for every command in production.
func CheckInvariants(s State) error {
	if len(s.handedOver) > 0 && s.cfg.TeamRules.Handover == HandoverNone {
		return fmt.Errorf("seats %v are handed over in a game without the handover option", s.handedOver)
	}
	for i, p := range s.handedOver {
		if p < 0 || int(p) >= len(s.players) || (i > 0 && s.handedOver[i-1] >= p) {
			return fmt.Errorf("the handed over seats %v are not seats in seat order", s.handedOver)
		}
	}
	n := s.board.Len()
	players := make([]Player, len(s.players))
	unclaimed := 0
	for t := range n {
		c := s.cells.Get(t)
		owner, armies := PlayerID(c.owner), int(c.armies)
		switch {
		case owner == Unclaimed:
			unclaimed++
			if armies != 0 || (s.phase != PhaseSetup && s.phase != PhaseClaim) {
				return fmt.Errorf("territory %d is unclaimed with %d armies in phase %s", t, armies, s.phase)
			}
			continue
		case owner == Neutral:
		case owner < 0 || int(owner) >= len(s.players):
			return fmt.Errorf("territory %d has owner %d", t, owner)
		default:
			players[owner].Territories++
			players[owner].Armies += armies
			if s.players[owner].Status != Active {
				return fmt.Errorf("territory %d belongs to %s player %d", t, s.players[owner].Status, owner)
			}
		}
		occupying := (s.phase == PhaseOccupy || s.due == stepConquest) && TerritoryID(t) == s.pending.To
		if armies < 1 && !(occupying && armies == 0) {
			return fmt.Errorf("territory %d has %d armies", t, armies)
		}
	}
	if unclaimed != s.unclaimed {
		return fmt.Errorf("%d territories unclaimed, the state counts %d", unclaimed, s.unclaimed)
	}
	for a, area := range s.board.areas {
		holder := s.Owner(area.Territories[0])
		for _, t := range area.Territories {
			if s.Owner(t) != holder {
				holder = NoPlayer
			}
		}
		if holder < 0 {
			holder = NoPlayer
		} else {
			players[holder].Bonus += area.Bonus
		}
		if got := s.AreaHolder(a); got != holder {
			return fmt.Errorf("bonus area %d is held by %d, the state says %d", a, holder, got)
		}
	}
	for i, p := range s.players {
		want := players[i]
		if p.Territories != want.Territories || p.Armies != want.Armies || p.Bonus != want.Bonus {
			return fmt.Errorf("player %d counts %d territories, %d armies, bonus %d; the board has %d, %d, %d",
				i, p.Territories, p.Armies, p.Bonus, want.Territories, want.Armies, want.Bonus)
		}
		if p.Status != Active && (len(p.Hand) > 0 || p.Unplaced > 0) {
			return fmt.Errorf("%s player %d still holds cards or armies", p.Status, i)
		}
		if p.Status == Active && p.Territories == 0 && s.unclaimed == 0 && s.due != stepElimination {
			return fmt.Errorf("active player %d has no territory", i)
		}
	}
	if err := s.checkCards(); err != nil {
		return err
	}
	return s.checkPhase()
}

func (s State) checkCards() error {
	// where holds each card's place: a player, or one of these.
	const nowhere, inDeck, inDiscard = -1, -2, -3
	name := func(place int) string {
		switch place {
		case inDeck:
			return "the deck"
		case inDiscard:
			return "the discard pile"
		}
		return fmt.Sprintf("player %d's hand", place)
	}
	where := make([]int, s.board.Cards())
	for i := range where {
		where[i] = nowhere
	}
	put := func(c CardID, place int) error {
		if c < 0 || int(c) >= len(where) {
			return fmt.Errorf("card %d does not exist (in %s)", c, name(place))
		}
		if where[c] != nowhere {
			return fmt.Errorf("card %d is both in %s and in %s", c, name(where[c]), name(place))
		}
		where[c] = place
		return nil
	}
	for i := range s.deck.Len() {
		c := s.deck.Get(i)
		if err := put(c, inDeck); err != nil {
			return err
		}
		if int(s.deckPos.Get(int(c))) != i {
			return fmt.Errorf("card %d is at deck position %d, indexed as %d", c, i, s.deckPos.Get(int(c)))
		}
	}
	for i := range s.discard.Len() {
		if err := put(s.discard.Get(i), inDiscard); err != nil {
			return err
		}
	}
	for p, pl := range s.players {
		for _, c := range pl.Hand {
			if err := put(c, p); err != nil {
				return err
			}
		}
	}
	if i := slices.Index(where, nowhere); i >= 0 {
		return fmt.Errorf("card %d is nowhere", i)
	}
	return nil
}

func (s State) checkPhase() error {
	switch s.phase {
	case PhaseSetup:
		if s.current != NoPlayer {
			return fmt.Errorf("a current player before the start")
		}
		return nil
	case PhaseOver:
		if s.winner < 0 || s.current != NoPlayer || s.players[s.winner].Status != Active {
			return fmt.Errorf("the game is over without a winner")
		}
		return nil
	}
	// Between a current player's resignation and the turn it hands on (the next event), the current player
	// is the resigned one.
	if s.current < 0 || s.players[s.current].Status == Eliminated {
		return fmt.Errorf("current player %d is not an active player", s.current)
	}
	if s.reserve < 0 {
		return fmt.Errorf("negative reserve %d", s.reserve)
	}
	if (s.phase == PhaseFortify || s.phase == PhaseClaim || s.phase == PhaseOccupy) && s.reserve != 0 {
		return fmt.Errorf("%d armies in reserve in the %s phase", s.reserve, s.phase)
	}
	if s.phase == PhaseOccupy && (s.Owner(s.pending.To) != s.current || s.Armies(s.pending.From) <= s.pending.MinArmies) {
		return fmt.Errorf("the pending conquest of %d cannot be occupied", s.pending.To)
	}
	return nil
}

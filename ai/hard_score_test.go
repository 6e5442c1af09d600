package ai

import (
	"math"
	"testing"

	"rout/rules"
)

// TestHardScoreValuesCardsAsTheNextSet: in Hard's score a card counts what one more card is worth as the
// sets stand (cardWorth: an army and a third of the next set), so the same hand weighs more once the sets
// have escalated: with classic cards 1 + 4/3 armies a card before any trade, 1 + 15/3 after five.
func TestHardScoreValuesCardsAsTheNextSet(t *testing.T) {
	t.Parallel()
	s := startedGame(t, 4)
	p := s.Current()
	withHand := func(trades int) rules.State {
		snap := s.Snapshot()
		snap.Players[p].Hand = append([]rules.CardID(nil), snap.Deck[:3]...)
		snap.Deck = snap.Deck[3:]
		snap.Scalars.Trades = trades
		out, err := rules.Restore(s.Board(), s.Config(), snap)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	none, early, late := hardScore(s, p), hardScore(withHand(0), p), hardScore(withHand(5), p)
	if !(none < early && early < late) {
		t.Fatalf("score without cards %.4f, with three cards before any trade %.4f, after five trades %.4f; want them rising", none, early, late)
	}
}

// TestHardScoreCountsIncomeByTheGame: Hard's score counts three turns of each seat's income in a
// free-for-all and one and a half in a team game, where it is the team's share. Each game is played on by
// Normal until the two counts give different shares.
func TestHardScoreCountsIncomeByTheGame(t *testing.T) {
	t.Parallel()
	share := func(s rules.State, p rules.PlayerID, turns float64) float64 {
		mine, total := 0.0, 0.0
		for q := range s.Players() {
			id := rules.PlayerID(q)
			pl := s.Player(id)
			x := float64(pl.Armies) + turns*float64(s.Reinforcements(id)) + cardWorth(s, id)*float64(len(pl.Hand))
			total += x
			if s.Allied(id, p) {
				mine += x
			}
		}
		return mine / total
	}
	for _, c := range []struct {
		name         string
		s            rules.State
		turns, other float64
	}{
		{"free-for-all", startedGame(t, 4), 3, 1.5},
		{"2v2", teamStarted(t, classicMap(t)), 1.5, 3},
	} {
		s, p := c.s, c.s.Current()
		dice := rules.NewDice([32]byte{3})
		for n := 0; math.Abs(share(s, p, c.turns)-share(s, p, c.other)) < 1e-3; n++ {
			if n == 500 || s.Phase() == rules.PhaseOver {
				t.Fatalf("%s: no state within 500 commands where %g and %g turns of income differ", c.name, c.turns, c.other)
			}
			q := s.Current()
			next, _, err := rules.Apply(s, q, Normal(s, q, nil), dice)
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
		if got, want := hardScore(s, p), share(s, p, c.turns); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: score %.6f, want %.6f (%g turns of income; %g give %.6f)", c.name, got, want, c.turns, c.other, share(s, p, c.other))
		}
	}
}

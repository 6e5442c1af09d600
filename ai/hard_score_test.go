package ai

import (
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

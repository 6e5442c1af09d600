package game_test

import (
	"testing"

	"rout/game"
	"rout/rules"
)

// TestViewEventHidesCards pins the one projection of an event for a viewer: private card ids only for the
// players concerned, everything for Everyone, the kind only in Data.
func TestViewEventHidesCards(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		event   rules.Event
		seat    rules.PlayerID
		payload string
		hidden  bool
	}{
		{rules.CardDrawn{Player: 1, Card: 7}, 1, `{"card":7,"player":1}`, false},
		{rules.CardDrawn{Player: 1, Card: 7}, 0, `{"cardCount":1,"player":1}`, true},
		{rules.CardDrawn{Player: 1, Card: 7}, rules.NoPlayer, `{"cardCount":1,"player":1}`, true},
		{rules.CardDrawn{Player: 1, Card: 7}, game.Everyone, `{"card":7,"player":1}`, false},
		{rules.PlayerEliminated{Player: 2, By: 0, Cards: []rules.CardID{3, 4}}, 2, `{"by":0,"cards":[3,4],"player":2}`, false},
		{rules.PlayerEliminated{Player: 2, By: 0, Cards: []rules.CardID{3, 4}}, 0, `{"by":0,"cards":[3,4],"player":2}`, false},
		{rules.PlayerEliminated{Player: 2, By: 0, Cards: []rules.CardID{3, 4}}, 1, `{"by":0,"cardCount":2,"player":2}`, true},
		{rules.PlayerResigned{Player: 1, Cards: []rules.CardID{5}}, 1, `{"cards":[5],"player":1}`, false},
		{rules.PlayerResigned{Player: 1, Cards: []rules.CardID{5}}, 0, `{"cardCount":1,"player":1}`, true},
		{rules.Fortified{From: 1, To: 2, Armies: 3}, 0, `{"armies":3,"from":1,"to":2}`, false},
	} {
		v, err := game.ViewEvent(game.SeqEvent{Seq: 4, Turn: 2, Seat: 1, Event: c.event}, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		if string(v.Payload) != c.payload || v.Hidden != c.hidden {
			t.Errorf("%s for seat %d: payload %s hidden %v, want %s %v", c.event.Kind(), c.seat, v.Payload, v.Hidden, c.payload, c.hidden)
		}
		if v.Seq != 4 || v.Turn != 2 || v.Seat == nil || *v.Seat != 1 || v.Kind != c.event.Kind() {
			t.Errorf("%s: envelope %+v", c.event.Kind(), v)
		}
		if !c.hidden {
			if _, err := rules.UnmarshalEvent(v.Data); err != nil {
				t.Errorf("%s for seat %d: data %s does not decode: %v", c.event.Kind(), c.seat, v.Data, err)
			}
		}
	}
	v, err := game.ViewEvent(game.SeqEvent{Seq: 1, Seat: rules.NoPlayer, Event: rules.Fortified{From: 1, To: 2, Armies: 3}}, 0)
	if err != nil || v.Seat != nil {
		t.Errorf("a system event: seat %v, error %v; want nil", v.Seat, err)
	}
}

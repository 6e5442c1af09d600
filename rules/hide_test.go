package rules

import "testing"

func TestHideCards(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		event  Event
		viewer PlayerID
		want   string
		hidden bool
	}{
		{CardDrawn{Player: 1, Card: 7}, 1, `{"kind":"card_drawn","player":1,"card":7}`, false},
		{CardDrawn{Player: 1, Card: 7}, NoPlayer, `{"kind":"card_drawn","player":1,"cardCount":1}`, true},
		{PlayerEliminated{Player: 2, By: 0, Cards: []CardID{3, 4}}, 0, `{"kind":"player_eliminated","player":2,"by":0,"cards":[3,4]}`, false},
		{PlayerEliminated{Player: 2, By: 0, Cards: []CardID{3, 4}}, 1, `{"kind":"player_eliminated","player":2,"by":0,"cardCount":2}`, true},
		{PlayerResigned{Player: 1, Cards: []CardID{5}}, 0, `{"kind":"player_resigned","player":1,"cardCount":1}`, true},
		{Fortified{From: 1, To: 2, Armies: 3}, NoPlayer, `{"kind":"fortified","from":1,"to":2,"armies":3}`, false},
	} {
		got, hidden, err := HideCards(c.event, c.viewer)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != c.want || hidden != c.hidden {
			t.Errorf("HideCards(%s, %d) = %s, %v; want %s, %v", c.event.Kind(), c.viewer, got, hidden, c.want, c.hidden)
		}
		if _, err := UnmarshalEvent(got); (err != nil) != hidden {
			t.Errorf("UnmarshalEvent(%s): %v", got, err)
		}
	}
}

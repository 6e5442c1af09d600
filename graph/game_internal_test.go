package graph

import (
	"reflect"
	"testing"

	"rout/rules"
)

func TestEventPayloadHidesCards(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		event rules.Event
		seat  rules.PlayerID
		want  map[string]any
	}{
		{rules.CardDrawn{Player: 1, Card: 7}, 1, map[string]any{"player": 1.0, "card": 7.0}},
		{rules.CardDrawn{Player: 1, Card: 7}, 0, map[string]any{"player": 1.0, "cardCount": 1.0}},
		{rules.CardDrawn{Player: 1, Card: 7}, rules.NoPlayer, map[string]any{"player": 1.0, "cardCount": 1.0}},
		{rules.PlayerEliminated{Player: 2, By: 0, Cards: []rules.CardID{3, 4}}, 2,
			map[string]any{"player": 2.0, "by": 0.0, "cards": []any{3.0, 4.0}}},
		{rules.PlayerEliminated{Player: 2, By: 0, Cards: []rules.CardID{3, 4}}, 0,
			map[string]any{"player": 2.0, "by": 0.0, "cards": []any{3.0, 4.0}}},
		{rules.PlayerEliminated{Player: 2, By: 0, Cards: []rules.CardID{3, 4}}, 1,
			map[string]any{"player": 2.0, "by": 0.0, "cardCount": 2.0}},
		{rules.PlayerResigned{Player: 1, Cards: []rules.CardID{5}}, 1, map[string]any{"player": 1.0, "cards": []any{5.0}}},
		{rules.PlayerResigned{Player: 1, Cards: []rules.CardID{5}}, 0, map[string]any{"player": 1.0, "cardCount": 1.0}},
		{rules.Fortified{From: 1, To: 2, Armies: 3}, 0, map[string]any{"from": 1.0, "to": 2.0, "armies": 3.0}},
	} {
		got, err := eventPayload(c.event, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s for seat %d = %v, want %v", c.event.Kind(), c.seat, got, c.want)
		}
	}
}

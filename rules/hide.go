package rules

import (
	"encoding/json"
	"fmt"
)

// HideCards encodes e as MarshalEvent does, as viewer sees it (NoPlayer: a viewer without a seat). Card
// ids are private: a drawn card only to its drawer; an eliminated player's cards to that player and to the
// eliminator who takes them; a resigned player's cards to that player. Everyone else gets a "cardCount"
// field in place of the "card" or "cards" field (Unknown where a projection hid the number: R79), and
// hidden is true. A hidden event does not decode with
// UnmarshalEvent. This is the one implementation of the rule for the API's event payloads and for game
// records (docs/record-format.md).
func HideCards(e Event, viewer PlayerID) (data json.RawMessage, hidden bool, err error) {
	var v any
	switch ev := e.(type) {
	case CardDrawn:
		if ev.Player != viewer {
			v = struct {
				Kind      string `json:"kind"`
				Player    int    `json:"player"`
				CardCount int    `json:"cardCount"`
			}{ev.Kind(), int(ev.Player), 1}
		}
	case PlayerEliminated:
		if ev.Player != viewer && ev.By != viewer {
			v = struct {
				Kind      string `json:"kind"`
				Player    int    `json:"player"`
				By        int    `json:"by"`
				CardCount int    `json:"cardCount"`
			}{ev.Kind(), int(ev.Player), int(ev.By), cardCount(ev.Cards)}
		}
	case PlayerResigned:
		if ev.Player != viewer {
			v = struct {
				Kind      string `json:"kind"`
				Player    int    `json:"player"`
				CardCount int    `json:"cardCount"`
			}{ev.Kind(), int(ev.Player), cardCount(ev.Cards)}
		}
	}
	if v == nil {
		data, err = MarshalEvent(e)
		return data, false, err
	}
	data, err = json.Marshal(v)
	if err != nil {
		return nil, false, fmt.Errorf("error encoding %s: %w", e.Kind(), err)
	}
	return data, true, nil
}

// cardCount is how many cards an event's hand shows: Unknown for a projection's unknownHand.
func cardCount(cards []CardID) int {
	if len(cards) == 1 && cards[0] == unknownHand[0] {
		return Unknown
	}
	return len(cards)
}

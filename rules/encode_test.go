package rules_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"rout/rules"
)

// sampleEvents has one event of every kind, with every field set.
var sampleEvents = []rules.Event{
	rules.GameStarted{Order: []rules.PlayerID{2, 0, 1}, StartingArmies: 35},
	rules.TerritoriesDealt{Owners: []rules.PlayerID{0, 1, 2, 0}},
	rules.TurnStarted{Player: 1, Turn: 7, Phase: rules.PhaseReinforce, Armies: 5},
	rules.PhaseChanged{Phase: rules.PhaseFortify},
	rules.TerritoryClaimed{Player: 2, Territory: 11},
	rules.ArmiesPlaced{Player: 0, Placements: []rules.Placement{{Territory: 3, Armies: 2}, {Territory: 4, Armies: 1}}, Starting: true},
	rules.CardsTraded{Player: 1, Cards: [3]rules.CardID{4, 9, 43}, Armies: 10, Bonus: []rules.TerritoryID{4, 9}},
	rules.BattleRolled{From: 1, To: 2, Attacker: 0, Defender: rules.Neutral, AttackDice: []int{6, 3, 1}, DefendDice: []int{5, 3}, AttackerLosses: 1, DefenderLosses: 1},
	rules.TerritoryConquered{From: 1, To: 2, Player: 0, Previous: 1, MinArmies: 3},
	rules.PlayerEliminated{Player: 1, By: 0, Cards: []rules.CardID{5, 42}},
	rules.TerritoryOccupied{From: 1, To: 2, Armies: 4},
	rules.Fortified{From: 2, To: 3, Armies: 6},
	rules.DeckReshuffled{},
	rules.CardDrawn{Player: 2, Card: 17},
	rules.PlayerResigned{Player: 2, Cards: []rules.CardID{1, 2}},
	rules.SeatHandedOver{Player: 3},
	rules.GameOver{Winner: 0},
}

// sampleCommands has one command of every kind, with every field set.
var sampleCommands = []rules.Command{
	rules.StartGame{},
	rules.Claim{Territory: 4},
	rules.Place{Placements: []rules.Placement{{Territory: 1, Armies: 3}, {Territory: 0, Armies: 2}}},
	rules.Trade{Cards: [3]rules.CardID{0, 7, 42}},
	rules.Attack{From: 3, To: 4, Dice: 2, Repeat: true, StopAt: 3},
	rules.Occupy{Armies: 5},
	rules.EndAttack{},
	rules.Fortify{From: 4, To: 5, Armies: 2},
	rules.EndTurn{},
	rules.Resign{},
}

var eventKinds = []string{
	"game_started", "territories_dealt", "turn_started", "phase_changed", "territory_claimed", "armies_placed",
	"cards_traded", "battle_rolled", "territory_conquered", "player_eliminated", "territory_occupied",
	"fortified", "deck_reshuffled", "card_drawn", "player_resigned", "seat_handed_over", "game_over",
}

var commandKinds = []string{
	"start_game", "claim", "place", "trade", "attack", "occupy", "end_attack", "fortify", "end_turn", "resign",
}

func TestEncodeRoundTrip(t *testing.T) {
	t.Parallel()
	for i, e := range sampleEvents {
		t.Run("R48 "+e.Kind(), func(t *testing.T) {
			if got, want := e.Kind(), eventKinds[i]; got != want {
				t.Fatalf("kind: got %v, want %v", got, want)
			}
			data, err := rules.MarshalEvent(e)
			if err != nil {
				t.Fatal(err)
			}
			var fields map[string]any
			if err := json.Unmarshal(data, &fields); err != nil {
				t.Fatal(err)
			}
			if got, want := fields["kind"], e.Kind(); got != want {
				t.Errorf("kind field: got %v, want %v", got, want)
			}
			back, err := rules.UnmarshalEvent(data)
			if err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			if !reflect.DeepEqual(back, e) {
				t.Errorf("round trip: got %#v, want %#v", back, e)
			}
		})
	}
	for i, c := range sampleCommands {
		t.Run("R48 "+c.Kind(), func(t *testing.T) {
			if got, want := c.Kind(), commandKinds[i]; got != want {
				t.Fatalf("kind: got %v, want %v", got, want)
			}
			data, err := rules.MarshalCommand(c)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(data), `{"kind":"`+c.Kind()+`"`) {
				t.Errorf("encoding %s does not start with the kind", data)
			}
			back, err := rules.UnmarshalCommand(data)
			if err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			if !reflect.DeepEqual(back, c) {
				t.Errorf("round trip: got %#v, want %#v", back, c)
			}
		})
	}
	t.Run("R48 every kind decodes from its bare kind", func(t *testing.T) {
		for _, k := range eventKinds {
			if e, err := rules.UnmarshalEvent([]byte(`{"kind":"` + k + `"}`)); err != nil || e.Kind() != k {
				t.Errorf("event %s: got %v, %v", k, e, err)
			}
		}
		for _, k := range commandKinds {
			if c, err := rules.UnmarshalCommand([]byte(`{"kind":"` + k + `"}`)); err != nil || c.Kind() != k {
				t.Errorf("command %s: got %v, %v", k, c, err)
			}
		}
	})
	t.Run("R48 the encoding is stable", func(t *testing.T) {
		data, err := rules.MarshalEvent(rules.TurnStarted{Player: 1, Turn: 7, Phase: rules.PhaseReinforce, Armies: 5})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(data), `{"kind":"turn_started","player":1,"turn":7,"phase":"reinforce","armies":5}`; got != want {
			t.Errorf("got %s, want %s", got, want)
		}
		data, err = rules.MarshalCommand(rules.Attack{From: 3, To: 4})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(data), `{"kind":"attack","from":3,"to":4}`; got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	})
}

func TestDecodeRefuses(t *testing.T) {
	t.Parallel()
	bad := []struct{ name, data string }{
		{"R48 an unknown kind", `{"kind":"teleport","from":1}`},
		{"R48 an unknown field", `{"kind":"claim","territory":1,"color":"red"}`},
		{"R48 an unknown field of an empty command", `{"kind":"end_turn","now":true}`},
		{"R48 no kind", `{"territory":1}`},
		{"R48 a kind that is not a string", `{"kind":3}`},
		{"R48 not an object", `[{"kind":"claim"}]`},
		{"R48 not JSON", `{"kind":"claim"`},
		{"R48 a field of the wrong type", `{"kind":"claim","territory":"a"}`},
		{"R48 an event kind", `{"kind":"game_over","winner":0}`},
		{"R48 null", `null`},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if got, err := rules.UnmarshalCommand([]byte(c.data)); err == nil {
				t.Errorf("%s: decoded %#v, want an error", c.data, got)
			}
		})
	}
	badEvents := []struct{ name, data string }{
		{"R48 an unknown event kind", `{"kind":"claim","territory":1}`},
		{"R48 an unknown event field", `{"kind":"game_over","winner":0,"loser":1}`},
		{"R48 an unknown phase", `{"kind":"phase_changed","phase":"lunch"}`},
		{"R48 a phase by number", `{"kind":"phase_changed","phase":3}`},
	}
	for _, c := range badEvents {
		t.Run(c.name, func(t *testing.T) {
			if got, err := rules.UnmarshalEvent([]byte(c.data)); err == nil {
				t.Errorf("%s: decoded %#v, want an error", c.data, got)
			}
		})
	}
}

package graph_test

import (
	"maps"
	"testing"
)

// startedGame creates a game of the classic map with claim strategy claim as the user of tokens[0], with a
// seat for each token, has the others join and starts it; it returns the start's payload.
func (e *env) startedGame(claim string, tokens ...string) gamePayload {
	e.t.Helper()
	return e.startedGameWith(map[string]any{"claim": claim}, tokens...)
}

// startedGameWith is startedGame with the settings of createGame's input (claim, fog, ...).
func (e *env) startedGameWith(settings map[string]any, tokens ...string) gamePayload {
	e.t.Helper()
	colors := []string{"red", "blue", "green", "yellow", "purple", "orange"}
	seats := []map[string]any{{"kind": "HUMAN", "color": colors[0]}}
	for i := 1; i < len(tokens); i++ {
		seats = append(seats, map[string]any{"kind": "OPEN", "color": colors[i]})
	}
	input := map[string]any{"mapKey": "classic", "seats": seats}
	maps.Copy(input, settings)
	created := e.gameMutation(tokens[0], "createGame", input)
	noUserErrors(e.t, "createGame", created)
	for _, tok := range tokens[1:] {
		noUserErrors(e.t, "joinGame", e.gameMutation(tok, "joinGame", map[string]any{"gameId": created.Game.ID}))
	}
	started := e.gameMutation(tokens[0], "startGame", map[string]any{"gameId": created.Game.ID})
	noUserErrors(e.t, "startGame", started)
	return started
}

// startedPair creates and starts a game of two users (random claim) as lena and mo, and returns the
// tokens of the user to move and of the other, and the game's id.
func (e *env) startedPair() (current, other, id string) {
	e.t.Helper()
	return e.startedPairWith(nil)
}

// startedPairWith is startedPair with more settings of createGame's input (fog, ...).
func (e *env) startedPairWith(settings map[string]any) (current, other, id string) {
	e.t.Helper()
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	input := map[string]any{"claim": "random"}
	maps.Copy(input, settings)
	started := e.startedGameWith(input, lena, mo)
	if started.Game.Seats[*started.Game.CurrentSeat].UserName == "lena" {
		return lena, mo, started.Game.ID
	}
	return mo, lena, started.Game.ID
}

func TestIdempotencyKeyIsBoundToOneCommandThroughTheAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	cur, _, id := e.startedPair()
	var places []string
	for _, a := range e.gameAs(cur, id).ViewerActions {
		if a.Kind == "place" {
			places = append(places, a.From)
		}
	}
	if len(places) < 3 {
		t.Fatalf("only %d territories to place on", len(places))
	}
	type payload struct {
		Game *struct {
			Version int `json:"version"`
		} `json:"game"`
		Version  *int `json:"version"`
		Replayed bool `json:"replayed"`
		Events   []struct {
			Seq int `json:"seq"`
		} `json:"events"`
		UserErrors []userError `json:"userErrors"`
	}
	send := func(name string, input map[string]any) payload {
		t.Helper()
		var out map[string]payload
		e.gql(cur, `mutation($input: `+gameInputTypes[name]+`!) { `+name+`(input: $input) {
			game { version } version replayed events { seq } userErrors { code field message } } }`,
			map[string]any{"input": input}).decode(t, &out)
		return out[name]
	}
	place := func(territory, key string) map[string]any {
		return map[string]any{"gameId": id, "idempotencyKey": key,
			"placements": []map[string]any{{"territory": territory, "armies": 1}}}
	}
	first := send("placeArmies", place(places[0], "k"))
	if len(first.UserErrors) > 0 || first.Version == nil || first.Replayed || len(first.Events) == 0 {
		t.Fatalf("first placement: %+v", first)
	}
	// Another placement, or an endTurn, under the same key is refused; the game does not move.
	for _, p := range places[1:3] {
		if got := send("placeArmies", place(p, "k")); codesOf(got.UserErrors) != "IDEMPOTENCY_KEY_REUSED[input idempotencyKey]" ||
			got.Game == nil || got.Game.Version != *first.Version || len(got.Events) != 0 {
			t.Errorf("another placement under the key: %+v", got)
		}
	}
	if got := send("endTurn", map[string]any{"gameId": id, "idempotencyKey": "k"}); codesOf(got.UserErrors) != "IDEMPOTENCY_KEY_REUSED[input idempotencyKey]" {
		t.Errorf("endTurn under the key: %+v", got)
	}
	// The game moves on; a retry answers with the first call's version and events.
	if next := send("placeArmies", place(places[1], "k2")); len(next.UserErrors) > 0 {
		t.Fatalf("second placement: %+v", next.UserErrors)
	}
	retry := send("placeArmies", place(places[0], "k"))
	if len(retry.UserErrors) > 0 || !retry.Replayed || retry.Version == nil || *retry.Version != *first.Version ||
		len(retry.Events) != len(first.Events) || retry.Events[0].Seq != first.Events[0].Seq {
		t.Errorf("retry: %+v, want version %d and the first call's events %+v", retry, *first.Version, first.Events)
	}
	if retry.Game == nil || retry.Game.Version != *first.Version+1 {
		t.Errorf("retry: game %+v, want the game as it is now (version %d)", retry.Game, *first.Version+1)
	}
}

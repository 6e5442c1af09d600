package graph_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rout/graph"
	"rout/live"
)

// badInput checks that r holds exactly one error, BAD_USER_INPUT with reason and a message that names
// path (when not empty) and does not hold notIn.
func badInput(t *testing.T, what string, r *response, reason, path string) {
	t.Helper()
	if len(r.Errors) != 1 {
		t.Errorf("%s: want one error, got %+v (data %s)", what, r.Errors, r.Data)
		return
	}
	e := r.Errors[0]
	if e.Extensions["code"] != string(graph.CodeBadUserInput) || (reason != "" && e.Extensions["reason"] != reason) {
		t.Errorf("%s: error %+v, want BAD_USER_INPUT with reason %s", what, e, reason)
	}
	if path != "" && !strings.Contains(e.Message, path) {
		t.Errorf("%s: message %q does not name %s", what, e.Message, path)
	}
}

// noInternalErrors fails the test when the server logged an internal error.
func noInternalErrors(t *testing.T, e *env) {
	t.Helper()
	if logs := e.logs.String(); strings.Contains(logs, "internal error") || strings.Contains(logs, "level=ERROR") {
		t.Errorf("the server logged an internal error:\n%s", logs)
	}
}

// TestNULAndInvalidTextRefused sends a NUL character in every kind of string input, as a variable and as
// a literal, and invalid UTF-8 in a literal: each is refused with BAD_USER_INPUT naming the field, before
// it reaches PostgreSQL, and nothing is logged as an internal error.
func TestNULAndInvalidTextRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *graph.Settings) { c.RateIP, c.RateUser = graph.RateLimit{}, graph.RateLimit{} })
	ann, _ := e.signUp("ann")
	created := e.playMutate(ann, "createGame", map[string]any{"mapKey": "classic",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})
	if created.Game == nil {
		t.Fatalf("createGame: %+v", created.UserErrors)
	}
	id := created.Game.ID
	e.playMutate(ann, "startGame", map[string]any{"gameId": id})

	const nul = "a\x00b"
	for _, c := range []struct {
		name, query string
		vars        map[string]any
		path        string
	}{
		{"sign-in login", `mutation($input: SignInInput!) { signIn(input: $input) { userErrors { code } } }`,
			map[string]any{"input": map[string]any{"login": nul, "password": "password-ann"}}, "signIn.input.login"},
		{"sign-up name", signUpMutation,
			map[string]any{"input": map[string]any{"name": nul, "email": "x@example.com", "password": "0123456789"}}, "signUp.input.name"},
		{"token name", `mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { secret } }`,
			map[string]any{"input": map[string]any{"name": nul}}, "createApiToken.input.name"},
		{"map key", `mutation($input: CreateGameInput!) { createGame(input: $input) { userErrors { code } } }`,
			map[string]any{"input": map[string]any{"mapKey": nul, "seats": []map[string]any{{"kind": "HUMAN", "color": "red"}}}},
			"createGame.input.mapKey"},
		{"seat colour", `mutation($input: CreateGameInput!) { createGame(input: $input) { userErrors { code } } }`,
			map[string]any{"input": map[string]any{"mapKey": "classic", "seats": []map[string]any{
				{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": nul}}}}, "createGame.input.seats[1].color"},
		{"invited email", `mutation($input: CreateGameInput!) { createGame(input: $input) { userErrors { code } } }`,
			map[string]any{"input": map[string]any{"mapKey": "classic", "seats": []map[string]any{
				{"kind": "HUMAN", "color": "red"}, {"kind": "INVITED", "color": "blue", "email": "b\x00@example.com"}}}},
			"createGame.input.seats[1].email"},
		{"idempotency key", `mutation($input: TurnInput!) { endTurn(input: $input) { userErrors { code } } }`,
			map[string]any{"input": map[string]any{"gameId": id, "idempotencyKey": nul}}, "endTurn.input.idempotencyKey"},
		{"game id", `query($id: ID!) { game(id: $id) { id } }`, map[string]any{"id": nul}, "game.id"},
		{"map key argument", `query($k: String!) { map(key: $k) { id } }`, map[string]any{"k": nul}, "map.key"},
		{"invite code", `mutation($input: JoinGameInput!) { joinGame(input: $input) { userErrors { code } } }`,
			map[string]any{"input": map[string]any{"gameId": id, "inviteCode": nul}}, "joinGame.input.inviteCode"},
		{"games filter", `query($s: String) { games(filter: {status: $s}) { totalCount } }`, map[string]any{"s": nul}, "games.filter.status"},
		{"a literal", `mutation { signIn(input: {login: "a\u0000b", password: "x"}) { userErrors { code } } }`, nil,
			"signIn.input.login"},
	} {
		badInput(t, c.name, e.gql(ann, c.query, c.vars), "INVALID_TEXT", c.path)
	}

	// Invalid UTF-8 cannot come through JSON (decoders replace it), but can in the query of a GET.
	r := e.do(request{method: http.MethodGet, query: "{ map(key: \"cl\xffassic\") { id } }"})
	badInput(t, "invalid UTF-8 in a literal", r, "INVALID_TEXT", "map.key")
	noInternalErrors(t, e)
}

// TestStrictInputCoercion checks the GraphQL specification's input coercion for the builtin scalars, in
// variables at the top level and inside input objects: no string for an Int, no number for a String, no
// Int outside 32 bits, and messages that name the value sent.
func TestStrictInputCoercion(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	const createGame = `mutation($input: CreateGameInput!) { createGame(input: $input) { userErrors { code } } }`
	game := func(fields map[string]any) map[string]any {
		in := map[string]any{"mapKey": "classic", "seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}}
		for k, v := range fields {
			in[k] = v
		}
		return map[string]any{"input": in}
	}
	for _, c := range []struct {
		name, query string
		vars        map[string]any
		reason      string
		message     string // a part of the message
	}{
		{"mapVersion beyond 32 bits", createGame, game(map[string]any{"mapVersion": 2147483648}), "OUT_OF_RANGE", "createGame.input.mapVersion: Int must be from -2147483648 to 2147483647, not the number 2147483648"},
		{"mapVersion below 32 bits", createGame, game(map[string]any{"mapVersion": -2147483649}), "OUT_OF_RANGE", "not the number -2147483649"},
		{"a string for a nested Int", createGame, game(map[string]any{"mapVersion": "1"}), "WRONG_TYPE", `createGame.input.mapVersion: Int must be a whole number, not the string "1"`},
		{"a fraction for a nested Int", createGame, game(map[string]any{"ttbPercent": 6.5}), "WRONG_TYPE", "not the number 6.5"},
		{"a number for a nested String", createGame, game(map[string]any{"claim": 5}), "WRONG_TYPE", "createGame.input.claim: String must be a string, not the number 5"},
		{"a number for a nested Boolean", createGame, game(map[string]any{"private": 1}), "WRONG_TYPE", "Boolean must be true or false, not the number 1"},
		{"a string for a nested Boolean", createGame, game(map[string]any{"private": "true"}), "WRONG_TYPE", `not the string "true"`},
		{"a string for a top-level Int", `query($v: Int) { map(key: "classic", version: $v) { id } }`, map[string]any{"v": "1"}, "WRONG_TYPE", `map.version: Int must be a whole number, not the string "1"`},
		{"a top-level Int beyond 32 bits", `query($v: Int) { map(key: "classic", version: $v) { id } }`, map[string]any{"v": 2147483648}, "OUT_OF_RANGE", "not the number 2147483648"},
		{"a number for a top-level String", `query($k: String!) { map(key: $k) { id } }`, map[string]any{"k": 5}, "WRONG_TYPE", "map.key: String must be a string, not the number 5"},
		{"a boolean for an ID", `query($id: ID!) { game(id: $id) { id } }`, map[string]any{"id": true}, "", "ID"},
		{"a string for the Int of battleOdds", `query($a: Int!) { battleOdds(attackers: $a, defenders: 1) { attackerWins } }`, map[string]any{"a": "3"}, "WRONG_TYPE", `not the string "3"`},
	} {
		r := e.gql(ann, c.query, c.vars)
		badInput(t, c.name, r, c.reason, "")
		if len(r.Errors) == 1 && !strings.Contains(r.Errors[0].Message, c.message) {
			t.Errorf("%s: message %q, want it to hold %q", c.name, r.Errors[0].Message, c.message)
		}
	}

	// gqlparser's own message for a top-level Int that is no whole number named another value.
	r := e.gql(ann, `query($v: Int) { map(key: "classic", version: $v) { id } }`, map[string]any{"v": 1.5})
	badInput(t, "a fraction for a top-level Int", r, "", "$v")
	if len(r.Errors) == 1 && strings.Contains(r.Errors[0].Message, "value 0") {
		t.Errorf("message %q names a value that was not sent", r.Errors[0].Message)
	}

	// What the specification allows still works: an integer for an ID or a Float, a whole JSON number.
	if r := e.gql(ann, `query($id: ID!) { game(id: $id) { id } }`, map[string]any{"id": 12}); r.code(t) != string(graph.CodeBadUserInput) ||
		r.Errors[0].Extensions["reason"] == "WRONG_TYPE" {
		t.Errorf("an integer ID: %+v, want a malformed-id error, not a type error", r.Errors)
	}
	var odds struct {
		BattleOdds struct{ AttackerWins float64 } `json:"battleOdds"`
	}
	e.gql(ann, `query($a: Int!) { battleOdds(attackers: $a, defenders: 1) { attackerWins } }`, map[string]any{"a": 3.0}).decode(t, &odds)
	if odds.BattleOdds.AttackerWins <= 0 {
		t.Errorf("battleOdds(3, 1) = %+v", odds)
	}
	noInternalErrors(t, e)
}

// TestAttackDiceAndStopAtRange refuses dice and stopAt outside the schema's ranges, 0 included (the
// engine reads 0 as "not given"), with the engine's codes for those ranges.
func TestAttackDiceAndStopAtRange(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	created := e.playMutate(ann, "createGame", map[string]any{"mapKey": "classic",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})
	id := created.Game.ID
	started := e.playMutate(ann, "startGame", map[string]any{"gameId": id})
	version := started.Game.Version
	for _, c := range []struct {
		name  string
		input map[string]any
		code  string
		field string
	}{
		{"dice 0", map[string]any{"dice": 0}, "INVALID_DICE", "[input dice]"},
		{"dice 4", map[string]any{"dice": 4}, "INVALID_DICE", "[input dice]"},
		{"dice -1", map[string]any{"dice": -1}, "INVALID_DICE", "[input dice]"},
		{"stopAt 0", map[string]any{"untilConquered": true, "stopAt": 0}, "INVALID_AMOUNT", "[input stopAt]"},
		{"stopAt -3", map[string]any{"untilConquered": true, "stopAt": -3}, "INVALID_AMOUNT", "[input stopAt]"},
	} {
		in := map[string]any{"gameId": id, "from": "alaska", "to": "kamchatka"}
		for k, v := range c.input {
			in[k] = v
		}
		p := e.playMutate(ann, "attack", in)
		if codesOf(p.UserErrors) != c.code+c.field {
			t.Errorf("%s: userErrors %+v, want %s%s", c.name, p.UserErrors, c.code, c.field)
		}
	}
	if v := e.playRead(ann, id, "version", 1<<30); v.Version != version {
		t.Errorf("refused attacks moved the game to version %d from %d", v.Version, version)
	}
}

// TestCursorOfAnotherList refuses a cursor of one connection passed to another.
func TestCursorOfAnotherList(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	e.createToken(ann, "a")
	e.createToken(ann, "b")
	var tokens listTokensResult
	e.gql(ann, listTokensQuery, map[string]any{"first": 1}).decode(t, &tokens)
	tokenCursor := *tokens.APITokens.PageInfo.EndCursor
	created := e.playMutate(ann, "createGame", map[string]any{"mapKey": "classic",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})
	e.playMutate(ann, "startGame", map[string]any{"gameId": created.Game.ID})
	e.playMutate(ann, "createGame", map[string]any{"mapKey": "classic",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})

	const gamesQuery = `query($after: Cursor) { games(first: 1, after: $after) { edges { cursor node { id } } pageInfo { endCursor } } }`
	var games struct {
		Games struct {
			Edges []struct {
				Cursor string `json:"cursor"`
			} `json:"edges"`
		} `json:"games"`
	}
	e.gql(ann, gamesQuery, nil).decode(t, &games)
	gameCursor := games.Games.Edges[0].Cursor
	const territoriesQuery = `query($id: ID!, $after: Cursor) { game(id: $id) { territories(first: 1, after: $after) { edges { cursor } } } }`
	var terr struct {
		Game struct {
			Territories struct {
				Edges []struct {
					Cursor string `json:"cursor"`
				} `json:"edges"`
			} `json:"territories"`
		} `json:"game"`
	}
	e.gql(ann, territoriesQuery, map[string]any{"id": created.Game.ID}).decode(t, &terr)
	territoryCursor := terr.Game.Territories.Edges[0].Cursor

	// Each cursor works on its own list.
	e.gql(ann, gamesQuery, map[string]any{"after": gameCursor}).decode(t, &games)
	if len(games.Games.Edges) != 1 {
		t.Errorf("games after its own cursor: %+v", games)
	}
	e.gql(ann, territoriesQuery, map[string]any{"id": created.Game.ID, "after": territoryCursor}).decode(t, &terr)
	if len(terr.Game.Territories.Edges) != 1 {
		t.Errorf("territories after its own cursor: %+v", terr)
	}
	e.gql(ann, listTokensQuery, map[string]any{"first": 1, "after": tokenCursor}).decode(t, &tokens)
	if len(tokens.APITokens.Edges) != 1 || tokens.APITokens.Edges[0].Node.Name != "b" {
		t.Errorf("apiTokens after its own cursor: %+v", tokens)
	}
	// And on no other.
	for _, c := range []struct {
		name string
		r    *response
	}{
		{"a token cursor for games", e.gql(ann, gamesQuery, map[string]any{"after": tokenCursor})},
		{"a territory cursor for games", e.gql(ann, gamesQuery, map[string]any{"after": territoryCursor})},
		{"a game cursor for apiTokens", e.gql(ann, listTokensQuery, map[string]any{"first": 1, "after": gameCursor})},
		{"a game cursor for territories", e.gql(ann, territoriesQuery, map[string]any{"id": created.Game.ID, "after": gameCursor})},
	} {
		badInput(t, c.name, c.r, "INVALID_CURSOR", "another list")
	}
	noInternalErrors(t, e)
}

// TestStrictInputOverWebsocket: the same scalars read the operations of a socket.
func TestStrictInputOverWebsocket(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	c := dialWS(t, r, nil)
	c.subscribe("nul", `query($k: String!) { map(key: $k) { id } }`, map[string]any{"k": "a\x00b"})
	c.subscribe("int", gameEventsSubscription, map[string]any{"id": graph.GlobalID("Game", 1), "after": "1"})
	c.subscribe("big", gameEventsSubscription, map[string]any{"id": graph.GlobalID("Game", 1), "after": 2147483648})
	c.subscribe("frac", `query($v: Int) { map(key: "classic", version: $v) { id } }`, map[string]any{"v": 1.5})
	want := map[string]string{"nul": "INVALID_TEXT", "int": "WRONG_TYPE", "big": "OUT_OF_RANGE", "frac": "WRONG_TYPE"}
	// The four run at once, so their messages interleave: each answers with one next (then its complete)
	// or one error; completes carry nothing to check.
	seen := map[string]bool{}
	for n := 0; len(seen) < len(want); n++ {
		if n >= 3*len(want) {
			t.Fatalf("%d messages, answers from %d of %d operations", n, len(seen), len(want))
		}
		m, err := c.read()
		if err != nil {
			t.Fatal(err)
		}
		var errs []gqlError
		switch m.Type {
		case "complete":
			continue
		case "next":
			var p struct {
				Errors []gqlError `json:"errors"`
			}
			_ = json.Unmarshal(m.Payload, &p)
			errs = p.Errors
		case "error":
			_ = json.Unmarshal(m.Payload, &errs)
		}
		if seen[m.ID] {
			t.Errorf("operation %s answered twice: %s %s", m.ID, m.Type, m.Payload)
		}
		seen[m.ID] = true
		if len(errs) != 1 || errs[0].Extensions["code"] != "BAD_USER_INPUT" || errs[0].Extensions["reason"] != want[m.ID] {
			t.Errorf("operation %s: %s %s, want BAD_USER_INPUT %s", m.ID, m.Type, m.Payload, want[m.ID])
		}
	}
	noInternalErrors(t, r.env)
}

package graph_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestCreateGameNamesCardSystemsAndUnknownMaps(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	seats := []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}

	ttb := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "cardSystem": "classic_scaling_ttb", "seats": seats})
	noUserErrors(t, "createGame classic_scaling_ttb", ttb)
	bad := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "cardSystem": "bogus", "seats": seats})
	if codesOf(bad.UserErrors) != "INVALID_CARD_SYSTEM[input cardSystem]" || !strings.Contains(bad.UserErrors[0].Message, "classic_scaling_ttb") {
		t.Errorf("an unknown card system: %+v, want INVALID_CARD_SYSTEM listing classic_scaling_ttb", bad.UserErrors)
	}
	var schema struct {
		Game struct {
			Fields []struct {
				Name        string `json:"name"`
				Description string `json:"description"`
			} `json:"fields"`
		} `json:"game"`
		Input struct {
			InputFields []struct {
				Name        string `json:"name"`
				Description string `json:"description"`
			} `json:"inputFields"`
		} `json:"input"`
	}
	e.gql("", `{ game: __type(name: "Game") { fields { name description } } input: __type(name: "CreateGameInput") { inputFields { name description } } }`, nil).decode(t, &schema)
	for _, f := range schema.Game.Fields {
		if f.Name == "cardSystem" && !strings.Contains(f.Description, "classic_scaling_ttb") {
			t.Errorf("Game.cardSystem: %q does not list classic_scaling_ttb", f.Description)
		}
		if f.Name == "viewerActions" && (strings.Contains(f.Description, "empty when it is not their turn") || !strings.Contains(f.Description, "resign")) {
			t.Errorf("Game.viewerActions: %q does not say resign is there when it is not their turn", f.Description)
		}
	}
	for _, f := range schema.Input.InputFields {
		if f.Name == "cardSystem" && !strings.Contains(f.Description, "classic_scaling_ttb") {
			t.Errorf("CreateGameInput.cardSystem: %q does not list classic_scaling_ttb", f.Description)
		}
	}

	// An unknown map is a user error naming the key, and the version only when one was given.
	for _, c := range []struct {
		input          map[string]any
		codes, message string
	}{
		{map[string]any{"mapKey": "atlantis"}, "UNKNOWN_MAP[input mapKey]", `no map "atlantis"`},
		{map[string]any{"mapKey": "atlantis", "mapVersion": 2}, "UNKNOWN_MAP[input mapKey]", `no map "atlantis" version 2`},
		{map[string]any{"mapKey": "classic", "mapVersion": 99}, "UNKNOWN_MAP[input mapVersion]", `no map "classic" version 99`},
	} {
		c.input["seats"] = seats
		r := e.gameMutationRaw(lena, "createGame", c.input)
		var out map[string]gamePayload
		r.decode(t, &out)
		p := out["createGame"]
		if codesOf(p.UserErrors) != c.codes || p.UserErrors[0].Message != c.message || p.Game != nil {
			t.Errorf("createGame %v: %+v, want %s %q", c.input, p.UserErrors, c.codes, c.message)
		}
	}
}

func TestCreatorWhoLeftCannotStart(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	zed, _ := e.signUp("zed")
	created := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}})
	noUserErrors(t, "createGame", created)
	id := created.Game.ID
	noUserErrors(t, "leaveGame", e.gameMutation(lena, "leaveGame", map[string]any{"gameId": id}))
	noUserErrors(t, "joinGame", e.gameMutation(mo, "joinGame", map[string]any{"gameId": id}))
	noUserErrors(t, "joinGame", e.gameMutation(zed, "joinGame", map[string]any{"gameId": id}))
	if c := e.gameMutationRaw(lena, "startGame", map[string]any{"gameId": id}).code(t); c != "FORBIDDEN" {
		t.Errorf("startGame by the creator who left: code %s, want FORBIDDEN", c)
	}
	if g := e.gameAs(mo, id); g.Status != "open" {
		t.Errorf("the game is %s after a refused start", g.Status)
	}
}

// TestTurnAnswersSpeakTerritoryKeys plays a game through the API until a conquest: refusals name
// territories by key and come with the game, viewerActions hold only resign for the player who waits,
// and the occupy action names the conquest's territories.
func TestTurnAnswersSpeakTerritoryKeys(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	a, b, id := e.startedPair()
	unknown := e.gameMutation(a, "placeArmies", map[string]any{"gameId": id, "placements": []map[string]any{{"territory": "atlantis", "armies": 1}}})
	if codesOf(unknown.UserErrors) != "UNKNOWN_TERRITORY[input placements 0 territory]" || unknown.Game == nil || unknown.Game.ID != id {
		t.Errorf("an unknown territory: game %+v, userErrors %+v; want the game beside UNKNOWN_TERRITORY", unknown.Game, unknown.UserErrors)
	}
	var lastFrom, lastTo string
	checkedAdjacency, occupied := false, false
	for step := 0; step < 400 && !occupied; step++ {
		cur, waiting := a, b
		view := e.gameAs(a, id)
		if len(view.ViewerActions) == 1 && view.ViewerActions[0].Kind == "resign" {
			cur, waiting = b, a
			view = e.gameAs(b, id)
		}
		if w := e.gameAs(waiting, id).ViewerActions; len(w) != 1 || w[0].Kind != "resign" {
			t.Fatalf("the waiting player's viewerActions = %+v, want only resign", w)
		}
		acts := view.ViewerActions
		find := func(kind string) int {
			for i, act := range acts {
				if act.Kind == kind {
					return i
				}
			}
			return -1
		}
		var p gamePayload
		switch view.Phase {
		case "placement", "reinforce":
			i := find("place")
			p = e.gameMutation(cur, "placeArmies", map[string]any{"gameId": id,
				"placements": []map[string]any{{"territory": acts[i].From, "armies": acts[i].Max}}})
		case "attack":
			i := find("attack")
			if i < 0 {
				p = e.gameMutation(cur, "endTurn", map[string]any{"gameId": id})
				break
			}
			if !checkedAdjacency {
				// An enemy territory that is no target of acts[i].From: not adjacent.
				targets := map[string]bool{}
				for _, act := range acts {
					if act.Kind == "attack" && act.From == acts[i].From {
						targets[act.To] = true
					}
				}
				mine := map[string]bool{}
				for _, t := range view.Board {
					if t.Owner != nil && *t.Owner == *view.CurrentSeat {
						mine[t.Key] = true
					}
				}
				for _, far := range view.Board {
					if !mine[far.Key] && !targets[far.Key] {
						r := e.gameMutation(cur, "attack", map[string]any{"gameId": id, "from": acts[i].From, "to": far.Key})
						want := `territories "` + acts[i].From + `" and "` + far.Key + `" share no border`
						if codesOf(r.UserErrors) != "NOT_ADJACENT[]" || r.UserErrors[0].Message != want {
							t.Errorf("attack on a far territory: %+v, want NOT_ADJACENT %q", r.UserErrors, want)
						}
						checkedAdjacency = true
						break
					}
				}
			}
			lastFrom, lastTo = acts[i].From, acts[i].To
			p = e.gameMutation(cur, "attack", map[string]any{"gameId": id, "from": lastFrom, "to": lastTo, "untilConquered": true})
		case "occupy":
			i := find("occupy")
			if i < 0 || acts[i].From != lastFrom || acts[i].To != lastTo {
				t.Fatalf("occupy actions %+v, want one from %q to %q", acts, lastFrom, lastTo)
			}
			p = e.gameMutation(cur, "occupy", map[string]any{"gameId": id, "armies": acts[i].Min})
			occupied = true
		default:
			t.Fatalf("unexpected phase %s", view.Phase)
		}
		noUserErrors(t, "step "+view.Phase, p)
	}
	if !occupied || !checkedAdjacency {
		t.Fatalf("no conquest (%v) or no far attack (%v) in 400 steps", occupied, checkedAdjacency)
	}
}

// TestDatabaseFaultIsA5xx: an operation whose answer carries an internal error (here: the database is
// gone) is answered with 500, wherever GraphQL over HTTP allows it; other errors keep 200.
func TestDatabaseFaultIsA5xx(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	if r := e.gql("", `{ game(id: "R2FtZTo5OTk") { id } }`, nil); r.Status != http.StatusOK || r.code(t) != "NOT_FOUND" {
		t.Errorf("a missing game: %d %+v, want 200 NOT_FOUND", r.Status, r.Errors)
	}
	if err := e.db.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		accept, query string
		status        int
	}{
		{"", `{ maps { totalCount } }`, http.StatusInternalServerError},
		{"application/json", `{ map(key: "classic") { key } }`, http.StatusInternalServerError},
		{"application/graphql-response+json", `{ maps { totalCount } }`, http.StatusInternalServerError},
		// Data that is not null MUST be 2xx with this media type.
		{"application/graphql-response+json", `{ map(key: "classic") { key } }`, http.StatusOK},
	} {
		r := e.do(request{query: c.query, accept: c.accept})
		if r.Status != c.status || r.code(t) != "INTERNAL_SERVER_ERROR" || r.Errors[0].Message != "internal error" {
			t.Errorf("%s (Accept %q) with the database gone: %d %+v, want %d INTERNAL_SERVER_ERROR", c.query, c.accept, r.Status, r.Errors, c.status)
		}
	}
}

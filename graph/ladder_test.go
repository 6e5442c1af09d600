package graph_test

import (
	"context"
	"testing"

	"rout/graph"
	"rout/ladder"
	"rout/tournament/tablegame"
)

const laddersQuery = `{ ladders { id key name seats mode maps turnLimitSeconds queued
	myEntry { maxGames openGames queued } myGames { id name } } }`

// ladderView is a Ladder as laddersQuery reads it.
type ladderView struct {
	ID               string   `json:"id"`
	Key              string   `json:"key"`
	Name             string   `json:"name"`
	Seats            int      `json:"seats"`
	Mode             string   `json:"mode"`
	Maps             []string `json:"maps"`
	TurnLimitSeconds int      `json:"turnLimitSeconds"`
	Queued           int      `json:"queued"`
	MyEntry          *struct {
		MaxGames  int  `json:"maxGames"`
		OpenGames int  `json:"openGames"`
		Queued    bool `json:"queued"`
	} `json:"myEntry"`
	MyGames []struct {
		ID string `json:"id"`
	} `json:"myGames"`
}

// ladders returns the ladders as the holder of token sees them, by key.
func (e *env) ladders(token string) map[string]ladderView {
	e.t.Helper()
	var out struct {
		Ladders []ladderView `json:"ladders"`
	}
	e.gql(token, laddersQuery, nil).decode(e.t, &out)
	byKey := map[string]ladderView{}
	for _, l := range out.Ladders {
		byKey[l.Key] = l
	}
	return byKey
}

// ladderMutation runs joinLadder, updateLadderEntry or leaveLadder as the holder of token and returns
// the codes of its user errors.
func (e *env) ladderMutation(token, name string, input map[string]any) []string {
	e.t.Helper()
	var out map[string]struct {
		Ladder     *struct{ ID string } `json:"ladder"`
		UserErrors []userError          `json:"userErrors"`
	}
	e.gql(token, `mutation($input: `+map[string]string{"joinLadder": "JoinLadderInput", "updateLadderEntry": "UpdateLadderEntryInput",
		"leaveLadder": "LeaveLadderInput"}[name]+`!) { `+name+`(input: $input) { ladder { id } userErrors { code message } } }`,
		map[string]any{"input": input}).decode(e.t, &out)
	var codes []string
	for _, u := range out[name].UserErrors {
		codes = append(codes, u.Code)
	}
	if len(codes) == 0 && out[name].Ladder == nil {
		e.t.Errorf("%s answered neither a ladder nor an error", name)
	}
	return codes
}

// TestLadders: the built-in ladders are listed to anyone; a player joins one, changes their most games
// and leaves, each refusal with its code; once paired, their game is listed as theirs alone.
func TestLadders(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	svc := newService(t, e.db, nil)
	ladders := ladder.NewService(ladder.Opts{DB: e.db, Games: tablegame.Games{Game: svc}})
	if err := ladders.DefineAll(context.Background(), ladder.Builtins); err != nil {
		t.Fatal(err)
	}
	anon := e.ladders("")
	duel := anon["duel"]
	if len(anon) != 2 || duel.Seats != 2 || duel.Mode != "duel" || anon["ffa4"].Mode != "ffa" || duel.TurnLimitSeconds != 86400 ||
		duel.MyEntry != nil || len(duel.MyGames) != 0 {
		t.Fatalf("ladders to anyone: %+v", anon)
	}
	alice, _ := e.signUp("alice")
	bob, _ := e.signUp("bob")
	if r := e.gql("", `mutation { joinLadder(input: { ladderId: "`+duel.ID+`", maxGames: 1 }) { userErrors { code } } }`, nil); r.code(t) != string(graph.CodeUnauthenticated) {
		t.Errorf("joining signed out: %s", r.code(t))
	}
	for _, c := range []struct {
		name, mutation string
		input          map[string]any
		want           string
	}{
		{"no games", "joinLadder", map[string]any{"ladderId": duel.ID, "maxGames": 0}, "LADDER_BAD_MAX_GAMES"},
		{"eleven games", "joinLadder", map[string]any{"ladderId": duel.ID, "maxGames": 11}, "LADDER_BAD_MAX_GAMES"},
		{"a user's id", "joinLadder", map[string]any{"ladderId": graph.GlobalID("User", 1), "maxGames": 1}, "LADDER_NOT_FOUND"},
		{"no such ladder", "joinLadder", map[string]any{"ladderId": graph.GlobalID("Ladder", 999), "maxGames": 1}, "LADDER_NOT_FOUND"},
		{"update before joining", "updateLadderEntry", map[string]any{"ladderId": duel.ID, "maxGames": 2}, "LADDER_NOT_JOINED"},
		{"leave before joining", "leaveLadder", map[string]any{"ladderId": duel.ID}, "LADDER_NOT_JOINED"},
		{"join", "joinLadder", map[string]any{"ladderId": duel.ID, "maxGames": 2}, ""},
		{"join again", "joinLadder", map[string]any{"ladderId": duel.ID, "maxGames": 2}, "LADDER_JOINED"},
		{"update", "updateLadderEntry", map[string]any{"ladderId": duel.ID, "maxGames": 1}, ""},
	} {
		codes := e.ladderMutation(alice, c.mutation, c.input)
		if got := ""; len(codes) > 0 {
			got = codes[0]
			if got != c.want {
				t.Errorf("%s: %v, want %s", c.name, codes, c.want)
			}
		} else if c.want != "" {
			t.Errorf("%s: accepted, want %s", c.name, c.want)
		}
	}
	mine := e.ladders(alice)["duel"]
	if mine.MyEntry == nil || mine.MyEntry.MaxGames != 1 || !mine.MyEntry.Queued || mine.Queued != 1 {
		t.Errorf("alice's duel ladder: %+v", mine)
	}
	if codes := e.ladderMutation(bob, "joinLadder", map[string]any{"ladderId": duel.ID, "maxGames": 1}); len(codes) != 0 {
		t.Fatal(codes)
	}
	all, err := ladders.List(context.Background())
	if err != nil || all[0].Key != "duel" {
		t.Fatalf("the ladders: %+v, %v", all, err)
	}
	if p, err := ladders.Pair(context.Background(), all[0].ID); err != nil || p.Created != 1 {
		t.Fatalf("pairing: %+v, %v", p, err)
	}
	a, b := e.ladders(alice)["duel"], e.ladders(bob)["duel"]
	if len(a.MyGames) != 1 || len(b.MyGames) != 1 || a.MyGames[0].ID != b.MyGames[0].ID || a.MyEntry.Queued || a.MyEntry.OpenGames != 1 {
		t.Errorf("after the pairing: alice %+v, bob %+v", a, b)
	}
	if g := e.ladders("")["duel"]; len(g.MyGames) != 0 || g.Queued != 0 {
		t.Errorf("after the pairing, to anyone: %+v", g)
	}
	if codes := e.ladderMutation(alice, "leaveLadder", map[string]any{"ladderId": duel.ID}); len(codes) != 0 {
		t.Errorf("leave: %v", codes)
	}
	if a := e.ladders(alice)["duel"]; a.MyEntry != nil || len(a.MyGames) != 1 {
		t.Errorf("after leaving: %+v (her game goes on)", a)
	}
}

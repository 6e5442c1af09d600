package graph_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"rout/graph"
)

// recordOf fetches GET /games/{id}/record.json with token ("" for none).
func (e *env) recordOf(token, id string) (int, map[string]any) {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodGet, e.srv.URL+"/games/"+id+"/record.json", nil)
	if err != nil {
		e.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		e.t.Fatalf("record.json: %v", err)
	}
	return resp.StatusCode, out
}

func TestGameRecord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	created := e.gameMutation(lena, "createGame", map[string]any{
		"mapKey": "classic", "private": true,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}},
	})
	noUserErrors(t, "createGame", created)
	id := created.Game.ID
	noUserErrors(t, "startGame", e.gameMutation(lena, "startGame", map[string]any{"gameId": id}))
	_, n, err := graph.ParseGlobalID(id)
	if err != nil {
		t.Fatal(err)
	}

	// By global id and by number, for the creator; NOT_FOUND for others of a private game.
	for _, key := range []string{id, fmt.Sprint(n)} {
		status, rec := e.recordOf(lena, key)
		if status != http.StatusOK || rec["format"] != "rout-record/1" || rec["status"] != "active" {
			t.Fatalf("record.json of %s: %d %v", key, status, rec)
		}
		if m := rec["map"].(map[string]any); m["key"] != "classic" || m["definition"] == nil {
			t.Errorf("record map: %v", m["key"])
		}
		if seats := rec["seats"].([]any); len(seats) != 2 || seats[0].(map[string]any)["name"] != "lena" || seats[1].(map[string]any)["cpu"] != true {
			t.Errorf("record seats: %v", seats)
		}
		if evs := rec["events"].([]any); len(evs) == 0 {
			t.Error("record without events")
		}
	}
	if status, _ := e.recordOf("", id); status != http.StatusNotFound {
		t.Errorf("record.json of a private game without a token: %d", status)
	}
	if status, _ := e.recordOf(mo, "424242"); status != http.StatusNotFound {
		t.Errorf("record.json of a missing game: %d", status)
	}

	// The GraphQL field is the same record.
	var out struct {
		Game struct {
			Record map[string]any `json:"record"`
		} `json:"game"`
	}
	e.gql(lena, `query($id: ID!) { game(id: $id) { record } }`, map[string]any{"id": id}).decode(t, &out)
	if out.Game.Record["format"] != "rout-record/1" || len(out.Game.Record["events"].([]any)) == 0 {
		t.Errorf("Game.record = %v", out.Game.Record)
	}
}

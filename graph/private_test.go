package graph_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"rout/dbtest"
	"rout/graph"
	"rout/live"
	"rout/notifications"
	"rout/notifications/inbox"
)

// TestPrivateGameLooksLikeNoGame compares, surface by surface, what a stranger (signed in, or anonymous)
// is told of a private game (open, and started) and of a game id that does not exist: the same status,
// code, message and shape.
func TestPrivateGameLooksLikeNoGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	zed, _ := e.signUp("zed")
	open := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "private": true,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}})
	noUserErrors(t, "createGame", open)
	started := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "private": true,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})
	noUserErrors(t, "createGame", started)
	noUserErrors(t, "startGame", e.gameMutation(lena, "startGame", map[string]any{"gameId": started.Game.ID}))
	_, last, err := graph.ParseGlobalID(started.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	missing := graph.GlobalID("Game", last+1000)

	query := func(q string) func(token, gid string) string {
		return func(token, gid string) string {
			r := e.gql(token, q, map[string]any{"id": gid})
			b, _ := json.Marshal(map[string]any{"status": r.Status, "data": r.Data, "errors": r.Errors})
			return string(b)
		}
	}
	mutation := func(name string, input map[string]any) func(token, gid string) string {
		return func(token, gid string) string {
			in := map[string]any{"gameId": gid}
			for k, v := range input {
				in[k] = v
			}
			r := e.gql(token, fmt.Sprintf(`mutation($input: %s!) { %s(input: $input) { game { id } events { seq } userErrors { code } } }`,
				gameInputTypes[name], name), map[string]any{"input": in})
			b, _ := json.Marshal(map[string]any{"status": r.Status, "data": r.Data, "errors": r.Errors})
			return string(b)
		}
	}
	record := func(numeric bool) func(token, gid string) string {
		return func(token, gid string) string {
			ref := gid
			if numeric {
				_, n, _ := graph.ParseGlobalID(gid)
				ref = strconv.Itoa(n)
			}
			req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, e.srv.URL+"/games/"+ref+"/record.json", nil)
			if err != nil {
				t.Fatal(err)
			}
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			res, err := e.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			return strings.ReplaceAll(fmt.Sprintf("%d %s", res.StatusCode, b), `\"`+ref+`\"`, `\"ID\"`)
		}
	}
	surfaces := []struct {
		name      string
		signedIn  bool // only for a signed-in stranger (mutations)
		answer    func(token, gid string) string
		anonymous bool
	}{
		{name: "game", answer: query(`query($id: ID!) { game(id: $id) { id status } }`)},
		{name: "node", answer: query(`query($id: ID!) { node(id: $id) { id } }`)},
		{name: "nodes", answer: query(`query($id: ID!) { nodes(ids: [$id]) { id } }`)},
		{name: "record", answer: query(`query($id: ID!) { game(id: $id) { record } }`)},
		{name: "record.json", answer: record(false)},
		{name: "record.json by number", answer: record(true)},
		{name: "joinGame", signedIn: true, answer: mutation("joinGame", nil)},
		{name: "joinGame with a wrong code", signedIn: true, answer: mutation("joinGame", map[string]any{"inviteCode": "nope"})},
		{name: "leaveGame", signedIn: true, answer: mutation("leaveGame", nil)},
		{name: "startGame", signedIn: true, answer: mutation("startGame", nil)},
		{name: "claimTerritory", signedIn: true, answer: mutation("claimTerritory", map[string]any{"territory": "alaska"})},
		{name: "placeArmies", signedIn: true, answer: mutation("placeArmies", map[string]any{"placements": []map[string]any{{"territory": "alaska", "armies": 1}}})},
		{name: "tradeCards", signedIn: true, answer: mutation("tradeCards", map[string]any{"cards": []int{0, 1, 2}})},
		{name: "attack", signedIn: true, answer: mutation("attack", map[string]any{"from": "alaska", "to": "alberta"})},
		{name: "occupy", signedIn: true, answer: mutation("occupy", map[string]any{"armies": 1})},
		{name: "endAttack", signedIn: true, answer: mutation("endAttack", nil)},
		{name: "fortify", signedIn: true, answer: mutation("fortify", map[string]any{"from": "alaska", "to": "alberta", "armies": 1})},
		{name: "endTurn", signedIn: true, answer: mutation("endTurn", map[string]any{"idempotencyKey": "k"})},
		{name: "resign", signedIn: true, answer: mutation("resign", nil)},
	}
	for _, s := range surfaces {
		for _, viewer := range []struct{ name, token string }{{"zed", zed}, {"anonymous", ""}} {
			if s.signedIn && viewer.token == "" {
				continue
			}
			want := strings.ReplaceAll(s.answer(viewer.token, missing), missing, "ID")
			if !strings.Contains(want, "NOT_FOUND") {
				t.Errorf("%s as %s of a missing game: %s, want NOT_FOUND", s.name, viewer.name, want)
			}
			for _, g := range []struct{ name, id string }{{"open", open.Game.ID}, {"started", started.Game.ID}} {
				if got := strings.ReplaceAll(s.answer(viewer.token, g.id), g.id, "ID"); got != want {
					t.Errorf("%s as %s of the %s private game:\n got %s\nwant %s (as of no game)", s.name, viewer.name, g.name, got, want)
				}
			}
		}
	}
	// Those who may see the game still do: the invite code lets a stranger in.
	if p := e.gameMutation(zed, "joinGame", map[string]any{"gameId": open.Game.ID, "inviteCode": *open.Game.InviteCode}); len(p.UserErrors) > 0 || p.Game == nil {
		t.Errorf("joinGame with the code: %+v", p)
	}
}

// TestPrivateGameEventsLookLikeNoGame is TestPrivateGameLooksLikeNoGame for the gameEvents subscription,
// over a real websocket.
func TestPrivateGameEventsLookLikeNoGame(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	lena, _ := r.signUp("lena")
	zed, _ := r.signUp("zed")
	created := r.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "private": true,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})
	noUserErrors(t, "createGame", created)
	noUserErrors(t, "startGame", r.gameMutation(lena, "startGame", map[string]any{"gameId": created.Game.ID}))
	_, n, err := graph.ParseGlobalID(created.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	missing := graph.GlobalID("Game", n+1000)
	for _, payload := range []any{map[string]any{"Authorization": "Bearer " + zed}, nil} {
		c := dialWS(t, r, payload)
		answer := func(gid string) string {
			c.subscribe("s", gameEventsSubscription, map[string]any{"id": gid})
			m, err := c.read()
			if err != nil {
				t.Fatal(err)
			}
			out := m.Type + " " + strings.ReplaceAll(string(m.Payload), gid, "ID")
			if m.Type == "next" {
				if m, err = c.read(); err != nil || m.Type != "complete" {
					t.Fatalf("after the error: %s %v", m.Type, err)
				}
			}
			return out
		}
		want := answer(missing)
		if !strings.Contains(want, "NOT_FOUND") {
			t.Errorf("gameEvents of a missing game: %s, want NOT_FOUND", want)
		}
		if got := answer(created.Game.ID); got != want {
			t.Errorf("gameEvents of a private game:\n got %s\nwant %s (as of no game)", got, want)
		}
	}
}

// TestInvitedNoticeNamesTheInviterByGlobalID: the data of an `invited` notice (as jobs stores it, with the
// inviter's database id) reaches the invited user with the inviter's global id.
func TestInvitedNoticeNamesTheInviterByGlobalID(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	g := newLiveGame(t, r, "ivy", "jon")
	seat := 1
	id, v, data, payload := receivedNotice(t, r, g, inbox.New{Kind: notifications.KindInvited,
		Data: inbox.Data{Inviter: &g.users[0], Seat: &seat}})
	want := graph.GlobalID("User", g.users[0])
	if v.Seq != id || v.Kind != "invited" || data["inviter"] != want || data["seat"] != 1.0 {
		t.Errorf("got %s, want the invited notice with inviter %q", payload, want)
	}
}

// TestTournamentNoticeNamesTheTournamentByGlobalID: the data of a `tournament_round` notice of a bye (as
// jobs stores it, with the tournament's database id) reaches the entrant with the tournament's global id,
// which the web client links a bye's notice to, and says bye.
func TestTournamentNoticeNamesTheTournamentByGlobalID(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	g := newLiveGame(t, r, "kim", "lou")
	tournamentID, round, bye := 7, 2, true
	id, v, data, payload := receivedNotice(t, r, g, inbox.New{Kind: notifications.KindTournamentRound,
		Data: inbox.Data{Tournament: &tournamentID, Round: &round, Bye: &bye}})
	want := graph.GlobalID("Tournament", tournamentID)
	if v.Seq != id || v.Kind != "tournament_round" || data["tournament"] != want || data["round"] != 2.0 || data["bye"] != true {
		t.Errorf("got %s, want the bye's notice with tournament %q", payload, want)
	}
}

// receivedNotice stores notice n about g for g's second user, as jobs does, and returns its number and the
// notice as that user's viewerEvents subscription delivers it: the event, its data decoded, and the payload.
func receivedNotice(t *testing.T, r *replica, g liveGame, n inbox.New) (int64, viewerEvent, map[string]any, json.RawMessage) {
	t.Helper()
	n.UserID, n.GameID = g.users[1], g.gameID
	id := dbtest.Notice(t, r.db, n)
	c := dialWS(t, r, map[string]any{"Authorization": "Bearer " + g.tokens[1]})
	c.subscribe("me", `subscription { viewerEvents { seq kind data } }`, nil)
	v, payload := c.viewerEvent(t)
	var data map[string]any
	if err := json.Unmarshal(v.Data, &data); err != nil {
		t.Fatalf("the notice's data %s: %v", v.Data, err)
	}
	return id, v, data, payload
}

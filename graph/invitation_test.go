package graph_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"rout/graph"
)

// invitationsQuery lists the viewer's pending invitations with what the lobby shows of each.
const invitationsQuery = `{ games(filter: {invited: true}) { totalCount edges { node {
	id status turnLimitSeconds viewerInvitedSeat creator { name } map { key }
	seats { seat color status userName cpu } } } } }`

// invitationList is the data of invitationsQuery.
type invitationList struct {
	Games struct {
		TotalCount int `json:"totalCount"`
		Edges      []struct {
			Node struct {
				ID                string `json:"id"`
				TurnLimitSeconds  int    `json:"turnLimitSeconds"`
				ViewerInvitedSeat *int   `json:"viewerInvitedSeat"`
				Creator           struct {
					Name string `json:"name"`
				} `json:"creator"`
				Map struct {
					Key string `json:"key"`
				} `json:"map"`
				Seats []struct {
					Status string `json:"status"`
				} `json:"seats"`
			} `json:"node"`
		} `json:"edges"`
	} `json:"games"`
}

// invitedGame creates, as lena, an open game on the classic map with seat 1 kept for invitee's email
// (and a CPU), private when private is true, and returns its id.
func invitedGame(e *env, lena, invitee string, private bool) string {
	e.t.Helper()
	p := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "private": private, "turnLimitSeconds": 7200,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "INVITED", "color": "blue", "email": invitee + "@example.com"},
			{"kind": "CPU", "color": "green", "difficulty": "hard"}}})
	noUserErrors(e.t, "createGame", p)
	return p.Game.ID
}

// TestInvitationSeenByInviteeOnly: an invitation to a game with an invite code (every game with an invited
// seat has one) is listed, and its game readable, for the invitee (Bob), its creator and its players, and for
// nobody else; it leaves Bob's list once he takes the seat.
func TestInvitationSeenByInviteeOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	bob, _ := e.signUp("bob")
	zed, _ := e.signUp("zed")
	for _, private := range []bool{false, true} {
		id := invitedGame(e, lena, "bob", private)

		var bobs invitationList
		e.gql(bob, invitationsQuery, nil).decode(t, &bobs)
		if bobs.Games.TotalCount != 1 || len(bobs.Games.Edges) != 1 {
			t.Fatalf("private %v: Bob's invitations: %+v, want the one game", private, bobs)
		}
		inv := bobs.Games.Edges[0].Node
		if inv.ID != id || inv.ViewerInvitedSeat == nil || *inv.ViewerInvitedSeat != 1 || inv.Creator.Name != "lena" ||
			inv.Map.Key != "classic" || inv.TurnLimitSeconds != 7200 || len(inv.Seats) != 3 || inv.Seats[1].Status != "invited" {
			t.Errorf("private %v: Bob's invitation: %+v", private, inv)
		}
		// The in-app notice links to the game: Bob reads it.
		read := `query($id: ID!) { game(id: $id) { id viewerInvitedSeat } }`
		if r := e.gql(bob, read, map[string]any{"id": id}); len(r.Errors) > 0 || !strings.Contains(string(r.Data), `"viewerInvitedSeat":1`) {
			t.Errorf("private %v: Bob reads the game he is invited to: %s %+v", private, r.Data, r.Errors)
		}
		// The creator sees the game but has no invitation; a stranger sees neither.
		for _, v := range []struct{ name, token string }{{"lena", lena}, {"zed", zed}} {
			var l invitationList
			e.gql(v.token, invitationsQuery, nil).decode(t, &l)
			if l.Games.TotalCount != 0 {
				t.Errorf("private %v: %s's invitations: %+v, want none", private, v.name, l)
			}
		}
		if r := e.gql(lena, read, map[string]any{"id": id}); !strings.Contains(string(r.Data), `"viewerInvitedSeat":null`) {
			t.Errorf("private %v: lena reads her game: %s %+v", private, r.Data, r.Errors)
		}
		if c := e.gql(zed, read, map[string]any{"id": id}).code(t); c != "NOT_FOUND" {
			t.Errorf("private %v: zed reads the game: %s, want NOT_FOUND", private, c)
		}
		var all struct {
			Games struct {
				Edges []struct {
					Node struct{ ID string } `json:"node"`
				} `json:"edges"`
			} `json:"games"`
		}
		e.gql(zed, `{ games(first: 100) { edges { node { id } } } }`, nil).decode(t, &all)
		for _, g := range all.Games.Edges {
			if g.Node.ID == id {
				t.Errorf("private %v: zed's games list the game", private)
			}
		}
		noUserErrors(t, "joinGame", e.gameMutation(bob, "joinGame", map[string]any{"gameId": id}))
		e.gql(bob, invitationsQuery, nil).decode(t, &bobs)
		if bobs.Games.TotalCount != 0 {
			t.Errorf("private %v: Bob's invitations after joining: %+v", private, bobs)
		}
		noUserErrors(t, "leaveGame", e.gameMutation(bob, "leaveGame", map[string]any{"gameId": id}))
	}
	if c := e.gql("", invitationsQuery, nil).code(t); c != "UNAUTHENTICATED" {
		t.Errorf("anonymous invitations: %s, want UNAUTHENTICATED", c)
	}
}

// declineMutation declines the invitation to game $id.
const declineMutation = `mutation($id: ID!) { declineInvitation(input: {gameId: $id}) {
	game { id seats { seat status } } userErrors { code } } }`

// TestDeclineInvitation: the invitee turns the invitation down and the seat opens; the game then hides from
// them as from a stranger, who is told of declining what they are told of a missing game.
func TestDeclineInvitation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	carol, _ := e.signUp("carol")
	zed, _ := e.signUp("zed")
	id := invitedGame(e, lena, "carol", true)
	_, n, err := graph.ParseGlobalID(id)
	if err != nil {
		t.Fatal(err)
	}
	missing := graph.GlobalID("Game", n+1000)
	answer := func(token, gid string) string {
		r := e.gql(token, declineMutation, map[string]any{"id": gid})
		b, _ := json.Marshal(map[string]any{"status": r.Status, "data": r.Data, "errors": r.Errors})
		return strings.ReplaceAll(string(b), gid, "ID")
	}
	want := answer(zed, missing)
	if !strings.Contains(want, "NOT_FOUND") {
		t.Fatalf("declining a missing game: %s", want)
	}
	if got := answer(zed, id); got != want {
		t.Errorf("a stranger declines:\n got %s\nwant %s (as of no game)", got, want)
	}
	if c := e.gql(lena, declineMutation, map[string]any{"id": id}).code(t); c != "CONFLICT" {
		t.Errorf("the creator declines: %s, want CONFLICT", c)
	}

	var out struct {
		DeclineInvitation struct {
			Game       *gameView   `json:"game"`
			UserErrors []userError `json:"userErrors"`
		} `json:"declineInvitation"`
	}
	e.gql(carol, declineMutation, map[string]any{"id": id}).decode(t, &out)
	if out.DeclineInvitation.Game != nil || len(out.DeclineInvitation.UserErrors) > 0 {
		t.Errorf("carol declines: %+v, want no game (she may no longer see it)", out.DeclineInvitation)
	}
	var g struct {
		Game struct {
			Seats []struct {
				Status string `json:"status"`
			} `json:"seats"`
		} `json:"game"`
	}
	e.gql(lena, `query($id: ID!) { game(id: $id) { seats { status } } }`, map[string]any{"id": id}).decode(t, &g)
	if len(g.Game.Seats) != 3 || g.Game.Seats[1].Status != "open" {
		t.Errorf("the seats after carol declined: %+v, want seat 1 open", g.Game.Seats)
	}
	if got := answer(carol, id); got != want {
		t.Errorf("carol declines again:\n got %s\nwant %s (as of no game)", got, want)
	}
	var l invitationList
	e.gql(carol, invitationsQuery, nil).decode(t, &l)
	if l.Games.TotalCount != 0 {
		t.Errorf("carol's invitations after declining: %+v", l)
	}
}

// TestRematchGame: a player of a finished game asks for a rematch: the same map, settings and colours, the
// asker seated, the other player invited (and finding it among their invitations), the CPU as it was. A
// game not over is CONFLICT; a stranger is told what they are told of a missing game.
func TestRematchGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	bob, bobID := e.signUp("bob")
	zed, _ := e.signUp("zed")
	id := invitedGame(e, lena, "bob", false)
	noUserErrors(t, "joinGame", e.gameMutation(bob, "joinGame", map[string]any{"gameId": id}))
	noUserErrors(t, "startGame", e.gameMutation(lena, "startGame", map[string]any{"gameId": id}))
	rematch := func(token, gid string) *response {
		return e.gql(token, `mutation($id: ID!) { rematchGame(input: {gameId: $id}) { game { id status turnLimitSeconds
			claim cardSystem viewerInvitedSeat map { key version } seats { seat color status userName cpu difficulty } } userErrors { code } } }`,
			map[string]any{"id": gid})
	}
	if c := rematch(bob, id).code(t); c != "CONFLICT" {
		t.Errorf("a rematch of a game not over: %s, want CONFLICT", c)
	}
	noUserErrors(t, "resign", e.gameMutation(lena, "resign", map[string]any{"gameId": id}))
	noUserErrors(t, "resign", e.gameMutation(bob, "resign", map[string]any{"gameId": id}))

	_, n, err := graph.ParseGlobalID(id)
	if err != nil {
		t.Fatal(err)
	}
	missing := graph.GlobalID("Game", n+1000)
	stranger := func(gid string) string {
		r := rematch(zed, gid)
		b, _ := json.Marshal(map[string]any{"status": r.Status, "data": r.Data, "errors": r.Errors})
		return strings.ReplaceAll(string(b), gid, "ID")
	}
	if got, want := stranger(id), stranger(missing); got != want || !strings.Contains(want, "NOT_FOUND") {
		t.Errorf("a stranger's rematch:\n got %s\nwant %s (as of no game)", got, want)
	}

	var out struct {
		RematchGame struct {
			Game struct {
				ID               string `json:"id"`
				Status           string `json:"status"`
				TurnLimitSeconds int    `json:"turnLimitSeconds"`
				Map              struct {
					Key string `json:"key"`
				} `json:"map"`
				Seats []struct {
					Color      string  `json:"color"`
					Status     string  `json:"status"`
					UserName   *string `json:"userName"`
					CPU        bool    `json:"cpu"`
					Difficulty *string `json:"difficulty"`
				} `json:"seats"`
			} `json:"game"`
			UserErrors []userError `json:"userErrors"`
		} `json:"rematchGame"`
	}
	rematch(bob, id).decode(t, &out)
	g := out.RematchGame.Game
	got := fmt.Sprintf("%s %s %d", g.Status, g.Map.Key, g.TurnLimitSeconds)
	for _, s := range g.Seats {
		who := s.Status
		if s.UserName != nil {
			who = *s.UserName
		}
		if s.CPU && s.Difficulty != nil {
			who = "cpu " + *s.Difficulty
		}
		got += fmt.Sprintf(" %s:%s", s.Color, who)
	}
	if want := "open classic 7200 red:invited blue:bob green:cpu hard"; got != want || g.ID == id {
		t.Errorf("the rematch: %s (id %s), want %s (a new game)", got, g.ID, want)
	}
	var l invitationList
	e.gql(lena, invitationsQuery, nil).decode(t, &l)
	if l.Games.TotalCount != 1 || l.Games.Edges[0].Node.ID != g.ID || l.Games.Edges[0].Node.Creator.Name != "bob" {
		t.Errorf("lena's invitations after bob's rematch: %+v", l)
	}

	// A player who blocks the one asking for the rematch is not invited: their seat is open.
	if r := e.block(lena, bobID, true); !r.Blocked {
		t.Fatalf("lena blocks bob: %+v", r)
	}
	rematch(bob, id).decode(t, &out)
	if st := out.RematchGame.Game.Seats[0].Status; st != "open" {
		t.Errorf("the seat of lena, who blocks bob, in bob's rematch: %s, want open", st)
	}
}

// TestGameName: a game's name is set at creation (spaces collapsed), shown by game and games, kept by a
// rematch; a name too long is refused.
func TestGameName(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	seats := []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}
	long := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "seats": seats, "name": strings.Repeat("é", 61)})
	if codesOf(long.UserErrors) != "INVALID_CONFIG[input]" {
		t.Errorf("a name of 61 characters: %+v, want INVALID_CONFIG", long.UserErrors)
	}
	p := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "seats": seats, "name": "  Friday \t night  "})
	noUserErrors(t, "createGame", p)
	noUserErrors(t, "startGame", e.gameMutation(lena, "startGame", map[string]any{"gameId": p.Game.ID}))
	noUserErrors(t, "resign", e.gameMutation(lena, "resign", map[string]any{"gameId": p.Game.ID}))
	var out struct {
		Game struct {
			Name string `json:"name"`
		} `json:"game"`
		Games struct {
			Edges []struct {
				Node struct {
					Name string `json:"name"`
				} `json:"node"`
			} `json:"edges"`
		} `json:"games"`
		RematchGame struct {
			Game struct {
				Name string `json:"name"`
			} `json:"game"`
		} `json:"rematchGame"`
	}
	e.gql(lena, `query($id: ID!) { game(id: $id) { name } games(filter: {mine: true}) { edges { node { name } } } }`,
		map[string]any{"id": p.Game.ID}).decode(t, &out)
	e.gql(lena, `mutation($id: ID!) { rematchGame(input: {gameId: $id}) { game { name } } }`, map[string]any{"id": p.Game.ID}).decode(t, &out)
	if out.Game.Name != "Friday night" || len(out.Games.Edges) != 1 || out.Games.Edges[0].Node.Name != "Friday night" ||
		out.RematchGame.Game.Name != "Friday night" {
		t.Errorf("the names: %+v, want Friday night in the game, the list and the rematch", out)
	}
}

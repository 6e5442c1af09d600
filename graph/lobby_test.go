package graph_test

import (
	"encoding/json"
	"testing"

	"rout/graph"
	"rout/live"
)

const gameLobbySubscription = `subscription($id: ID!) {
	gameLobby(gameId: $id) { id status version inviteCode viewerInvitedSeat seats { seat status userName } }
}`

// lobbyView is what the tests read of a gameLobby message.
type lobbyView struct {
	ID                string  `json:"id"`
	Status            string  `json:"status"`
	Version           int64   `json:"version"`
	InviteCode        *string `json:"inviteCode"`
	ViewerInvitedSeat *int    `json:"viewerInvitedSeat"`
	Seats             []struct {
		Seat     int    `json:"seat"`
		Status   string `json:"status"`
		UserName string `json:"userName"`
	} `json:"seats"`
}

// lobby reads the next message of operation id as a gameLobby message: its game, or its errors.
func (c *wsClient) lobby(id string) (*lobbyView, []gqlError) {
	c.t.Helper()
	m, err := c.read()
	if err != nil {
		c.t.Fatalf("waiting for a lobby: %v", err)
	}
	if m.ID != id {
		c.t.Fatalf("waiting for a lobby of %s: got %s %s %s", id, m.Type, m.ID, m.Payload)
	}
	switch m.Type {
	case "next":
	case "error":
		var errs []gqlError
		_ = json.Unmarshal(m.Payload, &errs)
		return nil, errs
	default:
		c.t.Fatalf("waiting for a lobby of %s: got %s %s", id, m.Type, m.Payload)
	}
	var p struct {
		Data struct {
			GameLobby *lobbyView `json:"gameLobby"`
		} `json:"data"`
		Errors []gqlError `json:"errors"`
	}
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		c.t.Fatal(err)
	}
	return p.Data.GameLobby, p.Errors
}

// mustLobby is lobby failing the test on errors.
func (c *wsClient) mustLobby(id string) *lobbyView {
	c.t.Helper()
	l, errs := c.lobby(id)
	if len(errs) > 0 || l == nil {
		c.t.Fatalf("lobby of %s: %+v", id, errs)
	}
	return l
}

// completes reads the complete message of operation id.
func (c *wsClient) completes(id string) {
	c.t.Helper()
	m, err := c.read()
	if err != nil {
		c.t.Fatal(err)
	}
	if m.Type != "complete" || m.ID != id {
		c.t.Fatalf("got %s %s %s, want the complete of %s", m.Type, m.ID, m.Payload, id)
	}
}

// seatWords returns a lobby's seats as "status:name" words, by seat.
func seatWords(l *lobbyView) []string {
	out := make([]string, len(l.Seats))
	for i, s := range l.Seats {
		out[i] = s.Status + ":" + s.UserName
	}
	return out
}

func wantSeats(t *testing.T, what string, l *lobbyView, want ...string) {
	t.Helper()
	got := seatWords(l)
	if len(got) != len(want) {
		t.Fatalf("%s: seats %v, want %v", what, got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: seats %v, want %v", what, got, want)
		}
	}
}

// TestGameLobbyOverWebsocket: the creator of a private game follows its seats live, from the game as it
// stands: a declined invitation, a join, a leave, then the start, after which the subscription completes.
// The invitee who declines gets NOT_FOUND once the game hides from them; strangers cannot subscribe.
func TestGameLobbyOverWebsocket(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	alice, _ := r.signUp("lobbyann")
	bob, _ := r.signUp("lobbybob")
	carol, _ := r.signUp("lobbycy")
	dan, _ := r.signUp("lobbydan")
	created := r.gameMutation(alice, "createGame", map[string]any{"mapKey": "classic", "seats": []map[string]any{
		{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"},
		{"kind": "INVITED", "color": "green", "email": "lobbycy@example.com"},
	}})
	noUserErrors(t, "createGame", created)
	id, code := created.Game.ID, *created.Game.InviteCode

	ac := dialWS(t, r, map[string]any{"Authorization": "Bearer " + alice})
	ac.subscribe("a", gameLobbySubscription, map[string]any{"id": id})
	first := ac.mustLobby("a")
	if first.ID != id || first.Status != "open" || first.InviteCode == nil || *first.InviteCode != code {
		t.Fatalf("the first lobby: %+v", first)
	}
	wantSeats(t, "at first", first, "active:lobbyann", "open:", "invited:")

	// Carol follows it too, until she declines; a stranger, anonymous or signed in, cannot follow it.
	cc := dialWS(t, r, map[string]any{"Authorization": "Bearer " + carol})
	cc.subscribe("c", gameLobbySubscription, map[string]any{"id": id})
	if l := cc.mustLobby("c"); l.ViewerInvitedSeat == nil || *l.ViewerInvitedSeat != 2 || l.InviteCode != nil {
		t.Fatalf("carol's first lobby: %+v", l)
	}
	for _, payload := range []any{nil, map[string]any{"Authorization": "Bearer " + dan}} {
		sc := dialWS(t, r, payload)
		sc.subscribe("s", gameLobbySubscription, map[string]any{"id": id})
		if _, errs := sc.lobby("s"); len(errs) != 1 || errs[0].Extensions["code"] != string(graph.CodeNotFound) {
			t.Fatalf("a stranger subscribed: %+v", errs)
		}
	}

	var declined struct {
		DeclineInvitation struct{ UserErrors []userError } `json:"declineInvitation"`
	}
	r.gql(carol, declineMutation, map[string]any{"id": id}).decode(t, &declined)
	if len(declined.DeclineInvitation.UserErrors) > 0 {
		t.Fatalf("declineInvitation: %+v", declined.DeclineInvitation.UserErrors)
	}
	afterDecline := ac.mustLobby("a")
	wantSeats(t, "after the decline", afterDecline, "active:lobbyann", "open:", "open:")
	if afterDecline.Version <= first.Version {
		t.Fatalf("version %d after the decline, %d before", afterDecline.Version, first.Version)
	}
	if l, errs := cc.lobby("c"); l != nil || len(errs) != 1 || errs[0].Extensions["code"] != string(graph.CodeNotFound) {
		t.Fatalf("carol, who declined: %+v %+v", l, errs)
	}
	cc.completes("c")

	noUserErrors(t, "joinGame", r.gameMutation(bob, "joinGame", map[string]any{"gameId": id, "inviteCode": code}))
	wantSeats(t, "after bob's join", ac.mustLobby("a"), "active:lobbyann", "active:lobbybob", "open:")
	noUserErrors(t, "leaveGame", r.gameMutation(bob, "leaveGame", map[string]any{"gameId": id}))
	wantSeats(t, "after bob left", ac.mustLobby("a"), "active:lobbyann", "open:", "open:")

	noUserErrors(t, "joinGame", r.gameMutation(bob, "joinGame", map[string]any{"gameId": id, "inviteCode": code}))
	ac.mustLobby("a")
	noUserErrors(t, "joinGame", r.gameMutation(dan, "joinGame", map[string]any{"gameId": id, "inviteCode": code}))
	wantSeats(t, "every seat taken", ac.mustLobby("a"), "active:lobbyann", "active:lobbybob", "active:lobbydan")
	noUserErrors(t, "startGame", r.gameMutation(alice, "startGame", map[string]any{"gameId": id}))
	if l := ac.mustLobby("a"); l.Status != "active" {
		t.Fatalf("after the start: %+v", l)
	}
	ac.completes("a")

	// A subscriber of a started game gets it as it stands, and the subscription completes.
	ac.subscribe("late", gameLobbySubscription, map[string]any{"id": id})
	if l := ac.mustLobby("late"); l.Status != "active" {
		t.Fatalf("a late subscriber: %+v", l)
	}
	ac.completes("late")
}

// TestGameLobbyHoldsTheSocketsLimitsAndCredential: a gameLobby subscription counts against the socket's
// operations (ROUT_WS_MAX_OPERATIONS), and a sign-out closes its socket (4403).
func TestGameLobbyHoldsTheSocketsLimitsAndCredential(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{}, func(s *graph.Settings) { s.WSMaxOperations = 1 })[0]
	tok, _ := r.signUp("lobbyeve")
	created := r.gameMutation(tok, "createGame", map[string]any{"mapKey": "classic", "seats": []map[string]any{
		{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"},
	}})
	noUserErrors(t, "createGame", created)
	c := dialWS(t, r, map[string]any{"Authorization": "Bearer " + tok})
	c.subscribe("l", gameLobbySubscription, map[string]any{"id": created.Game.ID})
	c.mustLobby("l")
	c.subscribe("more", gameLobbySubscription, map[string]any{"id": created.Game.ID})
	if _, errs := c.lobby("more"); len(errs) != 1 || errs[0].Extensions["reason"] != "TOO_MANY_OPERATIONS" {
		t.Fatalf("a second operation on a socket of one: %+v", errs)
	}
	r.gql(tok, `mutation { signOut { revoked } }`, nil)
	c.expectClosed(4403, string(graph.CodeUnauthenticated))
}

package graph_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"rout/graph"
	"rout/internal/testwait"
	"rout/live"
)

const presenceSubscription = `subscription($id: ID!) { gamePresence(gameId: $id) { spectatorCount presentSeats } }`

// presenceView is what the tests read of a GamePresence.
type presenceView struct {
	SpectatorCount int   `json:"spectatorCount"`
	PresentSeats   []int `json:"presentSeats"`
}

func (p presenceView) String() string {
	return fmt.Sprintf("%d watching, seats %v present", p.SpectatorCount, p.PresentSeats)
}

// awaitPresence reads the messages of gamePresence operation id until one shows want (changes close
// together may come as one message), failing on anything else; messages of other operations are skipped.
func (c *wsClient) awaitPresence(id string, want presenceView) {
	c.t.Helper()
	var seen []string
	deadline := time.Now().Add(liveWait)
	for time.Now().Before(deadline) {
		m, err := c.read()
		if err != nil {
			c.t.Fatalf("waiting for %s after %v: %v", want, seen, err)
		}
		if m.Type == "next" && m.ID != id {
			continue
		}
		var p struct {
			Data struct {
				GamePresence *presenceView `json:"gamePresence"`
			} `json:"data"`
			Errors []gqlError `json:"errors"`
		}
		if err := json.Unmarshal(m.Payload, &p); err != nil || m.Type != "next" || m.ID != id || p.Data.GamePresence == nil {
			c.t.Fatalf("waiting for %s: got %s %s %s (%v)", want, m.Type, m.ID, m.Payload, err)
		}
		got := *p.Data.GamePresence
		if got.SpectatorCount == want.SpectatorCount && slices.Equal(got.PresentSeats, want.PresentSeats) {
			return
		}
		seen = append(seen, got.String())
	}
	c.t.Fatalf("no %s after %v", want, seen)
}

// presenceOver reads Game.presence of game gid over HTTP as token ("" anonymous).
func (r *replica) presenceOver(token, gid string) presenceView {
	r.t.Helper()
	var out struct {
		Game struct {
			Presence presenceView `json:"presence"`
		} `json:"game"`
	}
	r.gql(token, `query($id: ID!) { game(id: $id) { presence { spectatorCount presentSeats } } }`, map[string]any{"id": gid}).decode(r.t, &out)
	return out.Game.Presence
}

// watchGame opens a socket to r as token ("" anonymous) and subscribes to gameEvents of gid after its head.
func watchGame(t *testing.T, r *replica, token, gid string) *wsClient {
	t.Helper()
	var payload any
	if token != "" {
		payload = map[string]any{"Authorization": "Bearer " + token}
	}
	c := dialWS(t, r, payload)
	var head struct {
		Game struct{ Seq int64 } `json:"game"`
	}
	r.gql(token, `query($id: ID!) { game(id: $id) { seq } }`, map[string]any{"id": gid}).decode(t, &head)
	c.subscribe("events", gameEventsSubscription, map[string]any{"id": gid, "after": head.Game.Seq})
	return c
}

func seats(s ...int) []int { return append([]int{}, s...) }

// TestPresenceCountsSpectatorsAcrossReplicas: a player follows the game on one replica and spectators on
// another; the count goes up as spectators subscribe and down as they leave, live and over HTTP, and both
// replicas agree.
func TestPresenceCountsSpectatorsAcrossReplicas(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 2, live.Opts{})
	g := newLiveGame(t, rs[0], "ann", "bob")
	sue, _ := rs[1].signUp("sue")

	ann := dialWS(t, rs[0], map[string]any{"Authorization": "Bearer " + g.tokens[0]})
	ann.subscribe("p", presenceSubscription, map[string]any{"id": g.id})
	ann.awaitPresence("p", presenceView{PresentSeats: seats()})
	ann.subscribe("events", gameEventsSubscription, map[string]any{"id": g.id, "after": 0})
	ann.awaitPresence("p", presenceView{PresentSeats: seats(0)})

	sueSocket := watchGame(t, rs[1], sue, g.id)
	ann.awaitPresence("p", presenceView{SpectatorCount: 1, PresentSeats: seats(0)})
	sueAgain := watchGame(t, rs[0], sue, g.id) // a second tab: the same spectator
	anon := watchGame(t, rs[1], "", g.id)
	ann.awaitPresence("p", presenceView{SpectatorCount: 2, PresentSeats: seats(0)})
	for i, r := range rs {
		for _, token := range []string{g.tokens[1], ""} {
			if got := r.presenceOver(token, g.id); got.SpectatorCount != 2 || !slices.Equal(got.PresentSeats, seats(0)) {
				t.Errorf("replica %d over HTTP: %s, want 2 watching and seat 0", i, got)
			}
		}
	}

	sueSocket.conn.Close() // a disconnect
	sueAgain.send(wsMessage{ID: "events", Type: "complete"})
	ann.awaitPresence("p", presenceView{SpectatorCount: 1, PresentSeats: seats(0)})
	anon.conn.Close()
	ann.awaitPresence("p", presenceView{PresentSeats: seats(0)})
	if n := rs[0].count(`SELECT count(*) FROM game_watchers WHERE game_id = $1`, g.gameID); n != 1 {
		t.Errorf("%d rows left, want the player's", n)
	}
}

// TestPresenceHiddenAndBlocked: a player who hides their presence is not shown present (but to
// themself), at once when they hide it while watching; a blocked player is not shown to the blocker, over
// HTTP and the websocket; the preference is the user's own to read.
func TestPresenceHiddenAndBlocked(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	g := newLiveGame(t, r, "cat", "dan")
	cat, dan := g.tokens[0], g.tokens[1]
	sue, _ := r.signUp("sue")
	const hide = `mutation($on: Boolean!) { updateNotificationPreferences(input: {hidePresence: $on}) {
		user { hidePresence } userErrors { code } } }`
	setHidden := func(token string, on bool) {
		t.Helper()
		var out struct {
			UpdateNotificationPreferences struct {
				User struct {
					HidePresence *bool `json:"hidePresence"`
				} `json:"user"`
			} `json:"updateNotificationPreferences"`
		}
		r.gql(token, hide, map[string]any{"on": on}).decode(t, &out)
		if h := out.UpdateNotificationPreferences.User.HidePresence; h == nil || *h != on {
			t.Fatalf("hidePresence set to %v: %v", on, h)
		}
	}

	setHidden(dan, true)
	watchGame(t, r, cat, g.id)
	watchGame(t, r, dan, g.id)
	spectator := dialWS(t, r, map[string]any{"Authorization": "Bearer " + sue})
	spectator.subscribe("p", presenceSubscription, map[string]any{"id": g.id})
	spectator.awaitPresence("p", presenceView{PresentSeats: seats(0)})
	// Dan's watcher row is written as his subscription starts, which may be after the spectator's first
	// answer: he sees himself once it is there, and then the others still do not see him.
	testwait.For(t, "dan to see himself present", liveWait, func() bool {
		return slices.Equal(r.presenceOver(dan, g.id).PresentSeats, seats(0, 1))
	})
	if got := r.presenceOver(cat, g.id); !slices.Equal(got.PresentSeats, seats(0)) {
		t.Errorf("cat sees %s; dan hides his presence", got)
	}
	if got := r.presenceOver(sue, g.id); !slices.Equal(got.PresentSeats, seats(0)) {
		t.Errorf("sue sees %s; dan hides his presence", got)
	}

	setHidden(dan, false) // applies to the game he watches now
	spectator.awaitPresence("p", presenceView{PresentSeats: seats(0, 1)})

	danID := graph.GlobalID("User", g.users[1])
	if res := r.block(cat, danID, true); !res.Blocked {
		t.Fatalf("block: %+v", res)
	}
	if got := r.presenceOver(cat, g.id); !slices.Equal(got.PresentSeats, seats(0)) {
		t.Errorf("cat, who blocks dan, sees %s over HTTP", got)
	}
	catSocket := dialWS(t, r, map[string]any{"Authorization": "Bearer " + cat})
	catSocket.subscribe("p", presenceSubscription, map[string]any{"id": g.id})
	catSocket.awaitPresence("p", presenceView{PresentSeats: seats(0)})
	if got := r.presenceOver(sue, g.id); !slices.Equal(got.PresentSeats, seats(0, 1)) {
		t.Errorf("sue, who blocks no one, sees %s", got)
	}

	var others struct {
		Node struct {
			HidePresence *bool `json:"hidePresence"`
		} `json:"node"`
	}
	r.gql(sue, `query($id: ID!) { node(id: $id) { ... on User { hidePresence } } }`, map[string]any{"id": danID}).decode(t, &others)
	if others.Node.HidePresence != nil {
		t.Errorf("sue reads dan's hidePresence: %v, want null", *others.Node.HidePresence)
	}
}

// TestPresenceOfAPrivateGameLooksLikeNoGame: a stranger to a private game, signed in or not, is told of
// its presence what they are told of no game, over HTTP and the websocket.
func TestPresenceOfAPrivateGameLooksLikeNoGame(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	lena, _ := r.signUp("lena")
	zed, _ := r.signUp("zed")
	created := r.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "private": true,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "CPU", "color": "blue"}}})
	noUserErrors(t, "createGame", created)
	noUserErrors(t, "startGame", r.gameMutation(lena, "startGame", map[string]any{"gameId": created.Game.ID}))
	for _, token := range []string{zed, ""} {
		if code := r.gql(token, `query($id: ID!) { game(id: $id) { presence { spectatorCount } } }`,
			map[string]any{"id": created.Game.ID}).code(t); code != "NOT_FOUND" {
			t.Errorf("Game.presence of a private game over HTTP: %s, want NOT_FOUND", code)
		}
		var payload any
		if token != "" {
			payload = map[string]any{"Authorization": "Bearer " + token}
		}
		c := dialWS(t, r, payload)
		c.subscribe("p", presenceSubscription, map[string]any{"id": created.Game.ID})
		m, err := c.read()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(m.Payload), "NOT_FOUND") {
			t.Errorf("gamePresence of a private game: %s %s, want NOT_FOUND", m.Type, m.Payload)
		}
	}
	if got := r.presenceOver(lena, created.Game.ID); got.SpectatorCount != 0 {
		t.Errorf("the creator sees %s", got)
	}
}

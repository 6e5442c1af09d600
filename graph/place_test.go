package graph_test

import (
	"testing"
)

// TestSeatPlace: Seat.place is null until the game is finished, then the winner is 1st and the players
// who went out (here by resigning) are ranked by when they did: the last out 2nd.
func TestSeatPlace(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	bob, _ := e.signUp("bob")
	id := invitedGame(e, lena, "bob", false) // seat 0 lena, 1 bob, 2 a CPU
	noUserErrors(t, "joinGame", e.gameMutation(bob, "joinGame", map[string]any{"gameId": id}))
	noUserErrors(t, "startGame", e.gameMutation(lena, "startGame", map[string]any{"gameId": id}))
	places := func() (string, []*int) {
		t.Helper()
		var g struct {
			Game struct {
				Status string `json:"status"`
				Seats  []struct {
					Place *int `json:"place"`
				} `json:"seats"`
			} `json:"game"`
		}
		e.gql(bob, `query($id: ID!) { game(id: $id) { status seats { place } } }`, map[string]any{"id": id}).decode(t, &g)
		out := make([]*int, len(g.Game.Seats))
		for i, s := range g.Game.Seats {
			out[i] = s.Place
		}
		return g.Game.Status, out
	}
	noUserErrors(t, "resign", e.gameMutation(lena, "resign", map[string]any{"gameId": id}))
	if status, got := places(); status != "active" || got[0] != nil || got[1] != nil || got[2] != nil {
		t.Fatalf("after lena resigned: %s, places %v; want active and no places", status, deref(got))
	}
	noUserErrors(t, "resign", e.gameMutation(bob, "resign", map[string]any{"gameId": id}))
	status, got := places()
	if want := []int{3, 2, 1}; status != "finished" || !placesAre(got, want) {
		t.Errorf("the finished game: %s, places %v; want finished, places %v (the CPU won, bob went out last)", status, deref(got), want)
	}
	// The lobby reads the place through the games list as well.
	var l struct {
		Games struct {
			Edges []struct {
				Node struct {
					Seats []struct {
						Place *int `json:"place"`
					} `json:"seats"`
				} `json:"node"`
			} `json:"edges"`
		} `json:"games"`
	}
	e.gql(lena, `{ games(filter: {mine: true}) { edges { node { seats { place } } } } }`, nil).decode(t, &l)
	if len(l.Games.Edges) != 1 {
		t.Fatalf("lena's games: %+v", l)
	}
	ps := make([]*int, 0, 3)
	for _, s := range l.Games.Edges[0].Node.Seats {
		ps = append(ps, s.Place)
	}
	if !placesAre(ps, []int{3, 2, 1}) {
		t.Errorf("lena's games list the places %v, want [3 2 1]", deref(ps))
	}
}

func placesAre(got []*int, want []int) bool {
	if len(got) != len(want) {
		return false
	}
	for i, p := range got {
		if p == nil || *p != want[i] {
			return false
		}
	}
	return true
}

func deref(ps []*int) []any {
	out := make([]any, len(ps))
	for i, p := range ps {
		if p != nil {
			out[i] = *p
		}
	}
	return out
}

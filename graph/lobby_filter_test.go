package graph_test

import (
	"slices"
	"testing"
)

// TestGamesFilterOverAndYourTurn: `over` splits a player's games into those that are over and the rest,
// and `yourTurn` into the active games whose current seat is the viewer's and the rest, so that a lobby
// can list the games waiting on a player however many games they have.
func TestGamesFilterOverAndYourTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")

	duel := func() string {
		created := e.gameMutation(lena, "createGame", map[string]any{
			"mapKey": "classic",
			"seats":  []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}},
		})
		noUserErrors(t, "createGame", created)
		noUserErrors(t, "joinGame", e.gameMutation(mo, "joinGame", map[string]any{"gameId": created.Game.ID}))
		noUserErrors(t, "startGame", e.gameMutation(lena, "startGame", map[string]any{"gameId": created.Game.ID}))
		return created.Game.ID
	}
	running, finished := duel(), duel()
	noUserErrors(t, "resign", e.gameMutation(mo, "resign", map[string]any{"gameId": finished}))
	waiting := e.gameMutation(lena, "createGame", map[string]any{
		"mapKey": "classic",
		"seats":  []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}},
	}).Game.ID

	list := func(token, filter string) []string {
		ids, total := e.gameList(t, token, filter)
		if total != len(ids) {
			t.Errorf("games(filter: %s): totalCount %d for %d games", filter, total, len(ids))
		}
		slices.Sort(ids)
		return ids
	}
	sorted := func(ids ...string) []string {
		slices.Sort(ids)
		return ids
	}
	if got, want := list(lena, `{mine: true, over: true}`), sorted(finished); !slices.Equal(got, want) {
		t.Errorf("lena's games that are over: %v, want %v", got, want)
	}
	if got, want := list(lena, `{mine: true, over: false}`), sorted(running, waiting); !slices.Equal(got, want) {
		t.Errorf("lena's games that are not over: %v, want %v", got, want)
	}

	mover := map[int]string{0: lena, 1: mo}[*e.gameAs(lena, running).CurrentSeat]
	other := map[string]string{lena: mo, mo: lena}[mover]
	if got, want := list(mover, `{mine: true, yourTurn: true}`), sorted(running); !slices.Equal(got, want) {
		t.Errorf("the games waiting on the player to move: %v, want %v", got, want)
	}
	if got := list(other, `{mine: true, yourTurn: true}`); len(got) != 0 {
		t.Errorf("the games waiting on the other player: %v, want none", got)
	}
	if got, want := list(mover, `{mine: true, yourTurn: false}`), list(mover, `{mine: true}`); slices.Contains(got, running) || len(got) != len(want)-1 {
		t.Errorf("the mover's games not waiting on them: %v of %v", got, want)
	}
	if c := e.gql("", `{ games(filter: {yourTurn: true}) { totalCount } }`, nil).code(t); c != "UNAUTHENTICATED" {
		t.Errorf("yourTurn without sign-in: code %s", c)
	}
}

// gameList answers the ids of games(filter: filter, first: 100) as token's user sees them, in their order,
// and the list's totalCount.
func (e *env) gameList(t *testing.T, token, filter string) (ids []string, total int) {
	t.Helper()
	var out struct {
		Games struct {
			TotalCount int `json:"totalCount"`
			Edges      []struct {
				Node struct {
					ID string `json:"id"`
				} `json:"node"`
			} `json:"edges"`
		} `json:"games"`
	}
	e.gql(token, `{ games(filter: `+filter+`, first: 100) { totalCount edges { node { id } } } }`, nil).decode(t, &out)
	for _, edge := range out.Games.Edges {
		ids = append(ids, edge.Node.ID)
	}
	return ids, out.Games.TotalCount
}

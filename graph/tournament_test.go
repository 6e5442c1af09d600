package graph_test

import (
	"slices"
	"testing"

	"rout/graph"
)

const createTournament = `mutation($in: CreateTournamentInput!) { createTournament(input: $in) {
	tournament { id name format seats maps turnLimitSeconds rated ratingMode entryLimit startsAt status round roundCount
		creator { name } entrantCount viewerEntered }
	userErrors { code field message } } }`

// tournamentView is a Tournament as the tests read it.
type tournamentView struct {
	ID               string   `json:"id"`
	Name             string   `json:"name"`
	Format           string   `json:"format"`
	Seats            int      `json:"seats"`
	Maps             []string `json:"maps"`
	TurnLimitSeconds int      `json:"turnLimitSeconds"`
	Rated            bool     `json:"rated"`
	RatingMode       string   `json:"ratingMode"`
	EntryLimit       *int     `json:"entryLimit"`
	Status           string   `json:"status"`
	Round            int      `json:"round"`
	Creator          struct {
		Name string `json:"name"`
	} `json:"creator"`
	EntrantCount  int  `json:"entrantCount"`
	ViewerEntered bool `json:"viewerEntered"`
}

// tournamentPayload is a TournamentPayload as the tests read it.
type tournamentPayload struct {
	Tournament *tournamentView `json:"tournament"`
	UserErrors []userError     `json:"userErrors"`
}

// TestTournamentMutations: a tournament's settings are checked field by field (userErrors with the
// service's codes and the input's paths), entries follow the service's rules (TOURNAMENT_* codes), and a
// tournament is found by id, by node and in the list of its status, paged.
func TestTournamentMutations(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ann, _ := e.signUp("ann")
	bob, _ := e.signUp("bob")
	cyd, _ := e.signUp("cyd")
	good := map[string]any{"name": "Friday cup", "format": "SWISS", "seats": 4, "maps": []string{"classic", "europe"}, "entryLimit": 2}
	with := func(k string, v any) map[string]any {
		in := map[string]any{}
		for key, val := range good {
			in[key] = val
		}
		in[k] = v
		return in
	}
	create := func(token string, in map[string]any) tournamentPayload {
		t.Helper()
		var out struct {
			CreateTournament tournamentPayload `json:"createTournament"`
		}
		e.gql(token, createTournament, map[string]any{"in": in}).decode(t, &out)
		return out.CreateTournament
	}
	for _, tc := range []struct {
		in   map[string]any
		want string
	}{
		{with("name", " "), "TOURNAMENT_BAD_SETTINGS[input name]"},
		{with("seats", 7), "TOURNAMENT_BAD_SETTINGS[input seats]"},
		{with("maps", []string{"classic", "atlantis"}), "TOURNAMENT_BAD_SETTINGS[input maps]"},
		{with("maps", []string{}), "TOURNAMENT_BAD_SETTINGS[input maps]"},
		{with("turnLimitSeconds", 60), "TOURNAMENT_BAD_SETTINGS[input turnLimitSeconds]"},
		{with("turnLimitSeconds", -1), "TOURNAMENT_BAD_SETTINGS[input turnLimitSeconds]"},
		{with("entryLimit", 0), "TOURNAMENT_BAD_SETTINGS[input entryLimit]"},
		{with("entryLimit", nil), "TOURNAMENT_BAD_SETTINGS[input startsAt]"},
		{with("startsAt", "2001-01-01T00:00:00Z"), "TOURNAMENT_BAD_SETTINGS[input startsAt]"},
		{with("rounds", 21), "TOURNAMENT_BAD_SETTINGS[input rounds]"},
		{with("format", "ROUND_ROBIN"), ""},
	} {
		got := create(ann, tc.in)
		if codesOf(got.UserErrors) != tc.want || (tc.want == "") != (got.Tournament != nil) {
			t.Errorf("createTournament(%v) = %+v, want %q", tc.in, got, tc.want)
		}
	}
	if code := e.gql("", createTournament, map[string]any{"in": good}).code(t); code != string(graph.CodeUnauthenticated) {
		t.Errorf("createTournament signed out: %s, want UNAUTHENTICATED", code)
	}

	created := create(ann, good).Tournament
	if created == nil || created.Status != "OPEN" || created.Format != "SWISS" || created.TurnLimitSeconds != 36*3600 ||
		created.RatingMode != "ffa" || created.Creator.Name != "ann" || created.EntrantCount != 0 || created.Rated {
		t.Fatalf("created %+v", created)
	}
	entry := func(token, mutation string) tournamentPayload {
		t.Helper()
		var out map[string]tournamentPayload
		e.gql(token, `mutation($id: ID!) { `+mutation+`(id: $id) { tournament { id entrantCount viewerEntered status }
			userErrors { code field message } } }`, map[string]any{"id": created.ID}).decode(t, &out)
		return out[mutation]
	}
	for _, step := range []struct {
		token, mutation, want string
		entrants              int
	}{
		{ann, "enterTournament", "", 1},
		{ann, "enterTournament", "TOURNAMENT_ENTERED[]", 0},
		{ann, "leaveTournament", "", 0},
		{ann, "leaveTournament", "TOURNAMENT_NOT_ENTERED[]", 0},
		{ann, "enterTournament", "", 1},
		{bob, "enterTournament", "", 2},
		{cyd, "enterTournament", "TOURNAMENT_FULL[]", 0},
	} {
		got := entry(step.token, step.mutation)
		if codesOf(got.UserErrors) != step.want || step.want == "" && (got.Tournament == nil || got.Tournament.EntrantCount != step.entrants ||
			got.Tournament.ViewerEntered != (step.mutation == "enterTournament")) {
			t.Errorf("%s: %+v, want %q with %d entrants", step.mutation, got, step.want, step.entrants)
		}
	}
	// Started (as the job of the entry that filled it would), it takes no entries or departures.
	_, id, _ := graph.ParseGlobalID(created.ID)
	if _, err := e.tourney.Advance(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	if got := entry(bob, "leaveTournament"); codesOf(got.UserErrors) != "TOURNAMENT_CLOSED[]" {
		t.Errorf("leaving a running tournament: %+v", got)
	}
	var read struct {
		Tournament struct {
			Status string `json:"status"`
			Rounds []struct {
				Tables []struct {
					Game *struct {
						Name string `json:"name"`
					} `json:"game"`
					Seats []struct {
						UserName string   `json:"userName"`
						Place    *int     `json:"place"`
						Points   *float64 `json:"points"`
					} `json:"seats"`
				} `json:"tables"`
			} `json:"rounds"`
			Bracket  []any `json:"bracket"`
			Entrants []struct {
				UserName string `json:"userName"`
			} `json:"entrants"`
			Standings []struct {
				Rank     int    `json:"rank"`
				UserName string `json:"userName"`
			} `json:"standings"`
		} `json:"tournament"`
		Node struct {
			Name string `json:"name"`
		} `json:"node"`
	}
	e.gql("", `query($id: ID!) { tournament(id: $id) { status rounds { tables { game { name } seats { userName place points } } }
		bracket { number } entrants { userName } standings { rank userName } } node(id: $id) { ... on Tournament { name } } }`,
		map[string]any{"id": created.ID}).decode(t, &read)
	tr := read.Tournament
	if tr.Status != "RUNNING" || len(tr.Rounds) != 1 || len(tr.Rounds[0].Tables) != 1 || tr.Rounds[0].Tables[0].Game == nil ||
		tr.Rounds[0].Tables[0].Game.Name != "Friday cup: round 1, table 1" || len(tr.Rounds[0].Tables[0].Seats) != 2 ||
		tr.Rounds[0].Tables[0].Seats[0].Place != nil || tr.Bracket != nil || len(tr.Standings) != 2 || read.Node.Name != "Friday cup" {
		t.Errorf("the running tournament reads %+v", read)
	}
	// Every list names the entrants: ann and bob.
	var entrants, seats, standings []string
	for _, en := range tr.Entrants {
		entrants = append(entrants, en.UserName)
	}
	for _, round := range tr.Rounds {
		for _, table := range round.Tables {
			for _, seat := range table.Seats {
				seats = append(seats, seat.UserName)
			}
		}
	}
	for _, st := range tr.Standings {
		standings = append(standings, st.UserName)
	}
	for what, names := range map[string][]string{"entrants": entrants, "seats": seats, "standings": standings} {
		slices.Sort(names)
		if !slices.Equal(names, []string{"ann", "bob"}) {
			t.Errorf("the %s are named %q, want ann and bob", what, names)
		}
	}

	// The lists: by status, the newest first, paged.
	var list struct {
		Tournaments struct {
			TotalCount int `json:"totalCount"`
			Edges      []struct {
				Node   tournamentView `json:"node"`
				Cursor string         `json:"cursor"`
			} `json:"edges"`
			PageInfo struct {
				HasNextPage bool `json:"hasNextPage"`
			} `json:"pageInfo"`
		} `json:"tournaments"`
	}
	const listQuery = `query($s: TournamentStatus, $after: Cursor) { tournaments(status: $s, first: 1, after: $after) {
		totalCount edges { cursor node { name format } } pageInfo { hasNextPage } } }`
	e.gql("", listQuery, map[string]any{"s": "RUNNING"}).decode(t, &list)
	if list.Tournaments.TotalCount != 1 || len(list.Tournaments.Edges) != 1 || list.Tournaments.PageInfo.HasNextPage {
		t.Errorf("running tournaments: %+v", list)
	}
	e.gql("", listQuery, map[string]any{"s": "OPEN"}).decode(t, &list)
	if list.Tournaments.TotalCount != 1 || list.Tournaments.Edges[0].Node.Format != "ROUND_ROBIN" {
		t.Errorf("open tournaments: %+v", list)
	}
	e.gql("", listQuery, nil).decode(t, &list)
	if list.Tournaments.TotalCount != 2 || !list.Tournaments.PageInfo.HasNextPage || list.Tournaments.Edges[0].Node.Format != "SWISS" {
		t.Errorf("all tournaments, page 1: %+v", list)
	}
	e.gql("", listQuery, map[string]any{"after": list.Tournaments.Edges[0].Cursor}).decode(t, &list)
	if len(list.Tournaments.Edges) != 1 || list.Tournaments.PageInfo.HasNextPage || list.Tournaments.Edges[0].Node.Format != "ROUND_ROBIN" {
		t.Errorf("all tournaments, page 2: %+v", list)
	}
	if code := e.gql("", `{ tournament(id: "`+graph.GlobalID("Tournament", 999)+`") { id } }`, nil).code(t); code != string(graph.CodeNotFound) {
		t.Errorf("no such tournament: %s, want NOT_FOUND", code)
	}
	if code := e.gql("", `{ tournament(id: "`+graph.GlobalID("Game", id)+`") { id } }`, nil).code(t); code != string(graph.CodeNotFound) {
		t.Errorf("a game's id as a tournament's: %s, want NOT_FOUND", code)
	}
}

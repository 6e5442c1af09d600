package graph_test

import (
	"reflect"
	"slices"
	"testing"
)

// teamGameView is what the team tests read of a Game.
type teamGameView struct {
	ID    string `json:"id"`
	Teams []struct {
		Index     int    `json:"index"`
		Name      string `json:"name"`
		Color     string `json:"color"`
		Seats     []int  `json:"seats"`
		OpenSeats int    `json:"openSeats"`
	} `json:"teams"`
	TeamRules *struct {
		PlaceOnTeammates    bool   `json:"placeOnTeammates"`
		Fortify             string `json:"fortify"`
		AttackTeammates     bool   `json:"attackTeammates"`
		NoCardFromTeammates bool   `json:"noCardFromTeammates"`
		Handover            string `json:"handover"`
	} `json:"teamRules"`
	Winners []int `json:"winners"`
	Seats   []struct {
		Seat     int    `json:"seat"`
		Team     *int   `json:"team"`
		UserName string `json:"userName"`
		Place    *int   `json:"place"`
	} `json:"seats"`
}

const teamGameFields = `id teams { index name color seats openSeats }
	teamRules { placeOnTeammates fortify attackTeammates noCardFromTeammates handover }
	winners seats { seat team userName place }`

// teamMutation runs a createGame or joinGame with input as token: the game it answers with, and its
// userErrors.
func (e *env) teamMutation(token, name string, input map[string]any) (*teamGameView, []userError) {
	e.t.Helper()
	var out map[string]struct {
		Game       *teamGameView `json:"game"`
		UserErrors []userError   `json:"userErrors"`
	}
	e.gql(token, `mutation($input: `+gameInputTypes[name]+`!) { `+name+`(input: $input) { game { `+teamGameFields+
		` } userErrors { code field message } } }`, map[string]any{"input": input}).decode(e.t, &out)
	return out[name].Game, out[name].UserErrors
}

// teamSeats returns the seats of a team game: HUMAN (the creator's) on team 0, the rest open, by teams.
func teamSeats(teams ...int) []map[string]any {
	colors := []string{"#b01010", "#e04040", "#1060a0", "#4090d0", "#208020", "#60c060"}
	seats := make([]map[string]any, len(teams))
	for i, t := range teams {
		seats[i] = map[string]any{"kind": "OPEN", "color": colors[i], "team": t}
	}
	seats[0]["kind"] = "HUMAN"
	return seats
}

// A 2v2 is created with its teams and options, shows each team's seats and open seats, and is joined by
// team (docs/api.md, "Team games").
func TestTeamGameCreatedAndJoinedByTeam(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	g, ues := e.teamMutation(lena, "createGame", map[string]any{"mapKey": "classic",
		"seats":     teamSeats(0, 1, 0, 1),
		"teams":     []map[string]any{{"name": "North"}, {"name": "South", "color": "#123456"}},
		"teamRules": map[string]any{"fortify": "through_team", "handover": "cpu", "attackTeammates": true}})
	if len(ues) > 0 || g == nil {
		t.Fatalf("createGame: %+v", ues)
	}
	if len(g.Teams) != 2 || g.Teams[0].Name != "North" || g.Teams[0].Color != "#d62728" || g.Teams[1].Color != "#123456" {
		t.Errorf("teams %+v, want North in the first default hue and South in #123456", g.Teams)
	}
	if !reflect.DeepEqual(g.Teams[0].Seats, []int{0, 2}) || g.Teams[0].OpenSeats != 1 || !reflect.DeepEqual(g.Teams[1].Seats, []int{1, 3}) ||
		g.Teams[1].OpenSeats != 2 {
		t.Errorf("teams %+v, want North seats 0 and 2 (one open), South 1 and 3 (both open)", g.Teams)
	}
	if r := g.TeamRules; r == nil || r.Fortify != "through_team" || r.Handover != "cpu" || !r.AttackTeammates || r.PlaceOnTeammates {
		t.Errorf("teamRules %+v", g.TeamRules)
	}
	if g.Seats[3].Team == nil || *g.Seats[3].Team != 1 || g.Winners != nil {
		t.Errorf("seat 3 team %v, winners %v: want team 1 and no winners", g.Seats[3].Team, g.Winners)
	}
	joined, ues := e.teamMutation(mo, "joinGame", map[string]any{"gameId": g.ID, "team": 1})
	if len(ues) > 0 || joined.Seats[1].UserName != "mo" || joined.Teams[1].OpenSeats != 1 {
		t.Errorf("joinGame of team 1: %+v, seats %+v: want mo in seat 1, team 1's first", ues, joined.Seats)
	}
	zed, _ := e.signUp("zed")
	if _, ues := e.teamMutation(zed, "joinGame", map[string]any{"gameId": g.ID, "team": 2}); len(ues) != 1 || ues[0].Code != "INVALID_TEAMS" {
		t.Errorf("joinGame of team 2 of 2 teams: userErrors %+v, want INVALID_TEAMS", ues)
	}
	if j, ues := e.teamMutation(zed, "joinGame", map[string]any{"gameId": g.ID, "team": 0}); len(ues) > 0 || j.Seats[2].UserName != "zed" {
		t.Errorf("joinGame of team 0: %+v: want zed in seat 2", ues)
	}
	ann, _ := e.signUp("ann")
	if c := e.gql(ann, `mutation($id: ID!) { joinGame(input: {gameId: $id, team: 0}) { userErrors { code } } }`,
		map[string]any{"id": g.ID}).code(t); c != "CONFLICT" {
		t.Errorf("joinGame of full team 0: code %s, want CONFLICT", c)
	}
}

// A free-for-all shows no teams; a bad team setup is INVALID_TEAMS, a bad option INVALID_TEAM_RULES.
func TestTeamGameRefusedSetups(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	ffa, ues := e.teamMutation(lena, "createGame", map[string]any{"mapKey": "classic",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}})
	if len(ues) > 0 || ffa.Teams == nil || len(ffa.Teams) != 0 || ffa.TeamRules != nil || ffa.Seats[0].Team != nil {
		t.Errorf("a free-for-all: %+v, %+v: want teams [], no team rules, no seat team", ues, ffa)
	}
	two := []map[string]any{{"name": "A"}, {"name": "B"}}
	for _, c := range []struct {
		name  string
		input map[string]any
		code  string
	}{
		{"a seat without a team", map[string]any{"seats": append(teamSeats(0, 1, 0), map[string]any{"kind": "OPEN", "color": "x"}), "teams": two},
			"INVALID_TEAMS"},
		{"a seat's team without teams", map[string]any{"seats": teamSeats(0, 1)}, "INVALID_TEAMS"},
		{"a team without seats", map[string]any{"seats": teamSeats(0, 0), "teams": two}, "INVALID_TEAMS"},
		{"a team of five", map[string]any{"seats": teamSeats(0, 0, 0, 0, 0, 1), "teams": two}, "INVALID_TEAMS"},
		{"one team", map[string]any{"seats": teamSeats(0, 0), "teams": two[:1]}, "INVALID_TEAMS"},
		{"a seat of no team", map[string]any{"seats": teamSeats(0, 2), "teams": two}, "INVALID_TEAMS"},
		{"two teams of one name", map[string]any{"seats": teamSeats(0, 1), "teams": []map[string]any{{"name": "A"}, {"name": "A"}}},
			"INVALID_TEAMS"},
		{"a hue not #rrggbb", map[string]any{"seats": teamSeats(0, 1), "teams": []map[string]any{{"name": "A", "color": "red"}, {"name": "B"}}},
			"INVALID_TEAMS"},
		{"an unknown fortify", map[string]any{"seats": teamSeats(0, 1), "teams": two, "teamRules": map[string]any{"fortify": "anywhere"}},
			"INVALID_TEAM_RULES"},
		{"an unknown handover", map[string]any{"seats": teamSeats(0, 1), "teams": two, "teamRules": map[string]any{"handover": "ghost"}},
			"INVALID_TEAM_RULES"},
		{"options without teams", map[string]any{"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}},
			"teamRules": map[string]any{"placeOnTeammates": true}}, "INVALID_TEAM_RULES"},
	} {
		c.input["mapKey"] = "classic"
		if g, ues := e.teamMutation(lena, "createGame", c.input); g != nil || len(ues) != 1 || ues[0].Code != c.code {
			t.Errorf("%s: game %v, userErrors %+v, want %s", c.name, g, ues, c.code)
		}
	}
}

// handoverView is what TestHandoverThroughTheAPI reads of a game as one viewer.
type handoverView struct {
	CurrentSeat    int   `json:"currentSeat"`
	ViewerPlaysFor []int `json:"viewerPlaysFor"`
	ViewerTurn     bool  `json:"viewerTurn"`
	Seats          []struct {
		Seat         int    `json:"seat"`
		Status       string `json:"status"`
		HandedOver   bool   `json:"handedOver"`
		PlayedBy     string `json:"playedBy"`
		PlayedBySeat *int   `json:"playedBySeat"`
		Cards        []int  `json:"cards"`
		CardCount    *int   `json:"cardCount"`
	} `json:"seats"`
	Own []struct {
		Kind string `json:"kind"`
	} `json:"own"`
	For []struct {
		Kind string  `json:"kind"`
		From *string `json:"from"`
		Max  *int    `json:"max"`
	} `json:"for"`
}

// TestHandoverThroughTheAPI (docs/api.md, "Team games"; R90 with `handover: teammate`): the player to
// move resigns; their seat stays, shown handed over to their teammate, who alone sees its cards and its
// actions (viewerActions(seat:)) and plays it (placeArmies with `seat`), and whose turn it is now
// (viewerTurn, the yourTurn filter); an opponent who names the seat is FORBIDDEN, and the player who left
// can no longer act.
func TestHandoverThroughTheAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	tokens := make([]string, 4)
	tokens[0], _ = e.signUp("ana")
	g, ues := e.teamMutation(tokens[0], "createGame", map[string]any{"mapKey": "classic", "seats": teamSeats(0, 1, 0, 1),
		"teams": []map[string]any{{"name": "North"}, {"name": "South"}}, "teamRules": map[string]any{"handover": "teammate"}})
	if len(ues) > 0 {
		t.Fatalf("createGame: %+v", ues)
	}
	for i, name := range []string{"ben", "cy", "dee"} {
		tokens[i+1], _ = e.signUp(name)
		if _, ues := e.teamMutation(tokens[i+1], "joinGame", map[string]any{"gameId": g.ID, "team": (i + 1) % 2}); len(ues) > 0 {
			t.Fatalf("joinGame: %+v", ues)
		}
	}
	noUserErrors(t, "startGame", e.gameMutation(tokens[0], "startGame", map[string]any{"gameId": g.ID}))
	read := func(token string, seat int) handoverView {
		var out struct {
			Game handoverView `json:"game"`
		}
		e.gql(token, `query($id: ID!, $seat: Int) { game(id: $id) { currentSeat viewerPlaysFor viewerTurn
			seats { seat status handedOver playedBy playedBySeat cards cardCount }
			own: viewerActions { kind } for: viewerActions(seat: $seat, kind: "place") { kind from max } } }`,
			map[string]any{"id": g.ID, "seat": seat}).decode(t, &out)
		return out.Game
	}
	// The seats by user: ana 0, ben 1, cy 2, dee 3 (joined by team); x is the seat to move, y its teammate.
	x := read(tokens[0], 0).CurrentSeat
	y, opp := (x+2)%4, (x+1)%4
	var resigned map[string]playPayload
	e.gql(tokens[x], `mutation($id: ID!) { resign(input: {gameId: $id}) { events { seat kind } userErrors { code } } }`,
		map[string]any{"id": g.ID}).decode(t, &resigned)
	if ev := resigned["resign"].Events; len(ev) != 1 || ev[0].Kind != "seat_handed_over" {
		t.Fatalf("the resignation's events: %+v", ev)
	}

	mate := read(tokens[y], x)
	s := mate.Seats[x]
	if !s.HandedOver || s.Status != "active" || s.PlayedBy != "TEAMMATE" || s.PlayedBySeat == nil || *s.PlayedBySeat != y ||
		s.Cards == nil || !reflect.DeepEqual(mate.ViewerPlaysFor, []int{x}) {
		t.Errorf("the teammate sees the handed-over seat as %+v and plays for %v", s, mate.ViewerPlaysFor)
	}
	if len(mate.For) == 0 || mate.For[0].From == nil || mate.For[0].Max == nil {
		t.Fatalf("the teammate may not place for the seat: %+v", mate.For)
	}
	left, other := read(tokens[x], x), read(tokens[opp], x)
	if !mate.ViewerTurn || left.ViewerTurn || other.ViewerTurn {
		t.Errorf("viewerTurn: the teammate %v, the player who left %v, the opponent %v; want only the teammate's",
			mate.ViewerTurn, left.ViewerTurn, other.ViewerTurn)
	}
	for i, token := range tokens {
		ids, _ := e.gameList(t, token, `{mine: true, yourTurn: true}`)
		if waits := slices.Contains(ids, g.ID); waits != (i == y) {
			t.Errorf("seat %d's games waiting on them hold the game: %v, want %v", i, waits, i == y)
		}
	}
	if left.Seats[x].Cards != nil || len(left.Own) != 0 || len(left.For) != 0 || other.Seats[x].Cards != nil || len(other.For) != 0 ||
		len(other.ViewerPlaysFor) != 0 {
		t.Errorf("the player who left sees cards %v and actions %+v/%+v; the opponent cards %v, actions %+v",
			left.Seats[x].Cards, left.Own, left.For, other.Seats[x].Cards, other.For)
	}

	place := map[string]any{"gameId": g.ID, "seat": x,
		"placements": []map[string]any{{"territory": *mate.For[0].From, "armies": *mate.For[0].Max}}}
	if c := e.playMutateRaw(tokens[opp], "placeArmies", place).code(t); c != "FORBIDDEN" {
		t.Errorf("an opponent placed for the handed-over seat: code %q, want FORBIDDEN", c)
	}
	if c := e.playMutateRaw(tokens[x], "placeArmies", map[string]any{"gameId": g.ID,
		"placements": place["placements"]}).code(t); c != "FORBIDDEN" {
		t.Errorf("the player who left placed: code %q, want FORBIDDEN", c)
	}
	placed := e.playMutate(tokens[y], "placeArmies", place)
	if len(placed.UserErrors) > 0 || len(placed.Events) == 0 || placed.Events[0].Seat == nil || *placed.Events[0].Seat != x {
		t.Fatalf("the teammate's placement for the seat: %+v", placed)
	}
}

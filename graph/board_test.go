package graph_test

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"rout/game"
	routmaps "rout/maps"
)

// territoryView is a TerritoryState as the tests read it.
type territoryView struct {
	Key     string `json:"key"`
	Owner   *int   `json:"owner"`
	Neutral bool   `json:"neutral"`
	Armies  int    `json:"armies"`
}

// boardRead is a read of a game's seq with its board, whole and since a sequence number.
type boardRead struct {
	Seq   int             `json:"seq"`
	Board []territoryView `json:"board"`
	Since []territoryView `json:"since"`
}

// readBoard reads game id's seq, its whole board and its board since sinceSeq in one query, as token.
func (e *env) readBoard(token, id string, sinceSeq int) boardRead {
	e.t.Helper()
	var out struct {
		Game boardRead `json:"game"`
	}
	e.gql(token, `query($id: ID!, $since: Int) { game(id: $id) { seq board { key owner neutral armies }
		since: board(sinceSeq: $since) { key owner neutral armies } } }`, map[string]any{"id": id, "since": sinceSeq}).decode(e.t, &out)
	return out.Game
}

// territoryCell is a territory's owner (-1 for none), whether it is neutral, and its armies.
type territoryCell struct {
	owner   int
	neutral bool
	armies  int
}

// byKey returns a board by territory key.
func byKey(board []territoryView) map[string]territoryCell {
	m := make(map[string]territoryCell, len(board))
	for _, t := range board {
		c := territoryCell{owner: -1, neutral: t.Neutral, armies: t.Armies}
		if t.Owner != nil {
			c.owner = *t.Owner
		}
		m[t.Key] = c
	}
	return m
}

// mutate runs a mutation whose payload is `userErrors { code message }` and fails the test on errors of
// any kind.
func (e *env) mutate(token, query string, vars map[string]any) {
	e.t.Helper()
	var out map[string]struct {
		UserErrors []userError `json:"userErrors"`
	}
	e.gql(token, query, vars).decode(e.t, &out)
	for name, p := range out {
		if len(p.UserErrors) > 0 {
			e.t.Fatalf("%s: userErrors %+v", name, p.UserErrors)
		}
	}
}

// checkCatchUp checks that a board as of an earlier seq, with the territories changed since applied
// over it, is the board now, and returns how many territories changed.
func checkCatchUp(t *testing.T, what string, before []territoryView, now boardRead) int {
	t.Helper()
	caught := byKey(before)
	maps.Copy(caught, byKey(now.Since))
	if want := byKey(now.Board); !maps.Equal(caught, want) {
		for k, w := range want {
			if caught[k] != w {
				t.Errorf("%s: territory %s caught up as %+v, but the board has %+v", what, k, caught[k], w)
			}
		}
	}
	return len(now.Since)
}

// TestBoardSinceSeq: board(sinceSeq: N) gives the territories the events after N changed, so that a
// client with the board as of N catches up, across placements, battles, a conquest and a resignation,
// and from the start of the game.
func TestBoardSinceSeq(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	kim, _ := e.signUp("kim")
	created := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "seats": []map[string]any{
		{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}, {"kind": "OPEN", "color": "green"}}})
	noUserErrors(t, "createGame", created)
	id := created.Game.ID
	noUserErrors(t, "joinGame", e.gameMutation(mo, "joinGame", map[string]any{"gameId": id}))
	noUserErrors(t, "joinGame", e.gameMutation(kim, "joinGame", map[string]any{"gameId": id}))
	started := e.gameMutation(lena, "startGame", map[string]any{"gameId": id})
	noUserErrors(t, "startGame", started)
	tokens := map[string]string{"lena": lena, "mo": mo, "kim": kim}

	// From the start: the deal changed every territory.
	r := e.readBoard(lena, id, 0)
	if len(r.Board) != 42 || checkCatchUp(t, "from 0", nil, r) != 42 {
		t.Fatalf("board(sinceSeq: 0) has %d territories, want all 42 of the deal", len(r.Since))
	}
	if now := e.readBoard(lena, id, r.Seq); len(now.Since) != 0 {
		t.Errorf("board(sinceSeq: seq) = %+v, want no territory", now.Since)
	}

	// A turn: the placement, attacks (until a conquest or out of attacks), the turn's end.
	before := e.readBoard(lena, id, r.Seq)
	cur := tokens[started.Game.Seats[*started.Game.CurrentSeat].UserName]
	other := lena
	if cur == lena {
		other = mo
	}
	cur, from, to, _ := e.toAttack(cur, other, id)
	mid := e.readBoard(cur, id, before.Seq)
	checkCatchUp(t, "after the placement", before.Board, mid)
	p := e.gameMutation(cur, "attack", map[string]any{"gameId": id, "from": from, "to": to, "untilConquered": true})
	noUserErrors(t, "attack", p)
	after := e.readBoard(cur, id, mid.Seq)
	if n := checkCatchUp(t, "after the attack", mid.Board, after); n < 1 || n > 2 {
		t.Errorf("an attack from %s to %s changed %d territories, want 1 or 2: %+v", from, to, n, after.Since)
	}

	// A resignation turns every territory of the player neutral: all of them are in the changes.
	var resigner string
	for name, tok := range tokens {
		if tok != cur {
			resigner = name
			break
		}
	}
	owned := 0
	seat := -1
	for _, s := range e.gameAs(lena, id).Seats {
		if s.UserName == resigner {
			seat = s.Seat
		}
	}
	for _, ter := range after.Board {
		if ter.Owner != nil && *ter.Owner == seat {
			owned++
		}
	}
	noUserErrors(t, "resign", e.gameMutation(tokens[resigner], "resign", map[string]any{"gameId": id}))
	resigned := e.readBoard(lena, id, after.Seq)
	if n := checkCatchUp(t, "after the resignation", after.Board, resigned); n < owned || owned == 0 {
		t.Errorf("the resignation of seat %d with %d territories changed %d", seat, owned, n)
	}
	// From any point: the same catch-up.
	if checkCatchUp(t, "from the start", r.Board, e.readBoard(kim, id, r.Seq)); t.Failed() {
		return
	}

	for _, since := range []int{-1, resigned.Seq + 1} {
		got := e.gql(lena, `query($id: ID!, $since: Int) { game(id: $id) { board(sinceSeq: $since) { key } } }`,
			map[string]any{"id": id, "since": since})
		if c := got.code(t); c != "BAD_USER_INPUT" {
			t.Errorf("board(sinceSeq: %d) of a game at seq %d: code %s, want BAD_USER_INPUT", since, resigned.Seq, c)
		}
	}
}

// actionSummary is an ActionSummary as the tests read it.
type actionSummary struct {
	Kind  string   `json:"kind"`
	Count int      `json:"count"`
	From  []string `json:"from"`
}

// actionView is an Action as the tests read it.
type actionView struct {
	Kind string `json:"kind"`
	From string `json:"from"`
	To   string `json:"to"`
	Min  int    `json:"min"`
	Max  int    `json:"max"`

	DefendDice *int `json:"defendDice"`
}

// bigBoardTerritories is the size of the map of TestBigBoardActions: 5,000 (the engine's large map) in
// a full run, 1,000 with -short.
func bigBoardTerritories() int {
	if testing.Short() {
		return 1000
	}
	return 5000
}

// TestBigBoardActions: on a big board, the summary of the viewer's actions and the actions of one
// territory are what the full list holds, the full list is refused past 1,000 actions, and an attack
// costs a board read of the territories it changed only.
func TestBigBoardActions(t *testing.T) {
	t.Parallel()
	n := bigBoardTerritories()
	e := newEnv(t, nil)
	m, err := routmaps.Generate(routmaps.GenerateOpts{Territories: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.SeedMap(t.Context(), e.db, m, false); err != nil {
		t.Fatal(err)
	}
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	create := `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } userErrors { code message } } }`
	var created struct {
		CreateGame struct {
			Game       struct{ ID string } `json:"game"`
			UserErrors []userError         `json:"userErrors"`
		} `json:"createGame"`
	}
	e.gql(lena, create, map[string]any{"input": map[string]any{"mapKey": m.ID, "seats": []map[string]any{
		{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}}}).decode(t, &created)
	if len(created.CreateGame.UserErrors) > 0 {
		t.Fatalf("createGame: %+v", created.CreateGame.UserErrors)
	}
	id := created.CreateGame.Game.ID
	lobby := `mutation($id: ID!) { %s(input: {gameId: $id}) { userErrors { code message } } }`
	e.mutate(mo, fmt.Sprintf(lobby, "joinGame"), map[string]any{"id": id})
	e.mutate(lena, fmt.Sprintf(lobby, "startGame"), map[string]any{"id": id})

	type view struct {
		Seq                 int    `json:"seq"`
		Phase               string `json:"phase"`
		Version             int    `json:"version"`
		Seats               []struct{ UserName string }
		CurrentSeat         int             `json:"currentSeat"`
		ViewerActionSummary []actionSummary `json:"viewerActionSummary"`
	}
	read := func(token string) view {
		t.Helper()
		var out struct{ Game view }
		e.gql(token, `query($id: ID!) { game(id: $id) { seq phase version currentSeat seats { userName }
			viewerActionSummary { kind count from } } }`, map[string]any{"id": id}).decode(t, &out)
		return out.Game
	}
	g := read(lena)
	cur := lena
	if g.Seats[g.CurrentSeat].UserName != "lena" {
		cur = mo
	}
	g = read(cur)
	actionsFrom := func(from string) []actionView {
		t.Helper()
		var out struct {
			Game struct{ ViewerActions []actionView }
		}
		e.gql(cur, `query($id: ID!, $from: String) { game(id: $id) { viewerActions(from: $from) { kind from to min max } } }`,
			map[string]any{"id": id, "from": from}).decode(t, &out)
		return out.Game.ViewerActions
	}
	summary := func(v view, kind string) actionSummary {
		for _, s := range v.ViewerActionSummary {
			if s.Kind == kind {
				return s
			}
		}
		return actionSummary{}
	}

	// Reinforcement: one place action per territory of the player; all of the reserve on one of them.
	place := summary(g, "place")
	if g.Phase != "reinforce" || place.Count == 0 || place.Count != len(place.From) {
		t.Fatalf("the first turn: phase %s, place summary %+v, want reinforce with one place action per territory", g.Phase, place)
	}
	acts := actionsFrom(place.From[0])
	if len(acts) != 1 || acts[0].Kind != "place" || acts[0].From != place.From[0] {
		t.Fatalf("viewerActions(from: %s) = %+v, want its one place action", place.From[0], acts)
	}
	placeArmies := `mutation($input: PlaceArmiesInput!) { placeArmies(input: $input) { userErrors { code message } } }`
	e.mutate(cur, placeArmies, map[string]any{"input": map[string]any{"gameId": id,
		"placements": []map[string]any{{"territory": place.From[0], "armies": acts[0].Max}}}})

	// Attack: the summary bounds what the full list would hold; the list itself is refused past 1,000.
	g = read(cur)
	attack := summary(g, "attack")
	total := 0
	for _, s := range g.ViewerActionSummary {
		total += s.Count
	}
	if g.Phase != "attack" || attack.Count == 0 {
		t.Fatalf("after the placement: phase %s, attack summary %+v", g.Phase, attack)
	}
	full := e.gql(cur, `query($id: ID!) { game(id: $id) { viewerActions { kind from to } } }`, map[string]any{"id": id})
	if total > 1000 {
		if c := full.code(t); c != "BAD_USER_INPUT" {
			t.Errorf("viewerActions of %d actions: code %s, want BAD_USER_INPUT", total, c)
		}
	} else {
		var out struct {
			Game struct{ ViewerActions []actionView }
		}
		full.decode(t, &out)
		if len(out.Game.ViewerActions) != total {
			t.Errorf("viewerActions lists %d actions, the summary counts %d", len(out.Game.ViewerActions), total)
		}
	}
	if n == 5000 && total <= 1000 {
		t.Errorf("the attack phase on %d territories has %d actions: the refusal past 1,000 is not tested", n, total)
	}
	// The actions of a few territories the summary names are attacks (and fortify moves, which end the
	// attack phase) from them, within the summary's count.
	seen := 0
	var from, to string
	for _, key := range attack.From[:min(5, len(attack.From))] {
		for _, a := range actionsFrom(key) {
			if a.From != key || (a.Kind != "attack" && a.Kind != "fortify") {
				t.Errorf("viewerActions(from: %s) holds %+v", key, a)
			}
			if a.Kind == "attack" {
				seen++
				from, to = a.From, a.To
			}
		}
	}
	if seen == 0 || seen > attack.Count {
		t.Errorf("the attacks of %d territories: %d, of the summary's %d", min(5, len(attack.From)), seen, attack.Count)
	}
	for _, key := range place.From {
		if !slices.Contains(attack.From, key) && !slices.Contains(summary(g, "fortify").From, key) {
			if acts := actionsFrom(key); len(acts) != 0 {
				t.Errorf("viewerActions(from: %s), a territory the summary names for no action: %+v", key, acts)
			}
			break
		}
	}
	if c := e.gql(cur, `query($id: ID!) { game(id: $id) { viewerActions(from: "nowhere") { kind } } }`,
		map[string]any{"id": id}).code(t); c != "BAD_USER_INPUT" {
		t.Errorf("viewerActions(from: unknown): code %s, want BAD_USER_INPUT", c)
	}

	// By kind: the trades are never refused (bounded by the hand: none here, the hand is empty), the
	// other kinds as the whole list, and an unknown kind is refused with its reason.
	byKind := func(kind string, from *string) *response {
		return e.gql(cur, `query($id: ID!, $kind: String, $from: String) { game(id: $id) { viewerActions(kind: $kind, from: $from) { kind from to defendDice } } }`,
			map[string]any{"id": id, "kind": kind, "from": from})
	}
	decodeActions := func(r *response) []actionView {
		t.Helper()
		var out struct {
			Game struct{ ViewerActions []actionView }
		}
		r.decode(t, &out)
		return out.Game.ViewerActions
	}
	if acts := decodeActions(byKind("trade", nil)); len(acts) != 0 {
		t.Errorf("viewerActions(kind: trade) with an empty hand = %+v", acts)
	}
	if acts := decodeActions(byKind("end_attack", nil)); len(acts) != 1 || acts[0].Kind != "end_attack" {
		t.Errorf("viewerActions(kind: end_attack) = %+v, want the one end_attack", acts)
	}
	if r := byKind("attack", nil); attack.Count > 1000 && r.code(t) != "BAD_USER_INPUT" {
		t.Errorf("viewerActions(kind: attack) of %d attacks: code %s, want BAD_USER_INPUT", attack.Count, r.code(t))
	}
	if acts := decodeActions(byKind("attack", &from)); len(acts) == 0 || slices.ContainsFunc(acts, func(a actionView) bool {
		return a.Kind != "attack" || a.From != from || a.DefendDice == nil
	}) {
		t.Errorf("viewerActions(kind: attack, from: %s) = %+v, want its attacks with their defender's dice", from, acts)
	}
	unknown := byKind("dance", nil)
	if c := unknown.code(t); c != "BAD_USER_INPUT" || len(unknown.Errors) == 0 || unknown.Errors[0].Extensions["reason"] != "UNKNOWN_ACTION_KIND" {
		t.Errorf("viewerActions(kind: dance): %+v, want BAD_USER_INPUT of reason UNKNOWN_ACTION_KIND", unknown.Errors)
	}

	// One attack: the catch-up read holds the one or two territories it changed, not the board.
	before := e.readBoard(cur, id, g.Seq)
	attackMutation := `mutation($input: AttackInput!) { attack(input: $input) { userErrors { code message } } }`
	e.mutate(cur, attackMutation, map[string]any{"input": map[string]any{"gameId": id, "from": from, "to": to}})
	after := e.readBoard(cur, id, before.Seq)
	if len(after.Board) != n {
		t.Fatalf("the board has %d territories, want %d", len(after.Board), n)
	}
	if c := checkCatchUp(t, "after an attack", before.Board, after); c < 1 || c > 2 {
		t.Errorf("board(sinceSeq) after one attack: %d territories, want 1 or 2", c)
	}
}

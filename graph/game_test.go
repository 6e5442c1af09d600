package graph_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"slices"
	"testing"

	routmaps "rout/maps"
	"rout/rules"
)

// gameView is what the tests read of a Game.
type gameView struct {
	ID          string  `json:"id"`
	Status      string  `json:"status"`
	Phase       string  `json:"phase"`
	Version     int     `json:"version"`
	CurrentSeat *int    `json:"currentSeat"`
	InviteCode  *string `json:"inviteCode"`
	Seats       []struct {
		Seat      int    `json:"seat"`
		UserName  string `json:"userName"`
		CardCount int    `json:"cardCount"`
		Cards     []int  `json:"cards"`
	} `json:"seats"`
	Board []struct {
		Key    string `json:"key"`
		Owner  *int   `json:"owner"`
		Armies int    `json:"armies"`
	} `json:"board"`
	ViewerActions []struct {
		Kind string `json:"kind"`
		From string `json:"from"`
		To   string `json:"to"`
		Min  int    `json:"min"`
		Max  int    `json:"max"`
	} `json:"viewerActions"`
}

const gameFields = `id status phase version currentSeat inviteCode
	seats { seat userName cardCount cards }
	board { key owner armies }
	viewerActions { kind from to min max }`

// gamePayload is the data of a game mutation.
type gamePayload struct {
	Game   *gameView `json:"game"`
	Events []struct {
		Seq     int            `json:"seq"`
		Kind    string         `json:"kind"`
		Payload map[string]any `json:"payload"`
	} `json:"events"`
	UserErrors []userError `json:"userErrors"`
}

// gameMutation runs mutation name with input as token and returns its payload; the response must hold
// no top-level error.
func (e *env) gameMutation(token, name string, input map[string]any) gamePayload {
	e.t.Helper()
	r := e.gameMutationRaw(token, name, input)
	var out map[string]gamePayload
	r.decode(e.t, &out)
	return out[name]
}

func (e *env) gameMutationRaw(token, name string, input map[string]any) *response {
	e.t.Helper()
	q := fmt.Sprintf(`mutation($input: %s!) { %s(input: $input) { game { %s } events { seq kind payload } userErrors { code field message } } }`,
		gameInputTypes[name], name, gameFields)
	return e.gql(token, q, map[string]any{"input": input})
}

// gameInputTypes names the input type of every game mutation.
var gameInputTypes = map[string]string{
	"createGame": "CreateGameInput", "joinGame": "JoinGameInput", "startGame": "GameInput", "leaveGame": "GameInput",
	"claimTerritory": "ClaimTerritoryInput", "placeArmies": "PlaceArmiesInput", "attack": "AttackInput",
	"occupy": "OccupyInput", "endAttack": "TurnInput", "endTurn": "TurnInput", "fortify": "FortifyInput",
	"resign": "TurnInput", "tradeCards": "TradeCardsInput",
}

// gameAs reads a game as token.
func (e *env) gameAs(token, id string) gameView {
	e.t.Helper()
	var out struct {
		Game *gameView `json:"game"`
	}
	e.gql(token, `query($id: ID!) { game(id: $id) { `+gameFields+` } }`, map[string]any{"id": id}).decode(e.t, &out)
	if out.Game == nil {
		e.t.Fatalf("game %s: null", id)
	}
	return *out.Game
}

// allEvents pages through a game's events as token.
func (e *env) allEvents(token, id string) []map[string]any {
	e.t.Helper()
	var all []map[string]any
	after := 0
	for {
		var out struct {
			Game struct {
				Events []map[string]any `json:"events"`
			} `json:"game"`
		}
		e.gql(token, `query($id: ID!, $after: Int) { game(id: $id) { events(after: $after, first: 100) { seq kind seat payload } } }`,
			map[string]any{"id": id, "after": after}).decode(e.t, &out)
		if len(out.Game.Events) == 0 {
			return all
		}
		all = append(all, out.Game.Events...)
		after = int(out.Game.Events[len(out.Game.Events)-1]["seq"].(float64))
	}
}

func noUserErrors(t *testing.T, what string, p gamePayload) {
	t.Helper()
	if len(p.UserErrors) > 0 {
		t.Fatalf("%s: userErrors %+v", what, p.UserErrors)
	}
}

func TestGamePlayedThroughTheAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	outsider, _ := e.signUp("zed")

	created := e.gameMutation(lena, "createGame", map[string]any{
		"mapKey": "classic", "claim": "round_robin",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}},
	})
	noUserErrors(t, "createGame", created)
	g := created.Game
	if g == nil || g.Status != "open" || len(g.Seats) != 2 || g.Seats[0].UserName != "lena" {
		t.Fatalf("created game = %+v", g)
	}
	id := g.ID

	noUserErrors(t, "joinGame", e.gameMutation(mo, "joinGame", map[string]any{"gameId": id}))
	if c := e.gameMutationRaw(mo, "startGame", map[string]any{"gameId": id}).code(t); c != "FORBIDDEN" {
		t.Errorf("startGame by a non-creator: code %s, want FORBIDDEN", c)
	}
	started := e.gameMutation(lena, "startGame", map[string]any{"gameId": id})
	noUserErrors(t, "startGame", started)
	if started.Game.Status != "active" || started.Game.Phase != "claim" || len(started.Events) == 0 {
		t.Fatalf("started game = %+v, %d events", started.Game, len(started.Events))
	}

	tokens := map[string]string{"lena": lena, "mo": mo}
	tokenOf := func(g gameView) (current, other string) {
		name := g.Seats[*g.CurrentSeat].UserName
		for n, tok := range tokens {
			if n != name {
				other = tok
			}
		}
		return tokens[name], other
	}

	// A stale version is a CONFLICT; a command out of turn is NOT_YOUR_TURN.
	g = started.Game
	cur, other := tokenOf(*g)
	claimable := e.gameAs(cur, id).ViewerActions[0].From
	stale := e.gameMutationRaw(cur, "claimTerritory", map[string]any{"gameId": id, "territory": claimable, "expectedVersion": g.Version - 1})
	if c := stale.code(t); c != "CONFLICT" {
		t.Errorf("stale expectedVersion: code %s, want CONFLICT", c)
	}
	outOfTurn := e.gameMutation(other, "claimTerritory", map[string]any{"gameId": id, "territory": claimable})
	if codesOf(outOfTurn.UserErrors) != "NOT_YOUR_TURN[]" {
		t.Errorf("claim out of turn: userErrors %+v, want NOT_YOUR_TURN", outOfTurn.UserErrors)
	}
	unknown := e.gameMutation(cur, "claimTerritory", map[string]any{"gameId": id, "territory": "atlantis"})
	if codesOf(unknown.UserErrors) != "UNKNOWN_TERRITORY[input territory]" {
		t.Errorf("claim of an unknown territory: userErrors %+v", unknown.UserErrors)
	}

	// A retried command with the same idempotency key acts once and answers the same events.
	in := map[string]any{"gameId": id, "territory": claimable, "expectedVersion": g.Version, "idempotencyKey": "claim-1"}
	first := e.gameMutation(cur, "claimTerritory", in)
	noUserErrors(t, "claimTerritory", first)
	again := e.gameMutation(cur, "claimTerritory", in)
	noUserErrors(t, "claimTerritory retried", again)
	if len(first.Events) == 0 || len(again.Events) != len(first.Events) || again.Events[0].Seq != first.Events[0].Seq ||
		again.Game.Version != first.Game.Version {
		t.Errorf("retried claim: events %+v then %+v", first.Events, again.Events)
	}
	g = again.Game

	// Claim in round robin, then the placement turns, then game turns until a card is drawn.
	cardDrawn := false
	for step := 0; step < 400 && !cardDrawn; step++ {
		cur, _ = tokenOf(*g)
		view := e.gameAs(cur, id)
		acts := view.ViewerActions
		var p gamePayload
		switch view.Phase {
		case "claim":
			p = e.gameMutation(cur, "claimTerritory", map[string]any{"gameId": id, "territory": acts[0].From, "expectedVersion": view.Version})
		case "placement", "reinforce":
			i := 0
			for i < len(acts) && acts[i].Kind != "place" {
				i++
			}
			if i == len(acts) {
				t.Fatalf("phase %s without a place action: %+v", view.Phase, acts)
			}
			p = e.gameMutation(cur, "placeArmies", map[string]any{"gameId": id, "expectedVersion": view.Version,
				"placements": []map[string]any{{"territory": acts[i].From, "armies": acts[i].Max}}})
		case "attack":
			i := 0
			for i < len(acts) && acts[i].Kind != "attack" {
				i++
			}
			if i == len(acts) {
				p = e.gameMutation(cur, "endTurn", map[string]any{"gameId": id, "expectedVersion": view.Version})
				break
			}
			p = e.gameMutation(cur, "attack", map[string]any{"gameId": id, "from": acts[i].From, "to": acts[i].To,
				"untilConquered": true, "expectedVersion": view.Version})
		case "occupy":
			p = e.gameMutation(cur, "occupy", map[string]any{"gameId": id, "armies": acts[0].Max, "expectedVersion": view.Version})
			noUserErrors(t, "occupy", p)
			// End the turn with the conquest: the card is drawn then.
			p = e.gameMutation(cur, "endTurn", map[string]any{"gameId": id, "expectedVersion": p.Game.Version})
			for _, ev := range p.Events {
				if ev.Kind == "card_drawn" {
					cardDrawn = true
					if _, ok := ev.Payload["card"]; !ok {
						t.Errorf("card_drawn in the drawer's own payload hides the card: %v", ev.Payload)
					}
				}
			}
		default:
			t.Fatalf("unexpected phase %s", view.Phase)
		}
		noUserErrors(t, "step "+view.Phase, p)
		g = p.Game
	}
	if !cardDrawn {
		t.Fatal("no card was drawn in 400 steps")
	}

	// The territories connection pages through the board in map order, like board.
	view := e.gameAs(lena, id)
	var keys []string
	var cursor any
	for {
		var out struct {
			Game struct {
				Territories struct {
					TotalCount int `json:"totalCount"`
					Edges      []struct {
						Node struct {
							Key    string `json:"key"`
							Owner  *int   `json:"owner"`
							Armies int    `json:"armies"`
						} `json:"node"`
					} `json:"edges"`
					PageInfo struct {
						HasNextPage bool   `json:"hasNextPage"`
						EndCursor   string `json:"endCursor"`
					} `json:"pageInfo"`
				} `json:"territories"`
			} `json:"game"`
		}
		e.gql(mo, `query($id: ID!, $after: Cursor) { game(id: $id) { territories(first: 10, after: $after) {
			totalCount edges { node { key owner armies } } pageInfo { hasNextPage endCursor } } } }`,
			map[string]any{"id": id, "after": cursor}).decode(t, &out)
		conn := out.Game.Territories
		if conn.TotalCount != len(view.Board) {
			t.Fatalf("territories totalCount %d, board %d", conn.TotalCount, len(view.Board))
		}
		for _, edge := range conn.Edges {
			b := view.Board[len(keys)]
			if edge.Node.Key != b.Key || edge.Node.Armies != b.Armies || (edge.Node.Owner == nil) != (b.Owner == nil) {
				t.Errorf("territory %d: %+v, board %+v", len(keys), edge.Node, b)
			}
			keys = append(keys, edge.Node.Key)
		}
		if !conn.PageInfo.HasNextPage {
			break
		}
		cursor = conn.PageInfo.EndCursor
	}
	if len(keys) != len(view.Board) {
		t.Errorf("territories listed %d, board %d", len(keys), len(view.Board))
	}

	// Privacy: each viewer sees only their own hand, in game, node and events.
	for name, tok := range tokens {
		view := e.gameAs(tok, id)
		for _, s := range view.Seats {
			if s.UserName == name && s.Cards == nil {
				t.Errorf("%s cannot see their own hand", name)
			}
			if s.UserName != name && s.Cards != nil {
				t.Errorf("%s sees %s's hand %v", name, s.UserName, s.Cards)
			}
			if s.UserName != name && len(s.Cards) != s.CardCount && s.Cards != nil {
				t.Errorf("hand and count differ")
			}
		}
	}
	var node struct {
		Node struct {
			Seats []struct {
				CardCount int   `json:"cardCount"`
				Cards     []int `json:"cards"`
			} `json:"seats"`
		} `json:"node"`
	}
	e.gql(outsider, `query($id: ID!) { node(id: $id) { ... on Game { seats { cardCount cards } } } }`,
		map[string]any{"id": id}).decode(t, &node)
	held := 0
	for _, s := range node.Node.Seats {
		held += s.CardCount
		if s.Cards != nil {
			t.Errorf("node(game) for an outsider shows a hand: %v", s.Cards)
		}
	}
	if held == 0 {
		t.Error("node(game): no seat has a card after a card was drawn")
	}
	var moNode struct {
		Node struct {
			Seats []struct {
				UserName string `json:"userName"`
				Cards    []int  `json:"cards"`
			} `json:"seats"`
		} `json:"node"`
	}
	e.gql(mo, `query($id: ID!) { node(id: $id) { ... on Game { seats { userName cards } } } }`,
		map[string]any{"id": id}).decode(t, &moNode)
	for _, s := range moNode.Node.Seats {
		if (s.Cards != nil) != (s.UserName == "mo") {
			t.Errorf("node(game) for mo: %s's cards %v", s.UserName, s.Cards)
		}
	}
	for _, who := range []struct {
		name, token string
	}{{"lena", lena}, {"mo", mo}, {"zed", outsider}} {
		view := e.gameAs(who.token, id)
		mySeat := -1
		for _, s := range view.Seats {
			if s.UserName == who.name {
				mySeat = s.Seat
			}
		}
		for _, ev := range e.allEvents(who.token, id) {
			if ev["kind"] != "card_drawn" {
				continue
			}
			payload := ev["payload"].(map[string]any)
			_, sees := payload["card"]
			if mine := int(payload["player"].(float64)) == mySeat; sees != mine {
				b, _ := json.Marshal(payload)
				t.Errorf("%s (seat %d) sees card_drawn %s", who.name, mySeat, b)
			}
		}
	}

	// The record of a running game hides the cards from a viewer without a seat, like events.
	status, rec := e.recordOf("", id)
	if status != http.StatusOK {
		t.Fatalf("record.json: %d %v", status, rec)
	}
	hidden := 0
	for _, re := range rec["events"].([]any) {
		ev := re.(map[string]any)["event"].(map[string]any)
		if ev["kind"] != "card_drawn" {
			continue
		}
		if _, ok := ev["card"]; ok || ev["cardCount"] != 1.0 {
			t.Errorf("public record shows a drawn card: %v", ev)
		}
		hidden++
	}
	if hidden == 0 {
		t.Error("public record: no card_drawn event")
	}
}

func TestPrivateGameAndLobbyQueries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")

	created := e.gameMutation(lena, "createGame", map[string]any{
		"mapKey": "classic", "private": true,
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}, {"kind": "CPU", "color": "green", "difficulty": "easy"}},
	})
	noUserErrors(t, "createGame", created)
	g := created.Game
	if g.InviteCode == nil || *g.InviteCode == "" {
		t.Fatalf("the creator sees no invite code: %+v", g)
	}
	// Hidden from others until they join with the code.
	r := e.gql(mo, `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": g.ID})
	if c := r.code(t); c != "NOT_FOUND" {
		t.Errorf("node(private game) for an outsider: code %s", c)
	}
	if c := e.gameMutationRaw(mo, "joinGame", map[string]any{"gameId": g.ID}).code(t); c != "NOT_FOUND" {
		t.Errorf("joinGame without the code: %s", c)
	}
	joined := e.gameMutation(mo, "joinGame", map[string]any{"gameId": g.ID, "inviteCode": *g.InviteCode})
	noUserErrors(t, "joinGame", joined)
	if joined.Game.InviteCode != nil {
		t.Errorf("a player who is not the creator sees the invite code")
	}

	if ids, total := e.gameList(t, mo, `{mine: true}`); total != 1 || len(ids) != 1 || ids[0] != g.ID {
		t.Errorf("mo's games = %v (%d)", ids, total)
	}
	if ids, total := e.gameList(t, mo, `{openToJoin: true}`); total != 0 {
		t.Errorf("a private game is listed as open to join: %v (%d)", ids, total)
	}

	var misc struct {
		BattleOdds struct {
			AttackerWins float64 `json:"attackerWins"`
		} `json:"battleOdds"`
		Maps struct {
			Edges []struct {
				Node struct {
					Key     string `json:"key"`
					Version int    `json:"version"`
				} `json:"node"`
			} `json:"edges"`
		} `json:"maps"`
	}
	e.gql("", `{ battleOdds(attackers: 3, defenders: 1) { attackerWins } maps(filter: {search: "classic"}) { edges { node { key version } } } }`, nil).decode(t, &misc)
	if w := misc.BattleOdds.AttackerWins; w <= 0.5 || w >= 1 {
		t.Errorf("battleOdds(3, 1) = %v", w)
	}
	if len(misc.Maps.Edges) != 1 || misc.Maps.Edges[0].Node.Key != "classic" {
		t.Errorf("maps = %+v", misc.Maps)
	}
	if c := e.gql("", `{ battleOdds(attackers: 0, defenders: 1) { attackerWins } }`, nil).code(t); c != "BAD_USER_INPUT" {
		t.Errorf("battleOdds(0, 1): code %s", c)
	}

	// Leaving frees the seat.
	left := e.gameMutation(mo, "leaveGame", map[string]any{"gameId": g.ID})
	noUserErrors(t, "leaveGame", left)
	if left.Game.Seats[1].UserName != "" {
		t.Errorf("seat 1 after leaving: %+v", left.Game.Seats[1])
	}
}

// TestRollOddsThroughTheAPI: rollOdds answers the exact distribution of one roll for every dice count the
// rules allow, best first for the attacker, and BAD_USER_INPUT for any other.
func TestRollOddsThroughTheAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	type outcome struct {
		AttackerLosses int     `json:"attackerLosses"`
		DefenderLosses int     `json:"defenderLosses"`
		Probability    float64 `json:"probability"`
	}
	cases := []struct {
		attack, defend int
		want           []outcome
	}{
		{1, 1, []outcome{{0, 1, 15.0 / 36}, {1, 0, 21.0 / 36}}},
		{2, 1, []outcome{{0, 1, 125.0 / 216}, {1, 0, 91.0 / 216}}},
		{3, 1, []outcome{{0, 1, 855.0 / 1296}, {1, 0, 441.0 / 1296}}},
		{1, 2, []outcome{{0, 1, 55.0 / 216}, {1, 0, 161.0 / 216}}},
		{2, 2, []outcome{{0, 2, 295.0 / 1296}, {1, 1, 420.0 / 1296}, {2, 0, 581.0 / 1296}}},
		{3, 2, []outcome{{0, 2, 2890.0 / 7776}, {1, 1, 2611.0 / 7776}, {2, 0, 2275.0 / 7776}}},
	}
	for _, c := range cases {
		var out struct {
			RollOdds []outcome `json:"rollOdds"`
		}
		e.gql("", `query($a: Int!, $d: Int!) { rollOdds(attackDice: $a, defendDice: $d) { attackerLosses defenderLosses probability } }`,
			map[string]any{"a": c.attack, "d": c.defend}).decode(t, &out)
		if len(out.RollOdds) != len(c.want) {
			t.Errorf("rollOdds(%d, %d) = %+v, want %+v", c.attack, c.defend, out.RollOdds, c.want)
			continue
		}
		for i, o := range out.RollOdds {
			w := c.want[i]
			if o.AttackerLosses != w.AttackerLosses || o.DefenderLosses != w.DefenderLosses || math.Abs(o.Probability-w.Probability) > 1e-12 {
				t.Errorf("rollOdds(%d, %d)[%d] = %+v, want %+v", c.attack, c.defend, i, o, w)
			}
		}
	}
	for _, dice := range [][2]int{{0, 1}, {4, 1}, {1, 0}, {3, 3}, {-1, 2}} {
		r := e.gql("", `query($a: Int!, $d: Int!) { rollOdds(attackDice: $a, defendDice: $d) { probability } }`,
			map[string]any{"a": dice[0], "d": dice[1]})
		if c := r.code(t); c != "BAD_USER_INPUT" {
			t.Errorf("rollOdds(%d, %d): code %s, want BAD_USER_INPUT", dice[0], dice[1], c)
		}
	}
}

// reinforcementsView is Game.reinforcements as the tests read it.
type reinforcementsView struct {
	Seat            int `json:"seat"`
	Territories     int `json:"territories"`
	FromTerritories int `json:"fromTerritories"`
	Areas           []struct {
		Key   string `json:"key"`
		Name  string `json:"name"`
		Bonus int    `json:"bonus"`
	} `json:"areas"`
	Minimum   int `json:"minimum"`
	Total     int `json:"total"`
	FromCards int `json:"fromCards"`
}

// reinforcementsFields selects every field of Game.reinforcements.
const reinforcementsFields = `reinforcements { seat territories fromTerritories areas { key name bonus } minimum total fromCards }`

// checkReinforcements checks Game.reinforcements, read in the reinforcement phase of seat's game turn,
// against the board the same query read (board, in map order) and the armies the turn started with.
func checkReinforcements(t *testing.T, b *rules.Board, r *reinforcementsView, seat int, owners []*int, granted, traded int) {
	t.Helper()
	if r == nil {
		t.Fatalf("R12 no reinforcements in the reinforcement phase of seat %d", seat)
	}
	owned := 0
	for _, o := range owners {
		if o != nil && *o == seat {
			owned++
		}
	}
	var keys []string
	bonus := 0
	for _, a := range b.Areas() {
		whole := true
		for _, terr := range a.Territories {
			whole = whole && owners[terr] != nil && *owners[terr] == seat
		}
		if whole {
			keys = append(keys, a.Key)
			bonus += a.Bonus
		}
	}
	var got []string
	for _, a := range r.Areas {
		got = append(got, a.Key)
	}
	if r.Seat != seat || r.Territories != owned || r.FromTerritories != owned/3 || r.Minimum != 3 ||
		!slices.Equal(got, keys) || r.Total != max(3, max(3, owned/3)+bonus) || r.Total != granted || r.FromCards != traded {
		t.Fatalf("R12 seat %d owns %d territories and the areas %v, was granted %d and traded for %d: reinforcements %+v",
			seat, owned, keys, granted, traded, r)
	}
}

// TestRoundAndReinforcementsThroughTheAPI: every viewer, seated or not, reads the round and, in the
// reinforcement phase, how the reinforcements of the seat to move were counted: none before the start,
// round 1 for both seats' first turns, round 2 after.
func TestRoundAndReinforcementsThroughTheAPI(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	lena, _ := e.signUp("lena")
	mo, _ := e.signUp("mo")
	zed, _ := e.signUp("zed")
	m, _ := routmaps.Builtin(routmaps.ClassicID)
	b, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	type view struct {
		Phase          string              `json:"phase"`
		Version        int                 `json:"version"`
		CurrentSeat    *int                `json:"currentSeat"`
		Round          int                 `json:"round"`
		Reinforcements *reinforcementsView `json:"reinforcements"`
		Board          []struct {
			Owner *int `json:"owner"`
		} `json:"board"`
		Seats []struct {
			UserName string `json:"userName"`
		} `json:"seats"`
		ViewerActions []struct {
			Kind string `json:"kind"`
			From string `json:"from"`
			Max  int    `json:"max"`
		} `json:"viewerActions"`
	}
	read := func(token, id string) view {
		t.Helper()
		var out struct {
			Game view `json:"game"`
		}
		e.gql(token, `query($id: ID!) { game(id: $id) { phase version currentSeat round `+reinforcementsFields+`
			board { owner } seats { userName } viewerActions { kind from max } } }`, map[string]any{"id": id}).decode(t, &out)
		return out.Game
	}
	created := e.gameMutation(lena, "createGame", map[string]any{"mapKey": "classic", "claim": "random",
		"seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}})
	noUserErrors(t, "createGame", created)
	id := created.Game.ID
	if v := read(zed, id); v.Round != 0 || v.Reinforcements != nil {
		t.Errorf("R10 an open game: round %d, reinforcements %+v", v.Round, v.Reinforcements)
	}
	noUserErrors(t, "joinGame", e.gameMutation(mo, "joinGame", map[string]any{"gameId": id}))
	noUserErrors(t, "startGame", e.gameMutation(lena, "startGame", map[string]any{"gameId": id}))
	tokens := map[string]string{"lena": lena, "mo": mo}
	var rounds []int
	for turn := range 3 {
		// The armies the turn started with, from the record.
		granted := 0
		for _, ev := range e.allEvents(zed, id) {
			if ev["kind"] == "turn_started" {
				granted = int(ev["payload"].(map[string]any)["armies"].(float64))
			}
		}
		var seen []view
		for _, tok := range []string{zed, lena, mo, ""} {
			v := read(tok, id)
			if v.Phase != "reinforce" || v.CurrentSeat == nil {
				t.Fatalf("turn %d: phase %s, current seat %v", turn, v.Phase, v.CurrentSeat)
			}
			owners := make([]*int, len(v.Board))
			for i, terr := range v.Board {
				owners[i] = terr.Owner
			}
			checkReinforcements(t, b, v.Reinforcements, *v.CurrentSeat, owners, granted, 0)
			seen = append(seen, v)
		}
		for _, v := range seen[1:] {
			if v.Round != seen[0].Round || !reflect.DeepEqual(v.Reinforcements, seen[0].Reinforcements) {
				t.Errorf("turn %d: viewers read round %d, %+v and round %d, %+v", turn, seen[0].Round, seen[0].Reinforcements,
					v.Round, v.Reinforcements)
			}
		}
		rounds = append(rounds, seen[0].Round)
		cur := tokens[seen[0].Seats[*seen[0].CurrentSeat].UserName]
		mine := read(cur, id)
		i := slices.IndexFunc(mine.ViewerActions, func(a struct {
			Kind string `json:"kind"`
			From string `json:"from"`
			Max  int    `json:"max"`
		}) bool {
			return a.Kind == "place"
		})
		placed := e.gameMutation(cur, "placeArmies", map[string]any{"gameId": id, "expectedVersion": mine.Version,
			"placements": []map[string]any{{"territory": mine.ViewerActions[i].From, "armies": mine.ViewerActions[i].Max}}})
		noUserErrors(t, "placeArmies", placed)
		if v := read(zed, id); v.Phase != "attack" || v.Reinforcements != nil || v.Round != seen[0].Round {
			t.Fatalf("R12 after placing: phase %s, reinforcements %+v, round %d", v.Phase, v.Reinforcements, v.Round)
		}
		noUserErrors(t, "endTurn", e.gameMutation(cur, "endTurn", map[string]any{"gameId": id, "expectedVersion": placed.Game.Version}))
	}
	if want := []int{1, 1, 2}; !slices.Equal(rounds, want) {
		t.Errorf("R10 rounds of the first three game turns: got %v, want %v", rounds, want)
	}
}

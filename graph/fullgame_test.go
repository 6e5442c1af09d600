package graph_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/graph"
	routmaps "rout/maps"
	"rout/rules"
)

// playView is a Game as the tests that play whole games read it.
type playView struct {
	ID            string          `json:"id"`
	Status        string          `json:"status"`
	Phase         string          `json:"phase"`
	Turn          int             `json:"turn"`
	Round         int             `json:"round"`
	Version       int             `json:"version"`
	CurrentSeat   *int            `json:"currentSeat"`
	Claim         string          `json:"claim"`
	CardSystem    string          `json:"cardSystem"`
	Seats         []playSeat      `json:"seats"`
	Board         []playTerritory `json:"board"`
	ViewerActions []playAction    `json:"viewerActions"`
	Events        []playEvent     `json:"events"`

	Reinforcements *reinforcementsView `json:"reinforcements"`
}

type playSeat struct {
	Seat      int    `json:"seat"`
	UserName  string `json:"userName"`
	Status    string `json:"status"`
	CardCount int    `json:"cardCount"`
	Cards     []int  `json:"cards"`
}

type playTerritory struct {
	Key     string `json:"key"`
	Owner   *int   `json:"owner"`
	Neutral bool   `json:"neutral"`
	Armies  int    `json:"armies"`
}

type playAction struct {
	Kind  string `json:"kind"`
	From  string `json:"from"`
	To    string `json:"to"`
	Cards []int  `json:"cards"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`

	Worth            *int     `json:"worth"`
	BonusTerritories []string `json:"bonusTerritories"`
	BonusArmies      *int     `json:"bonusArmies"`
	DefendDice       *int     `json:"defendDice"`
}

type playEvent struct {
	Seq     int            `json:"seq"`
	Seat    *int           `json:"seat"`
	Kind    string         `json:"kind"`
	Payload map[string]any `json:"payload"`
}

// playPayload is the data of a game mutation.
type playPayload struct {
	Game       *playView   `json:"game"`
	Events     []playEvent `json:"events"`
	UserErrors []userError `json:"userErrors"`
}

// playFields is what a player reads of a game to decide a move.
const playFields = `id status phase turn round version currentSeat claim cardSystem
	seats { seat status cardCount cards }
	board { key owner neutral armies }
	viewerActions { kind from to cards min max worth bonusTerritories bonusArmies defendDice }
	` + reinforcementsFields

// playSeatFields is what a viewer reads to check that no other hand shows.
const playSeatFields = `id status version seats { seat status cardCount cards }`

// playMutate runs game mutation name with input as token; the response must hold no top-level error.
func (e *env) playMutate(token, name string, input map[string]any) playPayload {
	e.t.Helper()
	r := e.playMutateRaw(token, name, input)
	var out map[string]playPayload
	r.decode(e.t, &out)
	return out[name]
}

func (e *env) playMutateRaw(token, name string, input map[string]any) *response {
	e.t.Helper()
	q := fmt.Sprintf(`mutation($input: %s!) { %s(input: $input) {
		game { %s } events { seq seat kind payload } userErrors { code field message } } }`,
		gameInputTypes[name], name, playFields)
	return e.gql(token, q, map[string]any{"input": input})
}

// playReadQuery reads a game's fields and a page of its events.
func playReadQuery(fields string) string {
	return `query($id: ID!, $after: Int) { game(id: $id) { ` + fields + `
		events(after: $after, first: 100) { seq seat kind payload } } }`
}

// playRead reads game id as token with fields, and its events after sequence number after (all of them,
// page by page).
func (e *env) playRead(token, id, fields string, after int) playView {
	e.t.Helper()
	var v playView
	for {
		var out struct {
			Game *playView `json:"game"`
		}
		e.gql(token, playReadQuery(fields), map[string]any{"id": id, "after": after}).decode(e.t, &out)
		if out.Game == nil {
			e.t.Fatalf("game %s: null", id)
		}
		evs := append(v.Events, out.Game.Events...)
		v, v.Events = *out.Game, evs
		if len(out.Game.Events) < 100 {
			return v
		}
		after = out.Game.Events[len(out.Game.Events)-1].Seq
	}
}

// playReadArgs are the arguments of one playRead.
type playReadArgs struct {
	token, fields string
	after         int
}

// playReadAll is playRead for several viewers at once: their reads do not depend on one another, so
// they are sent concurrently, as the players' own clients would send them.
func (e *env) playReadAll(id string, reads []playReadArgs) []playView {
	e.t.Helper()
	bodies := make([][]byte, len(reads))
	errs := make([]error, len(reads))
	var wg sync.WaitGroup
	for i, rd := range reads {
		wg.Go(func() {
			bodies[i], errs[i] = e.post(rd.token, playReadQuery(rd.fields), map[string]any{"id": id, "after": rd.after})
		})
	}
	wg.Wait()
	out := make([]playView, len(reads))
	for i, rd := range reads {
		if errs[i] != nil {
			e.t.Fatalf("error reading game %s: %v", id, errs[i])
		}
		var r response
		if err := json.Unmarshal(bodies[i], &r); err != nil {
			e.t.Fatalf("the response is not JSON: %v: %s", err, bodies[i])
		}
		var data struct {
			Game *playView `json:"game"`
		}
		r.decode(e.t, &data)
		if data.Game == nil {
			e.t.Fatalf("game %s: null", id)
		}
		out[i] = *data.Game
		if n := len(out[i].Events); n == 100 {
			out[i].Events = append(out[i].Events, e.playRead(rd.token, id, rd.fields, out[i].Events[n-1].Seq).Events...)
		}
	}
	return out
}

// post sends a GraphQL request as token and returns the response's body. It does not touch the test,
// so that several goroutines may call it.
func (e *env) post(token, query string, vars map[string]any) ([]byte, error) {
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(e.t.Context(), http.MethodPost, e.srv.URL+graph.Path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := e.srv.Client().Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", res.StatusCode)
	}
	return io.ReadAll(res.Body)
}

// checkHands fails the test when viewer (a seat) sees another seat's cards, in seats or in events: the
// card of card_drawn only for its drawer, the cards of player_eliminated only for that player and the
// eliminator, those of player_resigned only for that player.
func checkHands(t *testing.T, what string, viewer int, seats []playSeat, events []playEvent) {
	t.Helper()
	for _, s := range seats {
		switch {
		case s.Seat != viewer && s.Cards != nil:
			t.Fatalf("%s: seat %d sees the hand of seat %d: %v", what, viewer, s.Seat, s.Cards)
		case s.Seat == viewer && (s.Cards == nil || len(s.Cards) != s.CardCount):
			t.Fatalf("%s: seat %d sees its own hand as %v, cardCount %d", what, viewer, s.Cards, s.CardCount)
		}
	}
	seatOf := func(p map[string]any, field string) int {
		f, ok := p[field].(float64)
		if !ok {
			t.Fatalf("%s: payload without %s: %v", what, field, p)
		}
		return int(f)
	}
	for _, ev := range events {
		var field string
		var may bool
		switch ev.Kind {
		case "card_drawn":
			field, may = "card", seatOf(ev.Payload, "player") == viewer
		case "player_eliminated":
			field, may = "cards", seatOf(ev.Payload, "player") == viewer || seatOf(ev.Payload, "by") == viewer
		case "player_resigned":
			field, may = "cards", seatOf(ev.Payload, "player") == viewer
		default:
			continue
		}
		_, shown := ev.Payload[field]
		_, counted := ev.Payload["cardCount"]
		if shown && !may || !shown && !may && !counted {
			b, _ := json.Marshal(ev.Payload)
			t.Fatalf("%s: seat %d sees event %d %s as %s", what, viewer, ev.Seq, ev.Kind, b)
		}
		if ev.Kind == "card_drawn" && may && !shown {
			t.Fatalf("%s: seat %d does not see the card it drew (event %d)", what, viewer, ev.Seq)
		}
	}
}

// fullGameSpec is one whole game to play through the API.
type fullGameSpec struct {
	name        string
	humans      int
	claim       string // random or round_robin
	cardSystem  string // classic, fixed or fixed_ttb
	resigners   int    // players who resign once every seat has had a game turn
	maxCommands int    // the game must end within this many turn commands
}

// The attack variants a game counts besides its mutations.
const (
	usedPlainAttack    = "attack (one roll)"
	usedUntilConquered = "attack (until conquered)"
	usedDownTo         = "attack (down to N)"
	usedSeveralPlaces  = "placeArmies (several placements)"
	usedRetry          = "retried command"
	usedStale          = "stale version"
	usedTradeWorth     = "trade worth checked"
	usedReinforcements = "reinforcements checked"
	usedTradeKind      = "trades read by kind"
	usedDefendDice     = "defender's dice checked"
)

func TestFullGamesThroughTheAPI(t *testing.T) {
	t.Parallel()
	specs := []fullGameSpec{
		{name: "2 humans round_robin classic", humans: 2, claim: "round_robin", cardSystem: "classic", maxCommands: 1500},
		{name: "2 humans random fixed", humans: 2, claim: "random", cardSystem: "fixed", maxCommands: 1500},
		{name: "4 humans random fixed_ttb", humans: 4, claim: "random", cardSystem: "fixed_ttb", resigners: 2, maxCommands: 1500},
	}
	var mu sync.Mutex
	used := map[string]int{}
	t.Run("games", func(t *testing.T) {
		for _, spec := range specs {
			t.Run(spec.name, func(t *testing.T) {
				t.Parallel()
				start := time.Now()
				g := playFullGame(t, spec)
				t.Logf("%s: %d turn commands, winner seat %d, %s", spec.name, g.commands, g.winner, time.Since(start).Round(time.Millisecond))
				mu.Lock()
				defer mu.Unlock()
				for k, n := range g.used {
					used[k] += n
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	want := append(slices.Sorted(maps.Keys(gameInputTypes)), usedPlainAttack, usedUntilConquered, usedDownTo,
		usedSeveralPlaces, usedRetry, usedStale, usedTradeWorth, usedReinforcements, usedTradeKind, usedDefendDice)
	for _, k := range want {
		if used[k] == 0 {
			t.Errorf("no game used %s (used: %v)", k, used)
		}
	}
}

// fullGame is one game played to its end through the API by signed-up users.
type fullGame struct {
	t      *testing.T
	e      *env
	spec   fullGameSpec
	board  *rules.Board
	id     string
	tokens []string // by seat
	seen   []int    // by seat: the last event sequence number the seat has checked

	view     playView // the game as the current player (or, at the end, the last actor) sees it
	lastTurn int
	// What the record says of the game turn and the round: the armies the turn started with and got from
	// trades, the round and the seats that have played in it.
	granted, traded, round int
	inRound                map[int]bool
	turns                  int // game turns started (reinforce phases seen)
	resigned               int
	commands               int
	attacks                int
	ends                   int
	keys                   int
	used                   map[string]int
	winner                 int
}

func playFullGame(t *testing.T, spec fullGameSpec) *fullGame {
	e := newEnv(t, func(c *graph.Settings) { c.RateIP, c.RateUser = graph.RateLimit{}, graph.RateLimit{} })
	// Keep the connections between requests, as rout serve's pool does (database/sql keeps only 2).
	e.db.SetMaxIdleConns(10)
	m, _ := routmaps.Builtin(routmaps.ClassicID)
	board, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	g := &fullGame{t: t, e: e, spec: spec, board: board, used: map[string]int{}, winner: -1, inRound: map[int]bool{}}
	g.lobby()
	for g.view.Status == "active" {
		if g.commands >= spec.maxCommands {
			t.Fatalf("no winner after %d turn commands: turn %d, phase %s, seats %+v", g.commands, g.view.Turn, g.view.Phase, g.view.Seats)
		}
		if g.view.Phase == "reinforce" && g.view.Turn != g.lastTurn {
			g.turns++
			g.lastTurn = g.view.Turn
		}
		cur := *g.view.CurrentSeat
		if g.resigned < spec.resigners && g.view.Phase == "reinforce" && g.turns > spec.humans {
			// One player resigns out of turn, then (if a second must) the one to move.
			other := slices.IndexFunc(g.view.Seats, func(s playSeat) bool { return s.Seat != cur && s.Status == "active" })
			g.send(other, "resign", map[string]any{})
			if g.resigned++; g.resigned < spec.resigners {
				g.send(cur, "resign", map[string]any{})
				g.resigned++
			}
			continue
		}
		name, input := g.decide(cur)
		g.send(cur, name, input)
	}
	g.finish()
	return g
}

// lobby signs the players up (every second one signs in again for a fresh session), creates the game,
// lets the others join (the first joiner leaves and joins again) and starts it.
func (g *fullGame) lobby() {
	t, e := g.t, g.e
	names := []string{"ann", "bob", "cyd", "dee", "eli", "fay"}[:g.spec.humans]
	tokens := map[string]string{}
	for i, name := range names {
		tok, _ := e.signUp(name)
		if i%2 == 1 {
			in := e.signIn(name, "password-"+name)
			if len(in.SignIn.UserErrors) > 0 || in.SignIn.Session == nil {
				t.Fatalf("signIn %s: %+v", name, in.SignIn.UserErrors)
			}
			tok = in.SignIn.Session.Token
		}
		tokens[name] = tok
	}
	seats := []map[string]any{{"kind": "HUMAN", "color": "red"}}
	for i := 1; i < g.spec.humans; i++ {
		seats = append(seats, map[string]any{"kind": "OPEN", "color": fmt.Sprintf("color-%d", i)})
	}
	created := e.playMutate(tokens[names[0]], "createGame", map[string]any{
		"mapKey": "classic", "claim": g.spec.claim, "cardSystem": g.spec.cardSystem, "seats": seats,
	})
	g.noUserErrors("createGame", created)
	g.used["createGame"]++
	g.id = created.Game.ID
	if created.Game.Status != "open" || created.Game.Claim != g.spec.claim || created.Game.CardSystem != g.spec.cardSystem {
		t.Fatalf("created game: %+v", created.Game)
	}
	for i, name := range names[1:] {
		joined := e.playMutate(tokens[name], "joinGame", map[string]any{"gameId": g.id})
		g.noUserErrors("joinGame", joined)
		g.used["joinGame"]++
		if i == 0 {
			left := e.playMutate(tokens[name], "leaveGame", map[string]any{"gameId": g.id})
			g.noUserErrors("leaveGame", left)
			g.used["leaveGame"]++
			if n, ok := e.seatsOf(tokens[names[0]], g.id)[name]; ok {
				t.Fatalf("%s still holds seat %d after leaveGame", name, n)
			}
			g.noUserErrors("joinGame again", e.playMutate(tokens[name], "joinGame", map[string]any{"gameId": g.id}))
			g.used["joinGame"]++
		}
	}
	started := e.playMutate(tokens[names[0]], "startGame", map[string]any{"gameId": g.id})
	g.noUserErrors("startGame", started)
	g.used["startGame"]++
	if started.Game.Status != "active" {
		t.Fatalf("started game: %+v", started.Game)
	}
	g.tokens = make([]string, g.spec.humans)
	g.seen = make([]int, g.spec.humans)
	for name, seat := range e.seatsOf(tokens[names[0]], g.id) {
		g.tokens[seat] = tokens[name]
	}
	for seat := range g.tokens {
		v := e.playRead(g.tokens[seat], g.id, playFields, 0)
		checkHands(t, "after startGame", seat, v.Seats, v.Events)
		g.seen[seat] = lastSeq(v.Events, 0)
		if seat == *v.CurrentSeat {
			g.view = v
			g.follow(v.Events)
		}
	}
	g.checkCounts("after startGame")
}

// seatsOf returns the seat of every user holding one in game id, by user name, as token reads it.
func (e *env) seatsOf(token, id string) map[string]int {
	e.t.Helper()
	var out struct {
		Game struct {
			Seats []playSeat `json:"seats"`
		} `json:"game"`
	}
	e.gql(token, `query($id: ID!) { game(id: $id) { seats { seat userName } } }`, map[string]any{"id": id}).decode(e.t, &out)
	seats := map[string]int{}
	for _, s := range out.Game.Seats {
		if s.UserName != "" {
			seats[s.UserName] = s.Seat
		}
	}
	return seats
}

// owner returns the owner of territory key as g.view shows it: a seat, or -1 for none.
func (g *fullGame) owner(key string) int {
	t, _ := g.board.Lookup(key)
	if o := g.view.Board[t].Owner; o != nil {
		return *o
	}
	return -1
}

func (g *fullGame) armies(key string) int {
	t, _ := g.board.Lookup(key)
	return g.view.Board[t].Armies
}

// border tells whether territory key of seat has a neighbour that is not seat's.
func (g *fullGame) border(key string, seat int) bool {
	t, _ := g.board.Lookup(key)
	for _, n := range g.board.Neighbors(t) {
		if o := g.view.Board[n].Owner; o == nil || *o != seat {
			return true
		}
	}
	return false
}

// decide picks the current player's next command from viewerActions, with a simple deterministic
// policy: claim next to one's own territories, trade whenever possible, pile the reinforcements on the
// strongest border territory, attack with three dice while the odds are in one's favour (now and
// then one roll or down to N armies, mostly until conquered), move everything into a conquest, and fortify from the
// interior.
func (g *fullGame) decide(seat int) (string, map[string]any) {
	v := g.view
	of := func(kind string) []playAction {
		var out []playAction
		for _, a := range v.ViewerActions {
			if a.Kind == kind {
				out = append(out, a)
			}
		}
		return out
	}
	if claims := of("claim"); len(claims) > 0 {
		best, bestMine := claims[0].From, -1
		for _, a := range claims {
			t, _ := g.board.Lookup(a.From)
			mine := 0
			for _, n := range g.board.Neighbors(t) {
				if o := v.Board[n].Owner; o != nil && *o == seat {
					mine++
				}
			}
			if mine > bestMine {
				best, bestMine = a.From, mine
			}
		}
		return "claimTerritory", map[string]any{"territory": best}
	}
	if trades := of("trade"); len(trades) > 0 {
		return "tradeCards", map[string]any{"cards": trades[0].Cards}
	}
	if places := of("place"); len(places) > 0 {
		reserve := places[0].Max
		var front []string
		for _, a := range places {
			if g.border(a.From, seat) {
				front = append(front, a.From)
			}
		}
		if len(front) == 0 {
			front = []string{places[0].From}
		}
		slices.SortStableFunc(front, func(a, b string) int { return g.armies(b) - g.armies(a) })
		placements := []map[string]any{{"territory": front[0], "armies": reserve}}
		if reserve >= 2 && len(front) >= 2 {
			placements = []map[string]any{{"territory": front[0], "armies": reserve - 1}, {"territory": front[1], "armies": 1}}
		}
		return "placeArmies", map[string]any{"placements": placements}
	}
	if occupy := of("occupy"); len(occupy) > 0 {
		return "occupy", map[string]any{"armies": occupy[0].Max}
	}
	if v.Phase == "attack" {
		// The best odds, on a player's territory before a neutral one.
		score := func(a playAction) int {
			s := g.armies(a.From) - g.armies(a.To)
			if g.owner(a.To) < 0 {
				s -= 1000
			}
			return s
		}
		var best *playAction
		for _, a := range of("attack") {
			if g.armies(a.From) >= 3 && g.armies(a.From) > g.armies(a.To) && (best == nil || score(a) > score(*best)) {
				best = &a
			}
		}
		if best != nil {
			in := map[string]any{"from": best.From, "to": best.To}
			g.attacks++
			switch {
			case g.attacks%8 == 1:
				in["dice"] = best.Max
			case g.attacks%8 == 2 && g.armies(best.From) >= 4:
				in["untilConquered"], in["stopAt"] = true, 2
			default:
				in["untilConquered"] = true
			}
			return "attack", in
		}
	}
	var move *playAction
	for _, a := range of("fortify") {
		if g.border(a.From, seat) {
			continue
		}
		if move == nil || a.Max > move.Max || a.Max == move.Max && g.border(a.To, seat) && !g.border(move.To, seat) {
			move = &a
		}
	}
	if v.Phase == "attack" {
		g.ends++
		if g.ends%2 == 0 {
			return "endAttack", map[string]any{}
		}
	}
	if move != nil {
		return "fortify", map[string]any{"from": move.From, "to": move.To, "armies": move.Max}
	}
	return "endTurn", map[string]any{}
}

// send runs one turn command of seat with the game's version and a new idempotency key, then checks
// that no player sees another's hand, and reads the game as the player to move. The first attack of
// the game is also sent with a stale version (CONFLICT, nothing changes) and retried with its key (the
// same result, nothing more happens).
func (g *fullGame) send(seat int, name string, input map[string]any) {
	t, e := g.t, g.e
	t.Helper()
	g.keys++
	input["gameId"] = g.id
	input["expectedVersion"] = g.view.Version
	input["idempotencyKey"] = fmt.Sprintf("%s-%d", name, g.keys)
	token := g.tokens[seat]
	firstAttack := name == "attack" && g.used["attack"] == 0
	if firstAttack {
		stale := maps.Clone(input)
		stale["expectedVersion"], stale["idempotencyKey"] = g.view.Version-1, "stale"
		if c := e.playMutateRaw(token, name, stale).code(t); c != "CONFLICT" {
			t.Fatalf("attack with a stale version: code %s, want CONFLICT", c)
		}
		if v := e.playRead(token, g.id, playSeatFields, g.seen[seat]); v.Version != g.view.Version || len(v.Events) != 0 {
			t.Fatalf("a refused stale command changed the game: version %d (was %d), events %+v", v.Version, g.view.Version, v.Events)
		}
		g.used[usedStale]++
	}
	if name == "tradeCards" {
		g.checkTradesByKind(token)
	}
	p := e.playMutate(token, name, input)
	g.noUserErrors(name, p)
	g.commands++
	g.count(name, input)
	if len(p.Events) == 0 || p.Game.Version <= g.view.Version {
		t.Fatalf("%s: %d events, version %d after %d", name, len(p.Events), p.Game.Version, g.view.Version)
	}
	if firstAttack {
		again := e.playMutate(token, name, input)
		if !reflect.DeepEqual(again.Events, p.Events) || again.Game.Version != p.Game.Version {
			t.Fatalf("retried attack: events %+v version %d, first %+v version %d", again.Events, again.Game.Version, p.Events, p.Game.Version)
		}
		if v := e.playRead(token, g.id, playSeatFields, lastSeq(p.Events, 0)); v.Version != p.Game.Version || len(v.Events) != 0 {
			t.Fatalf("the retried attack acted again: version %d (want %d), new events %+v", v.Version, p.Game.Version, v.Events)
		}
		g.used[usedRetry]++
	}
	what := fmt.Sprintf("%s (command %d)", name, g.commands)
	if name == "tradeCards" {
		g.checkTrade(what, input["cards"].([]int), p.Events)
	}
	if name == "attack" {
		g.checkDefendDice(what, input["from"].(string), input["to"].(string), p.Events)
	}
	g.follow(p.Events)
	checkHands(t, what, seat, p.Game.Seats, p.Events)
	if p.Events[0].Seq != g.seen[seat]+1 {
		t.Fatalf("%s: the events start at %d, seat %d saw up to %d", what, p.Events[0].Seq, seat, g.seen[seat])
	}
	g.seen[seat] = lastSeq(p.Events, g.seen[seat])
	g.view = *p.Game
	next := -1
	if p.Game.CurrentSeat != nil {
		next = *p.Game.CurrentSeat
	}
	var others []int
	var reads []playReadArgs
	for other := range g.tokens {
		if other == seat {
			continue
		}
		fields := playSeatFields
		if other == next {
			fields = playFields
		}
		others = append(others, other)
		reads = append(reads, playReadArgs{token: g.tokens[other], fields: fields, after: g.seen[other]})
	}
	for i, v := range e.playReadAll(g.id, reads) {
		other := others[i]
		checkHands(t, what, other, v.Seats, v.Events)
		if v.Version != p.Game.Version {
			t.Fatalf("%s: seat %d reads version %d, the command left %d", what, other, v.Version, p.Game.Version)
		}
		g.seen[other] = lastSeq(v.Events, g.seen[other])
		if other == next {
			g.view = v
		}
	}
	g.checkCounts(what)
}

// follow reads the events of a command for what the game turn and the round are, as the record says.
func (g *fullGame) follow(events []playEvent) {
	for _, ev := range events {
		switch ev.Kind {
		case "turn_started":
			g.granted, g.traded = int(ev.Payload["armies"].(float64)), 0
			if ev.Payload["phase"] != "reinforce" {
				continue
			}
			player := int(ev.Payload["player"].(float64))
			if g.round == 0 || g.inRound[player] {
				g.round++
				clear(g.inRound)
			}
			g.inRound[player] = true
		case "cards_traded":
			g.traded += int(ev.Payload["armies"].(float64))
		}
	}
}

// checkTrade checks that the trade of cards, as viewerActions listed it before, was worth what the engine
// granted (cards_traded).
func (g *fullGame) checkTrade(what string, cards []int, events []playEvent) {
	t := g.t
	t.Helper()
	i := slices.IndexFunc(g.view.ViewerActions, func(a playAction) bool { return a.Kind == "trade" && slices.Equal(a.Cards, cards) })
	if i < 0 || events[0].Kind != "cards_traded" {
		t.Fatalf("%s: no trade of %v listed, or events %+v", what, cards, events)
	}
	act := g.view.ViewerActions[i]
	var bonus []string
	granted, _ := events[0].Payload["bonus"].([]any) // omitted when empty
	for _, terr := range granted {
		bonus = append(bonus, g.board.Territory(rules.TerritoryID(terr.(float64))).Key)
	}
	if act.Worth == nil || *act.Worth != int(events[0].Payload["armies"].(float64)) ||
		act.BonusTerritories == nil || !slices.Equal(act.BonusTerritories, bonus) && len(bonus)+len(act.BonusTerritories) > 0 ||
		act.BonusArmies == nil || *act.BonusArmies != rules.TradeBonusArmies {
		t.Fatalf("%s: the action %+v (worth %v, bonus armies %v), the engine granted %+v", what, act, act.Worth, act.BonusArmies, events[0].Payload)
	}
	g.used[usedTradeWorth]++
}

// checkTradesByKind checks that viewerActions(kind: "trade") lists the trades the whole list holds, with
// the same worth and bonus, and nothing else.
func (g *fullGame) checkTradesByKind(token string) {
	t := g.t
	t.Helper()
	var want []playAction
	for _, a := range g.view.ViewerActions {
		if a.Kind == "trade" {
			want = append(want, a)
		}
	}
	var out struct {
		Game struct {
			ViewerActions []playAction `json:"viewerActions"`
		} `json:"game"`
	}
	g.e.gql(token, `query($id: ID!) { game(id: $id) { viewerActions(kind: "trade") {
		kind from to cards min max worth bonusTerritories bonusArmies defendDice } } }`, map[string]any{"id": g.id}).decode(t, &out)
	if got := out.Game.ViewerActions; !reflect.DeepEqual(got, want) {
		t.Fatalf("viewerActions(kind: trade) = %+v, the whole list's trades %+v", got, want)
	}
	g.used[usedTradeKind]++
}

// checkDefendDice checks that the attack from -> to, as viewerActions listed it before, said the dice the
// defender then rolled (its first battle_rolled), and that no other action has defendDice.
func (g *fullGame) checkDefendDice(what, from, to string, events []playEvent) {
	t := g.t
	t.Helper()
	i := slices.IndexFunc(g.view.ViewerActions, func(a playAction) bool { return a.Kind == "attack" && a.From == from && a.To == to })
	if i < 0 || events[0].Kind != "battle_rolled" {
		t.Fatalf("%s: no attack %s -> %s listed, or events %+v", what, from, to, events)
	}
	act := g.view.ViewerActions[i]
	rolled := len(events[0].Payload["defendDice"].([]any))
	if act.DefendDice == nil || *act.DefendDice != rolled {
		t.Fatalf("%s: the action %+v says defendDice %v, the defender rolled %d dice (%+v)", what, act, act.DefendDice, rolled, events[0].Payload)
	}
	for _, a := range g.view.ViewerActions {
		if (a.Kind == "attack") != (a.DefendDice != nil) {
			t.Fatalf("%s: action %+v with defendDice %v", what, a, a.DefendDice)
		}
	}
	g.used[usedDefendDice]++
}

// checkCounts checks the round and the reinforcements the player to move reads against the record.
func (g *fullGame) checkCounts(what string) {
	t, v := g.t, g.view
	t.Helper()
	if v.Status != "active" || v.CurrentSeat == nil {
		return // the survivor's commands, played at once, are not in the command's events
	}
	if v.Round != g.round {
		t.Fatalf("R10 %s: round %d, the record says %d", what, v.Round, g.round)
	}
	if v.Phase != "reinforce" {
		if v.Reinforcements != nil {
			t.Fatalf("%s: reinforcements %+v in phase %s", what, v.Reinforcements, v.Phase)
		}
		return
	}
	owners := make([]*int, len(v.Board))
	for i, terr := range v.Board {
		owners[i] = terr.Owner
	}
	checkReinforcements(t, g.board, v.Reinforcements, *v.CurrentSeat, owners, g.granted, g.traded)
	for _, a := range v.ViewerActions {
		if (a.Kind == "trade") != (a.Worth != nil) || (a.Kind == "trade") != (a.BonusTerritories != nil) {
			t.Fatalf("%s: action %+v", what, a)
		}
	}
	g.used[usedReinforcements]++
}

// count records the mutation and the variant of a command.
func (g *fullGame) count(name string, input map[string]any) {
	g.used[name]++
	switch {
	case name == "placeArmies" && len(input["placements"].([]map[string]any)) > 1:
		g.used[usedSeveralPlaces]++
	case name == "attack" && input["stopAt"] != nil:
		g.used[usedDownTo]++
	case name == "attack" && input["untilConquered"] != nil:
		g.used[usedUntilConquered]++
	case name == "attack":
		g.used[usedPlainAttack]++
	}
}

func (g *fullGame) noUserErrors(what string, p playPayload) {
	g.t.Helper()
	if len(p.UserErrors) > 0 || p.Game == nil {
		g.t.Fatalf("%s: userErrors %+v, game %v", what, p.UserErrors, p.Game)
	}
}

// lastSeq returns the sequence number of the last of events, or seq when there are none.
func lastSeq(events []playEvent, seq int) int {
	if len(events) == 0 {
		return seq
	}
	return events[len(events)-1].Seq
}

// finish checks the end of a game: one winner who holds every territory, neutral ones included (R43: the
// resigned players' territories must be conquered, by the CPU for a lone survivor), the others eliminated
// or resigned, and a record that replays, with every check, to the same board (and that the service
// verifies).
func (g *fullGame) finish() {
	t, e := g.t, g.e
	v := g.view
	if v.Status != "finished" || v.Phase != "over" || v.CurrentSeat != nil {
		t.Fatalf("the game ended as status %s, phase %s, current seat %v", v.Status, v.Phase, v.CurrentSeat)
	}
	resigned := 0
	for _, s := range v.Seats {
		switch s.Status {
		case "active":
			if g.winner >= 0 {
				t.Fatalf("two seats are active at the end: %+v", v.Seats)
			}
			g.winner = s.Seat
		case "resigned":
			resigned++
		case "eliminated":
		default:
			t.Fatalf("seat %d ends as %s", s.Seat, s.Status)
		}
	}
	if g.winner < 0 || resigned != g.spec.resigners {
		t.Fatalf("seats at the end: %+v, want one active and %d resigned", v.Seats, g.spec.resigners)
	}
	for _, tr := range v.Board {
		if tr.Owner == nil || *tr.Owner != g.winner || tr.Neutral {
			t.Fatalf("at the end %s is held by %v (neutral %v), the winner is seat %d", tr.Key, tr.Owner, tr.Neutral, g.winner)
		}
	}

	// The record, read by a loser, is complete and replays to the final board.
	loser := (g.winner + 1) % len(g.tokens)
	var out struct {
		Game struct {
			Record json.RawMessage `json:"record"`
		} `json:"game"`
	}
	e.gql(g.tokens[loser], `query($id: ID!) { game(id: $id) { record } }`, map[string]any{"id": g.id}).decode(t, &out)
	var rec game.Record
	if err := json.Unmarshal(out.Game.Record, &rec); err != nil {
		t.Fatalf("the record does not decode: %v", err)
	}
	if rec.Status != "finished" || rec.Winner == nil || *rec.Winner != g.winner || len(rec.Events) != g.seen[loser] {
		t.Fatalf("record: status %s, winner %v, %d events; want finished, %d, %d", rec.Status, rec.Winner, len(rec.Events), g.winner, g.seen[loser])
	}
	st, err := game.Replay(rec)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	if st.Phase() != rules.PhaseOver || st.Winner() != rules.PlayerID(g.winner) {
		t.Fatalf("the replayed game: phase %v, winner %d; want over, %d", st.Phase(), st.Winner(), g.winner)
	}
	for i, tr := range v.Board {
		owner := st.Owner(rules.TerritoryID(i))
		if tr.Armies != st.Armies(rules.TerritoryID(i)) || tr.Owner != nil && owner != rules.PlayerID(*tr.Owner) ||
			tr.Neutral != (owner == rules.Neutral) {
			t.Fatalf("replayed %s: owner %d with %d armies; the API shows %+v", tr.Key, owner, st.Armies(rules.TerritoryID(i)), tr)
		}
	}
	_, n, err := graph.ParseGlobalID(g.id)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(e.t, e.db), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.GameVerify(t.Context(), n); err != nil {
		t.Fatalf("GameVerify: %v", err)
	}
}

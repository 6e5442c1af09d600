package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/dbtest"
	"rout/game"
	"rout/graph"
	"rout/maps"
	"rout/rules"
)

// TestLargeMapGameThroughTheAPI plays whole games on a generated large map through the real server
// (Run: the API, the live hub and River's workers on a fresh database), one per claim strategy: two
// human seats, who sign up, create, join and start the game and play their first turns (or claim picks)
// through the API's mutations with the legal moves its viewerActions lists, then resign, and one Normal
// CPU seat, played by the workers, that finishes the game as the lone survivor (docs/rules.md, R43). A
// websocket subscriber follows gameEvents from the start to game_over and checks that every event
// arrives once, in order. Every response's size is measured: none may grow with the board beyond the
// reads that are the board (the whole board, a LiveEvent of the deal). At the end the game's record
// (GET /games/{id}/record.json) must replay to the CPU's win. The map has 5,000 territories; under
// -short 1,000.
func TestLargeMapGameThroughTheAPI(t *testing.T) {
	t.Parallel()
	n := 5000
	if testing.Short() {
		n = 1000
	}
	srv := startLargeMapServer(t)
	m, err := maps.Generate(maps.GenerateOpts{Territories: n, Seed: 1, ID: fmt.Sprintf("generated-%d", n)})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.SeedMap(t.Context(), srv.db, m, false); err != nil {
		t.Fatal(err)
	}
	board, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	for _, claim := range []string{"random", "round_robin"} {
		t.Run(claim, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			p := &largeGame{t: t, srv: srv, api: &apiClient{t: t, url: "http://" + srv.addr + graph.Path}, board: board, mapKey: m.ID, claim: claim}
			p.play()
			t.Logf("%s on %d territories: %d events, %d human commands, %s; record.json %d B (map file %d B); largest gameEvents message %d B; largest responses: %s",
				claim, n, p.sub.lastSeq(), p.commands, time.Since(start).Round(time.Millisecond), p.recordBytes, p.mapBytes, p.sub.largest(), p.api.largest())
			p.checkSizes(n)
		})
	}
}

// The human part of a large game: each human plays this many game turns (random claim) or claim picks
// (round robin), then resigns.
const (
	humanTurns = 2
	humanPicks = 3
)

// largeMapServer is a server started by Run on a database of its own.
type largeMapServer struct {
	addr string
	db   *sql.DB
}

// startLargeMapServer runs the server on a new database with the CPU's pause and the rate limits off,
// and waits until it is ready. The test's cleanup stops it.
func startLargeMapServer(t testing.TB) *largeMapServer {
	t.Helper()
	url := dbtest.URL(t)
	cfg := DefaultConfig()
	cfg.Addr, cfg.DatabaseURL = "127.0.0.1:0", url
	cfg.GraphQL.RateIP, cfg.GraphQL.RateUser, cfg.GraphQL.RateSignIn = graph.RateLimit{}, graph.RateLimit{}, graph.RateLimit{}
	cfg.Jobs.CPUDelay = 0
	logs := &readyLog{ready: make(chan string, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, slog.New(logs)) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(time.Minute):
			t.Error("the server did not stop within a minute")
		}
		if t.Failed() {
			t.Logf("server warnings and errors:\n%s", logs.String())
		}
	})
	s := &largeMapServer{}
	select {
	case s.addr = <-logs.ready:
	case err := <-done:
		t.Fatalf("Run ended before it was ready: %v\n%s", err, logs.String())
	case <-time.After(2 * time.Minute):
		t.Fatalf("the server was not ready within two minutes:\n%s", logs.String())
	}
	db, err := sql.Open("postgres", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s.db = db
	return s
}

// readyLog is a slog.Handler that hands the address of the server's "ready" record to ready and keeps
// the warnings and errors.
type readyLog struct {
	ready chan string
	mu    sync.Mutex
	buf   bytes.Buffer
}

func (l *readyLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *readyLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *readyLog) WithGroup(string) slog.Handler            { return l }

func (l *readyLog) Handle(_ context.Context, r slog.Record) error {
	if r.Message == "ready" {
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == "addr" {
				select {
				case l.ready <- a.Value.String():
				default:
				}
			}
			return true
		})
	}
	if r.Level >= slog.LevelWarn {
		l.mu.Lock()
		defer l.mu.Unlock()
		fmt.Fprintf(&l.buf, "%s %s", r.Level, r.Message)
		r.Attrs(func(a slog.Attr) bool { fmt.Fprintf(&l.buf, " %s=%v", a.Key, a.Value); return true })
		l.buf.WriteByte('\n')
	}
	return nil
}

func (l *readyLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// apiClient sends GraphQL requests over HTTP and keeps the size of the largest response of each kind.
type apiClient struct {
	t    testing.TB
	url  string
	mu   sync.Mutex
	size map[string]int // kind of request -> largest response body, in bytes
}

// do sends query as token and decodes its data into out; a response with errors fails the test.
func (c *apiClient) do(kind, token, query string, vars map[string]any, out any) {
	c.t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		c.t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(c.t.Context(), http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("%s: %v", kind, err)
	}
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		c.t.Fatalf("%s: %v", kind, err)
	}
	c.mu.Lock()
	if c.size == nil {
		c.size = map[string]int{}
	}
	c.size[kind] = max(c.size[kind], len(data))
	c.mu.Unlock()
	var r struct {
		Data   json.RawMessage `json:"data"`
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(data, &r); err != nil || res.StatusCode != http.StatusOK || len(r.Errors) > 0 {
		c.t.Fatalf("%s: status %d, %v: %.2000s", kind, res.StatusCode, err, data)
	}
	if err := json.Unmarshal(r.Data, out); err != nil {
		c.t.Fatalf("%s: %v", kind, err)
	}
}

// largest lists the largest response of each kind, largest first.
func (c *apiClient) largest() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	kinds := make([]string, 0, len(c.size))
	for k := range c.size {
		kinds = append(kinds, k)
	}
	slices.SortFunc(kinds, func(a, b string) int { return c.size[b] - c.size[a] })
	var out []string
	for _, k := range kinds {
		out = append(out, fmt.Sprintf("%s %d B", k, c.size[k]))
	}
	return strings.Join(out, ", ")
}

// largeGame is one game on the large map, played through the API.
type largeGame struct {
	t        *testing.T
	srv      *largeMapServer
	api      *apiClient
	board    *rules.Board
	mapKey   string
	claim    string
	id       string
	tokens   map[int]string // human seats -> their tokens
	cpu      int            // the CPU's seat
	sub      *subscriber
	commands int
	played   map[int]int // human seat -> game turns (random) or claim picks (round robin) played
	resigned map[int]bool

	// The board as the humans last read it, by territory index, at sequence number boardSeq.
	owners, armies []int
	boardSeq       int

	recordBytes, mapBytes int // the finished game's record.json, and the map file in it
}

// gameState is what the players read of the game between commands: no board, no actions.
type gameState struct {
	Status      string `json:"status"`
	Phase       string `json:"phase"`
	Turn        int    `json:"turn"`
	Version     int    `json:"version"`
	CurrentSeat *int   `json:"currentSeat"`
	Seq         int    `json:"seq"`
	Seats       []struct {
		Seat     int     `json:"seat"`
		UserName *string `json:"userName"`
		CPU      bool    `json:"cpu"`
		Status   string  `json:"status"`
	} `json:"seats"`
}

const gameStateFields = `status phase turn version currentSeat seq seats { seat userName cpu status }`

// play runs the whole game.
func (g *largeGame) play() {
	t := g.t
	names := []string{"ann", "bob"}
	tokens := map[string]string{}
	for _, name := range names {
		var out struct {
			SignUp struct {
				Session *struct {
					Token string `json:"token"`
				} `json:"session"`
				UserErrors []any `json:"userErrors"`
			} `json:"signUp"`
		}
		name := name + "-" + g.claim
		g.api.do("signUp", "", `mutation($in: SignUpInput!) { signUp(input: $in) { session { token } userErrors { code message } } }`,
			map[string]any{"in": map[string]any{"name": strings.ReplaceAll(name, "_", "-"), "email": name + "@example.com", "password": "password-" + name}}, &out)
		if out.SignUp.Session == nil {
			t.Fatalf("signUp %s: %v", name, out.SignUp.UserErrors)
		}
		tokens[name] = out.SignUp.Session.Token
	}
	ann, bob := tokens["ann-"+g.claim], tokens["bob-"+g.claim]
	var created struct {
		CreateGame struct {
			Game       *struct{ ID string } `json:"game"`
			UserErrors []any                `json:"userErrors"`
		} `json:"createGame"`
	}
	g.api.do("createGame", ann, `mutation($in: CreateGameInput!) { createGame(input: $in) { game { id } userErrors { code message } } }`,
		map[string]any{"in": map[string]any{"mapKey": g.mapKey, "claim": g.claim, "seats": []map[string]any{
			{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}, {"kind": "CPU", "color": "green", "difficulty": "normal"}}}}, &created)
	if created.CreateGame.Game == nil {
		t.Fatalf("createGame: %v", created.CreateGame.UserErrors)
	}
	g.id = created.CreateGame.Game.ID
	g.sub = subscribe(t, g.srv.addr, ann, g.id)
	g.lobby("joinGame", bob)
	g.lobby("startGame", ann)

	st := g.state(ann)
	g.tokens, g.played, g.resigned = map[int]string{}, map[int]int{}, map[int]bool{}
	for _, s := range st.Seats {
		switch {
		case s.CPU:
			g.cpu = s.Seat
		case s.UserName != nil && strings.HasPrefix(*s.UserName, "ann"):
			g.tokens[s.Seat] = ann
		case s.UserName != nil:
			g.tokens[s.Seat] = bob
		}
	}
	lastTurn := map[int]int{}
	for st.Status == "active" {
		cur := -1
		if st.CurrentSeat != nil {
			cur = *st.CurrentSeat
		}
		token, human := g.tokens[cur]
		if !human || g.resigned[cur] {
			// The CPU's turn (or its survivor's): wait for its events.
			g.sub.waitPast(st.Seq, 5*time.Minute)
			st = g.state(ann)
			continue
		}
		if st.Phase == "reinforce" && lastTurn[cur] != st.Turn {
			lastTurn[cur] = st.Turn
			g.played[cur]++
		}
		if g.claim == "random" && g.played[cur] > humanTurns || g.claim == "round_robin" && g.played[cur] >= humanPicks {
			g.command(token, "resign", "TurnInput", map[string]any{})
			g.resigned[cur] = true
		} else {
			g.turn(cur, token)
		}
		st = g.state(ann)
	}
	if st.Status != "finished" {
		t.Fatalf("game ended %s", st.Status)
	}
	g.sub.waitOver(5 * time.Minute)
	if got := g.sub.lastSeq(); got != st.Seq {
		t.Fatalf("the subscriber's last event is %d, the game's %d", got, st.Seq)
	}
	winner := g.sub.winnerSeat()
	if winner != g.cpu {
		t.Fatalf("seat %d won, not the CPU's seat %d", winner, g.cpu)
	}
	g.sub.close()
	g.checkRecord(ann, st.Seq)
}

// checkRecord takes the finished game's record from GET /games/{id}/record.json, records its size and
// replays it: the replay must end with the CPU's win, after every event.
func (g *largeGame) checkRecord(token string, seq int) {
	t := g.t
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, "http://"+g.srv.addr+"/games/"+g.id+"/record.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("record.json: status %d, %v: %.500s", res.StatusCode, err, data)
	}
	var r game.Record
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("record.json: %v", err)
	}
	if len(r.Events) != seq {
		t.Fatalf("the record holds %d events, the game %d", len(r.Events), seq)
	}
	final, err := game.Replay(r)
	if err != nil {
		t.Fatalf("replaying the record: %v", err)
	}
	if final.Phase() != rules.PhaseOver || int(final.Winner()) != g.cpu {
		t.Fatalf("the replay ends in phase %s with winner %d, not the CPU's seat %d", final.Phase(), final.Winner(), g.cpu)
	}
	g.recordBytes, g.mapBytes = len(data), len(r.Map.Definition)
}

func (g *largeGame) lobby(name, token string) {
	var out map[string]struct {
		UserErrors []any `json:"userErrors"`
	}
	g.api.do(name, token, fmt.Sprintf(`mutation($in: %s!) { %s(input: $in) { userErrors { code message } } }`,
		map[string]string{"joinGame": "JoinGameInput", "startGame": "GameInput"}[name], name), map[string]any{"in": map[string]any{"gameId": g.id}}, &out)
	if len(out[name].UserErrors) > 0 {
		g.t.Fatalf("%s: %v", name, out[name].UserErrors)
	}
}

func (g *largeGame) state(token string) gameState {
	var out struct {
		Game gameState `json:"game"`
	}
	g.api.do("game state", token, `query($id: ID!) { game(id: $id) { `+gameStateFields+` } }`, map[string]any{"id": g.id}, &out)
	return out.Game
}

// action is one of viewerActions.
type action struct {
	Kind  string `json:"kind"`
	From  string `json:"from"`
	To    string `json:"to"`
	Cards []int  `json:"cards"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
}

// turn plays one command of seat's, from the legal moves the API lists in their compact forms
// (viewerActionSummary, then viewerActions of one territory) and the board it keeps up to date with
// board(sinceSeq:): the first claim; a forced trade; the whole reserve on the territory bordering the most
// of others'; an attack until conquered from the strongest territory that can attack, on its weakest
// target while it is at least two armies stronger (three conquests a turn at most); everything into a
// conquest; the end of the turn.
func (g *largeGame) turn(seat int, token string) {
	var out struct {
		Game struct {
			Version int    `json:"version"`
			Phase   string `json:"phase"`
			Summary []struct {
				Kind  string   `json:"kind"`
				Count int      `json:"count"`
				From  []string `json:"from"`
			} `json:"viewerActionSummary"`
		} `json:"game"`
	}
	g.api.do("viewerActionSummary", token, `query($id: ID!) { game(id: $id) { version phase viewerActionSummary { kind count from } } }`,
		map[string]any{"id": g.id}, &out)
	v := out.Game.Version
	from, total := map[string][]string{}, 0
	for _, k := range out.Game.Summary {
		from[k.Kind] = k.From
		total += k.Count
	}
	_, hasTrade := from["trade"]
	_, hasEnd := from["end_turn"]
	switch {
	case len(from["claim"]) > 0:
		g.command(token, "claimTerritory", "ClaimTerritoryInput", map[string]any{"territory": from["claim"][0], "expectedVersion": v})
		g.played[seat]++
	case hasTrade && len(from["place"]) == 0: // a forced trade: few actions, listed whole
		if total > 100 {
			g.t.Fatalf("a forced trade with %d actions", total)
		}
		for _, a := range g.actions(token, nil) {
			if a.Kind == "trade" {
				g.command(token, "tradeCards", "TradeCardsInput", map[string]any{"cards": a.Cards, "expectedVersion": v})
				return
			}
		}
		g.t.Fatal("no trade among the viewer's actions")
	case len(from["place"]) > 0:
		g.refreshBoard(token)
		best, bestFront := from["place"][0], -1
		for _, key := range from["place"] {
			tid, _ := g.board.Lookup(key)
			front := 0
			for _, nb := range g.board.Neighbors(tid) {
				if g.owners[nb] != seat {
					front++
				}
			}
			if front > bestFront {
				best, bestFront = key, front
			}
		}
		acts := g.actions(token, &best)
		if len(acts) != 1 || acts[0].Kind != "place" {
			g.t.Fatalf("viewerActions(from: %s): %+v", best, acts)
		}
		g.command(token, "placeArmies", "PlaceArmiesInput", map[string]any{"expectedVersion": v,
			"placements": []map[string]any{{"territory": best, "armies": acts[0].Max}}})
	case len(from["occupy"]) > 0:
		acts := g.actions(token, &from["occupy"][0])
		g.command(token, "occupy", "OccupyInput", map[string]any{"armies": acts[0].Max, "expectedVersion": v})
	case len(from["attack"]) > 0 && g.conquests(seat) < 3:
		g.refreshBoard(token)
		strongest := from["attack"][0]
		for _, key := range from["attack"] {
			if g.armiesOf(key) > g.armiesOf(strongest) {
				strongest = key
			}
		}
		var target *action
		for _, a := range g.actions(token, &strongest) {
			if a.Kind == "attack" && (target == nil || g.armiesOf(a.To) < g.armiesOf(target.To)) {
				target = &a
			}
		}
		if target != nil && g.armiesOf(strongest) >= g.armiesOf(target.To)+2 {
			g.command(token, "attack", "AttackInput", map[string]any{"from": strongest, "to": target.To, "untilConquered": true, "expectedVersion": v})
			return
		}
		g.command(token, "endTurn", "TurnInput", map[string]any{"expectedVersion": v})
	case hasEnd:
		g.command(token, "endTurn", "TurnInput", map[string]any{"expectedVersion": v})
	default:
		g.t.Fatalf("seat %d has nothing to do in phase %s: %+v", seat, out.Game.Phase, out.Game.Summary)
	}
}

// actions reads viewerActions, of one territory when from is not nil.
func (g *largeGame) actions(token string, from *string) []action {
	var out struct {
		Game struct {
			ViewerActions []action `json:"viewerActions"`
		} `json:"game"`
	}
	g.api.do("viewerActions", token, `query($id: ID!, $from: String) { game(id: $id) { viewerActions(from: $from) { kind from to cards min max } } }`,
		map[string]any{"id": g.id, "from": from}, &out)
	return out.Game.ViewerActions
}

// conquests counts seat's conquests in the current turn, from the subscriber's events.
func (g *largeGame) conquests(seat int) int { return g.sub.conquestsThisTurn(seat) }

func (g *largeGame) armiesOf(key string) int {
	t, _ := g.board.Lookup(key)
	return g.armies[t]
}

// refreshBoard brings the board the players keep up to date: the whole board in columns the first time,
// then the territories changed since the sequence number it was read at.
func (g *largeGame) refreshBoard(token string) {
	if g.owners == nil {
		var out struct {
			Game struct {
				BoardColumns struct {
					Seq    int      `json:"seq"`
					Keys   []string `json:"keys"`
					Owners []*int   `json:"owners"`
					Armies []int    `json:"armies"`
				} `json:"boardColumns"`
			} `json:"game"`
		}
		g.api.do("boardColumns", token, `query($id: ID!) { game(id: $id) { boardColumns { seq keys owners armies } } }`, map[string]any{"id": g.id}, &out)
		c := out.Game.BoardColumns
		if len(c.Keys) != g.board.Len() || len(c.Owners) != g.board.Len() || len(c.Armies) != g.board.Len() {
			g.t.Fatalf("boardColumns has %d keys, %d owners and %d armies, not %d", len(c.Keys), len(c.Owners), len(c.Armies), g.board.Len())
		}
		g.owners, g.armies, g.boardSeq = make([]int, g.board.Len()), c.Armies, c.Seq
		for i, o := range c.Owners {
			if k := g.board.Territory(rules.TerritoryID(i)).Key; c.Keys[i] != k {
				g.t.Fatalf("boardColumns key %d is %q, not %q", i, c.Keys[i], k)
			}
			g.owners[i] = -1
			if o != nil {
				g.owners[i] = *o
			}
		}
		return
	}
	var out struct {
		Game struct {
			Seq   int `json:"seq"`
			Board []struct {
				Key    string `json:"key"`
				Owner  *int   `json:"owner"`
				Armies int    `json:"armies"`
			} `json:"board"`
		} `json:"game"`
	}
	g.api.do("board(sinceSeq)", token, `query($id: ID!, $since: Int) { game(id: $id) { seq board(sinceSeq: $since) { key owner armies } } }`,
		map[string]any{"id": g.id, "since": g.boardSeq}, &out)
	for _, t := range out.Game.Board {
		i, ok := g.board.Lookup(t.Key)
		if !ok {
			g.t.Fatalf("no territory %q", t.Key)
		}
		g.owners[i], g.armies[i] = -1, t.Armies
		if t.Owner != nil {
			g.owners[i] = *t.Owner
		}
	}
	g.boardSeq = out.Game.Seq
}

// command sends a turn mutation; it must be accepted.
func (g *largeGame) command(token, name, inputType string, input map[string]any) {
	g.t.Helper()
	input["gameId"] = g.id
	var out map[string]struct {
		UserErrors []struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"userErrors"`
	}
	g.api.do(name, token, fmt.Sprintf(`mutation($in: %s!) { %s(input: $in) { version userErrors { code message } } }`, inputType, name),
		map[string]any{"in": input}, &out)
	if errs := out[name].UserErrors; len(errs) > 0 {
		g.t.Fatalf("%s %v: %+v", name, input, errs)
	}
	g.commands++
}

// checkSizes fails the test when a response grew with the board where it should not: only the board
// itself may take about a hundred bytes per territory.
func (g *largeGame) checkSizes(territories int) {
	g.api.mu.Lock()
	defer g.api.mu.Unlock()
	for kind, size := range g.api.size {
		limit := 64 << 10
		if kind == "boardColumns" || kind == "board(sinceSeq)" || kind == "viewerActionSummary" {
			limit = 100 * territories // the board itself, or a list of some of its territories
		}
		if size > limit {
			g.t.Errorf("the largest %s response is %d bytes, more than %d", kind, size, limit)
		}
	}
	if size := g.sub.largest(); size > 100*territories {
		g.t.Errorf("the largest gameEvents message is %d bytes, more than %d", size, 100*territories)
	}
}

// subscriber follows gameEvents over a websocket (graphql-transport-ws) and checks that the sequence
// numbers go 1, 2, 3, ... without a gap or a repeat.
type subscriber struct {
	t    *testing.T
	conn *websocket.Conn
	done chan struct{}

	subscriptions int // subscribe messages sent: the id of the next

	mu      sync.Mutex
	changed chan struct{} // signalled (without blocking) after every event
	seq     int
	over    bool
	winner  int
	turn    int
	conq    map[int]int // seat -> conquests in the turn of turn
	biggest int
	err     error
}

// subscribe connects as token and subscribes to the events of game id from the start.
func subscribe(t *testing.T, addr, token, id string) *subscriber {
	t.Helper()
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 30 * time.Second}
	conn, _, err := d.DialContext(t.Context(), "ws://"+addr+graph.Path, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &subscriber{t: t, conn: conn, done: make(chan struct{}), changed: make(chan struct{}, 1), winner: -1, conq: map[int]int{}}
	t.Cleanup(func() { conn.Close() })
	s.send(map[string]any{"type": "connection_init", "payload": map[string]any{"token": token}})
	var ack struct{ Type string }
	if err := conn.ReadJSON(&ack); err != nil || ack.Type != "connection_ack" {
		t.Fatalf("connection_init: %v %+v", err, ack)
	}
	s.subscribeAfter(id, 0)
	go s.read(id)
	t.Cleanup(s.close)
	return s
}

func (s *subscriber) send(msg any) {
	if err := s.conn.WriteJSON(msg); err != nil {
		s.fail(fmt.Errorf("error writing %v: %w", msg, err))
	}
}

func (s *subscriber) subscribeAfter(id string, after int) {
	s.subscriptions++
	s.send(map[string]any{"type": "subscribe", "id": fmt.Sprint(s.subscriptions), "payload": map[string]any{
		"query": `subscription($id: ID!, $after: Int) { gameEvents(gameId: $id, after: $after) {
			seq turn seat kind phase currentSeat winner payload territories { index owner armies } } }`,
		"variables": map[string]any{"id": id, "after": after}}})
}

func (s *subscriber) read(id string) {
	defer close(s.done)
	for {
		_, data, err := s.conn.ReadMessage()
		if err != nil {
			if !s.isOver() {
				s.fail(fmt.Errorf("error reading the websocket: %w", err))
			}
			return
		}
		var msg struct {
			Type    string `json:"type"`
			Payload struct {
				Data struct {
					GameEvents *struct {
						Seq     int            `json:"seq"`
						Turn    int            `json:"turn"`
						Seat    *int           `json:"seat"`
						Kind    string         `json:"kind"`
						Winner  *int           `json:"winner"`
						Payload map[string]any `json:"payload"`
					} `json:"gameEvents"`
				} `json:"data"`
				Errors []struct {
					Extensions map[string]any `json:"extensions"`
				} `json:"errors"`
			} `json:"payload"`
		}
		if err := json.Unmarshal(data, &msg); err != nil {
			s.fail(fmt.Errorf("a message that is not JSON: %w", err))
			return
		}
		switch msg.Type {
		case "ping":
			s.send(map[string]any{"type": "pong"})
			continue
		case "next":
		default:
			continue
		}
		if len(msg.Payload.Errors) > 0 {
			if msg.Payload.Errors[0].Extensions["code"] == "RESUME_REQUIRED" {
				s.subscribeAfter(id, s.lastSeq())
				continue
			}
			s.fail(fmt.Errorf("gameEvents error: %s", data))
			return
		}
		ev := msg.Payload.Data.GameEvents
		s.mu.Lock()
		s.biggest = max(s.biggest, len(data))
		if ev == nil || ev.Seq != s.seq+1 {
			s.mu.Unlock()
			s.fail(fmt.Errorf("event after %d: %s", s.seq, data))
			return
		}
		s.seq = ev.Seq
		if ev.Turn != s.turn {
			s.turn, s.conq = ev.Turn, map[int]int{}
		}
		if ev.Kind == "territory_conquered" && ev.Seat != nil {
			s.conq[*ev.Seat]++
		}
		if ev.Kind == "game_over" {
			s.over = true
			if ev.Winner != nil {
				s.winner = *ev.Winner
			}
		}
		s.mu.Unlock()
		select {
		case s.changed <- struct{}{}:
		default:
		}
	}
}

func (s *subscriber) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

func (s *subscriber) isOver() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.over
}

func (s *subscriber) lastSeq() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seq
}

func (s *subscriber) winnerSeat() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.winner
}

func (s *subscriber) largest() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.biggest
}

func (s *subscriber) conquestsThisTurn(seat int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conq[seat]
}

// waitPast waits until an event after seq has arrived (or the game is over), within timeout.
func (s *subscriber) waitPast(seq int, timeout time.Duration) {
	s.t.Helper()
	s.waitFor(fmt.Sprintf("an event after %d", seq), timeout, func() bool { return s.seq > seq || s.over })
}

// waitOver waits for game_over.
func (s *subscriber) waitOver(timeout time.Duration) {
	s.t.Helper()
	s.waitFor("game_over", timeout, func() bool { return s.over })
}

func (s *subscriber) waitFor(what string, timeout time.Duration, ok func() bool) {
	s.t.Helper()
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		done, err := ok(), s.err
		s.mu.Unlock()
		if err != nil {
			s.t.Fatal(err)
		}
		if done {
			return
		}
		select {
		case <-s.changed:
		case <-deadline:
			s.t.Fatalf("no %s within %s (last event %d)", what, timeout, s.lastSeq())
		}
	}
}

func (s *subscriber) close() {
	s.conn.Close()
	<-s.done
}

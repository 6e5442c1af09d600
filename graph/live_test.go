package graph_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/graph"
	"rout/internal/testwait"
	"rout/live"
	"rout/notifications"
	"rout/notifications/inbox"
	"rout/rules"
)

// liveWait bounds the waits of the live tests: generous, for a noisy machine.
const liveWait = time.Minute

// shutdown closes a replica's websockets as `rout serve` does when it stops.
func (r *replica) shutdown(t *testing.T) {
	t.Helper()
	s, ok := r.handler.(interface{ Shutdown(context.Context) error })
	if !ok {
		t.Fatal("the API handler has no Shutdown")
	}
	ctx, cancel := context.WithTimeout(context.Background(), liveWait) // also in a cleanup
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
}

// replica is one server instance (its own game service, hub and handler) on a test database that other
// replicas share.
type replica struct {
	*env
	svc     *game.Service
	hub     *live.Hub
	handler http.Handler
}

// newReplicas starts n server instances on one new database.
func newReplicas(t *testing.T, n int, opts live.Opts) []*replica {
	t.Helper()
	return newReplicasWith(t, n, opts, nil)
}

// newReplicasWith is newReplicas with DefaultSettings changed by configure (which may be nil).
func newReplicasWith(t *testing.T, n int, opts live.Opts, configure func(*graph.Settings)) []*replica {
	t.Helper()
	cfg := settings(configure)
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	out := make([]*replica, n)
	for i := range out {
		svc := newService(t, db, nil)
		o := opts
		o.DB, o.DSN, o.Game, o.Logger = db, dsn, svc, quiet
		hub, err := live.New(o)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(t.Context(), liveWait)
		err = hub.Start(ctx)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		e, h := serveAPI(t, db, svc, hub, cfg)
		out[i] = &replica{env: e, svc: svc, hub: hub, handler: h}
		t.Cleanup(func() {
			out[i].shutdown(t)
			e.srv.Close()
			if err := hub.Stop(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	return out
}

// liveGame is a started two-player game made through the API of r.
type liveGame struct {
	id     string // global id
	gameID int
	tokens []string // by seat
	users  []int    // by seat
}

func newLiveGame(t *testing.T, r *replica, names ...string) liveGame {
	t.Helper()
	var g liveGame
	seats := []map[string]any{}
	for i, name := range names {
		tok, gid := r.signUp(name)
		_, uid, err := graph.ParseGlobalID(gid)
		if err != nil {
			t.Fatal(err)
		}
		g.tokens, g.users = append(g.tokens, tok), append(g.users, uid)
		kind := "OPEN"
		if i == 0 {
			kind = "HUMAN"
		}
		seats = append(seats, map[string]any{"kind": kind, "color": fmt.Sprintf("c%d", i)})
	}
	created := r.gameMutation(g.tokens[0], "createGame", map[string]any{"mapKey": "classic", "seats": seats})
	noUserErrors(t, "createGame", created)
	g.id = created.Game.ID
	for _, tok := range g.tokens[1:] {
		noUserErrors(t, "joinGame", r.gameMutation(tok, "joinGame", map[string]any{"gameId": g.id}))
	}
	noUserErrors(t, "startGame", r.gameMutation(g.tokens[0], "startGame", map[string]any{"gameId": g.id}))
	_, id, err := graph.ParseGlobalID(g.id)
	if err != nil {
		t.Fatal(err)
	}
	g.gameID = id
	return g
}

// play sends n random commands of whoever is to move through r's game service and returns the game's
// last sequence number.
func (g liveGame) play(t *testing.T, r *replica, rnd *rand.Rand, n int) int64 {
	t.Helper()
	ctx := t.Context()
	for range n {
		s, err := r.svc.GameState(ctx, g.gameID)
		if err != nil {
			t.Fatal(err)
		}
		if s.Phase() == rules.PhaseOver {
			break
		}
		p := s.Current()
		if _, err := r.svc.TurnSubmit(ctx, game.CommandInput{GameID: g.gameID, Actor: game.User(g.users[p]), Command: ai.Random(s, p, rnd)}); err != nil {
			t.Fatal(err)
		}
	}
	var seq int64
	if err := r.db.QueryRowContext(ctx, `SELECT seq FROM games WHERE id = $1`, g.gameID).Scan(&seq); err != nil {
		t.Fatal(err)
	}
	return seq
}

// playUntil plays until the record after seq after holds an event of kind.
func (g liveGame) playUntil(t *testing.T, r *replica, rnd *rand.Rand, after int64, kind string) int64 {
	t.Helper()
	for range 3000 {
		head := g.play(t, r, rnd, 1)
		if r.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq > $2 AND kind = $3`, g.gameID, after, kind) > 0 {
			return head
		}
	}
	t.Fatalf("no %s event", kind)
	return 0
}

// wsClient is a graphql-transport-ws client on a real websocket.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
}

// wsMessage is one message of the protocol.
type wsMessage struct {
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// dialWS opens a socket to r's API and sends connection_init with payload; it fails the test unless the
// server acknowledges.
func dialWS(t *testing.T, r *replica, payload any) *wsClient {
	t.Helper()
	c, err := tryWS(t, r, payload)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// tryWS is dialWS returning the error of a refused connection.
func tryWS(t *testing.T, r *replica, payload any) (*wsClient, error) {
	t.Helper()
	url := "ws" + strings.TrimPrefix(r.srv.URL, "http") + graph.Path
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: liveWait}
	conn, resp, err := d.Dial(url, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	resp.Body.Close()
	c := &wsClient{t: t, conn: conn}
	t.Cleanup(func() { conn.Close() })
	c.send(wsMessage{Type: "connection_init", Payload: mustRaw(t, payload)})
	m, err := c.read()
	if err != nil {
		return nil, err
	}
	if m.Type != "connection_ack" {
		t.Fatalf("got %s, want connection_ack", m.Type)
	}
	return c, nil
}

func mustRaw(t *testing.T, v any) json.RawMessage {
	t.Helper()
	if v == nil {
		return nil
	}
	return json.RawMessage(mustJSON(t, v))
}

func (c *wsClient) send(m wsMessage) {
	c.t.Helper()
	if err := c.conn.WriteJSON(m); err != nil {
		c.t.Fatal(err)
	}
}

// read reads the next message other than ping and pong (answering pings).
// viewerEvent is a notice of the viewerEvents subscription, with the fields a test asked for.
type viewerEvent struct {
	Seq    int64               `json:"seq"`
	Kind   string              `json:"kind"`
	GameID string              `json:"gameId"`
	Game   struct{ ID string } `json:"game"`
	Data   json.RawMessage     `json:"data"`
}

// viewerEvent reads the next message as a notice of the viewerEvents subscription, and returns it with
// the message's payload.
func (c *wsClient) viewerEvent(t *testing.T) (viewerEvent, json.RawMessage) {
	t.Helper()
	m, err := c.read()
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Data struct {
			ViewerEvents viewerEvent `json:"viewerEvents"`
		} `json:"data"`
	}
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		t.Fatal(err)
	}
	return p.Data.ViewerEvents, m.Payload
}

func (c *wsClient) read() (wsMessage, error) {
	for {
		var m wsMessage
		if err := c.conn.SetReadDeadline(time.Now().Add(liveWait)); err != nil {
			return m, err
		}
		if err := c.conn.ReadJSON(&m); err != nil {
			return m, err
		}
		switch m.Type {
		case "ping":
			c.send(wsMessage{Type: "pong"})
		case "pong":
		default:
			return m, nil
		}
	}
}

// subscribe starts operation id.
func (c *wsClient) subscribe(id, query string, vars map[string]any) {
	c.t.Helper()
	c.send(wsMessage{ID: id, Type: "subscribe", Payload: mustRaw(c.t, map[string]any{"query": query, "variables": vars})})
}

// liveEventView is what the tests read of a LiveEvent.
type liveEventView struct {
	Seq         int64          `json:"seq"`
	Kind        string         `json:"kind"`
	Payload     map[string]any `json:"payload"`
	Phase       string         `json:"phase"`
	CurrentSeat *int           `json:"currentSeat"`
	Territories []struct {
		Index  int  `json:"index"`
		Owner  *int `json:"owner"`
		Armies int  `json:"armies"`
	} `json:"territories"`
}

const gameEventsSubscription = `subscription($id: ID!, $after: Int) {
	gameEvents(gameId: $id, after: $after) { seq kind payload phase currentSeat territories { index owner armies } }
}`

// events reads the next data messages of operation id up to seq upTo, checking that they follow after
// without gaps or duplicates.
func (c *wsClient) events(id string, after, upTo int64) []liveEventView {
	c.t.Helper()
	var out []liveEventView
	for next := after + 1; next <= upTo; next++ {
		m, err := c.read()
		if err != nil {
			c.t.Fatalf("waiting for event %d: %v", next, err)
		}
		if m.Type != "next" || m.ID != id {
			c.t.Fatalf("waiting for event %d: got %s %s %s", next, m.Type, m.ID, m.Payload)
		}
		var p struct {
			Data struct {
				GameEvents *liveEventView `json:"gameEvents"`
			} `json:"data"`
			Errors []gqlError `json:"errors"`
		}
		if err := json.Unmarshal(m.Payload, &p); err != nil || len(p.Errors) > 0 || p.Data.GameEvents == nil {
			c.t.Fatalf("waiting for event %d: %s (%v)", next, m.Payload, err)
		}
		if p.Data.GameEvents.Seq != next {
			c.t.Fatalf("got event %d, want %d", p.Data.GameEvents.Seq, next)
		}
		out = append(out, *p.Data.GameEvents)
	}
	return out
}

func TestGameEventsOverWebsocketResumeOnAnotherReplica(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 2, live.Opts{Buffer: 256})
	a, b := rs[0], rs[1]
	rnd := rand.New(rand.NewPCG(3, 4))
	g := newLiveGame(t, a, "ana", "ben")
	early := g.play(t, a, rnd, 10)

	// Ben watches on replica B from the start; the commands run on replica A.
	ben := dialWS(t, b, map[string]any{"Authorization": "Bearer " + g.tokens[1]})
	ben.subscribe("1", gameEventsSubscription, map[string]any{"id": g.id, "after": 0})
	got := ben.events("1", 0, early)
	head := g.play(t, a, rnd, 10)
	got = append(got, ben.events("1", early, head)...)
	var seqOut struct {
		Game struct{ Seq int64 } `json:"game"`
	}
	b.gql(g.tokens[1], `query($id: ID!) { game(id: $id) { seq } }`, map[string]any{"id": g.id}).decode(t, &seqOut)
	if seqOut.Game.Seq != head {
		t.Fatalf("Game.seq is %d, want %d", seqOut.Game.Seq, head)
	}

	// He drops the connection, commands go on, and he resumes on replica A with the last seq he saw.
	if err := ben.conn.Close(); err != nil {
		t.Fatal(err)
	}
	more := g.play(t, a, rnd, 10)
	again := dialWS(t, a, map[string]any{"token": g.tokens[1]})
	again.subscribe("2", gameEventsSubscription, map[string]any{"id": g.id, "after": head})
	got = append(got, again.events("2", head, more)...)
	last := g.play(t, b, rnd, 10) // and now commands on replica B
	got = append(got, again.events("2", more, last)...)

	// The events carry the board: folding their territories gives the game's board.
	view := a.gameAs(g.tokens[1], g.id)
	board := map[int][2]int{}
	for _, ev := range got {
		for _, tr := range ev.Territories {
			owner := -1
			if tr.Owner != nil {
				owner = *tr.Owner
			}
			board[tr.Index] = [2]int{owner, tr.Armies}
		}
	}
	for i, tr := range view.Board {
		owner := -1
		if tr.Owner != nil {
			owner = *tr.Owner
		}
		if board[i] != [2]int{owner, tr.Armies} {
			t.Fatalf("territory %d (%s): events say %v, the game owner %d armies %d", i, tr.Key, board[i], owner, tr.Armies)
		}
	}
	if ev := got[len(got)-1]; ev.Phase != view.Phase {
		t.Fatalf("last event's phase %s, game's %s", ev.Phase, view.Phase)
	}
}

func TestGameEventsOverWebsocketAreFilteredPerViewer(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 1, live.Opts{Buffer: 1024})
	r := rs[0]
	rnd := rand.New(rand.NewPCG(5, 6))
	g := newLiveGame(t, r, "cleo", "dan")
	start := g.play(t, r, rnd, 3)
	clients := []*wsClient{
		dialWS(t, r, map[string]any{"Authorization": "Bearer " + g.tokens[0]}),
		dialWS(t, r, map[string]any{"token": g.tokens[1]}),
		dialWS(t, r, nil), // an anonymous spectator
	}
	for _, c := range clients {
		c.subscribe("s", gameEventsSubscription, map[string]any{"id": g.id, "after": start})
	}
	head := g.playUntil(t, r, rnd, start, "card_drawn")
	var drawn int
	views := make([][]liveEventView, len(clients))
	for i, c := range clients {
		views[i] = c.events("s", start, head)
	}
	for j, ev := range views[2] {
		if ev.Kind != "card_drawn" {
			continue
		}
		drawn++
		player := int(ev.Payload["player"].(float64))
		for seat := range 3 {
			_, card := views[seat][j].Payload["card"]
			_, count := views[seat][j].Payload["cardCount"]
			if card != (seat == player) || count == card {
				t.Fatalf("viewer %d sees the card_drawn of seat %d as %v", seat, player, views[seat][j].Payload)
			}
		}
	}
	if drawn == 0 {
		t.Fatal("no card_drawn event")
	}
}

// TestGameEventsRenderEachQueryAndView: many subscribers of one game share the rendering of an event only
// with those of the same query and view. Each gets its own selection (a query that selects fewer fields
// gets no more), and a seat's own cards, whatever the others subscribed with and in whatever order.
func TestGameEventsRenderEachQueryAndView(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 1, live.Opts{Buffer: 1024})
	r := rs[0]
	rnd := rand.New(rand.NewPCG(9, 10))
	g := newLiveGame(t, r, "eve", "fay")
	start := g.play(t, r, rnd, 3)
	const short = `subscription($id: ID!, $after: Int) { gameEvents(gameId: $id, after: $after) { seq kind } }`
	type subscriber struct {
		c     *wsClient
		seat  int // -1: a spectator
		short bool
	}
	var subs []subscriber
	for i := range 12 {
		seat, auth := i%3-1, map[string]any(nil)
		if seat >= 0 {
			auth = map[string]any{"token": g.tokens[seat]}
		}
		s := subscriber{c: dialWS(t, r, auth), seat: seat, short: i%2 == 0}
		query := gameEventsSubscription
		if s.short {
			query = short
		}
		// Different starting points: the root field's arguments do not change how an event renders.
		s.c.subscribe("s", query, map[string]any{"id": g.id, "after": start - int64(i%3)})
		s.c.events("s", start-int64(i%3), start)
		subs = append(subs, s)
	}
	head := g.playUntil(t, r, rnd, start, "card_drawn")
	for i, s := range subs {
		for _, ev := range s.c.events("s", start, head) {
			switch {
			case s.short && (ev.Payload != nil || ev.Phase != "" || ev.Territories != nil):
				t.Fatalf("subscriber %d selected seq and kind, and got %+v", i, ev)
			case !s.short && ev.Phase == "":
				t.Fatalf("subscriber %d selected the phase, and got none: %+v", i, ev)
			case !s.short && ev.Kind == "card_drawn":
				_, card := ev.Payload["card"]
				if mine := int(ev.Payload["player"].(float64)) == s.seat; card != mine {
					t.Fatalf("subscriber %d (seat %d) sees the card_drawn of seat %v as %v", i, s.seat, ev.Payload["player"], ev.Payload)
				}
			}
		}
	}
}

func TestSubscriptionsRefuseWhatTheViewerMayNotSee(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	anon := dialWS(t, r, nil)
	anon.subscribe("v", `subscription { viewerEvents { seq } }`, nil)
	anon.subscribe("g", gameEventsSubscription, map[string]any{"id": graph.GlobalID("Game", 424242)})
	anon.subscribe("n", gameEventsSubscription, map[string]any{"id": graph.GlobalID("Game", 1), "after": -1})
	g := newLiveGame(t, r, "gus", "hip")
	anon.subscribe("f", gameEventsSubscription, map[string]any{"id": g.id, "after": 100000})
	want := map[string]string{"v": "UNAUTHENTICATED", "g": "NOT_FOUND", "n": "BAD_USER_INPUT", "f": "BAD_USER_INPUT"}
	for range want {
		m, err := anon.read()
		if err != nil {
			t.Fatal(err)
		}
		var errs []gqlError
		switch m.Type {
		case "next":
			var p struct {
				Errors []gqlError `json:"errors"`
			}
			_ = json.Unmarshal(m.Payload, &p)
			errs = p.Errors
			if _, err := anon.read(); err != nil { // its complete
				t.Fatal(err)
			}
		case "error":
			_ = json.Unmarshal(m.Payload, &errs)
		}
		if len(errs) != 1 || errs[0].Extensions["code"] != want[m.ID] {
			t.Fatalf("operation %s: %s %s, want %s", m.ID, m.Type, m.Payload, want[m.ID])
		}
	}
}

func TestViewerEventsOverWebsocket(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	g := newLiveGame(t, r, "eve", "fay")
	record := func(user int, kind notifications.Kind) int64 {
		return dbtest.Notice(t, r.db, inbox.New{UserID: user, GameID: g.gameID, Turn: 1, Kind: kind})
	}
	first := record(g.users[0], notifications.KindYourTurn)
	c := dialWS(t, r, map[string]any{"Authorization": "Bearer " + g.tokens[0]})
	c.subscribe("me", `subscription { viewerEvents { seq kind gameId game { id } turn data } }`, nil)
	next := func(want int64, kind string) {
		t.Helper()
		v, payload := c.viewerEvent(t)
		if v.Seq != want || v.Kind != kind || v.GameID != g.id || v.Game.ID != g.id || string(v.Data) != "{}" {
			t.Fatalf("got %s, want notice %d %s", payload, want, kind)
		}
	}
	next(first, "your_turn")
	record(g.users[1], notifications.KindYourTurn) // not eve's
	next(record(g.users[0], notifications.KindGameOver), "game_over")
}

func TestShutdownClosesSocketsAndClientsResumeElsewhere(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 2, live.Opts{})
	a, b := rs[0], rs[1]
	rnd := rand.New(rand.NewPCG(9, 10))
	g := newLiveGame(t, a, "ida", "jon")
	head := g.play(t, a, rnd, 5)
	c := dialWS(t, b, map[string]any{"token": g.tokens[0]})
	c.subscribe("1", gameEventsSubscription, map[string]any{"id": g.id, "after": 0})
	c.events("1", 0, head)
	closed := make(chan error, 1)
	go func() { // reading answers the server's close frame, which Shutdown waits for
		for {
			if _, _, err := c.conn.ReadMessage(); err != nil {
				closed <- err
				return
			}
		}
	}()
	b.shutdown(t)
	err := <-closed
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.CloseGoingAway {
		t.Fatalf("after Shutdown: %v, want close 1001", err)
	}
	more := g.play(t, a, rnd, 5)
	again := dialWS(t, a, map[string]any{"token": g.tokens[0]})
	again.subscribe("1", gameEventsSubscription, map[string]any{"id": g.id, "after": head})
	again.events("1", head, more)
}

func TestSocketInitPayloads(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	tok, _ := r.signUp("kai")
	for _, c := range []struct {
		payload any
		close   int // 0: acknowledged
	}{
		{nil, 0},
		{map[string]any{}, 0},
		{map[string]any{"authorization": "Bearer " + tok}, 0},
		{map[string]any{"token": tok}, 0},
		{[]int{1}, 4400}, // not an object: the protocol's bad request
		{map[string]any{"Authorization": 5}, 4403},
		{map[string]any{"token": "rout_a_unknown"}, 4403},
		{map[string]any{"Authorization": "Basic eDp5"}, 4403},
	} {
		_, err := tryWS(t, r, c.payload)
		code := 0
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			code = ce.Code
		} else if err != nil {
			t.Fatalf("connection_init %v: %v", c.payload, err)
		}
		if code != c.close {
			t.Errorf("connection_init %v: close %d, want %d", c.payload, code, c.close)
		}
	}
}

// TestNoticeSeenOverWebsocketIsMarked: a notice a websocket subscriber of viewerEvents received gets its
// seen_at (which spares the user its email), and another user's notice does not.
func TestNoticeSeenOverWebsocketIsMarked(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	g := newLiveGame(t, r, "kim", "lou")
	c := dialWS(t, r, map[string]any{"Authorization": "Bearer " + g.tokens[0]})
	c.subscribe("me", `subscription { viewerEvents { seq kind gameId game { id } turn data } }`, nil)
	mine := dbtest.Notice(t, r.db, inbox.New{UserID: g.users[0], GameID: g.gameID, Turn: 1, Kind: notifications.KindYourTurn})
	theirs := dbtest.Notice(t, r.db, inbox.New{UserID: g.users[1], GameID: g.gameID, Turn: 1, Kind: notifications.KindYourTurn})
	if v, payload := c.viewerEvent(t); v.Seq != mine {
		t.Fatalf("got %s, want notice %d", payload, mine)
	}
	seen := func(id int64) int {
		return dbtest.Int(t, r.db, `SELECT count(*) FROM notices WHERE id = $1 AND seen_at IS NOT NULL`, id)
	}
	testwait.For(t, fmt.Sprintf("notice %d received over the websocket to have its seen_at", mine), 30*time.Second,
		func() bool { return seen(mine) == 1 })
	if seen(theirs) != 0 {
		t.Errorf("lou's notice %d, sent to nobody, is marked seen", theirs)
	}
}

package server

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/game"
	"rout/graph"
	"rout/maps"
)

// The operations the web client sends when it opens a game (web/src/api/operations.ts,
// web/src/game/controller.ts and boardview.tsx), as it sends them.
const (
	openingGameCard = `fragment GameCard on Game { id name status phase turn currentSeat turnDeadline turnLimitSeconds
  cardSystem claim inviteCode winner viewerInvitedSeat creator { id name } map { key version name }
  seats { seat color userName user { id } cpu difficulty status territories } }`
	openingGame = `query Game($id: ID!) { game(id: $id) { ...GameCard version seq ttbPercent
  seats { seat armies cardCount cards } board { key name owner neutral armies } viewerActionSummary { kind count from } } }
` + openingGameCard
	openingGeometry = `query GameMapGeometry($id: ID!) { game(id: $id) { id map { id key version name width height
  territories { key name x y shape neighbours bonusAreas } borders { from to sea } bonusAreas { key name bonus } } } }`
	openingActions = `query GameActions($id: ID!, $full: Boolean!) { game(id: $id) { id version seq turnDeadline
  viewerActionSummary { kind count from } viewerActions @include(if: $full) { kind from to cards min max }
  seats { seat status cardCount cards territories armies } } }`
	openingActionsFrom = `query GameActionsFrom($id: ID!, $from: String!) { game(id: $id) { id version
  viewerActions(from: $from) { kind from to cards min max } } }`
	openingLog = `query GameLog($id: ID!, $after: Int) { game(id: $id) { id events(after: $after, first: 100) { seq turn seat kind payload } } }`
)

// browserAcceptEncoding is what Chromium and Firefox send.
const browserAcceptEncoding = "gzip, deflate, br, zstd"

// TestOpeningALargeGameCompressed measures the bytes that opening a game on the generated
// 5,000-territory map moves over HTTP (every request and answer, headers included, counted on the
// connection), with the answers as they are and gzip-compressed, on a real server (Run, PostgreSQL),
// and compares gzip's levels on the same answers (size and time). The web client's goal is under
// 600 KB in all. docs/benchmarks.md, "Opening a game: compressed answers", has the figures; under -short the map has
// 1,000 territories and only the compression is checked.
func TestOpeningALargeGameCompressed(t *testing.T) {
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
	api := &apiClient{t: t, url: "http://" + srv.addr + graph.Path}
	tokens := make([]string, 2)
	for i := range tokens {
		name := fmt.Sprintf("opener%d", i)
		var out struct {
			SignUp struct {
				Session struct{ Token string } `json:"session"`
			} `json:"signUp"`
		}
		api.do("signUp", "", `mutation($in: SignUpInput!) { signUp(input: $in) { session { token } } }`,
			map[string]any{"in": map[string]any{"name": name, "email": name + "@example.com", "password": "password-" + name}}, &out)
		tokens[i] = out.SignUp.Session.Token
	}
	var created struct {
		CreateGame struct {
			Game struct{ ID string } `json:"game"`
		} `json:"createGame"`
	}
	api.do("createGame", tokens[0], `mutation($in: CreateGameInput!) { createGame(input: $in) { game { id } } }`,
		map[string]any{"in": map[string]any{"mapKey": m.ID, "seats": []map[string]any{{"kind": "HUMAN", "color": "red"}, {"kind": "OPEN", "color": "blue"}}}}, &created)
	id := created.CreateGame.Game.ID
	var ignored any
	api.do("joinGame", tokens[1], `mutation($id: ID!) { joinGame(input: {gameId: $id}) { userErrors { code } } }`, map[string]any{"id": id}, &ignored)
	api.do("startGame", tokens[0], `mutation($id: ID!) { startGame(input: {gameId: $id}) { userErrors { code } } }`, map[string]any{"id": id}, &ignored)

	plain := openGame(t, api.url, tokens[0], id, "")
	zipped := openGame(t, api.url, tokens[0], id, browserAcceptEncoding)
	if len(plain.answers) != len(zipped.answers) {
		t.Fatalf("%d answers as they are, %d compressed", len(plain.answers), len(zipped.answers))
	}
	var lines []string
	for i, a := range plain.answers {
		z := zipped.answers[i]
		if z.encoding != "gzip" && len(z.body) >= 1024 {
			t.Errorf("%s: %d bytes not compressed", a.name, len(z.body))
		}
		if a.encoding != "" {
			t.Errorf("%s: Content-Encoding %q without Accept-Encoding", a.name, a.encoding)
		}
		lines = append(lines, fmt.Sprintf("%-26s %9d B %9d B  %5.1f%%", a.name, len(a.body), len(z.body), 100*float64(len(z.body))/float64(len(a.body))))
	}
	t.Logf("opening a game on %d territories, %d requests; answers' bodies, as they are and gzip:\n%s", n, len(plain.answers), strings.Join(lines, "\n"))
	t.Logf("on the connection (requests and answers, headers included): %d B as they are, %d B gzip (%.1f%%); received %d B and %d B",
		plain.sent+plain.received, zipped.sent+zipped.received, 100*float64(zipped.sent+zipped.received)/float64(plain.sent+plain.received),
		plain.received, zipped.received)
	if !testing.Short() && zipped.sent+zipped.received >= 600_000 {
		t.Errorf("opening the game moved %d B compressed, want under 600 KB", zipped.sent+zipped.received)
	}
	if zipped.received >= plain.received/3 {
		t.Errorf("compressed, the answers took %d B against %d B as they are", zipped.received, plain.received)
	}
	logGzipLevels(t, plain.answers)
	logDeflatedEvents(t, srv.addr, tokens[0], id, plain.seq)
}

// logDeflatedEvents reads the game's record up to seq through gameEvents, as the web client subscribes
// (from 0 here, where the client starts after its seq: the worst case), and logs the bytes of its
// messages as they are and as permessage-deflate would send them at gorilla/websocket's default level
// (each message on its own, without context takeover, the 4 bytes of the flush's tail left out).
func logDeflatedEvents(t *testing.T, addr, token, id string, seq int) {
	t.Helper()
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 30 * time.Second}
	conn, res, err := d.DialContext(t.Context(), "ws://"+addr+graph.Path, nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	defer conn.Close()
	send := func(m any) {
		if err := conn.WriteJSON(m); err != nil {
			t.Fatal(err)
		}
	}
	send(map[string]any{"type": "connection_init", "payload": map[string]any{"token": token}})
	send(map[string]any{"type": "subscribe", "id": "1", "payload": map[string]any{"query": `subscription GameEvents($gameId: ID!, $after: Int) {
  gameEvents(gameId: $gameId, after: $after) { seq turn seat kind payload phase currentSeat
    territories { index key owner neutral armies } dice { attacker defender } winner } }`,
		"variables": map[string]any{"gameId": id, "after": 0}}})
	fw, err := flate.NewWriter(io.Discard, flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	var plain, deflated, largest, events int
	var spent time.Duration
	for events < seq {
		_ = conn.SetReadDeadline(time.Now().Add(time.Minute))
		_, data, err := conn.ReadMessage()
		if err != nil {
			t.Fatal(err)
		}
		var m struct{ Type string }
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		if m.Type != "next" {
			continue
		}
		events++
		var buf bytes.Buffer
		start := time.Now()
		fw.Reset(&buf)
		_, _ = fw.Write(data)
		_ = fw.Flush()
		spent += time.Since(start)
		plain += len(data)
		deflated += buf.Len() - 4
		largest = max(largest, len(data))
	}
	t.Logf("gameEvents from 0 to %d: %d messages, %d B as they are (the largest %d B), %d B with permessage-deflate (%.1f%%), compressed in %.2f ms",
		seq, events, plain, largest, deflated, 100*float64(deflated)/float64(plain), float64(spent.Microseconds())/1000)
}

// openingAnswer is one answer of the opening, as it came over the wire.
type openingAnswer struct {
	name     string
	encoding string
	body     []byte
}

// opening is what opening a game moved.
type opening struct {
	answers        []openingAnswer
	sent, received int64 // bytes on the connection
	seq            int   // the game's seq
}

// openGame sends the opening's requests as the holder of token, with the Accept-Encoding acceptEncoding
// ("": none), on one keep-alive connection of its own, and checks every answer.
func openGame(t *testing.T, url, token, id, acceptEncoding string) opening {
	t.Helper()
	var sent, received atomic.Int64
	tr := &http.Transport{DisableCompression: true, DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &countingConn{Conn: c, sent: &sent, received: &received}, nil
	}}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var o opening
	send := func(name, query string, vars map[string]any, out any) {
		t.Helper()
		body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
		if err != nil {
			t.Fatal(err)
		}
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/graphql-response+json, application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		raw, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		a := openingAnswer{name: name, encoding: res.Header.Get("Content-Encoding"), body: raw}
		o.answers = append(o.answers, a)
		data := raw
		if a.encoding == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if data, err = io.ReadAll(zr); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		var r struct {
			Data   json.RawMessage            `json:"data"`
			Errors []struct{ Message string } `json:"errors"`
		}
		if err := json.Unmarshal(data, &r); err != nil || res.StatusCode != http.StatusOK || len(r.Errors) > 0 {
			t.Fatalf("%s: status %d, %v: %.500s", name, res.StatusCode, err, data)
		}
		if err := json.Unmarshal(r.Data, out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	var g struct {
		Game struct {
			Seq     int `json:"seq"`
			Summary []struct {
				Kind string   `json:"kind"`
				From []string `json:"from"`
			} `json:"viewerActionSummary"`
		} `json:"game"`
	}
	send("Game", openingGame, map[string]any{"id": id}, &g)
	var ignored any
	send("GameMapGeometry", openingGeometry, map[string]any{"id": id}, &ignored)
	send("GameActions", openingActions, map[string]any{"id": id, "full": false}, &g)
	for _, s := range g.Game.Summary {
		if (s.Kind == "place" || s.Kind == "occupy") && len(s.From) > 0 {
			send("GameActionsFrom ("+s.Kind+")", openingActionsFrom, map[string]any{"id": id, "from": s.From[0]}, &ignored)
		}
	}
	for after := 0; after < g.Game.Seq; {
		var log struct {
			Game struct {
				Events []struct{ Seq int } `json:"events"`
			} `json:"game"`
		}
		send(fmt.Sprintf("GameLog (after %d)", after), openingLog, map[string]any{"id": id, "after": after}, &log)
		if len(log.Game.Events) == 0 {
			break
		}
		after = log.Game.Events[len(log.Game.Events)-1].Seq
	}
	tr.CloseIdleConnections()
	o.seq = g.Game.Seq
	o.sent, o.received = sent.Load(), received.Load()
	return o
}

// logGzipLevels compresses the answers at each of gzip's levels and logs the bytes and the time it took
// (the fastest of several runs, all the answers together).
func logGzipLevels(t *testing.T, answers []openingAnswer) {
	t.Helper()
	total := 0
	for _, a := range answers {
		total += len(a.body)
	}
	var lines []string
	for _, level := range []int{gzip.BestSpeed, 2, 3, 4, 5, gzip.DefaultCompression, 7, gzip.BestCompression} {
		zw, err := gzip.NewWriterLevel(io.Discard, level)
		if err != nil {
			t.Fatal(err)
		}
		var size int
		times := make([]time.Duration, 0, 7)
		for range 7 {
			size = 0
			start := time.Now()
			for _, a := range answers {
				var buf bytes.Buffer
				zw.Reset(&buf)
				_, _ = zw.Write(a.body)
				_ = zw.Close()
				size += buf.Len()
			}
			times = append(times, time.Since(start))
		}
		best := slices.Min(times)
		lines = append(lines, fmt.Sprintf("level %d: %8d B (%4.1f%%) in %6.2f ms (%4.0f MB/s)", level, size,
			100*float64(size)/float64(total), float64(best.Microseconds())/1000, float64(total)/best.Seconds()/1e6))
	}
	t.Logf("gzip levels on the %d B of answers:\n%s", total, strings.Join(lines, "\n"))
}

// countingConn counts the bytes a connection sends and receives.
type countingConn struct {
	net.Conn
	sent, received *atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.received.Add(int64(n))
	return n, err
}

func (c *countingConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.sent.Add(int64(n))
	return n, err
}

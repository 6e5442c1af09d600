package graph_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/graph"
	"rout/internal/testwait"
	"rout/live"
)

func TestWebsocketOperationsCountAgainstTheRateLimits(t *testing.T) {
	t.Parallel()
	t.Run("per address", func(t *testing.T) {
		t.Parallel()
		r := newReplicasWith(t, 1, live.Opts{}, func(c *graph.Settings) {
			c.RateIP = graph.RateLimit{Events: 5, Per: time.Hour, Burst: 5}
		})[0]
		c := dialWS(t, r, nil) // the upgrade request is one
		for i := range 4 {
			c.mustAnswer(c.query(fmt.Sprint(i), `{ __typename }`))
		}
		c.mustBeRefusal(c.query("5", `{ __typename }`), string(graph.CodeRateLimited))
		// The socket stays open, and the bucket refills with time.
		r.clock.Advance(time.Hour)
		c.mustAnswer(c.query("6", `{ __typename }`))
	})
	t.Run("per user", func(t *testing.T) {
		t.Parallel()
		r := newReplicasWith(t, 1, live.Opts{}, func(c *graph.Settings) {
			c.RateIP = graph.RateLimit{}
			c.RateUser = graph.RateLimit{Events: 2, Per: time.Hour, Burst: 2}
		})[0]
		tok, _ := r.signUp("wes")
		c := dialWS(t, r, map[string]any{"token": tok})
		c.mustAnswer(c.query("1", `{ viewer { id } }`))
		c.mustAnswer(c.query("2", `{ viewer { id } }`))
		c.mustBeRefusal(c.query("3", `{ viewer { id } }`), string(graph.CodeRateLimited))
		// The user's HTTP requests draw on the same bucket.
		if res := r.gql(tok, `{ viewer { id } }`, nil); res.Status != http.StatusTooManyRequests {
			t.Errorf("HTTP request of the user: status %d, want 429", res.Status)
		}
		anon := dialWS(t, r, nil)
		anon.mustAnswer(anon.query("1", `{ __typename }`))
	})
}

// dialRaw opens a graphql-transport-ws socket to r without sending anything; it returns the response
// of a refused upgrade.
func dialRaw(t *testing.T, r *replica) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	url := "ws" + strings.TrimPrefix(r.srv.URL, "http") + graph.Path
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: liveWait}
	conn, resp, err := d.Dial(url, nil)
	if resp != nil {
		resp.Body.Close()
	}
	if err == nil {
		t.Cleanup(func() { conn.Close() })
	}
	return conn, resp, err
}

// closeAndWait closes conn with 1000 and reads until the server answers the close frame.
func closeAndWait(t *testing.T, conn *websocket.Conn) {
	t.Helper()
	_ = conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
		time.Now().Add(liveWait))
	_ = conn.SetReadDeadline(time.Now().Add(liveWait))
	for {
		if _, _, err := conn.ReadMessage(); err != nil {
			return
		}
	}
}

func TestWebsocketConnectionsPerAddressAreCapped(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{}, func(c *graph.Settings) { c.WSMaxConnsPerAddress = 3 })[0]
	var open []*websocket.Conn
	for range 3 {
		conn, _, err := dialRaw(t, r)
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, conn)
	}
	_, resp, err := dialRaw(t, r)
	if !errors.Is(err, websocket.ErrBadHandshake) || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("4th socket: %v %v, want 429", err, resp)
	}
	// Plain HTTP requests of the address still pass.
	if res := r.gql("", `{ __typename }`, nil); res.Status != http.StatusOK {
		t.Fatalf("HTTP request: status %d", res.Status)
	}
	closeAndWait(t, open[0])
	testwait.For(t, "a socket after one closed", liveWait, func() bool {
		_, _, err := dialRaw(t, r)
		return err == nil
	})
}

func TestWebsocketConnectionsPerUserAreCapped(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{}, func(c *graph.Settings) { c.WSMaxConnsPerUser = 2 })[0]
	tok, _ := r.signUp("xia")
	first := dialWS(t, r, map[string]any{"token": tok})
	dialWS(t, r, map[string]any{"Authorization": "Bearer " + tok})
	_, err := tryWS(t, r, map[string]any{"token": tok})
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != 1013 {
		t.Fatalf("3rd socket of the user: %v, want close 1013", err)
	}
	// Anonymous sockets and other users are not counted against the user.
	dialWS(t, r, nil)
	other, _ := r.signUp("yan")
	dialWS(t, r, map[string]any{"token": other})
	closeAndWait(t, first.conn)
	testwait.For(t, "a socket of the user after one closed", liveWait, func() bool {
		_, err := tryWS(t, r, map[string]any{"token": tok})
		return err == nil
	})
}

func TestGameRecordCostsByItsSize(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{}, func(c *graph.Settings) { c.MaxComplexity = 150 })[0]
	rnd := rand.New(rand.NewPCG(11, 12))
	long := newLiveGame(t, r, "zed", "ada")
	var seq int64
	for seq < 300 {
		next := long.play(t, r, rnd, 20)
		if next == seq {
			break // over
		}
		seq = next
	}
	if seq < 200 {
		t.Fatalf("the game stopped at %d events", seq)
	}
	short := newLiveGame(t, r, "bea", "cal")
	records := func(id string) string {
		var q strings.Builder
		q.WriteString("query($id: ID!) {")
		for i := range 9 {
			fmt.Fprintf(&q, " g%d: game(id: $id) { record }", i)
		}
		q.WriteString(" }")
		return q.String()
	}
	// Nine records of a short game are cheap.
	if res := r.gql(short.tokens[0], records(short.id), map[string]any{"id": short.id}); res.Status != 200 || len(res.Errors) != 0 {
		t.Fatalf("nine short records: status %d, errors %+v", res.Status, res.Errors)
	}
	// One long record is fine; nine are over the limit, on HTTP and on a socket alike.
	one := `query($id: ID!) { game(id: $id) { record } }`
	if res := r.gql(long.tokens[0], one, map[string]any{"id": long.id}); res.Status != 200 || len(res.Errors) != 0 {
		t.Fatalf("one long record: status %d, errors %+v", res.Status, res.Errors)
	}
	check := func(via string, errs []gqlError) {
		t.Helper()
		if len(errs) == 0 || len(errs) >= 9 {
			t.Fatalf("nine long records over %s: %d errors, want some records refused and some read", via, len(errs))
		}
		for _, e := range errs {
			if e.Extensions["code"] != string(graph.CodeBadUserInput) || e.Extensions["reason"] != "COMPLEXITY_LIMIT_EXCEEDED" {
				t.Fatalf("nine long records over %s: %+v", via, e)
			}
		}
	}
	res := r.gql(long.tokens[0], records(long.id), map[string]any{"id": long.id})
	check("HTTP", res.Errors)
	c := dialWS(t, r, map[string]any{"token": long.tokens[0]})
	c.subscribe("1", records(long.id), map[string]any{"id": long.id})
	m, err := c.read()
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Errors []gqlError `json:"errors"`
	}
	if m.Type != "next" || json.Unmarshal(m.Payload, &p) != nil {
		t.Fatalf("nine long records over a socket: %s %s", m.Type, m.Payload)
	}
	check("a socket", p.Errors)
}

func TestWebsocketLimitsConfig(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		graph.EnvWSMaxExecuting:       "2",
		graph.EnvWSMaxConnsPerAddress: "50",
		graph.EnvWSMaxConnsPerUser:    "5",
	}
	cfg, err := graph.SettingsFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.WSMaxExecuting != 2 || cfg.WSMaxConnsPerAddress != 50 || cfg.WSMaxConnsPerUser != 5 {
		t.Fatalf("config %+v", cfg)
	}
	for k := range env {
		env[k] = "many"
	}
	_, err = graph.SettingsFromEnv(func(k string) string { return env[k] })
	for k := range env {
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("SettingsFromEnv does not name %s: %v", k, err)
		}
	}
	cfg = graph.DefaultSettings()
	cfg.WSMaxExecuting, cfg.WSMaxConnsPerAddress, cfg.WSMaxConnsPerUser = 0, -1, 0
	err = cfg.Validate()
	for k := range env {
		if err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("Validate does not name %s: %v", k, err)
		}
	}
}

package wstransport_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/graph/wstransport"
)

func TestInitAuthenticates(t *testing.T) {
	t.Parallel()
	var seen atomic.Value
	e := newEnv(t, wstransport.Opts{
		Authenticate: func(ctx context.Context, r *http.Request, payload json.RawMessage) (context.Context, error) {
			seen.Store(r.Header.Get("X-Test") + " " + string(payload))
			return authenticate(ctx, r, payload)
		},
	})
	c := e.dial([]string{"other", wstransport.ProtocolTransportWS}, http.Header{"X-Test": {"yes"}})
	if p := c.ws.Subprotocol(); p != wstransport.ProtocolTransportWS {
		t.Fatalf("subprotocol %q", p)
	}
	c.send(`{"type":"connection_init","payload":{"Authorization":"Bearer good"}}`)
	if p := c.expect("connection_ack", ""); p != nil {
		t.Errorf("ack payload %s, want none", p)
	}
	if got := seen.Load(); got != `yes {"Authorization":"Bearer good"}` {
		t.Errorf("Authenticate saw %q", got)
	}
	c.subscribe("1", "{ hello }")
	if got := c.expectNext("next", "1"); got != `{"hello":"world"}` {
		t.Errorf("next %s", got)
	}
	c.expect("complete", "1")

	// A refused payload closes with 4403.
	c = e.dial([]string{wstransport.ProtocolTransportWS}, nil)
	c.send(`{"type":"connection_init","payload":{"Authorization":"Bearer bad"}}`)
	c.expectClose(wstransport.CloseForbidden, "Forbidden")
}

func TestPingPong(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{PingInterval: 250 * time.Millisecond})
	c := e.dial([]string{wstransport.ProtocolTransportWS}, nil)
	// A ping before the init is answered too; a pong without a ping is fine.
	c.send(`{"type":"ping"}`)
	if p := c.expect("pong", ""); p != nil {
		t.Errorf("pong payload %s, want none", p)
	}
	c.send(`{"type":"pong","payload":{"x":1}}`)
	c.send(`{"type":"connection_init","payload":null}`)
	c.expect("connection_ack", "")
	c.roundTrip()

	// The server pings with messages and with ping frames; the client answers.
	frames := make(chan struct{}, 100)
	c.ws.SetPingHandler(func(data string) error {
		frames <- struct{}{}
		return c.ws.WriteControl(websocket.PongMessage, []byte(data), time.Now().Add(wait))
	})
	for pings := 0; pings < 3; {
		m := c.read()
		if m.Type == "ping" {
			pings++
			c.send(`{"type":"pong"}`)
		}
	}
	select {
	case <-frames:
	default:
		t.Error("no ping frame between three ping messages")
	}
}

func TestPingTimeout(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{PingInterval: 50 * time.Millisecond})
	c := e.connect()
	// A client that answers neither ping messages nor ping frames is dead to the server.
	c.ws.SetPingHandler(func(string) error { return nil })
	c.expectClose(wstransport.CloseGoingAway, "Ping timeout")
}

func TestSubscriptionStreams(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	c := e.connect()
	c.subscribe("a", "subscription { count(to: 3) }")
	for i := 1; i <= 3; i++ {
		if got := c.expectNext("next", "a"); got != counts(i) {
			t.Fatalf("next %d: %s", i, got)
		}
	}
	c.expect("complete", "a")
	// The id is free again once completed.
	c.subscribe("a", "subscription { count(to: 1) }")
	c.expectNext("next", "a")
	c.expect("complete", "a")
}

func TestClientCompleteStops(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	c := e.connect()
	c.subscribe("w", "subscription { waiting }")
	c.expectNext("next", "w")
	c.send(`{"type":"complete","id":"w"}`)
	e.schema.waitCancelled(t, "waiting")
	// Nothing more comes for w (no complete either), and w may be used again at once.
	c.roundTrip()
	c.subscribe("w", "subscription { waiting }")
	c.expectNext("next", "w")
	// A complete for an unknown or finished id is ignored.
	c.send(`{"type":"complete","id":"nope"}`)
	c.roundTrip()
}

func TestQueryAndMutation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	c := e.connect()
	c.subscribe("q", "query { hello }")
	c.subscribe("m", `mutation { echo(text: "hi") }`)
	got := map[string]string{}
	for range 4 {
		m := c.read()
		got[m.Type+" "+m.ID] += string(m.Payload)
	}
	if got["next q"] != `{"data":{"hello":"world"}}` || got["next m"] != `{"data":{"echo":"hi"}}` ||
		len(got) != 4 {
		t.Errorf("messages %v", got)
	}
}

func TestOperationErrors(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	c := e.connect()
	for _, tc := range []struct{ name, query, code string }{
		{"syntax", "subscription { ", "GRAPHQL_PARSE_FAILED"},
		{"validation", "subscription { nope }", "GRAPHQL_VALIDATION_FAILED"},
		{"resolver before the stream", "subscription { broken }", "FORBIDDEN"},
	} {
		c.subscribe("e", tc.query)
		errs := c.expectErrors("e")
		if errs[0].Extensions["code"] != tc.code || errs[0].Extensions["presented"] != true {
			t.Errorf("%s: errors %+v; want code %s, through the presenter", tc.name, errs, tc.code)
		}
		// An error ends the operation without a complete, and frees its id.
		c.roundTrip()
	}
}

func TestCloseCodes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	for _, tc := range []struct {
		name   string
		init   bool // send connection_init first
		frames []string
		binary bool
		code   int
		reason string
	}{
		{"malformed JSON", true, []string{`{"type":`}, false, 4400, "Invalid message: malformed JSON"},
		{"not an object", true, []string{`["subscribe"]`}, false, 4400, "Invalid message: not a JSON object"},
		{"null", true, []string{`null`}, false, 4400, ""},
		{"no type", true, []string{`{"id":"1"}`}, false, 4400, "Invalid message: no type"},
		{"type not a string", true, []string{`{"type":1}`}, false, 4400, ""},
		{"unknown type", true, []string{`{"type":"subscribe_all"}`}, false, 4400, "Invalid message: unknown type"},
		{"a server's type", true, []string{`{"type":"next","id":"1","payload":{}}`}, false, 4400, ""},
		{"subscribe without id", true, []string{`{"type":"subscribe","payload":{"query":"{ hello }"}}`}, false, 4400, ""},
		{"subscribe with empty id", true, []string{`{"type":"subscribe","id":"","payload":{"query":"{ hello }"}}`}, false, 4400, ""},
		{"subscribe without payload", true, []string{`{"type":"subscribe","id":"1"}`}, false, 4400, ""},
		{"subscribe payload not an object", true, []string{`{"type":"subscribe","id":"1","payload":"{ hello }"}`}, false, 4400, ""},
		{"subscribe without query", true, []string{`{"type":"subscribe","id":"1","payload":{}}`}, false, 4400, ""},
		{"query not a string", true, []string{`{"type":"subscribe","id":"1","payload":{"query":1}}`}, false, 4400, ""},
		{"variables not an object", true, []string{`{"type":"subscribe","id":"1","payload":{"query":"{ hello }","variables":[]}}`}, false, 4400, ""},
		{"complete without id", true, []string{`{"type":"complete"}`}, false, 4400, ""},
		{"init payload not an object", false, []string{`{"type":"connection_init","payload":[]}`}, false, 4400, ""},
		{"ping payload not an object", true, []string{`{"type":"ping","payload":"x"}`}, false, 4400, ""},
		{"binary frame", true, []string{`{"type":"ping"}`}, true, 4400, "Invalid message: a binary frame"},
		{"invalid UTF-8", true, []string{"{\"type\":\"ping\",\"payload\":{\"x\":\"\xff\"}}"}, false, 4400, "Invalid message: not UTF-8"},
		{"subscribe before ack", false, []string{`{"type":"subscribe","id":"1","payload":{"query":"{ hello }"}}`}, false, 4401, "Unauthorized"},
		{"refused init", false, []string{`{"type":"connection_init","payload":{"Authorization":"x"}}`}, false, 4403, "Forbidden"},
		{"running id", true, []string{`{"type":"subscribe","id":"w","payload":{"query":"subscription { waiting }"}}`,
			`{"type":"subscribe","id":"w","payload":{"query":"{ hello }"}}`}, false, 4409, "Subscriber for w already exists"},
		{"running long id", true, []string{`{"type":"subscribe","id":"` + strings.Repeat("w", 200) + `","payload":{"query":"subscription { waiting }"}}`,
			`{"type":"subscribe","id":"` + strings.Repeat("w", 200) + `","payload":{"query":"{ hello }"}}`}, false, 4409, "Subscriber already exists"},
		{"second init", true, []string{`{"type":"connection_init"}`}, false, 4429, "Too many initialisation requests"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := e.dial([]string{wstransport.ProtocolTransportWS}, nil)
			c.t = t
			if tc.init {
				c.send(`{"type":"connection_init"}`)
				c.expect("connection_ack", "")
			}
			for _, f := range tc.frames {
				if tc.binary {
					c.sendFrame(websocket.BinaryMessage, []byte(f))
				} else {
					c.send(f)
				}
			}
			c.expectClose(tc.code, tc.reason)
		})
	}
}

func TestInitTimeout(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{InitTimeout: 100 * time.Millisecond})
	c := e.dial([]string{wstransport.ProtocolTransportWS}, nil)
	c.send(`{"type":"ping"}`) // any other message leaves the timer running
	c.expect("pong", "")
	c.expectClose(wstransport.CloseInitTimeout, "Connection initialisation timeout")
}

func TestNoSubprotocol(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	for _, protocols := range [][]string{nil, {"graphql-sse"}} {
		c := e.dial(protocols, nil)
		if p := c.ws.Subprotocol(); p != "" {
			t.Errorf("subprotocol %q", p)
		}
		c.expectClose(wstransport.CloseSubprotocolNotAccept, "Subprotocol not acceptable")
	}
}

func TestOrigin(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	allowing := newEnv(t, wstransport.Opts{AllowedOrigins: []string{"https://play.example.com"}})
	anyone := newEnv(t, wstransport.Opts{AllowedOrigins: []string{"*"}})
	host := strings.TrimPrefix(e.url, "ws://")
	for _, tc := range []struct {
		name   string
		e      *env
		origin string
		ok     bool
	}{
		{"no origin", e, "", true},
		{"same origin", e, "http://" + host, true},
		{"other origin", e, "https://play.example.com", false},
		{"malformed origin", e, "http://%zz", false},
		{"listed origin", allowing, "https://play.example.com", true},
		{"listed origin, other case", allowing, "https://PLAY.example.com", true},
		{"unlisted origin", allowing, "https://evil.example.com", false},
		{"same origin with a list", allowing, "http://" + strings.TrimPrefix(allowing.url, "ws://"), true},
		{"any origin", anyone, "https://evil.example.com", true},
	} {
		header := http.Header{}
		if tc.origin != "" {
			header.Set("Origin", tc.origin)
		}
		c, resp, err := tc.e.tryDial([]string{wstransport.ProtocolTransportWS}, header)
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case !tc.ok && (err == nil || resp == nil || resp.StatusCode != http.StatusForbidden):
			t.Errorf("%s: err %v, response %v; want 403", tc.name, err, resp)
		case tc.ok:
			c.send(`{"type":"connection_init"}`)
			c.expect("connection_ack", "")
		}
	}
}

func TestReadLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{ReadLimit: 1000})
	c := e.connect()
	// A message of the limit is read.
	ping := `{"type":"ping","payload":{"x":"` + strings.Repeat("x", 1000-len(`{"type":"ping","payload":{"x":""}}`)) + `"}}`
	c.send(ping)
	c.expect("pong", "")
	// One byte more closes the socket, and so does a far larger one.
	c.send(ping[:len(ping)-3] + `x"}}`)
	c.expectClose(wstransport.CloseMessageTooBig, "Message too big")
	c = e.connect()
	c.send(`{"type":"ping","payload":{"x":"` + strings.Repeat("x", 4<<20) + `"}}`)
	c.expectClose(wstransport.CloseMessageTooBig, "Message too big")
}

func TestMaxOperations(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{MaxOperations: 2})
	c := e.connect()
	c.subscribe("1", "subscription { waiting }")
	c.subscribe("2", "subscription { waiting }")
	if a, b := c.read(), c.read(); a.Type != "next" || b.Type != "next" || a.ID == b.ID {
		t.Fatalf("got %v and %v; want a next of each", a, b)
	}
	c.subscribe("3", "{ hello }")
	errs := c.expectErrors("3")
	if errs[0].Extensions["code"] != "RATE_LIMITED" || errs[0].Extensions["reason"] != "TOO_MANY_OPERATIONS" ||
		errs[0].Extensions["presented"] != true {
		t.Errorf("errors %+v", errs)
	}
	// The socket stays open, and a stopped operation makes room.
	c.send(`{"type":"complete","id":"1"}`)
	c.roundTrip()
	c.subscribe("3", "{ hello }")
	c.expectNext("next", "3")
	c.expect("complete", "3")
}

func TestShutdown(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	c := e.connect()
	c.subscribe("w", "subscription { waiting }")
	c.expectNext("next", "w")
	idle := e.dial([]string{wstransport.ProtocolTransportWS}, nil)

	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		done <- e.tr.Shutdown(ctx)
	}()
	c.expectClose(wstransport.CloseGoingAway, "Going away")
	idle.expectClose(wstransport.CloseGoingAway, "Going away")
	if err := <-done; err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	e.schema.waitCancelled(t, "waiting")
	_, resp, err := e.tryDial([]string{wstransport.ProtocolTransportWS}, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("dial after shutdown: %v %v; want 503", err, resp)
	}
}

func TestShutdownWaitsForContext(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{WriteTimeout: wait})
	c := e.connect()
	// A client that never answers the close frame holds the socket until the write timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := e.tr.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("shutdown: %v; want the context's deadline", err)
	}
	c.expectClose(wstransport.CloseGoingAway, "Going away")
}

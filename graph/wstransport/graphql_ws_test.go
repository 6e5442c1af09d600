package wstransport_test

import (
	"encoding/json"
	"testing"
	"time"

	"rout/graph/wstransport"
)

// connectLegacy dials with graphql-ws and completes its connection_init handshake.
func (e *env) connectLegacy() *client {
	e.t.Helper()
	c := e.dial([]string{wstransport.ProtocolLegacyWS}, nil)
	c.send(`{"type":"connection_init","payload":{}}`)
	c.expect("connection_ack", "")
	c.expect("ka", "")
	return c
}

// start sends a graphql-ws start message.
func (c *client) start(id, query string) {
	c.t.Helper()
	b, _ := json.Marshal(map[string]any{"type": "start", "id": id, "payload": map[string]any{"query": query}})
	c.send(string(b))
}

// expectDataErrors reads a data message of id that carries errors, and the complete after it; it
// returns the errors' codes.
func (c *client) expectDataErrors(id string) []any {
	c.t.Helper()
	var r struct {
		Data   json.RawMessage
		Errors []struct{ Extensions map[string]any }
	}
	if err := json.Unmarshal(c.expect("data", id), &r); err != nil || len(r.Errors) == 0 || string(r.Data) != "null" {
		c.t.Fatalf("data %s: %+v %v; want errors", id, r, err)
	}
	c.expect("complete", id)
	var codes []any
	for _, e := range r.Errors {
		codes = append(codes, e.Extensions["code"])
	}
	return codes
}

func TestLegacyProtocol(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	c := e.connectLegacy()
	if p := c.ws.Subprotocol(); p != wstransport.ProtocolLegacyWS {
		t.Fatalf("subprotocol %q", p)
	}

	// A subscription streams data, then complete.
	c.start("1", "subscription { count(to: 2) }")
	for i := 1; i <= 2; i++ {
		if got := c.expectNext("data", "1"); got != counts(i) {
			t.Fatalf("data %d: %s", i, got)
		}
	}
	c.expect("complete", "1")

	// stop cancels a subscription and is answered with complete.
	c.start("2", "subscription { waiting }")
	c.expectNext("data", "2")
	c.send(`{"type":"stop","id":"2"}`)
	c.expect("complete", "2")
	e.schema.waitCancelled(t, "waiting")

	// A start with a running id replaces the operation.
	c.start("3", "subscription { waiting }")
	c.expectNext("data", "3")
	c.start("3", "{ hello }")
	e.schema.waitCancelled(t, "waiting")
	if got := c.expectNext("data", "3"); got != `{"hello":"world"}` {
		t.Errorf("data %s", got)
	}
	c.expect("complete", "3")

	// Request errors are data with the errors, then complete.
	c.start("4", "subscription { nope }")
	if codes := c.expectDataErrors("4"); codes[0] != "GRAPHQL_VALIDATION_FAILED" {
		t.Errorf("codes %v", codes)
	}
	c.start("5", "subscription { broken }")
	if codes := c.expectDataErrors("5"); codes[0] != "FORBIDDEN" {
		t.Errorf("codes %v", codes)
	}

	// An invalid message gets connection_error; the socket stays open.
	for _, bad := range []string{`{"type":"subscribe","id":"6","payload":{"query":"{ hello }"}}`,
		`{"type":"start","id":"6"}`, `{"type":"stop"}`, `nonsense`} {
		c.send(bad)
		var p struct{ Message string }
		if err := json.Unmarshal(c.expect("connection_error", ""), &p); err != nil || p.Message == "" {
			t.Errorf("%s: connection_error %+v %v", bad, p, err)
		}
	}
	c.start("7", `mutation { echo(text: "hi") }`)
	if got := c.expectNext("data", "7"); got != `{"echo":"hi"}` {
		t.Errorf("data %s", got)
	}
	c.expect("complete", "7")

	c.send(`{"type":"connection_terminate"}`)
	c.expectClose(wstransport.CloseNormal, "Normal closure")
}

func TestLegacyCloseCodes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})

	c := e.dial([]string{wstransport.ProtocolLegacyWS}, nil)
	c.start("1", "{ hello }")
	c.expectClose(wstransport.CloseUnauthorized, "Unauthorized")

	c = e.dial([]string{wstransport.ProtocolLegacyWS}, nil)
	c.send(`{"type":"connection_init","payload":{"Authorization":"Bearer bad"}}`)
	c.expect("connection_error", "")
	c.expectClose(wstransport.CloseForbidden, "Forbidden")

	c = e.connectLegacy()
	c.send(`{"type":"connection_init"}`)
	c.expectClose(wstransport.CloseTooManyInits, "Too many initialisation requests")
}

func TestLegacyKeepAlive(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{PingInterval: 250 * time.Millisecond})
	c := e.connectLegacy()
	for range 3 {
		c.expect("ka", "")
	}
}

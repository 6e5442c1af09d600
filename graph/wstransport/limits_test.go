package wstransport_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rout/graph/wstransport"
	"rout/internal/testwait"
)

func TestMaxExecuting(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{MaxExecuting: 2})
	c := e.connect()
	for _, id := range []string{"1", "2", "3", "4"} {
		c.subscribe(id, "{ slow }")
	}
	for range 2 {
		select {
		case <-e.schema.started:
		case <-time.After(wait):
			t.Fatal("the first two slow queries did not start")
		}
	}
	// The reader has handled all four; two wait for a turn while the connection stays responsive.
	c.roundTrip()
	c.subscribe("h", "{ slow }") // a sixth: queued too
	c.roundTrip()
	if n := len(e.schema.started); n != 0 {
		t.Fatalf("%d more slow queries started with two executing", n)
	}
	// Each one that ends lets one more start.
	for i := range 3 {
		e.schema.release <- struct{}{}
		if m := c.read(); m.Type != "next" {
			t.Fatalf("got %v, want a result", m)
		}
		c.read() // its complete
		select {
		case <-e.schema.started:
		case <-time.After(wait):
			t.Fatalf("no slow query started after %d ended", i+1)
		}
	}
	// A waiting operation can be stopped, and the socket closes with operations waiting.
	c.send(`{"type":"complete","id":"4"}`)
	c.roundTrip()
}

// identityAuth accepts {"user": ..., "credential": ..., "expiresIn": "1s"} and names it to the transport.
func identityAuth(ctx context.Context, _ *http.Request, payload json.RawMessage) (context.Context, error) {
	var p struct {
		User, Credential, ExpiresIn string
	}
	if payload != nil {
		if err := json.Unmarshal(payload, &p); err != nil {
			return nil, err
		}
	}
	id := wstransport.Identity{User: p.User, Credential: p.Credential}
	if p.ExpiresIn != "" {
		d, err := time.ParseDuration(p.ExpiresIn)
		if err != nil {
			return nil, err
		}
		id.Expires = time.Now().Add(d)
	}
	return wstransport.WithIdentity(ctx, id), nil
}

// connectAs dials with graphql-transport-ws and sends connection_init with payload.
func (e *env) connectAs(payload string) *client {
	e.t.Helper()
	c := e.dial([]string{wstransport.ProtocolTransportWS}, nil)
	c.send(`{"type":"connection_init","payload":` + payload + `}`)
	return c
}

func TestCloseCredentialAndExpiry(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{Authenticate: identityAuth})
	a1 := e.connectAs(`{"user":"u","credential":"a"}`)
	a1.expect("connection_ack", "")
	a2 := e.connectAs(`{"user":"u","credential":"a"}`)
	a2.expect("connection_ack", "")
	b := e.connectAs(`{"user":"u","credential":"b"}`)
	b.expect("connection_ack", "")
	a1.subscribe("w", "subscription { waiting }")
	a1.expectNext("next", "w")
	if n := e.tr.CloseCredential("a"); n != 2 {
		t.Fatalf("CloseCredential closed %d, want 2", n)
	}
	a1.expectClose(wstransport.CloseForbidden, "Forbidden")
	a2.expectClose(wstransport.CloseForbidden, "Forbidden")
	e.schema.waitCancelled(t, "waiting")
	b.roundTrip()
	// The closed sockets are forgotten once they finished closing.
	testwait.For(t, "Credentials to be [b]", wait, func() bool {
		got := e.tr.Credentials()
		return len(got) == 1 && got[0] == "b"
	})

	exp := e.connectAs(`{"credential":"c","expiresIn":"300ms"}`)
	exp.expect("connection_ack", "")
	exp.expectClose(wstransport.CloseForbidden, "Forbidden")
	gone := e.connectAs(`{"credential":"d","expiresIn":"-1s"}`)
	gone.expectClose(wstransport.CloseForbidden, "Forbidden")
}

func TestMaxConnsPerUser(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{Authenticate: identityAuth, MaxConnsPerUser: 2})
	first := e.connectAs(`{"user":"u"}`)
	first.expect("connection_ack", "")
	e.connectAs(`{"user":"u"}`).expect("connection_ack", "")
	e.connectAs(`{"user":"u"}`).expectClose(wstransport.CloseTryAgainLater, "Too many connections")
	e.connectAs(`{"user":"v"}`).expect("connection_ack", "")
	e.connectAs(`{}`).expect("connection_ack", "")
	// graphql-ws says why with a connection_error first.
	legacy := e.dial([]string{wstransport.ProtocolLegacyWS}, nil)
	legacy.send(`{"type":"connection_init","payload":{"user":"u"}}`)
	if p := legacy.expect("connection_error", ""); string(p) != `{"message":"Too many connections"}` {
		t.Errorf("connection_error %s", p)
	}
	legacy.expectClose(wstransport.CloseTryAgainLater, "Too many connections")
	// A closed connection makes room.
	_ = first.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
		time.Now().Add(wait))
	first.expectClose(websocket.CloseNormalClosure, "")
	// The server counts the closed connection out after it answers the close: until then a new one is
	// refused (1013), which this poll must read as "not yet", not as a failure.
	testwait.For(t, "room after a connection closed", wait, func() bool {
		c := e.connectAs(`{"user":"u"}`)
		_ = c.ws.SetReadDeadline(time.Now().Add(wait))
		_, b, err := c.ws.ReadMessage()
		return err == nil && strings.Contains(string(b), `"connection_ack"`)
	})
}

func TestMaxConnsPerClient(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{MaxConnsPerClient: 2, ClientKey: func(r *http.Request) string {
		return r.Header.Get("X-Client")
	}})
	h := func(client string) http.Header { return http.Header{"X-Client": {client}} }
	e.dial([]string{wstransport.ProtocolTransportWS}, h("a"))
	e.dial([]string{wstransport.ProtocolTransportWS}, h("a"))
	_, resp, err := e.tryDial([]string{wstransport.ProtocolTransportWS}, h("a"))
	if !errors.Is(err, websocket.ErrBadHandshake) || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("3rd connection of a client: %v %v, want 429", err, resp)
	}
	e.dial([]string{wstransport.ProtocolTransportWS}, h("b"))
}

func TestAdmit(t *testing.T) {
	t.Parallel()
	admitted := 0
	e := newEnv(t, wstransport.Opts{Admit: func(ctx context.Context) error {
		admitted++ // one operation at a time in this test
		switch admitted {
		case 2:
			return &gqlerror.Error{Message: "slow down", Extensions: map[string]any{"code": "RATE_LIMITED"}}
		case 4:
			return &wstransport.CloseError{Code: wstransport.CloseForbidden, Reason: "Forbidden",
				Err: &gqlerror.Error{Message: "signed out", Extensions: map[string]any{"code": "UNAUTHENTICATED"}}}
		}
		return nil
	}})
	c := e.connect()
	c.subscribe("1", "{ hello }")
	c.expectNext("next", "1")
	c.expect("complete", "1")
	c.subscribe("2", "{ hello }")
	if errs := c.expectErrors("2"); errs[0].Extensions["code"] != "RATE_LIMITED" || errs[0].Extensions["presented"] != true {
		t.Errorf("refused operation: %+v", errs)
	}
	c.subscribe("3", "{ hello }")
	c.expectNext("next", "3")
	c.expect("complete", "3")
	c.subscribe("4", "{ hello }")
	if errs := c.expectErrors("4"); errs[0].Extensions["code"] != "UNAUTHENTICATED" {
		t.Errorf("refused operation: %+v", errs)
	}
	c.expectClose(wstransport.CloseForbidden, "Forbidden")
}

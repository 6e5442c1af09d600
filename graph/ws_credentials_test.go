package graph_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/graph"
	"rout/live"
)

const viewerEventsSubscription = `subscription { viewerEvents { __typename } }`

// expectClosed reads c until the socket closes and fails the test unless it closed with code. Messages
// before the close must not carry data: they may only end operations with errors whose code is in
// allowed.
func (c *wsClient) expectClosed(code int, allowed ...string) {
	c.t.Helper()
	// One deadline for all: the server's pings must not keep the wait going.
	if err := c.conn.SetReadDeadline(time.Now().Add(liveWait)); err != nil {
		c.t.Fatal(err)
	}
	for {
		var m wsMessage
		err := c.conn.ReadJSON(&m)
		if err == nil && (m.Type == "ping" || m.Type == "pong") {
			continue
		}
		if err != nil {
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != code {
				c.t.Fatalf("socket ended with %v, want close %d", err, code)
			}
			return
		}
		c.mustBeRefusal(m, allowed...)
	}
}

// mustBeRefusal fails the test unless m ends an operation with one error of a code in allowed.
func (c *wsClient) mustBeRefusal(m wsMessage, allowed ...string) {
	c.t.Helper()
	var errs []gqlError
	if m.Type == "error" {
		_ = json.Unmarshal(m.Payload, &errs)
	}
	if len(errs) == 1 {
		for _, a := range allowed {
			if errs[0].Extensions["code"] == a {
				return
			}
		}
	}
	c.t.Fatalf("got %s %s %s, want an error with one of the codes %v", m.Type, m.ID, m.Payload, allowed)
}

// query sends a query as operation id and returns the message that answers it.
func (c *wsClient) query(id, q string) wsMessage {
	c.t.Helper()
	c.subscribe(id, q, nil)
	m, err := c.read()
	if err != nil {
		c.t.Fatalf("query %s: %v", id, err)
	}
	return m
}

// mustAnswer fails the test unless m is the data of a query.
func (c *wsClient) mustAnswer(m wsMessage) {
	c.t.Helper()
	var p struct {
		Data   json.RawMessage `json:"data"`
		Errors []gqlError      `json:"errors"`
	}
	if m.Type != "next" || json.Unmarshal(m.Payload, &p) != nil || len(p.Errors) > 0 || len(p.Data) == 0 {
		c.t.Fatalf("got %s %s %s, want data", m.Type, m.ID, m.Payload)
	}
	if done, err := c.read(); err != nil || done.Type != "complete" {
		c.t.Fatalf("after the data: %v %v, want complete", done, err)
	}
}

func TestSignOutClosesTheSessionsSocketsOnEveryReplica(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 2, live.Opts{})
	a, b := rs[0], rs[1]
	tok, _ := a.signUp("sam")
	other, _ := a.signUp("sol") // another session of someone else: untouched
	var socks []*wsClient
	for _, r := range rs {
		for _, payload := range []any{map[string]any{"token": tok}, map[string]any{"Authorization": "Bearer " + tok}} {
			c := dialWS(t, r, payload)
			c.subscribe("events", viewerEventsSubscription, nil)
			c.mustAnswer(c.query("q", `{ viewer { id } }`))
			socks = append(socks, c)
		}
	}
	// A socket authenticated by its upgrade request's header, with an empty connection_init.
	url := "ws" + strings.TrimPrefix(b.srv.URL, "http") + graph.Path
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: liveWait}
	conn, resp, err := d.Dial(url, http.Header{"Authorization": {"Bearer " + tok}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	t.Cleanup(func() { conn.Close() })
	byHeader := &wsClient{t: t, conn: conn}
	byHeader.send(wsMessage{Type: "connection_init"})
	if m, err := byHeader.read(); err != nil || m.Type != "connection_ack" {
		t.Fatalf("connection_init: %v %v", m, err)
	}
	byHeader.mustAnswer(byHeader.query("q", `{ viewer { id } }`))
	socks = append(socks, byHeader)
	bystander := dialWS(t, b, map[string]any{"token": other})
	var out struct {
		SignOut struct{ Revoked bool } `json:"signOut"`
	}
	a.gql(tok, `mutation { signOut { revoked } }`, nil).decode(t, &out)
	if !out.SignOut.Revoked {
		t.Fatal("signOut revoked nothing")
	}
	for _, c := range socks {
		c.expectClosed(4403, string(graph.CodeUnauthenticated))
	}
	bystander.mustAnswer(bystander.query("q", `{ viewer { id } }`))
	if _, err := tryWS(t, b, map[string]any{"token": tok}); err == nil {
		t.Fatal("a signed-out session opened a socket")
	}
}

func TestRevokedAPITokenClosesItsSocketsOnEveryReplica(t *testing.T) {
	t.Parallel()
	rs := newReplicas(t, 2, live.Opts{})
	a, b := rs[0], rs[1]
	session, _ := a.signUp("ray")
	created := a.createToken(session, "bot")
	if created.CreateAPIToken.Secret == nil {
		t.Fatalf("createApiToken: %+v", created.CreateAPIToken.UserErrors)
	}
	secret := *created.CreateAPIToken.Secret
	onA, onB := dialWS(t, a, map[string]any{"token": secret}), dialWS(t, b, map[string]any{"token": secret})
	sessionSock := dialWS(t, b, map[string]any{"token": session})
	for _, c := range []*wsClient{onA, onB} {
		c.subscribe("events", viewerEventsSubscription, nil)
		c.mustAnswer(c.query("q", `{ viewer { id } }`))
	}
	var out struct {
		RevokeAPIToken struct {
			UserErrors []userError `json:"userErrors"`
		} `json:"revokeApiToken"`
	}
	b.gql(session, `mutation($id: ID!) { revokeApiToken(input: {id: $id}) { userErrors { code } } }`,
		map[string]any{"id": created.CreateAPIToken.APIToken.ID}).decode(t, &out)
	if len(out.RevokeAPIToken.UserErrors) > 0 {
		t.Fatalf("revokeApiToken: %+v", out.RevokeAPIToken.UserErrors)
	}
	onA.expectClosed(4403, string(graph.CodeUnauthenticated))
	onB.expectClosed(4403, string(graph.CodeUnauthenticated))
	sessionSock.mustAnswer(sessionSock.query("q", `{ viewer { id } }`))
}

func TestOperationAfterRevocationIsRefused(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 1, live.Opts{})[0]
	tok, _ := r.signUp("tia")
	// Signed out on this replica: the operation sent right after may beat the socket's closing, and is
	// refused either way.
	c := dialWS(t, r, map[string]any{"token": tok})
	c.mustAnswer(c.query("1", `{ viewer { id } }`))
	r.gql(tok, `mutation { signOut { revoked } }`, nil)
	c.subscribe("2", `mutation { createApiToken(input: {name: "late"}) { secret } }`, nil)
	c.expectClosed(4403, string(graph.CodeUnauthenticated))
	if n := r.count(`SELECT count(*) FROM tokens WHERE kind = 'api'`); n != 0 {
		t.Fatalf("%d API tokens were made after the sign-out", n)
	}

	// Revoked behind the API's back (no notification): the next operation after the cached check
	// expires asks the database, is refused, and closes the socket.
	tok2, _ := r.signUp("uma")
	c = dialWS(t, r, map[string]any{"token": tok2})
	c.mustAnswer(c.query("1", `{ viewer { id } }`))
	if _, err := r.db.ExecContext(t.Context(), `UPDATE tokens SET revoked_at = now() WHERE revoked_at IS NULL`); err != nil {
		t.Fatal(err)
	}
	r.clock.Advance(time.Minute)
	m := c.query("2", `{ viewer { id } }`)
	c.mustBeRefusal(m, string(graph.CodeUnauthenticated))
	c.expectClosed(4403)
}

func TestExpiredSessionClosesItsSocket(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{}, func(c *graph.Settings) { c.SessionTTL = 2 * time.Second })[0]
	tok, _ := r.signUp("val")
	c := dialWS(t, r, map[string]any{"token": tok})
	c.subscribe("events", viewerEventsSubscription, nil)
	c.expectClosed(4403)
}

func TestRevocationMissedWhileTheListenerWasDownClosesTheSocket(t *testing.T) {
	t.Parallel()
	r := newReplicasWith(t, 1, live.Opts{MinReconnect: 10 * time.Millisecond}, nil)[0]
	tok, _ := r.signUp("wyn")
	c := dialWS(t, r, map[string]any{"token": tok})
	c.mustAnswer(c.query("q", `{ viewer { id } }`)) // the token is found live, and the finding kept
	c.subscribe("events", viewerEventsSubscription, nil)
	// Revoked with no notification, and the hub's LISTEN connection drops: once it is back, the hub has
	// every socket's token checked again.
	if _, err := r.db.ExecContext(t.Context(), `UPDATE tokens SET revoked_at = now()`); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := r.db.QueryRowContext(t.Context(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN%'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("terminating the LISTEN connection: %d, %v", n, err)
	}
	c.expectClosed(4403)
}

package wstransport_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/gorilla/websocket"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rout/graph/wstransport"
	"rout/internal/testwait"
)

// wait bounds every wait of the tests: generous, so a loaded machine does not fail them, and finite,
// so a bug fails instead of hanging.
const wait = 10 * time.Second

// schemaSource is the tests' schema.
const schemaSource = `
type Query {
  hello: String!
  "Waits until the test releases it (or its operation is cancelled)."
  slow: String!
}
type Mutation { echo(text: String!): String! }
type Subscription {
  "1, 2, ... to, then the stream ends."
  count(to: Int!): Int!
  "1, then nothing until the operation is cancelled."
  waiting: Int!
  "Strings of size bytes, without end, as fast as they are taken."
  big(size: Int!): String!
  "Fails before its stream begins."
  broken: Int!
  "The values of the test's publisher, through a wstransport.Feed; ends when the publisher ends."
  published(after: Int): String!
}
`

// testSchema is a hand-made graphql.ExecutableSchema of schemaSource. It records the cancellation of
// its subscriptions' contexts.
type testSchema struct {
	schema    *ast.Schema
	cancelled chan string   // the root field of every subscription whose context ended
	pub       *publisher    // what the published subscriptions stream
	started   chan struct{} // one for every slow query that began
	release   chan struct{} // one for every slow query to end
}

func newTestSchema() *testSchema {
	return &testSchema{
		schema:    gqlparser.MustLoadSchema(&ast.Source{Input: schemaSource}),
		cancelled: make(chan string, 1000),
		pub:       &publisher{feeds: map[*testFeed]bool{}},
		started:   make(chan struct{}, 1000),
		release:   make(chan struct{}, 1000),
	}
}

// executable returns the schema for gqlgen's executor.
func (s *testSchema) executable() graphql.ExecutableSchema {
	return &graphql.ExecutableSchemaMock{
		SchemaFunc: func() *ast.Schema { return s.schema },
		ComplexityFunc: func(context.Context, string, string, int, map[string]any) (int, bool) {
			return 1, true
		},
		ExecFunc: s.exec,
	}
}

// exec runs an operation of one root field.
func (s *testSchema) exec(ctx context.Context) graphql.ResponseHandler {
	op := graphql.GetOperationContext(ctx).Operation
	f := op.SelectionSet[0].(*ast.Field)
	args := f.ArgumentMap(graphql.GetOperationContext(ctx).Variables)
	result := func(v any) *graphql.Response {
		b, _ := json.Marshal(map[string]any{f.Alias: v})
		return &graphql.Response{Data: b}
	}
	if op.Operation == ast.Subscription {
		context.AfterFunc(ctx, func() { s.cancelled <- f.Name })
	}
	switch {
	case op.Operation == ast.Query && f.Name == "slow":
		s.started <- struct{}{}
		select {
		case <-s.release:
		case <-ctx.Done():
		}
		return graphql.OneShot(result("slow"))
	case op.Operation == ast.Query:
		return graphql.OneShot(result("world"))
	case op.Operation == ast.Mutation:
		return graphql.OneShot(result(args["text"]))
	case f.Name == "count":
		to, i := toInt(args["to"]), 0
		return func(context.Context) *graphql.Response {
			if i == to {
				return nil
			}
			i++
			return result(i)
		}
	case f.Name == "waiting":
		first := true
		return func(ctx context.Context) *graphql.Response {
			if first {
				first = false
				return result(1)
			}
			<-ctx.Done()
			return nil
		}
	case f.Name == "big":
		text := strings.Repeat("x", toInt(args["size"]))
		return func(context.Context) *graphql.Response { return result(text) }
	case f.Name == "published":
		feed := s.pub.attach(ctx)
		if feed == nil {
			graphql.AddError(ctx, &gqlerror.Error{Message: "the transport took no feed"})
			return graphql.OneShot(nil)
		}
		return func(ctx context.Context) *graphql.Response {
			select {
			case v := <-feed.out:
				s.pub.renders.Add(1)
				return result(v.text)
			case <-ctx.Done():
				return nil
			}
		}
	default: // broken
		graphql.AddError(ctx, &gqlerror.Error{Message: "broken", Extensions: map[string]any{"code": "FORBIDDEN"}})
		return graphql.OneShot(nil)
	}
}

// publisher hands the values the tests publish to the feeds of the published subscriptions, and counts
// how often the executor rendered one and how many feeds the transport closed.
type publisher struct {
	mu      sync.Mutex
	feeds   map[*testFeed]bool
	renders atomic.Int64
	closed  atomic.Int64
}

// value is a published value: shared values are keyed by their pointer, the others by nil. The text
// "panic" makes the feed's Take panic.
type value struct {
	text   string
	shared bool
}

// attach makes the feed of one published subscription and offers it to the transport; nil when the
// transport did not take it.
func (p *publisher) attach(ctx context.Context) *testFeed {
	f := &testFeed{p: p, out: make(chan *value, 1)}
	if !wstransport.Attach(ctx, f) {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.feeds[f] = true
	return f
}

// publish hands v to every feed.
func (p *publisher) publish(v *value) {
	p.each(func(f *testFeed) { f.queue = append(f.queue, v) })
}

// end ends every feed's stream.
func (p *publisher) end() {
	p.each(func(f *testFeed) { f.ended = true })
}

// each changes every feed with change, then announces it.
func (p *publisher) each(change func(*testFeed)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for f := range p.feeds {
		f.mu.Lock()
		change(f)
		ready := f.ready
		f.mu.Unlock()
		if ready != nil {
			ready()
		}
	}
}

// waitFeeds waits until n feeds are attached.
func (p *publisher) waitFeeds(t *testing.T, n int) {
	t.Helper()
	testwait.For(t, fmt.Sprintf("%d feeds to be attached", n), wait, func() bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		return len(p.feeds) == n
	})
}

// testFeed is a wstransport.Feed of the publisher's values.
type testFeed struct {
	p   *publisher
	out chan *value // the executor's channel

	mu    sync.Mutex
	queue []*value
	ended bool
	ready func()

	taken *value // Take's; only the transport's goroutine of the moment uses it
}

func (f *testFeed) Notify(ready func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ready = ready
}

func (f *testFeed) Take(context.Context) (any, wstransport.Status) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.queue) == 0 {
		if f.ended {
			return nil, wstransport.Ended
		}
		return nil, wstransport.Waiting
	}
	f.taken, f.queue = f.queue[0], f.queue[1:]
	if f.taken.text == "panic" {
		panic("the feed panicked")
	}
	if !f.taken.shared {
		return nil, wstransport.Ready
	}
	return f.taken, wstransport.Ready
}

func (f *testFeed) Release() { f.out <- f.taken }

func (f *testFeed) Close() {
	f.p.mu.Lock()
	defer f.p.mu.Unlock()
	if f.p.feeds[f] {
		delete(f.p.feeds, f)
		f.p.closed.Add(1)
	}
}

// toInt reads an Int argument.
func toInt(v any) int {
	switch v := v.(type) {
	case int64:
		return int(v)
	case json.Number:
		n, _ := v.Int64()
		return int(n)
	}
	return 0
}

// waitCancelled waits until the subscription field's context has ended.
func (s *testSchema) waitCancelled(t *testing.T, field string) {
	t.Helper()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case got := <-s.cancelled:
			if got == field {
				return
			}
		case <-timer.C:
			t.Fatalf("the context of %s was not cancelled", field)
		}
	}
}

// env is a transport served by an httptest server, with gqlgen's executor on the test schema and an
// error presenter that marks the errors it presented.
type env struct {
	t      *testing.T
	schema *testSchema
	tr     *wstransport.Transport
	srv    *httptest.Server
	url    string
}

// newEnv starts a server; the test's end shuts it down and fails the test when a socket or an
// operation outlived the shutdown's wait.
func newEnv(t *testing.T, opts wstransport.Opts) *env {
	t.Helper()
	e := &env{t: t, schema: newTestSchema()}
	if opts.Authenticate == nil {
		opts.Authenticate = authenticate
	}
	e.tr = wstransport.New(opts)
	gql := handler.New(e.schema.executable())
	gql.AddTransport(e.tr)
	gql.SetErrorPresenter(func(ctx context.Context, err error) *gqlerror.Error {
		out := graphql.DefaultErrorPresenter(ctx, err)
		if out.Extensions == nil {
			out.Extensions = map[string]any{}
		}
		out.Extensions["presented"] = true
		return out
	})
	e.srv = httptest.NewServer(gql)
	e.url = "ws" + strings.TrimPrefix(e.srv.URL, "http")
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		if err := e.tr.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		e.srv.Close()
	})
	return e
}

// viewerKey is the context key of the viewer Authenticate finds.
type viewerKey struct{}

// authenticate accepts a connection_init payload without a token, or with the token "good", and
// refuses any other.
func authenticate(ctx context.Context, r *http.Request, payload json.RawMessage) (context.Context, error) {
	var p struct{ Authorization string }
	if payload != nil {
		if err := json.Unmarshal(payload, &p); err != nil {
			return nil, err
		}
	}
	if p.Authorization != "" && p.Authorization != "Bearer good" {
		return nil, errors.New("bad token")
	}
	return context.WithValue(ctx, viewerKey{}, p.Authorization), nil
}

// client is a test's websocket client.
type client struct {
	t  *testing.T
	ws *websocket.Conn
}

// msg is a message as the client reads it.
type msg struct {
	Type    string          `json:"type"`
	ID      string          `json:"id,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// dial opens a socket with the subprotocols and headers given, or fails the test.
func (e *env) dial(protocols []string, header http.Header) *client {
	e.t.Helper()
	c, resp, err := e.tryDial(protocols, header)
	if err != nil {
		e.t.Fatalf("dial: %v (%v)", err, resp)
	}
	return c
}

// tryDial opens a socket; the socket is closed at the test's end.
func (e *env) tryDial(protocols []string, header http.Header) (*client, *http.Response, error) {
	d := websocket.Dialer{Subprotocols: protocols, HandshakeTimeout: wait}
	ws, resp, err := d.Dial(e.url, header)
	if resp != nil && resp.Body != nil {
		_ = resp.Body.Close()
	}
	if err != nil {
		return nil, resp, err
	}
	e.t.Cleanup(func() {
		_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
			time.Now().Add(time.Second))
		_ = ws.Close()
	})
	return &client{t: e.t, ws: ws}, resp, nil
}

// connect dials with graphql-transport-ws and completes the connection_init handshake.
func (e *env) connect() *client {
	e.t.Helper()
	c := e.dial([]string{wstransport.ProtocolTransportWS}, nil)
	c.send(`{"type":"connection_init"}`)
	c.expect("connection_ack", "")
	return c
}

// send writes a text frame.
func (c *client) send(text string) {
	c.t.Helper()
	c.sendFrame(websocket.TextMessage, []byte(text))
}

// sendFrame writes a frame of any kind.
func (c *client) sendFrame(kind int, b []byte) {
	c.t.Helper()
	_ = c.ws.SetWriteDeadline(time.Now().Add(wait))
	if err := c.ws.WriteMessage(kind, b); err != nil {
		c.t.Fatalf("send: %v", err)
	}
}

// subscribe sends a subscribe message.
func (c *client) subscribe(id, query string) {
	c.t.Helper()
	c.subscribeWith(id, query, nil)
}

// subscribeWith sends a subscribe message with variables.
func (c *client) subscribeWith(id, query string, variables map[string]any) {
	c.t.Helper()
	b, _ := json.Marshal(map[string]any{"type": "subscribe", "id": id,
		"payload": map[string]any{"query": query, "variables": variables}})
	c.send(string(b))
}

// read reads the next message.
func (c *client) read() msg {
	c.t.Helper()
	_ = c.ws.SetReadDeadline(time.Now().Add(wait))
	_, b, err := c.ws.ReadMessage()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var m msg
	if err := json.Unmarshal(b, &m); err != nil {
		c.t.Fatalf("read: %s is not a message: %v", b, err)
	}
	return m
}

// expect reads the next message and checks its type and id; it returns its payload.
func (c *client) expect(typ, id string) json.RawMessage {
	c.t.Helper()
	m := c.read()
	if m.Type != typ || m.ID != id {
		c.t.Fatalf("got %s %q %s; want %s %q", m.Type, m.ID, m.Payload, typ, id)
	}
	return m.Payload
}

// expectNext reads a next (or, on graphql-ws, data) message of id and returns its data as JSON text.
func (c *client) expectNext(typ, id string) string {
	c.t.Helper()
	var r struct {
		Data   json.RawMessage
		Errors []any
	}
	if err := json.Unmarshal(c.expect(typ, id), &r); err != nil || len(r.Errors) != 0 {
		c.t.Fatalf("%s %s: errors %v %v", typ, id, r.Errors, err)
	}
	return string(r.Data)
}

// expectErrors reads an error message of id and returns its errors.
func (c *client) expectErrors(id string) []gqlerror.Error {
	c.t.Helper()
	var errs []gqlerror.Error
	if err := json.Unmarshal(c.expect("error", id), &errs); err != nil || len(errs) == 0 {
		c.t.Fatalf("error %s: %v, payload not a non-empty error list", id, err)
	}
	return errs
}

// roundTrip sends a ping and expects the next message to be its pong: everything the server sent
// before the pong has been read.
func (c *client) roundTrip() {
	c.t.Helper()
	c.send(`{"type":"ping","payload":{"mark":1}}`)
	if p := c.expect("pong", ""); string(p) != `{"mark":1}` {
		c.t.Fatalf("pong payload %s", p)
	}
}

// expectClose reads until the socket closes and checks the close code (and reason, unless empty).
func (c *client) expectClose(code int, reason string) {
	c.t.Helper()
	_ = c.ws.SetReadDeadline(time.Now().Add(wait))
	for {
		_, b, err := c.ws.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if !errors.As(err, &ce) {
			c.t.Fatalf("read %s: %v; want close %d", b, err, code)
		}
		if ce.Code != code || (reason != "" && ce.Text != reason) {
			c.t.Fatalf("closed with %d %q; want %d %q", ce.Code, ce.Text, code, reason)
		}
		return
	}
}

// counts returns the data of count's n-th result.
func counts(n int) string {
	return fmt.Sprintf(`{"count":%d}`, n)
}

package wstransport

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/gorilla/websocket"
)

// The defaults of Opts.
const (
	DefaultInitTimeout       = 10 * time.Second
	DefaultPingInterval      = 20 * time.Second
	DefaultWriteTimeout      = 10 * time.Second
	DefaultReadLimit         = 64 << 10
	DefaultMaxOperations     = 100
	DefaultMaxExecuting      = 4
	DefaultMaxConnsPerClient = 200
	DefaultMaxConnsPerUser   = 20
)

// readBufferSize is the size of a connection's read buffer: clients send small messages (a larger one is
// read through it in parts), and every idle connection keeps it. Write buffers come from a pool, taken
// only while a message is written.
const readBufferSize = 1024

// Opts configures a Transport. Zero (or negative) values take the defaults.
type Opts struct {
	// Authenticate runs on connection_init with the upgrade request and the init message's payload
	// (nil when the client sent none). It returns the context every operation of the connection runs
	// in (ctx with the viewer, say), or an error: the socket then closes with 4403 Forbidden (after a
	// connection_error message on graphql-ws), and the error is logged, not shown. ctx carries the
	// upgrade request's values but not its deadline or cancellation: a socket outlives the request.
	// Nil accepts every connection with ctx.
	Authenticate func(ctx context.Context, r *http.Request, payload json.RawMessage) (context.Context, error)

	// AllowedOrigins lists the origins ("https://play.example.com", scheme and host as a browser
	// sends them in the Origin header) that may open a socket besides the API's own; "*" allows all.
	// Empty: same origin only (the Origin's host equals the request's Host). A request without an
	// Origin header (not from a browser) is always allowed. A refused origin gets 403 before the
	// upgrade.
	AllowedOrigins []string

	// InitTimeout is how long a client has after the upgrade to send connection_init; then the socket
	// closes with 4408. Default DefaultInitTimeout.
	InitTimeout time.Duration

	// PingInterval is how often the server pings an acknowledged connection: a ping message on
	// graphql-transport-ws, a ka message on graphql-ws, and a websocket ping frame on both. A socket
	// from which nothing (no message, no pong frame) arrives for two intervals is dead: it closes with
	// 1001. Default DefaultPingInterval.
	PingInterval time.Duration

	// WriteTimeout bounds the writing of one message: a client that cannot take a message within it is
	// too slow, and its connection is dropped (without a close frame: a partly written message leaves no
	// way to send one, so the client sees 1006). Meanwhile the operations of that connection wait for
	// their turn to write, no other connection's. It also bounds the closing handshake. Default
	// DefaultWriteTimeout.
	WriteTimeout time.Duration

	// ReadLimit is the largest message a client may send, in bytes; a larger one closes the socket with
	// 1009 (message too big). Default DefaultReadLimit.
	ReadLimit int64

	// MaxOperations is how many operations may run at once on one connection. A subscribe over the cap
	// ends at once with a RATE_LIMITED error for its id (an error message on graphql-transport-ws; a
	// data message with the errors, then complete, on graphql-ws); the socket stays open. Default
	// DefaultMaxOperations.
	MaxOperations int

	// MaxExecuting is how many operations of one connection execute at once (are parsed, validated
	// and resolved; a subscription counts until its stream has begun): the others wait for their turn,
	// in no particular order, so that one connection cannot take every CPU from the rest. Default
	// DefaultMaxExecuting.
	MaxExecuting int

	// Admit runs before every operation with the operation's context (the one Authenticate returned,
	// under the operation's cancellation). An error refuses the operation: it ends at once with that
	// error for its id, as a RATE_LIMITED refusal does, and the socket stays open; a *CloseError then
	// closes the socket with its code. Nil admits every operation.
	Admit func(ctx context.Context) error

	// MaxConnsPerClient is how many connections one client (ClientKey) may have open at once: one more
	// upgrade request gets 429 Too Many Requests. Default DefaultMaxConnsPerClient.
	MaxConnsPerClient int
	// ClientKey names a request's client for MaxConnsPerClient. Default: the host of its remote
	// address.
	ClientKey func(r *http.Request) string
	// MaxConnsPerUser is how many connections one user (Identity.User) may have acknowledged at once:
	// the connection_init of one more closes its socket with 1013 (RFC 6455's Try Again Later, reason "Too many connections") (after a
	// connection_error on graphql-ws). Default DefaultMaxConnsPerUser.
	MaxConnsPerUser int

	// Logger receives the transport's logs (snake_case keys); nil discards them.
	Logger *slog.Logger
}

// withDefaults returns o with every unset value at its default.
func (o Opts) withDefaults() Opts {
	if o.Authenticate == nil {
		o.Authenticate = func(ctx context.Context, _ *http.Request, _ json.RawMessage) (context.Context, error) {
			return ctx, nil
		}
	}
	if o.InitTimeout <= 0 {
		o.InitTimeout = DefaultInitTimeout
	}
	if o.PingInterval <= 0 {
		o.PingInterval = DefaultPingInterval
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = DefaultWriteTimeout
	}
	if o.ReadLimit <= 0 {
		o.ReadLimit = DefaultReadLimit
	}
	if o.MaxOperations <= 0 {
		o.MaxOperations = DefaultMaxOperations
	}
	if o.MaxExecuting <= 0 {
		o.MaxExecuting = DefaultMaxExecuting
	}
	if o.Admit == nil {
		o.Admit = func(context.Context) error { return nil }
	}
	if o.MaxConnsPerClient <= 0 {
		o.MaxConnsPerClient = DefaultMaxConnsPerClient
	}
	if o.ClientKey == nil {
		o.ClientKey = remoteHost
	}
	if o.MaxConnsPerUser <= 0 {
		o.MaxConnsPerUser = DefaultMaxConnsPerUser
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Transport is a graphql.Transport that serves GraphQL over websockets: graphql-transport-ws, and
// graphql-ws for old clients. Register it on gqlgen's server with AddTransport; end its sockets with
// Shutdown. It is safe for concurrent use.
type Transport struct {
	opts     Opts
	upgrader websocket.Upgrader
	shared   *sharedPayloads
	registry *registry

	mu       sync.Mutex
	shutdown bool
	conns    map[*conn]struct{}
	wg       sync.WaitGroup // one per socket being served
}

var _ graphql.Transport = (*Transport)(nil)

// New returns a Transport configured by opts.
func New(opts Opts) *Transport {
	t := &Transport{opts: opts.withDefaults(), conns: map[*conn]struct{}{}, shared: newSharedPayloads(),
		registry: newRegistry()}
	t.upgrader = websocket.Upgrader{
		HandshakeTimeout: t.opts.WriteTimeout,
		ReadBufferSize:   readBufferSize,
		WriteBufferPool:  &sync.Pool{},
		Subprotocols:     []string{ProtocolTransportWS, ProtocolLegacyWS},
		CheckOrigin:      t.checkOrigin,
		Error: func(w http.ResponseWriter, _ *http.Request, status int, reason error) {
			http.Error(w, reason.Error(), status)
		},
	}
	return t
}

// Supports implements graphql.Transport: it takes websocket upgrade requests.
func (t *Transport) Supports(r *http.Request) bool {
	return websocket.IsWebSocketUpgrade(r)
}

// Do implements graphql.Transport: it upgrades the request and returns; a goroutine of its own serves
// the socket until it closes (so that the request's goroutine, and the stack it grew, end here).
func (t *Transport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	t.mu.Lock()
	if t.shutdown {
		t.mu.Unlock()
		http.Error(w, "the server is shutting down", http.StatusServiceUnavailable)
		return
	}
	t.wg.Add(1)
	t.mu.Unlock()

	client := t.opts.ClientKey(r)
	if !t.registry.addClient(client, t.opts.MaxConnsPerClient) {
		t.opts.Logger.InfoContext(r.Context(), "websocket: too many connections", "client", client)
		http.Error(w, fmt.Sprintf("too many websocket connections from this client: at most %d at once",
			t.opts.MaxConnsPerClient), http.StatusTooManyRequests)
		t.wg.Done()
		return
	}
	ws, err := t.upgrader.Upgrade(w, r, nil)
	if err != nil {
		// The upgrader has answered the request.
		t.opts.Logger.DebugContext(r.Context(), "websocket: upgrade refused",
			"origin", r.Header.Get("Origin"), "error", err.Error())
		t.registry.removeClient(client)
		t.wg.Done()
		return
	}
	c := newConn(t, ws, r, exec)
	t.mu.Lock()
	if t.shutdown {
		t.mu.Unlock()
		c.closeWith(CloseGoingAway, "Going away")
	} else {
		t.conns[c] = struct{}{}
		t.mu.Unlock()
	}
	go func() {
		defer t.wg.Done()
		c.serve()
		t.mu.Lock()
		delete(t.conns, c)
		t.mu.Unlock()
		t.registry.removeClient(client)
	}()
}

// Shutdown refuses new sockets (503), closes every open one with 1001 (going away), and waits until
// each has finished closing and every operation on it has stopped, or ctx ends (then it returns
// ctx's error).
func (t *Transport) Shutdown(ctx context.Context) error {
	t.mu.Lock()
	t.shutdown = true
	conns := make([]*conn, 0, len(t.conns))
	for c := range t.conns {
		conns = append(conns, c)
	}
	t.mu.Unlock()
	var closing sync.WaitGroup
	for _, c := range conns {
		// Each close frame waits for the message being written on its socket: close them all at once.
		closing.Go(func() { c.closeWith(CloseGoingAway, "Going away") })
	}
	done := make(chan struct{})
	go func() {
		closing.Wait()
		t.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// checkOrigin is the upgrader's origin check; see Opts.AllowedOrigins.
func (t *Transport) checkOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, allowed := range t.opts.AllowedOrigins {
		if allowed == "*" || strings.EqualFold(strings.TrimSuffix(allowed, "/"), origin) {
			return true
		}
	}
	return false
}

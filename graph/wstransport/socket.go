package wstransport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/gorilla/websocket"
)

// conn is one socket. Its reader goroutine (in serve) reads and handles every client message in order.
// Every operation starts in a goroutine of its own, which runs it through the executor and writes its
// messages; a subscription with a Feed (see Attach) then lets that goroutine go and is drained by a
// short-lived goroutine whenever its feed has something, so an idle subscription holds no goroutine. A
// message is written by the goroutine that has it, one at a time (gorilla/websocket allows one writer),
// within Opts.WriteTimeout. Closing cancels every operation; serve returns once all of them stopped.
type conn struct {
	t     *Transport
	opts  *Opts
	ws    *websocket.Conn
	r     *http.Request
	exec  graphql.GraphExecutor
	proto protocol
	log   *slog.Logger

	ctx    context.Context // the socket's; cancelled when it starts closing
	cancel context.CancelFunc

	initReceived atomic.Bool // read by the init timer

	slots    chan struct{} // one per operation executing now: at most Opts.MaxExecuting
	identity Identity      // what Authenticate named; in the transport's registry once registered
	expiry   *time.Timer   // closes the socket when the credential expires

	// The reader's own state.
	acknowledged bool
	registered   bool            // the identity is in the transport's registry: serve removes it
	opBase       context.Context // what Authenticate returned: the base of every operation's context

	wmu sync.Mutex // held while a message or the close frame is written

	mu        sync.Mutex
	closed    bool
	closeCode int // 0: close without a close frame (the socket is broken)
	closeText string
	pinger    *time.Timer           // the server's pings, once acknowledged
	ops       map[string]*operation // the running operations by id

	wg sync.WaitGroup // one per running operation
}

// newConn returns the conn of an upgraded socket.
func newConn(t *Transport, ws *websocket.Conn, r *http.Request, exec graphql.GraphExecutor) *conn {
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	// The socket outlives the request: keep a copy without its body, which can hold on to the server's
	// buffers of the connection (a http.MaxBytesReader refers to the response).
	r = r.WithContext(r.Context())
	r.Body, r.GetBody = http.NoBody, nil
	c := &conn{
		t: t, opts: &t.opts, ws: ws, r: r, exec: exec,
		log:    t.opts.Logger.With("protocol", ws.Subprotocol(), "remote_addr", r.RemoteAddr),
		ctx:    ctx,
		cancel: cancel,
		ops:    map[string]*operation{},
		slots:  make(chan struct{}, t.opts.MaxExecuting),
	}
	switch ws.Subprotocol() {
	case ProtocolTransportWS:
		c.proto = transportWS{}
	case ProtocolLegacyWS:
		c.proto = legacyWS{}
	}
	return c
}

// serve runs the reader until the socket closes, then waits for the operations.
func (c *conn) serve() {
	c.log.DebugContext(c.ctx, "websocket: open")
	if c.proto == nil {
		c.closeWith(CloseSubprotocolNotAccept, "Subprotocol not acceptable")
	}
	initTimer := time.AfterFunc(c.opts.InitTimeout, func() {
		if !c.initReceived.Load() {
			c.closeWith(CloseInitTimeout, "Connection initialisation timeout")
		}
	})
	defer initTimer.Stop()
	c.ws.SetPongHandler(func(string) error {
		c.extendDeadline()
		return nil
	})

	err := c.readLoop()
	if netErr, ok := errors.AsType[net.Error](err); ok && netErr.Timeout() {
		c.closeWith(CloseGoingAway, "Ping timeout")
	}
	c.closeWith(0, "")
	_ = c.ws.Close()
	c.wg.Wait()
	c.mu.Lock()
	code, reason := c.closeCode, c.closeText
	c.mu.Unlock()
	if c.registered {
		c.t.registry.removeIdentity(c, c.identity)
	}
	c.log.DebugContext(c.ctx, "websocket: closed", "close_code", code, "reason", reason)
}

// readLoop reads and handles the client's messages until reading fails: the client closed or left, a
// deadline passed, or the server closed and the client answered. Once the socket is closing, frames
// are read and dropped until the client's close frame.
func (c *conn) readLoop() error {
	for {
		c.extendDeadline()
		kind, r, err := c.ws.NextReader()
		if err != nil {
			return err
		}
		start := graphql.Now()
		data, err := io.ReadAll(io.LimitReader(r, c.opts.ReadLimit+1))
		if err != nil {
			return err
		}
		switch {
		case c.isClosing():
		case int64(len(data)) > c.opts.ReadLimit:
			c.closeWith(CloseMessageTooBig, "Message too big")
		case kind != websocket.TextMessage:
			c.proto.invalid(c, fmt.Errorf("%w: a binary frame", errInvalidMessage))
		default:
			aside(func() {
				m, err := parseMessage(data)
				if err != nil {
					c.proto.invalid(c, err)
					return
				}
				c.proto.handle(c, m, start)
			})
		}
	}
}

// aside runs f in a goroutine of its own and waits for it. The reader handles each message so: its own
// stack, which every idle connection keeps, then stays as small as the reading needs, whatever the
// handling of a message takes (authentication reads the database; a subscribe parses its query).
func aside(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

// extendDeadline gives an acknowledged client two ping intervals to send its next frame; it leaves the
// deadline of a closing socket alone.
func (c *conn) extendDeadline() {
	if !c.acknowledged {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		_ = c.ws.SetReadDeadline(time.Now().Add(2 * c.opts.PingInterval))
	}
}

// isClosing reports whether closeWith has been called.
func (c *conn) isClosing() bool { return c.ctx.Err() != nil }

// closeWith starts closing the socket with code and reason (code 0: without a close frame): it cancels
// every operation, writes the close frame after the message being written, if any, and gives the client
// WriteTimeout to answer it. It reports whether this call started the closing (the first one wins).
func (c *conn) closeWith(code int, reason string) bool {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return false
	}
	c.closed = true
	c.closeCode, c.closeText = code, reason
	if c.pinger != nil {
		c.pinger.Stop()
	}
	if c.expiry != nil {
		c.expiry.Stop()
	}
	_ = c.ws.SetReadDeadline(time.Now().Add(c.opts.WriteTimeout))
	c.mu.Unlock()
	c.cancel()
	if code == 0 {
		return true
	}
	c.log.DebugContext(c.ctx, "websocket: closing", "close_code", code, "reason", reason)
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason),
		time.Now().Add(c.opts.WriteTimeout))
	return true
}

// write writes one text message, the concatenation of parts, within WriteTimeout, unless the socket is
// closing. On failure (the client is gone, or too slow to take the message in time) the socket is
// broken: it closes it without a close frame (a partly written message leaves no way to send one). It
// reports whether the message was written.
func (c *conn) write(parts ...[]byte) bool {
	c.wmu.Lock()
	if c.isClosing() {
		c.wmu.Unlock()
		return false
	}
	err := c.writeParts(parts)
	c.wmu.Unlock()
	if err != nil {
		level := slog.LevelDebug
		if netErr, ok := errors.AsType[net.Error](err); ok && netErr.Timeout() {
			level = slog.LevelWarn // a client too slow to take its messages
		}
		c.log.Log(c.ctx, level, "websocket: write failed", "error", err.Error())
		c.closeWith(0, "")
		_ = c.ws.Close()
		return false
	}
	return true
}

// writeParts writes one text message made of parts. c.wmu is held.
func (c *conn) writeParts(parts [][]byte) error {
	_ = c.ws.SetWriteDeadline(time.Now().Add(c.opts.WriteTimeout))
	w, err := c.ws.NextWriter(websocket.TextMessage)
	if err != nil {
		return err
	}
	for _, p := range parts {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return w.Close()
}

// ping sends the server's periodic ping: the protocol's message and a websocket ping frame.
func (c *conn) ping() {
	if !c.write(c.proto.keepalive()) {
		return
	}
	if err := c.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(c.opts.WriteTimeout)); err != nil {
		c.closeWith(0, "")
		_ = c.ws.Close()
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.pinger.Reset(c.opts.PingInterval)
	}
}

// initialize handles a connection_init, the same in both protocols but for the messages: its payload
// must be an object or none, it must be the first, and Opts.Authenticate must accept it; then the
// connection is acknowledged with ack. A refused one closes the socket with 4403 (1013 when its user
// has Opts.MaxConnsPerUser connections already), after refused (when not nil) has sent what the
// protocol says first with the close reason.
func (c *conn) initialize(m message, refused func(reason string), ack ...[]byte) {
	if err := checkObjectPayload(m); err != nil {
		c.proto.invalid(c, err)
		return
	}
	if c.initReceived.Load() {
		c.closeWith(CloseTooManyInits, "Too many initialisation requests")
		return
	}
	if code, reason := c.authenticate(m.Payload); code != 0 {
		if refused != nil {
			refused(reason)
		}
		c.closeWith(code, reason)
		return
	}
	c.acknowledge(ack...)
}

// authenticate handles a connection_init's payload with Opts.Authenticate and registers the identity it
// returns. It returns the close code and reason of a refused connection; 0 when it is accepted.
func (c *conn) authenticate(payload json.RawMessage) (code int, reason string) {
	c.initReceived.Store(true)
	ctx, err := c.opts.Authenticate(c.ctx, c.r, payload)
	if err != nil || ctx == nil {
		if err == nil {
			err = errors.New("authenticate returned no context")
		}
		c.log.InfoContext(c.ctx, "websocket: connection refused", "error", err.Error())
		return CloseForbidden, "Forbidden"
	}
	id := identityOf(ctx)
	if !id.Expires.IsZero() && !time.Now().Before(id.Expires) {
		c.log.InfoContext(c.ctx, "websocket: connection refused", "error", "the credential has expired")
		return CloseForbidden, "Forbidden"
	}
	if !c.t.registry.addIdentity(c, id, c.opts.MaxConnsPerUser) {
		c.log.InfoContext(c.ctx, "websocket: too many connections", "user", id.User)
		return CloseTryAgainLater, "Too many connections"
	}
	c.opBase = ctx
	c.mu.Lock()
	c.identity = id
	c.registered = true
	if !id.Expires.IsZero() && !c.closed {
		c.expiry = time.AfterFunc(time.Until(id.Expires), func() { c.closeWith(CloseForbidden, "Forbidden") })
	}
	c.mu.Unlock()
	return 0, ""
}

// acknowledge writes the acknowledgement's messages and starts the pings.
func (c *conn) acknowledge(messages ...[]byte) {
	for _, b := range messages {
		if !c.write(b) {
			return
		}
	}
	c.acknowledged = true
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.pinger = time.AfterFunc(c.opts.PingInterval, c.ping)
	}
}

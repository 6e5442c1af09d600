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
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// conn is one socket. Three kinds of goroutines serve it: the reader (the request's goroutine, in
// serve), which reads and handles every client message in order; the writer, the only one that writes
// frames, fed by the bounded queue out; and one goroutine per operation, which runs it through the
// executor and queues its messages. Closing cancels every operation; serve returns once all of them
// and the writer have stopped.
type conn struct {
	t     *Transport
	opts  *Opts
	ws    *websocket.Conn
	r     *http.Request
	exec  graphql.GraphExecutor
	proto protocol
	log   *slog.Logger

	ctx    context.Context // the socket's; cancelled when it closes
	cancel context.CancelFunc

	out        chan []byte   // frames for the writer
	acked      chan struct{} // closed once the connection is acknowledged: starts the pings
	closing    chan struct{} // closed by closeWith
	writerDone chan struct{} // closed when the writer returns

	initReceived atomic.Bool // read by the init timer

	// The reader's own state.
	acknowledged bool
	opBase       context.Context // what Authenticate returned: the base of every operation's context

	mu        sync.Mutex
	closed    bool
	closeCode int // 0: close without a close frame (the socket is broken)
	closeText string
	ops       map[string]*operation // the running operations by id

	wg sync.WaitGroup // the writer and the operations
}

// operation is a running operation of a conn.
type operation struct {
	id     string
	ctx    context.Context
	cancel context.CancelFunc

	mu    sync.Mutex  // held while one of its messages is queued
	ended atomic.Bool // its end is decided (by the server or the client): no more results are sent
}

// newConn returns the conn of an upgraded socket.
func newConn(t *Transport, ws *websocket.Conn, r *http.Request, exec graphql.GraphExecutor) *conn {
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	c := &conn{
		t: t, opts: &t.opts, ws: ws, r: r, exec: exec,
		log:    t.opts.Logger.With("protocol", ws.Subprotocol(), "remote_addr", r.RemoteAddr),
		ctx:    ctx,
		cancel: cancel,
		out:    make(chan []byte, t.opts.SendQueue), acked: make(chan struct{}),
		closing: make(chan struct{}), writerDone: make(chan struct{}),
		ops: map[string]*operation{},
	}
	switch ws.Subprotocol() {
	case ProtocolTransportWS:
		c.proto = transportWS{}
	case ProtocolLegacyWS:
		c.proto = legacyWS{}
	}
	return c
}

// serve runs the reader until the socket closes, then waits for the writer and the operations.
func (c *conn) serve() {
	c.log.DebugContext(c.ctx, "websocket: open")
	c.wg.Add(1)
	go c.write()
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
	if netErr, ok := errors.AsType[net.Error](err); ok && netErr.Timeout() && c.closeWith(CloseGoingAway, "Ping timeout") {
		<-c.writerDone // let the close frame out before the connection goes
	}
	c.closeWith(0, "")
	_ = c.ws.Close()
	c.wg.Wait()
	c.mu.Lock()
	code, reason := c.closeCode, c.closeText
	c.mu.Unlock()
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
			m, err := parseMessage(data)
			if err != nil {
				c.proto.invalid(c, err)
				continue
			}
			c.proto.handle(c, m, start)
		}
	}
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
func (c *conn) isClosing() bool {
	select {
	case <-c.closing:
		return true
	default:
		return false
	}
}

// closeWith starts closing the socket with code and reason (code 0: without a close frame), cancels
// every operation, and gives the client WriteTimeout to answer the close frame. It reports whether
// this call started the closing (the first one wins).
func (c *conn) closeWith(code int, reason string) bool {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return false
	}
	c.closed = true
	c.closeCode, c.closeText = code, reason
	close(c.closing)
	_ = c.ws.SetReadDeadline(time.Now().Add(c.opts.WriteTimeout))
	c.mu.Unlock()
	c.cancel()
	if code != 0 {
		c.log.DebugContext(c.ctx, "websocket: closing", "close_code", code, "reason", reason)
	}
	return true
}

// write is the writer: it writes the queued frames, pings once the connection is acknowledged, and on
// closing writes what is queued and the close frame.
func (c *conn) write() {
	defer c.wg.Done()
	defer close(c.writerDone)
	ticker := time.NewTicker(c.opts.PingInterval)
	ticker.Stop()
	defer ticker.Stop()
	acked := c.acked
	for {
		select {
		case b := <-c.out:
			if !c.writeFrame(websocket.TextMessage, b) {
				return
			}
		case <-acked:
			acked = nil
			ticker.Reset(c.opts.PingInterval)
		case <-ticker.C:
			if !c.writeFrame(websocket.TextMessage, c.proto.keepalive()) ||
				!c.writeFrame(websocket.PingMessage, nil) {
				return
			}
		case <-c.closing:
			c.writeClose()
			return
		}
	}
}

// writeFrame writes one frame within WriteTimeout. On failure (the client is gone, or too slow to take
// the frame in time) the socket is broken: it closes it without a close frame (a partly written frame
// leaves no way to send one) and returns false.
func (c *conn) writeFrame(kind int, b []byte) bool {
	_ = c.ws.SetWriteDeadline(time.Now().Add(c.opts.WriteTimeout))
	if err := c.ws.WriteMessage(kind, b); err != nil {
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

// writeClose writes the frames queued before the closing and the close frame, within WriteTimeout.
func (c *conn) writeClose() {
	c.mu.Lock()
	code, reason := c.closeCode, c.closeText
	c.mu.Unlock()
	if code == 0 {
		return
	}
	deadline := time.Now().Add(c.opts.WriteTimeout)
	_ = c.ws.SetWriteDeadline(deadline)
	for {
		select {
		case b := <-c.out:
			if c.ws.WriteMessage(websocket.TextMessage, b) != nil {
				return
			}
		default:
			_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), deadline)
			return
		}
	}
}

// enqueue queues a frame for the writer, waiting for room while the queue is full: a client that
// reads slowly holds back the operations of its own connection, no other. It gives up without queuing
// when stop is closed or the socket is closing, and reports whether the frame was queued.
func (c *conn) enqueue(stop <-chan struct{}, b []byte) bool {
	if c.isClosing() {
		return false
	}
	select {
	case c.out <- b:
		return true
	case <-stop:
		return false
	case <-c.closing:
		return false
	}
}

// authenticate handles a connection_init's payload with Opts.Authenticate and reports whether the
// connection is accepted.
func (c *conn) authenticate(payload json.RawMessage) bool {
	c.initReceived.Store(true)
	ctx, err := c.opts.Authenticate(c.ctx, c.r, payload)
	if err != nil || ctx == nil {
		if err == nil {
			err = errors.New("authenticate returned no context")
		}
		c.log.InfoContext(c.ctx, "websocket: connection refused", "error", err.Error())
		return false
	}
	c.opBase = ctx
	return true
}

// acknowledge queues the acknowledgement's frames and starts the pings.
func (c *conn) acknowledge(frames ...[]byte) {
	for _, b := range frames {
		if !c.enqueue(nil, b) {
			return
		}
	}
	c.acknowledged = true
	close(c.acked)
}

// running reports whether an operation with id is running.
func (c *conn) running(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ops[id] != nil
}

// start runs an operation, or refuses it with a RATE_LIMITED error when MaxOperations are running.
func (c *conn) start(id string, params *graphql.RawParams, readStart time.Time) {
	params.Headers = c.r.Header
	params.ReadTime = graphql.TraceTiming{Start: readStart, End: graphql.Now()}
	c.mu.Lock()
	if len(c.ops) >= c.opts.MaxOperations {
		c.mu.Unlock()
		err := &gqlerror.Error{
			Message:    fmt.Sprintf("too many operations on this connection: at most %d at once", c.opts.MaxOperations),
			Extensions: map[string]any{"code": "RATE_LIMITED", "reason": "TOO_MANY_OPERATIONS"},
		}
		c.sendEnd(id, c.exec.DispatchError(c.opBase, gqlerror.List{err}).Errors)
		return
	}
	ctx, cancel := context.WithCancel(c.opBase)
	op := &operation{id: id, ctx: ctx, cancel: cancel}
	c.ops[id] = op
	c.wg.Add(1)
	c.mu.Unlock()
	go c.run(op, params)
}

// run executes an operation and sends its results, then its end: complete, or an error message when
// a response has errors and no data (a request error, such as a validation error, or a subscription
// whose resolver failed before its stream began).
func (c *conn) run(op *operation, params *graphql.RawParams) {
	defer c.wg.Done()
	defer op.cancel()
	defer context.AfterFunc(c.ctx, op.cancel)()
	ctx := graphql.StartOperationTrace(op.ctx)
	var opCtx *graphql.OperationContext
	defer func() {
		if v := recover(); v != nil {
			err := fmt.Errorf("panic in operation: %v", v)
			if opCtx != nil {
				err = opCtx.Recover(ctx, v)
			}
			c.log.ErrorContext(ctx, "websocket: operation panicked", "operation_id", op.id, "panic", fmt.Sprint(v))
			c.end(op, c.exec.DispatchError(ctx, gqlerror.List{gqlerror.WrapIfUnwrapped(err)}).Errors)
		}
	}()

	opCtx, errs := c.exec.CreateOperationContext(ctx, params)
	if errs != nil {
		c.end(op, c.exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs).Errors)
		return
	}
	responses, ctx := c.exec.DispatchOperation(ctx, opCtx)
	for {
		resp := responses(ctx)
		if resp == nil {
			break
		}
		if len(resp.Data) == 0 && len(resp.Errors) > 0 {
			c.end(op, resp.Errors)
			return
		}
		b, err := c.proto.next(op.id, resp)
		if err != nil {
			c.end(op, c.exec.DispatchError(ctx, gqlerror.List{gqlerror.WrapIfUnwrapped(err)}).Errors)
			return
		}
		if !c.send(op, b) {
			return
		}
	}
	c.end(op, nil)
}

// send queues a result of a running operation and reports whether it was queued.
func (c *conn) send(op *operation, b []byte) bool {
	op.mu.Lock()
	defer op.mu.Unlock()
	return !op.ended.Load() && c.enqueue(op.ctx.Done(), b)
}

// end ends an operation from the server's side: it queues complete (errs nil) or errs, unless the
// client stopped the operation first.
func (c *conn) end(op *operation, errs gqlerror.List) {
	op.mu.Lock()
	defer op.mu.Unlock()
	if op.ended.Swap(true) {
		return
	}
	// Forget the id before the client can learn the operation ended: it may reuse it at once.
	c.mu.Lock()
	if c.ops[op.id] == op {
		delete(c.ops, op.id)
	}
	c.mu.Unlock()
	if errs == nil {
		c.enqueue(nil, c.proto.complete(op.id))
		return
	}
	c.sendEnd(op.id, errs)
}

// sendEnd queues the messages that end an operation with errors.
func (c *conn) sendEnd(id string, errs gqlerror.List) {
	frames, err := c.proto.errors(id, errs)
	if err != nil {
		c.log.ErrorContext(c.ctx, "websocket: errors not encodable", "operation_id", id, "error", err.Error())
		frames, _ = c.proto.errors(id, gqlerror.List{{
			Message:    "internal error",
			Extensions: map[string]any{"code": "INTERNAL_SERVER_ERROR"},
		}})
	}
	for _, b := range frames {
		if !c.enqueue(nil, b) {
			return
		}
	}
}

// stop ends an operation at the client's request: it cancels it and, when sendComplete, queues its
// complete. An id that is not running is ignored.
func (c *conn) stop(id string, sendComplete bool) {
	c.mu.Lock()
	op := c.ops[id]
	delete(c.ops, id)
	c.mu.Unlock()
	if op == nil || op.ended.Swap(true) {
		return
	}
	// Cancel first: a result waiting for room in the queue gives up, and the lock comes free.
	op.cancel()
	op.mu.Lock()
	defer op.mu.Unlock()
	if sendComplete {
		c.enqueue(nil, c.proto.complete(id))
	}
}

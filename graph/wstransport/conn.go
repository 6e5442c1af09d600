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
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
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

// operation is a running operation of a conn.
type operation struct {
	id     string
	ctx    context.Context
	cancel context.CancelFunc
	prefix []byte // how its result messages start, up to the payload

	mu    sync.Mutex  // held while one of its messages is written
	ended atomic.Bool // its end is decided (by the server or the client): no more results are sent

	// A subscription, and what it needs once its resolver attached a feed.
	subscription bool
	feed         Feed
	shape        string                  // see shapeOf
	responses    graphql.ResponseHandler // the executor's results
	rctx         context.Context         // the context to take them in
	pump         atomic.Int32            // who drains the feed: pumpIdle, pumpDraining, ...
	finish       func()                  // releases the operation once it stopped
}

// The states of operation.pump.
const (
	pumpIdle     int32 = iota // nothing to take: the feed's ready function starts a drain
	pumpDraining              // a goroutine is draining the feed
	pumpAgain                 // a goroutine is draining, and the feed announced more meanwhile
	pumpFinished              // the operation stopped
)

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
	op := &operation{id: id, ctx: ctx, cancel: cancel, prefix: c.proto.nextPrefix(id)}
	c.ops[id] = op
	c.wg.Add(1)
	c.mu.Unlock()
	go c.run(op, params)
}

// run executes an operation and sends its results, then its end: complete, or an error message when
// a response has errors and no data (a request error, such as a validation error, or a subscription
// whose resolver failed before its stream began). A subscription whose resolver attached a feed goes on
// in drain.
func (c *conn) run(op *operation, params *graphql.RawParams) {
	stopWatch := context.AfterFunc(c.ctx, op.cancel)
	op.finish = func() {
		stopWatch()
		op.cancel()
		c.wg.Done()
	}
	if !c.admit(op) {
		op.finish()
		return
	}
	// Wait for a turn to execute: at most MaxExecuting operations of the connection execute at once.
	select {
	case c.slots <- struct{}{}:
	case <-op.ctx.Done():
		op.finish()
		return
	}
	executing := true
	release := func() {
		if executing {
			executing = false
			<-c.slots
		}
	}
	defer release()
	ctx := graphql.StartOperationTrace(op.ctx)
	opCtx, errs, ok := c.prepare(ctx, op, params)
	if !ok {
		op.finish()
		return
	}
	if errs != nil {
		c.end(op, c.exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs).Errors)
		op.finish()
		return
	}
	op.subscription = opCtx.Operation.Operation == ast.Subscription
	op.responses, op.rctx, ok = c.dispatch(context.WithValue(ctx, operationKey{}, op), op, opCtx)
	if op.subscription {
		release() // its stream has begun: its values are the server's doing, not the client's
	}
	if !ok {
		if op.feed != nil {
			op.feed.Close() // attached before the panic
		}
		op.finish()
		return
	}
	if op.feed != nil {
		op.shape = shapeOf(opCtx)
		op.pump.Store(pumpDraining)
		op.feed.Notify(func() { c.wake(op) })
		context.AfterFunc(op.ctx, func() { c.wake(op) })
		c.drain(op)
		return
	}
	for c.deliver(op, c.respond(op)) {
	}
	op.finish()
}

// admit runs Opts.Admit for op and reports whether op may run. A refused operation ends with the
// error; a *CloseError then closes the socket.
func (c *conn) admit(op *operation) bool {
	err := c.opts.Admit(op.ctx)
	if err == nil {
		return true
	}
	ce, closing := errors.AsType[*CloseError](err)
	if closing && ce.Err != nil {
		err = ce.Err
	}
	c.end(op, c.exec.DispatchError(op.ctx, gqlerror.List{gqlerror.WrapIfUnwrapped(err)}).Errors)
	if closing {
		c.closeWith(ce.Code, ce.Reason)
	}
	return false
}

// prepare parses and validates an operation. A panic ends the operation with an error (ok false).
func (c *conn) prepare(ctx context.Context, op *operation, params *graphql.RawParams) (opCtx *graphql.OperationContext, errs gqlerror.List, ok bool) {
	defer c.recoverOperation(ctx, op, nil)
	opCtx, errs = c.exec.CreateOperationContext(ctx, params)
	return opCtx, errs, true
}

// dispatch starts an operation: for a subscription, its resolver runs now. A panic ends the operation
// with an error (ok false).
func (c *conn) dispatch(ctx context.Context, op *operation, opCtx *graphql.OperationContext) (responses graphql.ResponseHandler, rctx context.Context, ok bool) {
	defer c.recoverOperation(ctx, op, opCtx)
	responses, rctx = c.exec.DispatchOperation(ctx, opCtx)
	return responses, rctx, true
}

// respond returns the executor's next result for op: nil once there are no more. A panic ends the
// operation with an error and returns nil.
func (c *conn) respond(op *operation) *graphql.Response {
	defer c.recoverOperation(op.rctx, op, graphql.GetOperationContext(op.rctx))
	return op.responses(op.rctx)
}

// recoverOperation, deferred, turns a panic of the executor into the end of op with an internal error
// (through oc's recover function when there is an operation context).
func (c *conn) recoverOperation(ctx context.Context, op *operation, oc *graphql.OperationContext) {
	if v := recover(); v != nil {
		c.panicked(ctx, op, oc, v)
	}
}

// panicked ends op with the internal error of a panic v, and logs it.
func (c *conn) panicked(ctx context.Context, op *operation, oc *graphql.OperationContext, v any) {
	err := fmt.Errorf("panic in operation: %v", v)
	if oc != nil {
		err = oc.Recover(ctx, v)
	}
	c.log.ErrorContext(ctx, "websocket: operation panicked", "operation_id", op.id, "panic", fmt.Sprint(v))
	c.end(op, c.exec.DispatchError(ctx, gqlerror.List{gqlerror.WrapIfUnwrapped(err)}).Errors)
}

// deliver sends one result of op and reports whether the operation goes on: a nil result ends it with
// complete, and a result with errors and no data with those errors.
func (c *conn) deliver(op *operation, resp *graphql.Response) bool {
	switch {
	case resp == nil:
		c.end(op, nil)
		return false
	case len(resp.Data) == 0 && len(resp.Errors) > 0:
		c.end(op, resp.Errors)
		return false
	}
	payload, err := json.Marshal(resp)
	if err != nil {
		c.end(op, c.exec.DispatchError(op.rctx, gqlerror.List{gqlerror.WrapIfUnwrapped(err)}).Errors)
		return false
	}
	return c.send(op, payload)
}

// wake makes sure a goroutine takes what op's feed has: it starts a drain unless one is running, and
// tells a running one to look again.
func (c *conn) wake(op *operation) {
	for {
		switch op.pump.Load() {
		case pumpIdle:
			if op.pump.CompareAndSwap(pumpIdle, pumpDraining) {
				go c.drain(op)
				return
			}
		case pumpDraining:
			if op.pump.CompareAndSwap(pumpDraining, pumpAgain) {
				return
			}
		default:
			return
		}
	}
}

// drain sends what op's feed has until it has nothing more now, or until the operation stops; then it
// closes the feed and releases the operation. A panic (of the feed) ends the operation with an internal
// error.
func (c *conn) drain(op *operation) {
	stopped := func() {
		op.pump.Store(pumpFinished)
		op.feed.Close()
		op.finish()
	}
	defer func() {
		if v := recover(); v != nil {
			c.panicked(op.rctx, op, graphql.GetOperationContext(op.rctx), v)
			op.cancel()
			stopped()
		}
	}()
	for {
		if op.ctx.Err() != nil {
			stopped()
			return
		}
		key, st := op.feed.Take(op.ctx)
		switch st {
		case Ready:
			if !c.sendValue(op, key) {
				op.cancel()
			}
		case Ended:
			c.end(op, nil)
			op.cancel()
		default:
			if op.pump.CompareAndSwap(pumpDraining, pumpIdle) {
				return
			}
			op.pump.Store(pumpDraining) // announced meanwhile: take again
		}
	}
}

// sendValue sends the value op's feed took: the payload rendered for its key by the first operation of
// the same shape that took it, or its own rendering when it has no shareable key or result.
func (c *conn) sendValue(op *operation, key any) bool {
	if op.shape == "" || !shareable(key) {
		return c.deliver(op, c.render(op))
	}
	var own *graphql.Response
	rendered := false
	payload := c.t.shared.payload(sharedKey{key, op.shape}, func() []byte {
		rendered = true
		own = c.render(op)
		if !shareableResponse(own) {
			return nil
		}
		b, err := json.Marshal(own)
		if err != nil {
			return nil
		}
		return b
	})
	switch {
	case payload != nil:
		return c.send(op, payload)
	case rendered:
		return c.deliver(op, own)
	default:
		return c.deliver(op, c.render(op))
	}
}

// render renders the value op's feed took last through the executor.
func (c *conn) render(op *operation) *graphql.Response {
	op.feed.Release()
	return c.respond(op)
}

// send writes a result of a running operation, a next message around payload, and reports whether it
// was written.
func (c *conn) send(op *operation, payload []byte) bool {
	op.mu.Lock()
	defer op.mu.Unlock()
	return !op.ended.Load() && c.write(op.prefix, payload, messageEnd)
}

// messageEnd closes a message that begins with an operation's prefix and its payload.
var messageEnd = []byte{'}'}

// end ends an operation from the server's side: it writes complete (errs nil) or errs, unless the
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
		c.write(c.proto.complete(op.id))
		return
	}
	c.sendEnd(op.id, errs)
}

// sendEnd writes the messages that end an operation with errors.
func (c *conn) sendEnd(id string, errs gqlerror.List) {
	messages, err := c.proto.errors(id, errs)
	if err != nil {
		c.log.ErrorContext(c.ctx, "websocket: errors not encodable", "operation_id", id, "error", err.Error())
		messages, _ = c.proto.errors(id, gqlerror.List{{
			Message:    "internal error",
			Extensions: map[string]any{"code": "INTERNAL_SERVER_ERROR"},
		}})
	}
	for _, b := range messages {
		if !c.write(b) {
			return
		}
	}
}

// stop ends an operation at the client's request: it cancels it and, when sendComplete, writes its
// complete. An id that is not running is ignored.
func (c *conn) stop(id string, sendComplete bool) {
	c.mu.Lock()
	op := c.ops[id]
	delete(c.ops, id)
	c.mu.Unlock()
	if op == nil || op.ended.Swap(true) {
		return
	}
	// Cancel first: the operation stops producing results.
	op.cancel()
	op.mu.Lock()
	defer op.mu.Unlock()
	if sendComplete {
		c.write(c.proto.complete(id))
	}
}

package wstransport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

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

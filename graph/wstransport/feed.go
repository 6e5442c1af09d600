package wstransport

import (
	"context"
	"encoding/json"

	"github.com/99designs/gqlgen/graphql"
)

// Status is what Feed.Take found.
type Status int

const (
	// Waiting: nothing is ready now; the feed calls its ready function when something may be.
	Waiting Status = iota
	// Ready: Take took a value.
	Ready
	// Ended: the stream is over.
	Ended
)

// Feed is a subscription's stream as its resolver hands it to the transport with Attach. With a feed the
// transport takes the values as they come, with no goroutine waiting for each subscription between
// them, and renders a value once for every operation of the same shape (the same document, operation
// name and variables of the selection) that receives the same value, instead of once per operation.
//
// The transport calls Take, Release and Close from one goroutine at a time.
type Feed interface {
	// Notify sets the function the feed calls whenever Take may find something new (a value, or the
	// stream's end). The feed may call it from any goroutine; it does not block.
	Notify(ready func())

	// Take takes the next value without waiting for one to be produced (it may wait for I/O, such as
	// the reading of a backlog). With Ready it returns the value's key: a comparable value, such as a
	// pointer, that stands for the value and for everything else its rendering depends on. Two
	// operations of the same shape that take values with the same key get the same bytes, whoever
	// their viewers: the key must differ wherever the rendering could. A nil key renders the value
	// for its operation alone (an error message, say).
	Take(ctx context.Context) (key any, st Status)

	// Release hands the value Take returned last to the channel the resolver returned, so that the
	// executor's next result renders it. The transport calls it only for the values it renders.
	Release()

	// Close ends the stream. The transport calls it when the operation stops, once Take has ended
	// or the operation was cancelled.
	Close()
}

// operationKey is the context key of the operation a resolver runs for.
type operationKey struct{}

// Attach offers a subscription's feed to the transport that runs the operation of ctx, the context the
// resolver was called with. Call it from the resolver itself, before it returns the channel. It reports
// whether the transport took the feed; when it did not (another transport, or not a subscription), the
// caller sends the values on its channel itself.
func Attach(ctx context.Context, f Feed) bool {
	op, _ := ctx.Value(operationKey{}).(*operation)
	if op == nil || !op.subscription || op.feed != nil || f == nil {
		return false
	}
	op.feed = f
	return true
}

// The states of operation.pump.
const (
	pumpIdle     int32 = iota // nothing to take: the feed's ready function starts a drain
	pumpDraining              // a goroutine is draining the feed
	pumpAgain                 // a goroutine is draining, and the feed announced more meanwhile
	pumpFinished              // the operation stopped
)

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

package live

import (
	"context"
	"errors"
	"time"

	"rout/notifications/inbox"
	"rout/rules"
)

// Subscription is one subscriber's stream: *Event values of a game, *Notice values of a user, *Lobby
// values of an open game, *ChatLine values of a chat room, or *Watchers values of a game. Its methods other than OnReady and Close are
// for one goroutine at a time.
type Subscription[T interface {
	*Event | *Notice | *Lobby | *ChatLine | *Watchers
}] struct {
	s *sub
}

// Next returns the next value: first those the subscription catches up on from the database, then the
// live ones, in order, without gaps or duplicates. It fails with a *ResumeError when the subscriber fell
// behind, with ErrStopped when the hub stopped, with ctx's error when ctx ends, or with a database error.
// After an error the subscription is closed.
func (x *Subscription[T]) Next(ctx context.Context) (T, error) {
	v, err := x.s.next(ctx)
	if err != nil {
		x.s.Close()
		return nil, err
	}
	x.s.delivered(ctx, v)
	return v.(T), nil
}

// TryNext is Next without the wait for a live value: it returns the next value and true when one is
// ready, and false when the subscriber has everything the hub has offered so far (OnReady tells when that
// changes). The catch-up from the database still reads it, so TryNext may wait for the database.
func (x *Subscription[T]) TryNext(ctx context.Context) (T, bool, error) {
	v, err := x.s.take(ctx, false)
	if err != nil {
		x.s.Close()
		return nil, false, err
	}
	if v == nil {
		return nil, false, nil
	}
	x.s.delivered(ctx, v)
	return v.(T), true, nil
}

// OnReady sets the function the hub calls whenever it has offered the subscriber something new: a batch,
// or its end (a *ResumeError, ErrStopped). The hub calls it from its own goroutines, holding its lock: it
// must not block, nor call the hub. A value offered before OnReady is not announced: take what is ready
// with TryNext after setting it.
func (x *Subscription[T]) OnReady(ready func()) {
	h := x.s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	x.s.ready = ready
}

// Last returns the number of the last value Next returned, or the subscription's starting number.
func (x *Subscription[T]) Last() int64 { return x.s.last }

// Close ends the subscription; it may be called more than once.
func (x *Subscription[T]) Close() { x.s.Close() }

// delivered records that the subscriber received v: for a notice, its seen_at (inbox.MarkSeen), which
// spares the user the email or SMS of a notice they saw live. One indexed UPDATE, a no-op after the
// first; a failure is logged and does not end the stream (the worst case is a message sent anyway).
func (s *sub) delivered(ctx context.Context, v sequenced) {
	n, ok := v.(*Notice)
	if !ok || s.t.key.kind != noticeTopic {
		return
	}
	if err := inbox.MarkSeen(ctx, s.hub.db, s.t.key.id, n.ID, time.Now()); err != nil && ctx.Err() == nil {
		s.hub.logger.WarnContext(ctx, "error recording a notice seen live", "notice_id", n.ID, "error", err)
	}
}

// sub is a subscriber as the hub sees it.
type sub struct {
	hub  *Hub
	t    *topic
	seat rules.PlayerID
	ch   chan []sequenced // the hub's live batches; closed when the hub drops the subscriber

	// gone is why the hub dropped the subscriber; guarded by Hub.mu, and read without it only after ch
	// closed.
	gone error
	// ready is the subscriber's OnReady function, or nil; guarded by Hub.mu.
	ready func()

	// The subscriber's own goroutine's state.
	last    int64       // the number of the last value returned
	from    int64       // the topic's head when the subscriber joined: catch up until here
	caught  bool        // the catch-up is done
	pending []sequenced // caught-up values, or the rest of a live batch, not yet returned
	// catchUp returns the next values after last and up to from, and whether it reached from.
	catchUp func(ctx context.Context) ([]sequenced, bool, error)
	// keep tells whether the subscriber receives a value (nil: all): a chat line its viewer sees. The
	// values it leaves out still count as passed (last).
	keep func(sequenced) bool
	// viewer is a chat subscriber's viewer (nil for the others); set under Hub.mu.
	viewer *chatViewer
}

// offer hands the subscriber a batch of rows without blocking, and tells whether it fitted. The batch is
// shared by every subscriber of the topic; the subscriber picks its view of each row as it reads. Hub.mu
// is held.
func (s *sub) offer(b []sequenced) bool {
	select {
	case s.ch <- b:
		s.announce()
		return true
	default:
		return false
	}
}

// announce calls the subscriber's OnReady function. Hub.mu is held.
func (s *sub) announce() {
	if s.ready != nil {
		s.ready()
	}
}

// next returns the next value, waiting for it (see Subscription.Next).
func (s *sub) next(ctx context.Context) (sequenced, error) { return s.take(ctx, true) }

// take returns the next value; when wait is false and no live value is ready, it returns nil and no error.
func (s *sub) take(ctx context.Context, wait bool) (sequenced, error) {
	for !s.caught && len(s.pending) == 0 {
		if s.last >= s.from {
			s.caught = true
			break
		}
		vs, done, err := s.catchUp(ctx)
		if err != nil {
			return nil, err
		}
		s.pending, s.caught = vs, done
	}
	for {
		for len(s.pending) > 0 {
			v := s.pending[0]
			s.pending = s.pending[1:]
			if v.seqOf() <= s.last {
				continue // caught up on already
			}
			if g, ok := v.(*gameItem); ok {
				v = g.view(s.seat)
			}
			s.last = v.seqOf()
			if s.keep != nil && !s.keep(v) {
				continue
			}
			return v, nil
		}
		b, err := s.receive(ctx, wait)
		if b == nil {
			return nil, err
		}
		s.pending = b
	}
}

// receive takes the next batch the hub offered, waiting for one when wait is set; without wait it returns
// nil and no error when there is none. After the hub dropped the subscriber it returns the reason.
func (s *sub) receive(ctx context.Context, wait bool) ([]sequenced, error) {
	var b []sequenced
	var ok bool
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if wait {
		select {
		case b, ok = <-s.ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	} else {
		select {
		case b, ok = <-s.ch:
		default:
			return nil, nil
		}
	}
	if !ok {
		if re, isResume := errors.AsType[*ResumeError](s.gone); isResume {
			re.LastSeq = s.last
		}
		return nil, s.gone
	}
	return b, nil
}

// Close leaves the topic.
func (s *sub) Close() {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	if s.gone == nil {
		s.gone = ErrStopped
		close(s.ch)
		h.leave(s.t, s)
	}
}

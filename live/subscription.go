package live

import (
	"context"

	"rout/rules"
)

// Subscription is one subscriber's stream: *Event values of a game, or *Notice values of a user. Its
// methods are for one goroutine.
type Subscription[T interface{ *Event | *Notice }] struct {
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
	return v.(T), nil
}

// Last returns the number of the last value Next returned, or the subscription's starting number.
func (x *Subscription[T]) Last() int64 { return x.s.last }

// Close ends the subscription; it may be called more than once.
func (x *Subscription[T]) Close() { x.s.Close() }

// sub is a subscriber as the hub sees it.
type sub struct {
	hub  *Hub
	t    *topic
	seat rules.PlayerID
	ch   chan []sequenced // the hub's live batches; closed when the hub drops the subscriber

	// gone is why the hub dropped the subscriber; guarded by Hub.mu, and read without it only after ch
	// closed.
	gone error

	// The subscriber's own goroutine's state.
	last    int64       // the number of the last value returned
	from    int64       // the topic's head when the subscriber joined: catch up until here
	caught  bool        // the catch-up is done
	pending []sequenced // caught-up values, or the rest of a live batch, not yet returned
	// catchUp returns the next values after last and up to from, and whether it reached from.
	catchUp func(ctx context.Context) ([]sequenced, bool, error)
}

// offer hands the subscriber a batch of rows without blocking, and tells whether it fitted. The batch is
// shared by every subscriber of the topic; the subscriber picks its view of each row as it reads. Hub.mu
// is held.
func (s *sub) offer(b []sequenced) bool {
	select {
	case s.ch <- b:
		return true
	default:
		return false
	}
}

// next returns the next value (see Subscription.Next).
func (s *sub) next(ctx context.Context) (sequenced, error) {
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
			return v, nil
		}
		select {
		case b, ok := <-s.ch:
			if !ok {
				if re, isResume := s.gone.(*ResumeError); isResume {
					re.LastSeq = s.last
				}
				return nil, s.gone
			}
			s.pending = b
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
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

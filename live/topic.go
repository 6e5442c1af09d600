package live

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rout/chat"
	"rout/game"
	"rout/notifications/inbox"
	"rout/rules"
)

// topicKind tells a game's topic from a user's.
type topicKind uint8

const (
	gameTopic     topicKind = iota + 1 // a game's events
	noticeTopic                        // a user's notices
	lobbyTopic                         // the seats of a game (its lobby)
	viewTopic                          // one viewer's record of a fog game (view.go)
	chatTopic                          // a room of a game's chat (chat.go)
	watchersTopic                      // who follows a game live (watchers.go)
)

// topicKey names a topic: a game id (events, lobby, view, chat) or a user id, for a view its viewer (a
// seat, or -1 for the spectators), for a chat its room.
type topicKey struct {
	kind   topicKind
	id     int
	viewer int
	room   chat.Room
}

// sequenced is a value a subscriber receives: an *Event, a *Notice, a *Lobby or a *ChatLine; or, inside a
// topic, a *gameItem.
type sequenced interface{ seqOf() int64 }

// source is what a topic streams.
type source interface {
	// start returns the number of the last row now and the last rows up to it that the topic keeps (see
	// recentEvents), and readies the source to read after it.
	start(ctx context.Context) (int64, []sequenced, error)
	// read returns the prepared rows after number after (a batch at most), in order.
	read(ctx context.Context, after int64) ([]sequenced, error)
	// batch is the most rows one read returns.
	batch() int
}

// topic is one game's or one user's stream on this replica, with its subscribers. Its goroutine is the
// only reader of its source.
type topic struct {
	key   topicKey
	src   source
	wakeC chan struct{} // a pending wake-up; capacity 1
	quit  chan struct{} // closed when the topic is dropped
	ready chan struct{} // closed when the source started (head and err are set)

	// guarded by Hub.mu
	head   int64       // the number of the last row offered to the subscribers
	recent []sequenced // the last rows up to head, oldest first (games: see recentEvents; lobbies: the last)
	err    error       // why the source could not start
	subs   map[*sub]struct{}
}

// recentEvents is how many prepared events a game's topic keeps (and lines a chat room's), so that a
// subscriber that resumes shortly after its last event catches up from memory instead of folding the
// game's record.
const recentEvents = 64

// remember adds a batch to the topic's recent rows. Hub.mu is held.
func (t *topic) remember(items []sequenced) {
	switch {
	case (t.key.kind == lobbyTopic || t.key.kind == watchersTopic) && len(items) > 0:
		t.recent = items[len(items)-1:] // the state now: what a new subscriber starts with
		return
	case t.key.kind != gameTopic && t.key.kind != viewTopic && t.key.kind != chatTopic:
		return
	}
	t.recent = append(t.recent, items...)
	if len(t.recent) > recentEvents {
		t.recent = append([]sequenced(nil), t.recent[len(t.recent)-recentEvents:]...)
	}
}

// recentAfter returns the recent rows after number after, when they reach back to it. Hub.mu is held.
func (t *topic) recentAfter(after int64) ([]sequenced, bool) {
	if len(t.recent) == 0 || t.recent[0].seqOf() > after+1 {
		return nil, false
	}
	for i, it := range t.recent {
		if it.seqOf() > after {
			return append([]sequenced(nil), t.recent[i:]...), true
		}
	}
	return nil, true
}

// wake asks the topic's goroutine to read; it never blocks.
func (t *topic) wake() {
	select {
	case t.wakeC <- struct{}{}:
	default:
	}
}

// open makes the topic of key and starts its goroutine. h.mu is held.
func (h *Hub) open(key topicKey) *topic {
	t := &topic{key: key, wakeC: make(chan struct{}, 1), quit: make(chan struct{}), ready: make(chan struct{}),
		subs: make(map[*sub]struct{})}
	switch key.kind {
	case gameTopic:
		t.src = &gameSource{h: h, f: folder{svc: h.svc, gameID: key.id}}
	case lobbyTopic:
		t.src = &lobbySource{h: h, gameID: key.id}
	case viewTopic:
		t.src = &viewSource{h: h, gameID: key.id, viewer: viewerOf(key.viewer)}
	case chatTopic:
		t.src = &chatSource{h: h, gameID: key.id, room: key.room}
	case watchersTopic:
		t.src = &watchersSource{h: h, gameID: key.id}
	default:
		t.src = &noticeSource{h: h, userID: key.id}
	}
	h.topics[key] = t
	h.wg.Add(1)
	go h.run(t)
	return t
}

// run is the topic's goroutine: start the source, then read and offer whenever woken.
func (h *Hub) run(t *topic) {
	defer h.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-t.quit:
		case <-h.done:
		}
		cancel()
	}()
	head, recent, err := t.src.start(ctx)
	h.mu.Lock()
	t.head, t.err = head, err
	t.remember(recent)
	if err != nil {
		h.close(t)
	}
	h.mu.Unlock()
	close(t.ready)
	if err != nil {
		return
	}
	for {
		select {
		case <-t.wakeC:
		case <-ctx.Done():
			return
		}
		if err := h.catchUp(ctx, t); err != nil {
			if ctx.Err() != nil {
				return
			}
			h.logger.Error("live hub: error reading new rows; retrying", "topic", t.key.id, "error", err)
			select {
			case <-ctx.Done():
				return
			case <-time.After(h.retry):
				t.wake()
			}
		}
	}
}

// catchUp reads everything after the topic's head and offers it to the subscribers.
func (h *Hub) catchUp(ctx context.Context, t *topic) error {
	for {
		h.reads.Add(1)
		// t.head is written only by this goroutine. A failed read may still return the rows before the
		// failure: they are offered, and the next read starts after them.
		items, err := t.src.read(ctx, t.head)
		if len(items) == 0 {
			return err
		}
		h.mu.Lock()
		for s := range t.subs {
			if !s.offer(items) {
				h.dropped.Add(1)
				h.drop(t, s, &ResumeError{})
			}
		}
		t.head = items[len(items)-1].seqOf()
		t.remember(items)
		h.mu.Unlock()
		if err != nil || len(items) < t.src.batch() {
			return err
		}
	}
}

// drop ends subscriber s with reason: its channel closes, and Next returns the reason once it has
// returned what the channel holds. h.mu is held.
func (h *Hub) drop(t *topic, s *sub, reason error) {
	if s.gone != nil {
		return
	}
	s.gone = reason
	close(s.ch)
	s.announce()
	h.leave(t, s)
}

// leave removes s from t, and drops t when it has no subscribers left. h.mu is held.
func (h *Hub) leave(t *topic, s *sub) {
	delete(t.subs, s)
	if len(t.subs) == 0 {
		h.close(t)
	}
}

// close drops t: its goroutine ends. h.mu is held.
func (h *Hub) close(t *topic) {
	if h.topics[t.key] == t {
		delete(h.topics, t.key)
		close(t.quit)
		if t.key.kind == viewTopic {
			delete(h.gameHeads, t.key.id) // the next notification of the game wakes its other views
		}
	}
}

// gameSource reads a game's events and folds them.
type gameSource struct {
	h *Hub
	f folder
}

func (g *gameSource) start(ctx context.Context) (int64, []sequenced, error) {
	seq, err := g.h.svc.LastSeq(ctx, g.f.gameID)
	if err != nil {
		var ge *game.Error
		if errors.As(err, &ge) && ge.Code == game.CodeNotFound {
			return 0, nil, fmt.Errorf("live: no game %d", g.f.gameID)
		}
		return 0, nil, err
	}
	var recent []sequenced
	err = g.f.foldTo(ctx, seq, seq-recentEvents, func(e game.SeqEvent, before rules.State) error {
		it, err := prepare(e, before, g.f.state, g.h)
		recent = append(recent, it)
		return err
	})
	return seq, recent, err
}

func (g *gameSource) batch() int { return eventBatch }

func (g *gameSource) read(ctx context.Context, after int64) ([]sequenced, error) {
	events, err := g.h.svc.Events(ctx, g.f.gameID, after, eventBatch)
	if err != nil {
		return nil, err
	}
	out := make([]sequenced, 0, len(events))
	for _, e := range events {
		before, err := g.f.fold(ctx, e)
		if err != nil {
			return out, err
		}
		it, err := prepare(e, before, g.f.state, g.h)
		if err != nil {
			return out, err
		}
		out = append(out, it)
	}
	return out, nil
}

// noticeSource reads a user's notices.
type noticeSource struct {
	h      *Hub
	userID int
}

func (n *noticeSource) start(ctx context.Context) (int64, []sequenced, error) {
	head, err := inbox.Last(ctx, n.h.db, n.userID)
	return head, nil, err
}

func (n *noticeSource) batch() int { return noticeBatch }

func (n *noticeSource) read(ctx context.Context, after int64) ([]sequenced, error) {
	ns, err := inbox.Read(ctx, n.h.db, n.userID, after, noticeBatch)
	if err != nil {
		return nil, err
	}
	out := make([]sequenced, len(ns))
	for i, x := range ns {
		out[i] = (*Notice)(x)
	}
	return out, nil
}

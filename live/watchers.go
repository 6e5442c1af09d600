package live

import (
	"context"
	"slices"
	"time"

	"rout/presence"
	"rout/rules"
)

// DefaultPresenceInterval is how often a hub refreshes the expiry of the watchers it keeps, sweeps the
// expired ones and reads the watchers of the games it follows, by default. A watcher's row expires three
// intervals after its last refresh.
const DefaultPresenceInterval = 10 * time.Second

// Watchers are the live watchers of a game as one read found them, shared by the game's subscribers on
// this replica; each subscriber shows its viewer what presence.CountFor lets them see. Never modify one.
type Watchers struct {
	seq int64
	// List are the watchers, in the order they joined.
	List []presence.Watcher
}

// seqOf implements sequenced: watchers are numbered by the topic, from 1, each time they change.
func (w *Watchers) seqOf() int64 { return w.seq }

// Watchers subscribes to the watchers of game gameID: first as they are now, then after each change
// (changes close together are coalesced into the last). The caller checks that the viewer may see the
// game. Close the subscription when done.
func (h *Hub) Watchers(ctx context.Context, gameID int) (*Subscription[*Watchers], error) {
	s, err := h.subscribe(ctx, topicKey{kind: watchersTopic, id: gameID}, rules.NoPlayer, 0)
	if err != nil {
		return nil, err
	}
	return &Subscription[*Watchers]{s: s}, nil
}

// Presence returns the presence service the hub keeps its watchers' rows with.
func (h *Hub) Presence() *presence.Service { return h.presence }

// watchersSource reads a game's watchers, and offers them when they changed.
type watchersSource struct {
	h      *Hub
	gameID int
	last   []presence.Watcher
}

func (w *watchersSource) start(ctx context.Context) (int64, []sequenced, error) {
	list, err := w.h.presence.Watchers(ctx, w.gameID)
	if err != nil {
		return 0, nil, err
	}
	w.last = list
	return 1, []sequenced{&Watchers{seq: 1, List: list}}, nil
}

// batch is more than one read returns, so that a topic reads once per wake-up.
func (w *watchersSource) batch() int { return 2 }

func (w *watchersSource) read(ctx context.Context, after int64) ([]sequenced, error) {
	list, err := w.h.presence.Watchers(ctx, w.gameID)
	if err != nil || slices.Equal(list, w.last) {
		return nil, err
	}
	w.last = list
	return []sequenced{&Watchers{seq: after + 1, List: list}}, nil
}

// watch is a watcher this hub keeps alive: its row, refreshed until its subscription ends.
type watch struct {
	w     presence.Watcher // its ID is the row's
	ended bool             // its context ended: delete the row
}

// Watch records w (its ID ignored) as a live watcher of its game until ctx ends: the hub writes its row now,
// refreshes it while ctx lasts and deletes it when ctx ends or the hub stops.
func (h *Hub) Watch(ctx context.Context, w presence.Watcher) error {
	h.mu.Lock()
	stopped := h.stopped
	h.mu.Unlock()
	if stopped {
		return ErrStopped
	}
	id, err := h.presence.Join(ctx, w, h.presenceTTL())
	if err != nil {
		return err
	}
	w.ID = id
	wt := &watch{w: w}
	h.pmu.Lock()
	h.watches[wt] = struct{}{}
	h.pmu.Unlock()
	context.AfterFunc(ctx, func() {
		h.pmu.Lock()
		wt.ended = true
		h.pmu.Unlock()
		select {
		case h.presenceWake <- struct{}{}:
		default:
		}
	})
	return nil
}

// presenceTTL is how long a watcher's row lasts after its last refresh.
func (h *Hub) presenceTTL() time.Duration { return 3 * h.presenceEvery }

// keepPresence is the hub's keeper of the watchers' rows: it deletes the rows of the watches that ended
// as soon as they end, and every interval refreshes the others, sweeps the expired rows of every replica
// and wakes the watchers' topics (a lost notification). When the hub stops it deletes its rows.
func (h *Hub) keepPresence() {
	defer h.wg.Done()
	ticker := time.NewTicker(h.presenceEvery)
	defer ticker.Stop()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for {
		select {
		case <-h.done:
			cancel()
			h.leaveAll()
			return
		case <-h.presenceWake:
			h.leaveEnded(ctx)
		case <-ticker.C:
			h.leaveEnded(ctx)
			h.refreshWatches(ctx)
			if _, err := h.presence.Sweep(ctx); err != nil {
				h.logger.Warn("live hub: error sweeping the expired watchers", "error", err)
			}
			h.mu.Lock()
			for key, t := range h.topics {
				if key.kind == watchersTopic {
					t.wake()
				}
			}
			h.mu.Unlock()
		}
	}
}

// takeWatches removes from the hub the watches that ended (all of them, when all is set) and returns
// their row ids.
func (h *Hub) takeWatches(all bool) []int {
	h.pmu.Lock()
	defer h.pmu.Unlock()
	var ids []int
	for wt := range h.watches {
		if all || wt.ended {
			ids = append(ids, wt.w.ID)
			delete(h.watches, wt)
		}
	}
	return ids
}

// leaveEnded deletes the rows of the watches that ended.
func (h *Hub) leaveEnded(ctx context.Context) {
	if ids := h.takeWatches(false); len(ids) > 0 {
		if err := h.presence.Leave(ctx, ids...); err != nil {
			h.logger.Warn("live hub: error deleting watchers; they expire", "error", err)
		}
	}
}

// leaveAll deletes the rows of every watch, when the hub stops.
func (h *Hub) leaveAll() {
	ids := h.takeWatches(true)
	if len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.presenceEvery)
	defer cancel()
	if err := h.presence.Leave(ctx, ids...); err != nil {
		h.logger.Warn("live hub: error deleting watchers at stop; they expire", "error", err)
	}
}

// refreshWatches moves on the expiry of the rows of the watches that last, and writes again the rows that
// were swept meanwhile (the replica could not refresh them in time).
func (h *Hub) refreshWatches(ctx context.Context) {
	h.pmu.Lock()
	byID := make(map[int]*watch, len(h.watches))
	ids := make([]int, 0, len(h.watches))
	for wt := range h.watches {
		if !wt.ended {
			byID[wt.w.ID] = wt
			ids = append(ids, wt.w.ID)
		}
	}
	h.pmu.Unlock()
	gone, err := h.presence.Refresh(ctx, ids, h.presenceTTL())
	if err != nil {
		h.logger.Warn("live hub: error refreshing watchers", "error", err)
		return
	}
	for _, id := range gone {
		wt := byID[id]
		h.pmu.Lock()
		w := wt.w
		h.pmu.Unlock()
		again, err := h.presence.Join(ctx, w, h.presenceTTL())
		if err != nil {
			h.logger.Warn("live hub: error recording a watcher again", "game_id", w.GameID, "error", err)
			continue
		}
		h.pmu.Lock()
		wt.w.ID = again
		h.pmu.Unlock()
	}
}

package live

import (
	"context"
	"slices"
	"time"

	"rout/game"
)

// checkHeads is the hub's repair of lost notifications: every interval it reads the head (the sequence
// number of the last committed event) of every game followed, and wakes each topic that is behind. The
// game service announces a command after its commit, so a process that dies between the two, or a failed
// notification, leaves a committed command unannounced; this finds it within an interval and a read. It
// costs nothing while no game is followed, and one query of at most game.MaxHeads games (a primary key
// lookup each) per interval otherwise.
func (h *Hub) checkHeads() {
	defer h.wg.Done()
	ticker := time.NewTicker(h.headCheck)
	defer ticker.Stop()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { <-h.done; cancel() }()
	for {
		select {
		case <-h.done:
			return
		case <-ticker.C:
		}
		ids := h.followedGames()
		for len(ids) > 0 {
			n := min(len(ids), game.MaxHeads)
			if err := h.wakeBehind(ctx, ids[:n]); err != nil {
				if ctx.Err() != nil {
					return
				}
				h.logger.Warn("live hub: error checking the heads of the games followed", "error", err)
				break
			}
			ids = ids[n:]
		}
	}
}

// followedGames returns the ids of the games whose topics have started, in order.
func (h *Hub) followedGames() []int {
	h.mu.Lock()
	defer h.mu.Unlock()
	var ids []int
	for key, t := range h.topics {
		if key.kind != gameTopic {
			continue
		}
		select {
		case <-t.ready:
			ids = append(ids, key.id)
		default:
		}
	}
	slices.Sort(ids)
	return ids
}

// wakeBehind reads the heads of games ids and wakes the topics that are behind them.
func (h *Hub) wakeBehind(ctx context.Context, ids []int) error {
	heads, err := h.svc.Heads(ctx, ids)
	if err != nil {
		return err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, seq := range heads {
		if t, ok := h.topics[topicKey{gameTopic, id}]; ok && seq > t.head {
			h.headWakes.Add(1)
			t.wake()
		}
	}
	return nil
}

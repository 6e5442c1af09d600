package live

import (
	"context"
	"slices"
	"time"

	"rout/chat"
	"rout/game"
	"rout/notifications/inbox"
)

// checkHeads is the hub's repair of lost notifications: every interval it reads the head (the sequence
// number of the last committed event, the id of the last notice, the version of a lobby, the number of a
// chat room's last line) of every game, every user's notices, every lobby and every chat room followed,
// and wakes each topic that is behind. The game service announces a command, and the notices
// its effects recorded, after its commit, so a process that dies between the two, or a failed
// notification, leaves a committed command unannounced; this finds it within an interval and a read. It
// costs nothing while nothing is followed, and one query of at most game.MaxHeads games (a primary key
// lookup each) or inbox.MaxHeads users (an index lookup each) per interval otherwise.
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
		for _, c := range []struct {
			kind  topicKind
			most  int
			heads func(context.Context, []int) (map[int]int64, error)
		}{
			{gameTopic, game.MaxHeads, h.svc.Heads},
			{noticeTopic, inbox.MaxHeads, func(ctx context.Context, ids []int) (map[int]int64, error) { return inbox.Heads(ctx, h.db, ids) }},
			{lobbyTopic, game.MaxHeads, h.svc.Versions},
			{viewTopic, game.MaxHeads, h.svc.Heads},
		} {
			ids := h.followed(c.kind)
			for len(ids) > 0 {
				n := min(len(ids), c.most)
				if err := h.wakeBehind(ctx, c.kind, ids[:n], c.heads); err != nil {
					if ctx.Err() != nil {
						return
					}
					h.logger.Warn("live hub: error checking the heads of what is followed", "error", err)
					break
				}
				ids = ids[n:]
			}
		}
		if err := h.wakeRoomsBehind(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
			h.logger.Warn("live hub: error checking the heads of the chat rooms followed", "error", err)
		}
	}
}

// wakeRoomsBehind reads the heads of the chat rooms followed (chat.MaxHeads at a time) and wakes those
// topics that are behind them.
func (h *Hub) wakeRoomsBehind(ctx context.Context) error {
	h.mu.Lock()
	var rooms []chat.GameRoom
	for key, t := range h.topics {
		select {
		case <-t.ready:
			if key.kind == chatTopic {
				rooms = append(rooms, chat.GameRoom{GameID: key.id, Room: key.room})
			}
		default:
		}
	}
	h.mu.Unlock()
	for len(rooms) > 0 {
		n := min(len(rooms), chat.MaxHeads)
		heads, err := h.chat.Heads(ctx, rooms[:n])
		if err != nil {
			return err
		}
		h.mu.Lock()
		for r, seq := range heads {
			if t, ok := h.topics[chatKey(r.GameID, r.Room)]; ok && seq > t.head {
				h.headWakes.Add(1)
				t.wake()
			}
		}
		h.mu.Unlock()
		rooms = rooms[n:]
	}
	return nil
}

// followed returns the ids of the topics of kind that have started, in order.
func (h *Hub) followed(kind topicKind) []int {
	h.mu.Lock()
	defer h.mu.Unlock()
	var ids []int
	for key, t := range h.topics {
		if key.kind != kind {
			continue
		}
		select {
		case <-t.ready:
			ids = append(ids, key.id)
		default:
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids) // a game's views share its id
}

// wakeBehind reads the heads of the topics of kind ids and wakes those that are behind them.
func (h *Hub) wakeBehind(ctx context.Context, kind topicKind, ids []int, read func(context.Context, []int) (map[int]int64, error)) error {
	heads, err := read(ctx, ids)
	if err != nil {
		return err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, seq := range heads {
		if kind == viewTopic {
			h.wakeViews(id, seq)
			continue
		}
		if t, ok := h.topics[topicKey{kind: kind, id: id}]; ok && seq > t.head {
			h.headWakes.Add(1)
			t.wake()
		}
	}
	return nil
}

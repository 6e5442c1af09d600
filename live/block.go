package live

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"rout/account"
	"rout/chat"
)

// A chat subscriber's viewer changes while it listens: the users it blocks (account.BlockChannel). Its
// lines are filtered as they are delivered (chat.Viewer.Sees) against the viewer as it stands, so a line
// of a user blocked after subscribing never arrives. Block changes come in order with the chat lines on the
// one LISTEN connection; the API also tells its own replica at once (BlockChanged), before its mutation
// answers. After the LISTEN connection comes back, every chat subscriber's blocks are read again.

// chatViewer is the viewer of a chat subscription, replaced whole when their blocks change.
type chatViewer struct {
	v atomic.Pointer[chat.Viewer]
}

// newChatViewer returns the holder of v, with its own copy of v's blocks.
func newChatViewer(v chat.Viewer) *chatViewer {
	v.Blocked = slices.Clone(v.Blocked)
	c := &chatViewer{}
	c.v.Store(&v)
	return c
}

// sees tells whether the viewer, as they stand now, sees line l.
func (c *chatViewer) sees(l chat.StoredLine) bool { return c.v.Load().Sees(l) }

// setBlocked replaces the viewer's blocks.
func (c *chatViewer) setBlocked(ids []int) {
	v := *c.v.Load()
	v.Blocked = ids
	c.v.Store(&v)
}

// setBlock adds user to the viewer's blocks (on) or takes them out.
func (c *chatViewer) setBlock(user int, on bool) {
	ids := slices.Clone(c.v.Load().Blocked)
	i, found := slices.BinarySearch(ids, user)
	switch {
	case on && !found:
		ids = slices.Insert(ids, i, user)
	case !on && found:
		ids = slices.Delete(ids, i, i+1)
	default:
		return
	}
	c.setBlocked(ids)
}

// BlockChanged tells the chat subscriptions of user blocker on this replica that they block user blocked
// (on) or no longer do. The hub hears it from every replica on account.BlockChannel; the API calls it too,
// so that its own replica follows before the mutation answers.
func (h *Hub) BlockChanged(blocker, blocked int, on bool) {
	for _, c := range h.chatViewers(blocker) {
		c.setBlock(blocked, on)
	}
}

// chatViewers returns the viewers of the chat subscriptions of user userID (every user's when 0).
func (h *Hub) chatViewers(userID int) []*chatViewer {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []*chatViewer
	for key, t := range h.topics {
		if key.kind != chatTopic {
			continue
		}
		for s := range t.subs {
			if s.viewer != nil && (userID == 0 || s.viewer.v.Load().UserID == userID) {
				out = append(out, s.viewer)
			}
		}
	}
	return out
}

// rereadBlocks reads the blocks of every chat subscriber again: after the LISTEN connection came back,
// for the changes it missed. A failed read is logged; the viewer keeps the blocks it had.
func (h *Hub) rereadBlocks() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	byUser := map[int][]*chatViewer{}
	for _, c := range h.chatViewers(0) {
		id := c.v.Load().UserID
		byUser[id] = append(byUser[id], c)
	}
	for id, cs := range byUser {
		ids, err := account.BlockedBy(ctx, h.db, id)
		if err != nil {
			h.logger.WarnContext(ctx, "error reading a chat subscriber's blocks again", "user_id", id, "error", err)
			continue
		}
		for _, c := range cs {
			c.setBlocked(ids)
		}
	}
}

// blockPayload reads an account.BlockChannel payload: "<blocker>:<blocked>:<1 or 0>".
func blockPayload(payload string) (blocker, blocked int, on, ok bool) {
	parts := strings.Split(payload, ":")
	if len(parts) != 3 || parts[2] != "0" && parts[2] != "1" {
		return 0, 0, false, false
	}
	a, err1 := strconv.Atoi(parts[0])
	b, err2 := strconv.Atoi(parts[1])
	return a, b, parts[2] == "1", err1 == nil && err2 == nil && a > 0 && b > 0
}

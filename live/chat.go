package live

import (
	"context"
	"strconv"
	"strings"

	"rout/chat"
	"rout/rules"
)

// ChatLine is one line of a game's chat room as stored (chat.StoredLine), read once for all the room's
// subscribers on this replica; each subscriber receives only the lines its viewer sees (chat.Viewer.Sees).
// Values are shared by those subscribers: never modify one.
type ChatLine struct {
	chat.StoredLine
}

// seqOf implements sequenced: a line is numbered in its room.
func (c *ChatLine) seqOf() int64 { return c.Seq }

// chatBatch is the most lines one read of a room returns.
const chatBatch = 100

// ChatLines subscribes v to the lines of room of game gameID after number after: messages and removals, in
// order, without gaps or duplicates among those v sees, v's blocks followed as they change (block.go). The caller checks that v may read the room
// (chat.Service.CheckRead). Close the subscription when done.
func (h *Hub) ChatLines(ctx context.Context, gameID int, room chat.Room, v chat.Viewer, after int64) (*Subscription[*ChatLine], error) {
	s, err := h.subscribe(ctx, chatKey(gameID, room), rules.NoPlayer, after)
	if err != nil {
		return nil, err
	}
	viewer := newChatViewer(v)
	h.mu.Lock()
	s.viewer = viewer // read by chatViewers under the lock
	h.mu.Unlock()
	s.keep = func(x sequenced) bool { return viewer.sees(x.(*ChatLine).StoredLine) }
	s.catchUp = func(ctx context.Context) ([]sequenced, bool, error) {
		lines, err := h.chat.Lines(ctx, gameID, room, s.last, chatBatch)
		if err != nil {
			return nil, false, err
		}
		out := make([]sequenced, 0, len(lines))
		for _, l := range lines {
			if l.Seq > s.from {
				return out, true, nil
			}
			out = append(out, &ChatLine{l})
		}
		return out, len(lines) < chatBatch, nil
	}
	return &Subscription[*ChatLine]{s: s}, nil
}

// chatKey returns the topic key of room of game gameID.
func chatKey(gameID int, room chat.Room) topicKey {
	return topicKey{kind: chatTopic, id: gameID, room: room}
}

// chatPayload parses a chat.Channel payload, "<game id>:<room>:<seq>" (a team's room holds a colon).
func chatPayload(payload string) (topicKey, int64, bool) {
	idText, rest, ok1 := strings.Cut(payload, ":")
	i := strings.LastIndexByte(rest, ':')
	if !ok1 || i < 0 {
		return topicKey{}, 0, false
	}
	id, err1 := strconv.Atoi(idText)
	seq, err2 := strconv.ParseInt(rest[i+1:], 10, 64)
	if err1 != nil || err2 != nil {
		return topicKey{}, 0, false
	}
	return chatKey(id, chat.Room(rest[:i])), seq, true
}

// chatSource reads the new lines of a room.
type chatSource struct {
	h      *Hub
	gameID int
	room   chat.Room
}

func (c *chatSource) start(ctx context.Context) (int64, []sequenced, error) {
	key := chat.GameRoom{GameID: c.gameID, Room: c.room}
	heads, err := c.h.chat.Heads(ctx, []chat.GameRoom{key})
	if err != nil {
		return 0, nil, err
	}
	head := heads[key]
	recent, err := c.readAfter(ctx, max(0, head-recentEvents), recentEvents)
	if n := len(recent); n > 0 {
		head = max(head, recent[n-1].seqOf()) // a line written since the head was read
	}
	return head, recent, err
}

func (c *chatSource) batch() int { return chatBatch }

func (c *chatSource) read(ctx context.Context, after int64) ([]sequenced, error) {
	return c.readAfter(ctx, after, chatBatch)
}

// readAfter returns up to limit lines of the room after number after.
func (c *chatSource) readAfter(ctx context.Context, after int64, limit int) ([]sequenced, error) {
	lines, err := c.h.chat.Lines(ctx, c.gameID, c.room, after, limit)
	if err != nil {
		return nil, err
	}
	out := make([]sequenced, len(lines))
	for i, l := range lines {
		out[i] = &ChatLine{l}
	}
	return out, nil
}

package live

import (
	"context"
	"encoding/json"

	"rout/game"
	"rout/rules"
)

// A fog game's subscribers follow their own record of the game (game.SeenEvents): each seat's, or the
// spectators', a topic per view numbered as that record is, so that a subscriber never learns from a
// number, a gap or a message how many hidden events there were. A view's events are projected once, when
// the command writes them, and read once per replica for all of the view's subscribers.

// viewerOf returns the viewer of a view topic's key: a seat, or rules.NoPlayer for the spectators (-1).
func viewerOf(key int) rules.PlayerID {
	if key < 0 {
		return rules.NoPlayer
	}
	return rules.PlayerID(key)
}

// viewKey returns the topic key of viewer's record of game gameID.
func viewKey(gameID int, viewer rules.PlayerID) topicKey {
	v := int(viewer)
	if viewer < 0 {
		v = -1
	}
	return topicKey{kind: viewTopic, id: gameID, viewer: v}
}

// viewSource reads one viewer's record of a fog game.
type viewSource struct {
	h      *Hub
	gameID int
	viewer rules.PlayerID
}

func (v *viewSource) start(ctx context.Context) (int64, []sequenced, error) {
	head, err := v.h.svc.ViewSeq(ctx, v.gameID, v.viewer)
	if err != nil {
		return 0, nil, err
	}
	recent, err := v.readAfter(ctx, max(0, head-recentEvents), recentEvents)
	return head, recent, err
}

func (v *viewSource) batch() int { return eventBatch }

func (v *viewSource) read(ctx context.Context, after int64) ([]sequenced, error) {
	return v.readAfter(ctx, after, eventBatch)
}

// readAfter returns up to limit events of the record after number after.
func (v *viewSource) readAfter(ctx context.Context, after int64, limit int) ([]sequenced, error) {
	seen, err := v.h.svc.SeenEvents(ctx, v.gameID, v.viewer, after, limit)
	if err != nil {
		return nil, err
	}
	out := make([]sequenced, len(seen))
	for i, e := range seen {
		out[i] = seenEvent(e)
	}
	return out, nil
}

// SeenTerritories returns the territories a seen event left, as a live subscriber gets them (and
// Game.events gives them under fog).
func SeenTerritories(ts []game.SeenTerritory) []Territory {
	out := make([]Territory, len(ts))
	for i, t := range ts {
		out[i] = Territory{Index: t.Index, Key: t.Key, Owner: t.Owner, Neutral: t.Neutral, Armies: t.Armies, Sight: t.Sight}
	}
	return out
}

// seenEvent returns a seen event as a live subscriber gets it.
func seenEvent(e game.SeenEvent) *Event {
	ev := &Event{EventView: e.EventView, Phase: e.After.Phase, CurrentSeat: e.After.Current,
		Territories: SeenTerritories(e.After.Territories)}
	var fields struct {
		AttackDice []int `json:"attackDice"`
		DefendDice []int `json:"defendDice"`
		Winner     *int  `json:"winner"`
	}
	switch e.Kind {
	case "battle_rolled":
		if json.Unmarshal(e.Data, &fields) == nil {
			ev.Dice = &Dice{Attacker: fields.AttackDice, Defender: fields.DefendDice}
		}
	case "game_over":
		if json.Unmarshal(e.Data, &fields) == nil && fields.Winner != nil {
			ev.Winner = game.SeatOrNil(rules.PlayerID(*fields.Winner))
		}
	}
	return ev
}

// ViewEvents subscribes to viewer's record of fog game gameID (a seat, or rules.NoPlayer for the
// spectators) after number after. The caller checks that the viewer may see the game. Close the
// subscription when done.
func (h *Hub) ViewEvents(ctx context.Context, gameID int, viewer rules.PlayerID, after int64) (*Subscription[*Event], error) {
	s, err := h.subscribe(ctx, viewKey(gameID, viewer), viewer, after)
	if err != nil {
		return nil, err
	}
	src := &viewSource{h: h, gameID: gameID, viewer: viewer}
	s.catchUp = func(ctx context.Context) ([]sequenced, bool, error) {
		out, err := src.readAfter(ctx, s.last, int(min(eventBatch, s.from-s.last)))
		if err != nil {
			return nil, false, err
		}
		return out, len(out) == 0 || out[len(out)-1].seqOf() >= s.from, nil
	}
	return &Subscription[*Event]{s: s}, nil
}

// wakeViews wakes the view topics of game gameID, whose head is now seq, when the hub had not seen it
// yet: a view's numbers are not the game's, so each reads what is new to it. h.mu is held.
func (h *Hub) wakeViews(gameID int, seq int64) {
	if seq <= h.gameHeads[gameID] {
		return
	}
	h.gameHeads[gameID] = seq
	for v := -1; v < rules.MaxPlayers; v++ {
		if t, ok := h.topics[topicKey{kind: viewTopic, id: gameID, viewer: v}]; ok {
			t.wake()
		}
	}
}

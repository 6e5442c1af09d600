package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"

	"rout/game"
	"rout/live"
	"rout/presence"
)

// watch records the viewer as a live watcher of snap's game for as long as the operation of ctx (their
// gameEvents subscription) lasts: from their seat when they hold one (a seat handed over to a CPU
// included), as a spectator otherwise, hidden when they hide their presence.
func (r *Resolver) watch(ctx context.Context, hub *live.Hub, snap game.Snapshot) error {
	w := presence.Watcher{GameID: snap.GameID, Seat: presence.NoSeat}
	if _, ok := ViewerID(ctx); ok {
		me, err := r.viewerRow(ctx) // hide_presence as it is now, not as a cached token's row has it
		if err != nil {
			return err
		}
		w.UserID, w.Hidden = me.ID, me.HidePresence
		if seat, ok := viewerSeat(ctx, snap.Seats); ok {
			w.Seat = seat
		}
	}
	return hub.Watch(ctx, w)
}

// presenceViewer returns who asks, as presence.CountFor needs them: the signed-in viewer and whom they
// block; an anonymous viewer blocks no one.
func (r *Resolver) presenceViewer(ctx context.Context) (presence.Viewer, error) {
	me, ok := ViewerID(ctx)
	if !ok {
		return presence.Viewer{}, nil
	}
	blocked, err := r.accounts.Blocked(ctx, nil, me)
	if err != nil {
		return presence.Viewer{}, err
	}
	return presence.Viewer{UserID: me, Blocked: blocked}, nil
}

// gamePresenceOf answers Game.presence: the game's watchers now, as the viewer is shown them.
func (r *Resolver) gamePresenceOf(ctx context.Context, g *Game) (*GamePresence, error) {
	hub, err := r.hub()
	if err != nil {
		return nil, err
	}
	ws, err := hub.Presence().Watchers(ctx, g.gameID)
	if err != nil {
		return nil, err
	}
	v, err := r.presenceViewer(ctx)
	if err != nil {
		return nil, err
	}
	return presenceView(presence.CountFor(ws, v)), nil
}

// presenceView is the API's GamePresence of a count.
func presenceView(c presence.Count) *GamePresence {
	return &GamePresence{SpectatorCount: c.Spectators, PresentSeats: c.PresentSeats}
}

// gameWatchers opens the gamePresence subscription of the viewer: the game must be one they may see
// (maySee, as Query.game). Each message is rendered for its operation alone: what a viewer is shown
// depends on whom they block. The viewer's blocks are those when they subscribed.
func (r *Resolver) gamePresence(ctx context.Context, gameID string) (<-chan graphql.Event[*GamePresence], error) {
	hub, err := r.hub()
	if err != nil {
		return nil, err
	}
	id, _, err := r.seenGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	v, err := r.presenceViewer(ctx)
	if err != nil {
		return nil, err
	}
	sub, err := hub.Watchers(ctx, id)
	if err != nil {
		return nil, err
	}
	f := newFeed(ctx, r, sub, func(w *live.Watchers) (*GamePresence, error) {
		return presenceView(presence.CountFor(w.List, v)), nil
	})
	f.alone = true
	return f.start(), nil
}

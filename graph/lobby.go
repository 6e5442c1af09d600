package graph

import (
	"context"
	"errors"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rout/game"
	"rout/graph/wstransport"
	"rout/live"
)

// gameLobby opens the gameLobby subscription of the viewer: the game must be one they may see (maySee,
// as Query.game). Each message is the game as the hub read it after a change of its seats.
func (r *Resolver) gameLobby(ctx context.Context, gameID string) (<-chan graphql.Event[*Game], error) {
	hub, err := r.hub()
	if err != nil {
		return nil, err
	}
	id, _, err := r.seenGame(ctx, gameID)
	if err != nil {
		return nil, err
	}
	sub, err := hub.Lobby(ctx, id)
	if err != nil {
		return nil, err
	}
	f := &lobbyFeed{ctx: ctx, r: r, gid: gameID, sub: sub, out: make(chan graphql.Event[*Game], 1)}
	if !wstransport.Attach(ctx, f) {
		go f.forward()
	}
	return f.out, nil
}

// lobbyGame returns the game of a lobby as the API shows it: its fields read the lobby's snapshot.
func (r *Resolver) lobbyGame(l *live.Lobby) *Game {
	g := r.newGame(l.Row)
	g.snap = &l.Snapshot
	return g
}

// snapshotFor returns the snapshot of game g: the one it was built from when it carries one (a gameLobby
// message), the request's otherwise.
func (r *Resolver) snapshotFor(ctx context.Context, g *Game) (game.Snapshot, error) {
	if g.snap != nil {
		return *g.snap, nil
	}
	return r.snapshotOf(ctx, g.gameID)
}

// lobbyFeed is a gameLobby subscription's stream for gqlgen, as a wstransport.Feed. Its values are
// rendered for each operation alone (a nil key): a game's fields depend on the viewer (inviteCode,
// viewerInvitedSeat, viewerActions).
type lobbyFeed struct {
	ctx context.Context // the resolver's
	r   *Resolver
	gid string // the game's global id
	sub *live.Subscription[*live.Lobby]
	out chan graphql.Event[*Game] // what gqlgen renders; holds the one released value

	taken graphql.Event[*Game] // the value Take took last
	last  bool                 // taken is the stream's last message
}

var _ wstransport.Feed = (*lobbyFeed)(nil)

func (f *lobbyFeed) Notify(ready func()) { f.sub.OnReady(ready) }

func (f *lobbyFeed) Take(ctx context.Context) (any, wstransport.Status) {
	if f.last {
		return nil, wstransport.Ended
	}
	v, ok, err := f.sub.TryNext(ctx)
	if err == nil && !ok {
		return nil, wstransport.Waiting
	}
	ev, last, more := f.event(v, err)
	if !more {
		return nil, wstransport.Ended
	}
	f.taken, f.last = ev, last
	return nil, wstransport.Ready
}

func (f *lobbyFeed) Release() {
	select {
	case <-f.out: // a value the executor did not take (its operation ended meanwhile)
	default:
	}
	f.out <- f.taken
}

func (f *lobbyFeed) Close() { f.sub.Close() }

// forward sends the subscription's values on the channel until the stream ends (transports other than
// the websocket one).
func (f *lobbyFeed) forward() {
	defer close(f.out)
	defer f.sub.Close()
	for {
		v, err := f.sub.Next(f.ctx)
		ev, last, more := f.event(v, err)
		if !more {
			return
		}
		select {
		case f.out <- ev:
		case <-f.ctx.Done():
			return
		}
		if last {
			return
		}
	}
}

// event returns the message for what the subscription returned: the game, or the error message that ends
// the stream. last is true for the stream's last message: an error, a game that is no longer open, or one
// the viewer may no longer see (a NOT_FOUND error, as Query.game). more is false when the stream ends
// without a message.
func (f *lobbyFeed) event(v *live.Lobby, err error) (ev graphql.Event[*Game], last, more bool) {
	var resume *live.ResumeError
	switch {
	case err == nil && !maySee(f.ctx, v.Snapshot):
		nf := gameNotFound(f.gid)
		ev.Context = withMessageError(f.ctx, &gqlerror.Error{Message: nf.Message, Extensions: map[string]any{"code": string(nf.Code)}})
		return ev, true, true
	case err == nil:
		return graphql.Event[*Game]{Value: f.r.lobbyGame(v)}, v.Final(), true
	case errors.As(err, &resume):
		ev.Context = withMessageError(f.ctx, &gqlerror.Error{
			Message:    resume.Error(),
			Extensions: map[string]any{"code": string(CodeResumeRequired), "lastSeq": resume.LastSeq},
		})
	case errors.Is(err, live.ErrStopped) || f.ctx.Err() != nil:
		return ev, true, false
	default:
		f.r.logger.ErrorContext(f.ctx, "subscription failed", "error", err, "request_id", requestID(f.ctx))
		ev.Context = withMessageError(f.ctx, &gqlerror.Error{
			Message:    internalMessage,
			Extensions: map[string]any{"code": string(CodeInternal), "requestId": requestID(f.ctx)},
		})
	}
	return ev, true, true
}

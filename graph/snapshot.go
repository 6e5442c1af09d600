package graph

import (
	"context"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"rout/game"
	"rout/rules"
)

// snapshots are the game snapshots of one query or mutation: every field of a game that needs its engine
// state (board, viewerActions, seats and their cards) reads the same one, taken once per game per request,
// or kept from the answer of the request's command.
type snapshots struct {
	mu    sync.Mutex
	games map[int]*snapshotEntry
	views map[int]*rules.View // the projections of fog games for the request's viewer (viewFor)
}

type snapshotEntry struct {
	ready chan struct{} // closed once snap and err are set
	snap  game.Snapshot
	err   error
}

type snapshotsKey struct{}

// requestSnapshots gives each query and mutation its snapshots. A subscription gets none: each of its
// messages reads the game as it is then.
func requestSnapshots(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	if oc := graphql.GetOperationContext(ctx); oc.Operation != nil && oc.Operation.Operation != ast.Subscription {
		ctx = context.WithValue(ctx, snapshotsKey{}, &snapshots{games: make(map[int]*snapshotEntry), views: make(map[int]*rules.View)})
	}
	return next(ctx)
}

// keepSnapshot makes snap the snapshot of its game for the rest of the request.
func keepSnapshot(ctx context.Context, snap game.Snapshot) {
	s, _ := ctx.Value(snapshotsKey{}).(*snapshots)
	if s == nil {
		return
	}
	e := &snapshotEntry{ready: make(chan struct{}), snap: snap}
	close(e.ready)
	s.mu.Lock()
	s.games[snap.GameID] = e
	s.mu.Unlock()
}

// forgetSnapshot drops the request's snapshot of game gameID, which a lobby mutation just changed: the
// next field that needs it reads it again.
func forgetSnapshot(ctx context.Context, gameID int) {
	if s, _ := ctx.Value(snapshotsKey{}).(*snapshots); s != nil {
		s.mu.Lock()
		delete(s.games, gameID)
		delete(s.views, gameID)
		s.mu.Unlock()
	}
}

// snapshotOf returns the request's snapshot of game gameID, reading it on first use.
func (r *Resolver) snapshotOf(ctx context.Context, gameID int) (game.Snapshot, error) {
	s, _ := ctx.Value(snapshotsKey{}).(*snapshots)
	if s == nil {
		return r.game.GameSnapshot(ctx, gameID)
	}
	s.mu.Lock()
	e, ok := s.games[gameID]
	if !ok {
		e = &snapshotEntry{ready: make(chan struct{})}
		s.games[gameID] = e
		s.mu.Unlock()
		e.snap, e.err = r.game.GameSnapshot(ctx, gameID)
		close(e.ready)
		return e.snap, e.err
	}
	s.mu.Unlock()
	select {
	case <-e.ready:
		return e.snap, e.err
	case <-ctx.Done():
		return game.Snapshot{}, ctx.Err()
	}
}

// viewFor returns the request's snapshot of game gameID and the game as the request's viewer may know it
// (viewOf: nil when they may know everything), projected once per request.
func (r *Resolver) viewFor(ctx context.Context, gameID int) (game.Snapshot, *rules.View, error) {
	snap, err := r.snapshotOf(ctx, gameID)
	if err != nil || !snap.Fogged() {
		return snap, nil, err
	}
	s, _ := ctx.Value(snapshotsKey{}).(*snapshots)
	if s == nil {
		return snap, viewOf(ctx, snap), nil
	}
	s.mu.Lock()
	v, ok := s.views[gameID]
	s.mu.Unlock()
	if !ok {
		v = viewOf(ctx, snap)
		s.mu.Lock()
		s.views[gameID] = v
		s.mu.Unlock()
	}
	return snap, v, nil
}

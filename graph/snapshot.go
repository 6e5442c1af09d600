package graph

import (
	"context"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"rout/ent"
	"rout/ent/player"
	"rout/game"
	"rout/rules"
)

// snapshots are the game snapshots of one query or mutation: every field of a game that needs its engine
// state (board, viewerActions, seats and their cards) reads the same one, taken once per game per request,
// or kept from the answer of the request's command.
type snapshots struct {
	mu    sync.Mutex
	games map[int]*snapshotEntry
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
		ctx = context.WithValue(ctx, snapshotsKey{}, &snapshots{games: make(map[int]*snapshotEntry)})
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

// entSeats returns the seats of a snapshot as the model the API's Seat type is bound to: the counts, and
// the status of a started game, from the engine state.
func entSeats(snap game.Snapshot) []*ent.Player {
	started := snap.State.Phase() != rules.PhaseSetup
	out := make([]*ent.Player, len(snap.Seats))
	for i, st := range snap.Seats {
		p := &ent.Player{GameID: snap.GameID, Seat: st.Seat, CPU: st.CPU, Color: st.Color, Status: player.Status(st.Status)}
		if st.UserID != 0 {
			id := st.UserID
			p.UserID = &id
		}
		if st.Difficulty != "" {
			d := player.Difficulty(st.Difficulty)
			p.Difficulty = &d
		}
		if st.InviteEmail != "" {
			email := st.InviteEmail
			p.InviteEmail = &email
		}
		withDelegation(p, st)
		if started && st.Seat < snap.State.Players() {
			ps := snap.State.Player(rules.PlayerID(st.Seat))
			p.Status = player.Status(ps.Status.String())
			p.Territories, p.Armies, p.Bonus, p.Unplaced, p.CardCount = ps.Territories, ps.Armies, ps.Bonus, ps.Unplaced, len(ps.Hand)
		}
		out[i] = p
	}
	return out
}

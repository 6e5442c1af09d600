package graph

import (
	"context"
	"errors"

	"rout/ladder"
)

// typeLadder is the type name of ladders inside global ids.
const typeLadder = "Ladder"

// Ladder is a ladder as the API shows it to a viewer (ladder.graphqls).
type Ladder struct {
	ID               string
	Key              string
	Name             string
	Seats            int
	Mode             string
	Maps             []string
	TurnLimitSeconds int
	Queued           int
	// MyEntry is the viewer's entry; nil without one.
	MyEntry *ladder.Entry

	ladderID int
	viewer   int // the signed-in viewer; 0 for none
}

// newLadder is l as viewer (0: nobody signed in) sees it, with their entry e (nil: none).
func newLadder(l ladder.Ladder, viewer int, e *ladder.Entry) *Ladder {
	return &Ladder{ID: GlobalID(typeLadder, l.ID), Key: l.Key, Name: l.Name, Seats: l.Seats, Mode: l.Mode(),
		Maps: l.Maps, TurnLimitSeconds: int(l.TurnLimit.Seconds()), Queued: l.Queued, MyEntry: e, ladderID: l.ID, viewer: viewer}
}

// ladders answers Query.ladders: none on a server without ladders (Deps.Ladders).
func (r *Resolver) ladders(ctx context.Context) ([]*Ladder, error) {
	if r.ladderSvc == nil {
		return []*Ladder{}, nil
	}
	all, err := r.ladderSvc.List(ctx)
	if err != nil {
		return nil, err
	}
	me, _ := ViewerID(ctx)
	entries := map[int]ladder.Entry{}
	if me != 0 {
		if entries, err = r.ladderSvc.Entries(ctx, me); err != nil {
			return nil, err
		}
	}
	out := make([]*Ladder, len(all))
	for i, l := range all {
		var mine *ladder.Entry
		if e, ok := entries[l.ID]; ok {
			mine = &e
		}
		out[i] = newLadder(l, me, mine)
	}
	return out, nil
}

// ladderGames answers Ladder.myGames: the viewer's games of it being played, as they see them.
func (r *Resolver) ladderGames(ctx context.Context, l *Ladder) ([]*Game, error) {
	if l.viewer == 0 {
		return []*Game{}, nil
	}
	ids, err := r.ladderSvc.Playing(ctx, l.ladderID, l.viewer)
	if err != nil {
		return nil, err
	}
	out := make([]*Game, 0, len(ids))
	for _, id := range ids {
		g, err := r.gameByID(ctx, id, GlobalID(typeGame, id))
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// ladderChange runs change, a mutation of the viewer's entry in the ladder of global id gid, and answers
// with the ladder as it left it, or with the ladder service's refusal as a user error.
func (r *Resolver) ladderChange(ctx context.Context, gid string, change func(id, me int) error) (*LadderPayload, error) {
	me, _ := ViewerID(ctx)
	id, err := parseIDOf(gid, typeLadder)
	switch {
	case err == nil && r.ladderSvc == nil:
		err = &ladder.Error{Code: ladder.CodeNotFound, Message: "this server has no ladders"}
	case err == nil:
		err = change(id, me)
	}
	var le *ladder.Error
	if errors.As(err, &le) {
		return &LadderPayload{UserErrors: []*UserError{userError(string(le.Code), le.Message)}}, nil
	}
	var ge *Error
	if errors.As(err, &ge) && ge.Code == CodeNotFound {
		return &LadderPayload{UserErrors: []*UserError{userError(string(ladder.CodeNotFound), ge.Message)}}, nil
	}
	if err != nil {
		return nil, err
	}
	all, err := r.ladders(ctx)
	if err != nil {
		return nil, err
	}
	for _, l := range all {
		if l.ladderID == id {
			return &LadderPayload{Ladder: l, UserErrors: []*UserError{}}, nil
		}
	}
	return &LadderPayload{UserErrors: []*UserError{userError(string(ladder.CodeNotFound), "no such ladder")}}, nil
}

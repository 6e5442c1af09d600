package graph

import (
	"context"
	"errors"

	"rout/game"
)

// delegateSeat hands the viewer's seat to a CPU (game.Service.SeatDelegate). The service's refusals that
// the player can act on are userErrors with stable codes; NOT_FOUND stays a top-level error.
func (r *Resolver) delegateSeat(ctx context.Context, input DelegateSeatInput) (*GamePayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	id, err := parseIDOf(input.GameID, typeGame)
	if err != nil {
		return nil, err
	}
	snap, err := r.game.SeatDelegate(ctx, game.DelegateInput{GameID: id, UserID: me.ID, Difficulty: input.Difficulty,
		Turns: input.Turns, Until: input.Until})
	return r.seatPayload(ctx, snap, err, input.GameID)
}

// reclaimSeat gives the viewer their seat back from its CPU (game.Service.SeatReclaim).
func (r *Resolver) reclaimSeat(ctx context.Context, input ReclaimSeatInput) (*GamePayload, error) {
	me, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	id, err := parseIDOf(input.GameID, typeGame)
	if err != nil {
		return nil, err
	}
	snap, err := r.game.SeatReclaim(ctx, id, me.ID)
	return r.seatPayload(ctx, snap, err, input.GameID)
}

// delegationFields are the input fields the service's delegation codes are about.
var delegationFields = map[game.Code]string{
	game.CodeUnknownDifficulty: "difficulty",
	game.CodeInvalidTurns:      "turns",
	game.CodeInvalidUntil:      "until",
}

// seatPayload answers delegateSeat and reclaimSeat from the game the service left (it causes no events),
// or with the userError of a refusal.
func (r *Resolver) seatPayload(ctx context.Context, snap game.Snapshot, err error, gid string) (*GamePayload, error) {
	var ge *game.Error
	if err != nil && errors.As(err, &ge) {
		var ue *UserError
		switch ge.Code {
		case game.CodeUnknownDifficulty, game.CodeInvalidTurns, game.CodeInvalidUntil:
			ue = userError(string(ge.Code), ge.Message, "input", delegationFields[ge.Code])
		case game.CodeNotDelegated, game.CodeSeatNotActive:
			ue = userError(string(ge.Code), ge.Message)
		case game.CodeForbidden:
			ue = userError("NOT_A_PLAYER", "you have no seat in this game")
		case game.CodeConflict:
			ue = userError("GAME_NOT_ACTIVE", ge.Message)
		}
		if ue != nil {
			p := refused(ue)
			if id, perr := parseIDOf(gid, typeGame); perr == nil {
				if g, gerr := r.gameByID(ctx, id, gid); gerr == nil {
					p.Game = g
				}
			}
			return p, nil
		}
	}
	if err != nil {
		return nil, joinError(err, gid)
	}
	v := int(snap.VersionFor(viewerIn(ctx, snap)))
	return &GamePayload{Game: r.answerGame(ctx, snap), Events: []*game.EventView{}, Version: &v, UserErrors: []*UserError{}}, nil
}

// seatPlayedBy says who plays seat st now.
func seatPlayedBy(st game.Seat) SeatPlayer {
	switch {
	case st.CPU:
		return SeatPlayerCPU
	case st.UserID == 0:
		return SeatPlayerNobody
	case st.Delegation != nil:
		return SeatPlayerDelegate
	}
	return SeatPlayerPlayer
}

// seatDelegation is the delegation of seat st, or nil.
func seatDelegation(st game.Seat) *SeatDelegation {
	d := st.Delegation
	if d == nil || st.UserID == 0 {
		return nil
	}
	return &SeatDelegation{Difficulty: d.Difficulty, TurnsLeft: d.Turns, Until: d.Until, Automatic: d.Auto}
}

package graph

import (
	"context"
	"errors"

	"rout/ent"
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
	v := int(snap.Version)
	return &GamePayload{Game: r.answerGame(ctx, snap), Events: []*game.EventView{}, Version: &v, UserErrors: []*UserError{}}, nil
}

// seatPlayedBy says who plays seat p now.
func seatPlayedBy(p *ent.Player) SeatPlayer {
	switch {
	case p.CPU:
		return SeatPlayerCPU
	case p.UserID == nil:
		return SeatPlayerNobody
	case p.Delegate != nil:
		return SeatPlayerDelegate
	}
	return SeatPlayerPlayer
}

// seatDelegation is the delegation of seat p, or nil.
func seatDelegation(p *ent.Player) *SeatDelegation {
	if p.Delegate == nil || p.UserID == nil {
		return nil
	}
	return &SeatDelegation{Difficulty: *p.Delegate, TurnsLeft: p.DelegateTurns, Until: p.DelegateUntil, Automatic: p.DelegateAuto}
}

// withDelegation copies the delegation and takeovers of st onto p, the model of the API's Seat.
func withDelegation(p *ent.Player, st game.Seat) {
	p.Takeovers = st.Takeovers
	if d := st.Delegation; d != nil {
		p.Delegate, p.DelegateTurns, p.DelegateUntil, p.DelegateAuto = &d.Difficulty, d.Turns, d.Until, d.Auto
	}
}

package jobs

import (
	"context"

	"rout/notifications"
)

// since returns what happened in game gameID from the end of user userID's last turn before turn turn
// through that turn (game.Service.SinceLastTurn), named for a message of kind: the user's own seat is
// "you", or "your CPU" in a cpu_played message (a CPU played that turn for them). A user without a seat
// gets the zero Since.
func (j *Jobs) since(ctx context.Context, gameID, userID, turn int, kind notifications.Kind) (notifications.Since, error) {
	seat, ok, err := j.game.UserSeat(ctx, gameID, userID)
	if err != nil || !ok {
		return notifications.Since{}, err
	}
	s, err := j.game.SinceLastTurn(ctx, gameID, seat, turn)
	if err != nil {
		return notifications.Since{}, err
	}
	out := notifications.Since{First: s.First}
	for _, p := range s.Seats {
		name := p.Name
		switch {
		case p.Seat == seat && kind == notifications.KindCPUPlayed:
			name = "your CPU"
		case p.Seat == seat:
			name = "you"
		case p.UserID == 0:
			name = "the " + p.Difficulty + " CPU"
		}
		out.Players = append(out.Players, notifications.SincePlayer{Name: name, Took: p.Took, Traded: p.Traded,
			Eliminated: p.Eliminated, Resigned: p.Resigned})
	}
	return out, nil
}

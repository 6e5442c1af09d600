// Package tablegame plays a tournament's tables, and a ladder's, as games of the game service: it is the
// tournament service's Games (tournament.Games) and the ladder service's (ladder.Games), which the server
// wires, so that packages tournament and ladder know nothing of package game.
package tablegame

import (
	"context"
	"database/sql"
	"fmt"

	"rout/game"
	"rout/ladder"
	"rout/rating"
	"rout/tournament"
)

// colors are the seats' colours, in seat order: the web client's palette (web/src/ui/format.ts).
var colors = []string{"red", "blue", "green", "yellow", "purple", "sky"}

// Games creates and reads the games of tournaments' tables through a game service.
type Games struct {
	Game *game.Service
}

// The seams' guards.
var (
	_ tournament.Games = Games{}
	_ ladder.Games     = Games{}
)

// CreateStarted creates and starts, in one transaction, the game of a table under spec.Key: each entrant
// in their seat, in order, the first the game's creator. A retry finds the game created under the key.
func (g Games) CreateStarted(ctx context.Context, spec tournament.GameSpec) (int, error) {
	if len(spec.Users) < 2 || len(spec.Users) > len(colors) {
		return 0, fmt.Errorf("a table has 2 to %d users, not %d", len(colors), len(spec.Users))
	}
	in := game.CreateInput{CreatorID: spec.Users[0], MapKey: spec.Map, TurnLimit: spec.TurnLimit, Name: spec.Name,
		Start: true, Key: spec.Key, Rated: spec.Rated, IdleResigns: spec.IdleResigns}
	for i, u := range spec.Users {
		in.Seats = append(in.Seats, game.SeatSpec{Kind: game.SeatUser, UserID: u, Color: colors[i]})
	}
	created, err := g.Game.GameCreate(ctx, in)
	if err != nil {
		return 0, err
	}
	return created.GameID, nil
}

// ModeRatings returns the all-maps ratings of mode of users, by user, read in tx
// (game.Service.ModeRatings): a ladder's queue.
func (g Games) ModeRatings(ctx context.Context, tx *sql.Tx, mode string, users []int) (map[int]rating.Rating, error) {
	return g.Game.ModeRatings(ctx, tx, game.RatingMode(mode), users)
}

// MapSeats returns the most seats of a game on map key, 0 when it is not a public map
// (game.Service.MapSeats).
func (g Games) MapSeats(ctx context.Context, key string) (int, error) {
	return g.Game.MapSeats(ctx, key)
}

// Places returns the places of a game's users once it is over (game.Service.GamePlaces, by seat, turned
// into users): a finished game's, and none for a cancelled game (its users share the win).
func (g Games) Places(ctx context.Context, gameID int) (map[int]int, bool, error) {
	snap, err := g.Game.GameSnapshot(ctx, gameID)
	if err != nil {
		return nil, false, err
	}
	if !snap.Status.Over() {
		return nil, false, nil
	}
	bySeat, err := g.Game.GamePlaces(ctx, gameID)
	if err != nil {
		return nil, false, err
	}
	byUser := make(map[int]int, len(bySeat))
	for seat, place := range bySeat {
		if seat >= 0 && seat < len(snap.Seats) && snap.Seats[seat].UserID != 0 {
			byUser[snap.Seats[seat].UserID] = place
		}
	}
	return byUser, true, nil
}

package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"rout/game"
	"rout/rules"
)

// SeatOpts describes one seat of a game made by Game. The zero value is an open seat, which anyone may
// join; at most one of User, CPU and Invite is set.
type SeatOpts struct {
	User       int    // a user's seat (a user made by User)
	CPU        bool   // a CPU's seat
	Difficulty string // of a CPU: easy, normal or cautious; default normal
	Invite     string // a seat kept for the user with this email address
	Color      string // default c<seat>
	Team       int    // in a team game (GameOpts.Teams), the seat's team
}

// GameOpts describes a game for Game; every field is optional.
type GameOpts struct {
	// Service creates (and starts) the game, so that its Effects see the game made; default: a service on
	// the database without Effects.
	Service *game.Service
	// Creator is the user who creates (and starts) the game; default: the first user's seat, else a new
	// user (who then holds no seat).
	Creator    int
	Map        string // map key; default classic
	MapVersion int    // default: the newest
	Seats      []SeatOpts
	Start      bool // started by its creator once created: every seat must then be a user's or a CPU's
	Claim      rules.ClaimStrategy
	Cards      rules.CardSystem
	TTBPercent int           // default: the engine's
	Fog        rules.Fog     // default: none
	TurnLimit  time.Duration // default game.DefaultTurnLimit
	Private    bool          // joining needs the invite code
	Teams      []game.Team   // a team game's teams; none for a free-for-all
	TeamRules  rules.TeamRules
	Rated      bool // its end updates its human players' ratings
}

// Users returns one user's seat for each user, in order: the seats of a game of these players.
func Users(users ...int) []SeatOpts {
	seats := make([]SeatOpts, len(users))
	for i, u := range users {
		seats[i] = SeatOpts{User: u}
	}
	return seats
}

// Game creates a game in db, a migrated database (Migrated), through the game service, as o describes,
// starts it when o.Start is set, and returns it. It fails the test on an error.
func Game(t testing.TB, db *sql.DB, o GameOpts) game.Created {
	t.Helper()
	svc := o.Service
	if svc == nil {
		var err error
		if svc, err = game.New(game.Opts{DB: db, Accounts: Accounts(t, db)}); err != nil {
			t.Fatalf("dbtest: %v", err)
		}
	}
	in := game.CreateInput{CreatorID: o.Creator, MapKey: o.Map, MapVersion: o.MapVersion, TurnLimit: o.TurnLimit,
		Claim: o.Claim, Cards: o.Cards, TTBPercent: o.TTBPercent, Fog: o.Fog, Private: o.Private,
		Teams: o.Teams, TeamRules: o.TeamRules, Rated: o.Rated}
	if in.MapKey == "" {
		in.MapKey = "classic"
	}
	for i, s := range o.Seats {
		spec := game.SeatSpec{Kind: game.SeatOpen, Color: s.Color, Difficulty: s.Difficulty, Team: s.Team}
		switch {
		case s.User != 0:
			spec.Kind, spec.UserID = game.SeatUser, s.User
			if in.CreatorID == 0 {
				in.CreatorID = s.User
			}
		case s.CPU:
			spec.Kind = game.SeatCPU
		case s.Invite != "":
			spec.Kind, spec.InviteEmail = game.SeatInvited, s.Invite
		}
		if spec.Color == "" {
			spec.Color = fmt.Sprintf("c%d", i)
		}
		in.Seats = append(in.Seats, spec)
	}
	if in.CreatorID == 0 {
		in.CreatorID = int(User(t, db, UserOpts{}))
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	created, err := svc.GameCreate(ctx, in)
	if err != nil {
		t.Fatalf("dbtest: error creating a game on map %s: %v", in.MapKey, err)
	}
	if o.Start {
		if _, err := svc.GameStart(ctx, created.GameID, in.CreatorID); err != nil {
			t.Fatalf("dbtest: error starting game %d: %v", created.GameID, err)
		}
	}
	return created
}

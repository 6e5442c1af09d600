package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/lib/pq"

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

// CloneFinishedGame copies finished game id n times in db, each copy ending an hour before the previous one:
// its games row, its seats and the events that place them (player_eliminated, player_resigned,
// game_over), enough for a player's record and its sums (game.Service.PlayerStats) without playing
// thousands of games; then it analyzes the tables. It fails the test on an error.
func CloneFinishedGame(t testing.TB, db *sql.DB, id, n int) {
	t.Helper()
	cols := func(table string, skip ...string) string {
		var list string
		if err := db.QueryRow(`SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position)
			FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1
			AND column_name <> ALL($2)`, table, pq.Array(skip)).Scan(&list); err != nil {
			t.Fatalf("dbtest: the columns of %s: %v", table, err)
		}
		return list
	}
	games := cols("games", "id", "finished_at", "create_key")
	players := cols("players", "id", "game_id")
	events := cols("events", "id", "game_id")
	_, err := db.Exec(`WITH copies AS (
		INSERT INTO games (`+games+`, finished_at)
		SELECT `+games+`, g.finished_at - n * interval '1 hour' FROM games g, generate_series(1, $2) AS n WHERE g.id = $1
		RETURNING id),
	seats AS (INSERT INTO players (game_id, `+players+`) SELECT c.id, `+players+` FROM copies c, players WHERE players.game_id = $1)
	INSERT INTO events (game_id, `+events+`) SELECT c.id, `+events+` FROM copies c, events
		WHERE events.game_id = $1 AND events.kind IN ('player_eliminated', 'player_resigned', 'game_over')`, id, n)
	if err != nil {
		t.Fatalf("dbtest: copying game %d: %v", id, err)
	}
	// The planner's statistics, as autovacuum would update them after so many new rows.
	if _, err := db.Exec(`ANALYZE games, players, events`); err != nil {
		t.Fatalf("dbtest: analyzing the copies of game %d: %v", id, err)
	}
}

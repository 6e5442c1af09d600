package jobs_test

import (
	"fmt"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/jobs"
	"rout/rules"
	"rout/tournament"
	"rout/tournament/tablegame"
)

// A tournament is started and advanced by the jobs alone: the tournament sweep starts it when full, and
// the end of each table's game advances it. A single elimination of three in duels: round 1, seeds 2 and
// 3 meet while the top seed has the bye; round 2, the top seed meets the winner. The test only resigns
// seats.
func TestTournamentAdvancedByJobs(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := testConfig()
	accounts := dbtest.Accounts(t, e.db)
	effects, err := jobs.NewEffects(jobs.EffectsOpts{DB: e.db, Accounts: accounts, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: e.db, Accounts: accounts, Logger: quiet, Effects: effects})
	if err != nil {
		t.Fatal(err)
	}
	tournaments := tournament.NewService(e.db, tablegame.Games{Game: svc}, nil)
	top, second, third := e.user("top", "none"), e.user("second", "none"), e.user("third", "none")
	tr, err := tournaments.Create(e.ctx, tournament.Settings{Name: "Duels", CreatorID: top, Format: tournament.FormatElimination,
		Seats: 2, Maps: []string{"classic"}, EntryLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i, u := range []int{top, second, third} {
		if _, err := tournaments.Enter(e.ctx, tr.ID, u, float64(3-i)); err != nil {
			t.Fatal(err)
		}
	}
	j, err := jobs.New(jobs.Opts{DB: e.db, Game: svc, Accounts: accounts, Tournaments: tournaments, ListenURL: e.dsn, Logger: quiet, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	e.start(j) // the tournament sweep runs at the start

	// game waits for the game of the only table of round that has one, and returns it.
	game := func(round int) tournament.Table {
		t.Helper()
		var table tournament.Table
		e.waitFor(fmt.Sprintf("the game of round %d", round), 30*time.Second, func() bool {
			ts, err := tournaments.Tables(e.ctx, tr.ID, round)
			if err != nil {
				t.Fatal(err)
			}
			for _, t := range ts {
				if t.GameID != 0 {
					table = t
				}
			}
			return table.GameID != 0
		})
		return table
	}
	resign := func(table tournament.Table, user int) {
		t.Helper()
		if _, err := svc.TurnSubmit(e.ctx, gameResign(table.GameID, user)); err != nil {
			t.Fatal(err)
		}
	}
	first := game(1)
	if first.Entrants[0] != second || first.Entrants[1] != third {
		t.Fatalf("round 1 seats %v, want second and third", first.Entrants)
	}
	resign(first, third)
	final := game(2)
	if len(final.Entrants) != 2 || final.Entrants[0] != top || final.Entrants[1] != second {
		t.Fatalf("round 2 seats %v, want top and second", final.Entrants)
	}
	resign(final, second)
	e.waitFor("the end of the tournament", 30*time.Second, func() bool {
		got, err := tournaments.Get(e.ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.Status == tournament.StatusFinished
	})
	standings, err := tournaments.Standings(e.ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if standings[0].ID != top || standings[0].Wins != 2 || standings[1].ID != second || standings[2].ID != third {
		t.Errorf("standings %+v: want top (a bye and a win), second, third", standings)
	}
}

// gameResign is user's resignation of game id.
func gameResign(id, user int) game.CommandInput {
	return game.CommandInput{GameID: id, Actor: game.User(user), Command: rules.Resign{}}
}

package jobs_test

import (
	"fmt"
	"strings"
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

// The entrants of a tournament are told by email when a round starts (the game of their table) and when
// it ends (their place in the standings; final after the last round), through a real SMTP server: the
// single elimination of three in duels of TestTournamentAdvancedByJobs. The top seed is told of their
// bye when round 1 starts, with a link to the tournament's page; a bye has no standing notice.
//
//	round 1: second and third are told it started, top that they have a bye; second beats third; second
//	and third are told it ended: top (a bye: 1 point, seed 3), second (1 point, seed 2), third (0
//	points): 1st, 2nd, 3rd of 3;
//	round 2: top and second are told it started; top beats second; both are told the final standings:
//	top 1st with 2 points, second 2nd with 1.
func TestTournamentNotices(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	cfg := testConfig()
	mail := startSMTP(t)
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
	tournaments.SetEffects(effects)
	top, second, third := e.user("top", "email"), e.user("second", "email"), e.user("third", "email")
	tr, err := tournaments.Create(e.ctx, tournament.Settings{Name: "Duels", CreatorID: top, Format: tournament.FormatElimination,
		Seats: 2, Maps: []string{"classic"}, EntryLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	j, err := jobs.New(jobs.Opts{DB: e.db, Game: svc, Accounts: accounts, Tournaments: tournaments, ListenURL: e.dsn, Logger: quiet,
		Config: cfg, Notifier: newRouter(t, mail, nil)})
	if err != nil {
		t.Fatal(err)
	}
	e.start(j)
	for i, u := range []int{top, second, third} {
		if _, err := tournaments.Enter(e.ctx, tr.ID, u, float64(3-i)); err != nil { // the last entry's job starts it
			t.Fatal(err)
		}
	}
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
	first := game(1)
	if _, err := svc.TurnSubmit(e.ctx, gameResign(first.GameID, third)); err != nil {
		t.Fatal(err)
	}
	final := game(2)
	if _, err := svc.TurnSubmit(e.ctx, gameResign(final.GameID, second)); err != nil {
		t.Fatal(err)
	}
	link := fmt.Sprintf("https://rout.example/tournaments/%d", tr.ID)
	want := map[string][]string{
		"top": {"Round 1 of Duels has started: you have a bye this round, which scores as a win. Nothing to play until the next round." +
			"\n\nSee the tournament: " + link,
			"Round 2 of Duels has started: your table plays Duels: round 2, table 1. Good luck!",
			"Duels is over: you finished 1st of 3 with 2 points.\n\nSee the standings: " + link},
		"second": {"Round 1 of Duels has started: your table plays Duels: round 1, table 1. Good luck!",
			"Round 1 of Duels is over: you are 2nd of 3 with 1 point. The next round starts now.",
			"Round 2 of Duels has started: your table plays Duels: round 2, table 1. Good luck!",
			"Duels is over: you finished 2nd of 3 with 1 point."},
		"third": {"Round 1 of Duels has started: your table plays Duels: round 1, table 1. Good luck!",
			"Round 1 of Duels is over: you are 3rd of 3 with 0 points. The next round starts now.\n\nSee the standings: " + link},
	}
	for who, texts := range want {
		e.waitFor(who+"'s tournament mail", time.Minute, func() bool {
			k := mail.kinds(who + "@example.com")
			return k["tournament_round"]+k["tournament_standing"] == len(texts)
		})
		_, bodies := mail.messages(who + "@example.com")
		all := strings.Join(bodies, "\n")
		for _, text := range texts {
			if !strings.Contains(strings.ReplaceAll(all, "\r\n", "\n"), text) {
				t.Errorf("%s's mail lacks %q:\n%s", who, text, all)
			}
		}
	}
}

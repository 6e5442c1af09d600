package tournament_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	routmaps "rout/maps"
	"rout/rules"
	"rout/tournament"
	"rout/tournament/pairing"
	"rout/tournament/tablegame"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// env is a tournament service over a real game service, on a database of its own.
type env struct {
	t     *testing.T
	ctx   context.Context
	db    *sql.DB
	game  *game.Service
	games tablegame.Games
	svc   *tournament.Service
	now   time.Time // the services' clock
}

func newEnv(t *testing.T) *env {
	t.Helper()
	db := dbtest.Migrated(t)
	e := &env{t: t, ctx: t.Context(), db: db, now: time.Now()}
	var err error
	if e.game, err = game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db), PlayTime: time.Minute}); err != nil {
		t.Fatal(err)
	}
	e.games = tablegame.Games{Game: e.game}
	e.svc = tournament.NewService(db, e.games, func() time.Time { return e.now })
	return e
}

// users makes n users, the first with the highest seed; it returns their ids and seeds by id.
func (e *env) users(n int) ([]int, map[int]float64) {
	ids, seeds := make([]int, n), map[int]float64{}
	for i := range ids {
		ids[i] = int(dbtest.User(e.t, e.db, dbtest.UserOpts{}))
		seeds[ids[i]] = float64(100 - i)
	}
	return ids, seeds
}

// full creates a tournament of settings s that starts when full, and enters users with their seeds.
func (e *env) full(s tournament.Settings, users []int, seeds map[int]float64) tournament.Tournament {
	e.t.Helper()
	s.EntryLimit = len(users)
	tr, err := e.svc.Create(e.ctx, s)
	if err != nil {
		e.t.Fatal(err)
	}
	for i, u := range users {
		full, err := e.svc.Enter(e.ctx, tr.ID, u, seeds[u])
		if err != nil {
			e.t.Fatal(err)
		}
		if full != (i == len(users)-1) {
			e.t.Errorf("entrant %d of %d: full = %v", i+1, len(users), full)
		}
	}
	return tr
}

// playTable plays the game of a table to its end: the CPU plays every seat's first turn (a takeover), then
// the seats resign in the reverse order of users (the last of users first), and the first of users at the
// table, left alone, plays out the board with the CPU (docs/rules.md, R43). So the table's places follow
// the order of users.
func (e *env) playTable(table tournament.Table, users []int) {
	e.t.Helper()
	if table.GameID == 0 {
		e.t.Fatalf("table %d of round %d has no game", table.Number, table.Round)
	}
	id := table.GameID
	for {
		snap, err := e.game.GameSnapshot(e.ctx, id)
		if err != nil {
			e.t.Fatal(err)
		}
		if snap.State.Turn() > len(table.Entrants) || snap.State.Phase() == rules.PhaseOver {
			break
		}
		seat := int(snap.State.Current())
		if _, err := e.game.TurnPlay(e.ctx, game.PlayInput{GameID: id, Seat: seat, Turn: snap.State.Turn(), Cause: game.CauseTakeover}); err != nil {
			e.t.Fatalf("game %d, turn %d: %v", id, snap.State.Turn(), err)
		}
	}
	order := slices.Clone(table.Entrants)
	slices.SortFunc(order, func(a, b int) int { return slices.Index(users, b) - slices.Index(users, a) })
	for _, u := range order[:len(order)-1] {
		if _, err := e.game.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(u), Command: rules.Resign{}}); err != nil {
			e.t.Fatalf("user %d resigning game %d: %v", u, id, err)
		}
	}
	for n := 0; ; n++ {
		snap, err := e.game.GameSnapshot(e.ctx, id)
		if err != nil {
			e.t.Fatal(err)
		}
		if snap.State.Phase() == rules.PhaseOver {
			return
		}
		if n > 100 {
			e.t.Fatalf("game %d did not end", id)
		}
		if _, err := e.game.TurnPlay(e.ctx, game.PlayInput{GameID: id, Seat: int(snap.State.Current()), Turn: snap.State.Turn(),
			Cause: game.CauseTakeover}); err != nil {
			e.t.Fatal(err)
		}
	}
}

// advance advances tournament id and checks it is in round and status.
func (e *env) advance(id, round int, status tournament.Status) tournament.Tournament {
	e.t.Helper()
	tr, err := e.svc.Advance(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	if tr.Round != round || tr.Status != status {
		e.t.Fatalf("tournament %d is %s in round %d, want %s in round %d", id, tr.Status, tr.Round, status, round)
	}
	return tr
}

// advanceGame advances tournament id after the end of game gameID and checks it is in round and status.
func (e *env) advanceGame(id, gameID, round int, status tournament.Status) {
	e.t.Helper()
	tr, err := e.svc.AdvanceGame(e.ctx, id, gameID)
	if err != nil {
		e.t.Fatal(err)
	}
	if tr.Round != round || tr.Status != status {
		e.t.Fatalf("tournament %d is %s in round %d, want %s in round %d", id, tr.Status, tr.Round, status, round)
	}
}

// round returns the tables of round of tournament id.
func (e *env) round(id, round int) []tournament.Table {
	e.t.Helper()
	ts, err := e.svc.Tables(e.ctx, id, round)
	if err != nil {
		e.t.Fatal(err)
	}
	return ts
}

// seated names the entrants of tables by their index in users: "0 1 2 3 | 4 5 6 7".
func seated(tables []tournament.Table, users []int) string {
	s := ""
	for i, t := range tables {
		if i > 0 {
			s += " |"
		}
		for _, u := range t.Entrants {
			s += fmt.Sprintf(" %d", slices.Index(users, u))
		}
	}
	return s
}

// standingRow is a standing as the tests write it: the entrant's index in users, points, Buchholz.
type standingRow struct {
	user             int
	points, buchholz float64
}

func (e *env) checkStandings(id int, users []int, want []standingRow) {
	e.t.Helper()
	got, err := e.svc.Standings(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	rows := make([]standingRow, len(got))
	for i, s := range got {
		rows[i] = standingRow{slices.Index(users, s.ID), s.Points, s.Buchholz}
		if s.Rank != i+1 {
			e.t.Errorf("standing %d has rank %d", i, s.Rank)
		}
	}
	if !slices.Equal(rows, want) {
		e.t.Errorf("standings (user, points, Buchholz) =\n%v, want\n%v", rows, want)
	}
}

// A Swiss tournament of 8 entrants at tables of four, over the two rounds pairing.SwissRounds gives,
// played to the end by real games. Each table's places follow the seeds (the top seed first), so that:
//
//	round 1: 0 1 2 3 | 4 5 6 7 (the seeding cut into tables): 0 and 4 score 3, 1 and 5 2, 2 and 6 1;
//	standings: 0 4 1 5 2 6 3 7 (ties: Buchholz 3, 4, 5, 6 are equal, then the seed);
//	round 2: 0 4 1 5 | 2 6 3 7 (the top four; no table can avoid two repeats): 0 3, 1 2, 4 1; 2 3, 3 2, 6 1.
//
// Points: 0: 6; 1, 2, 4: 4; 3, 5, 6: 2; 7: 0. Buchholz (the others' final points, per table shared):
// 0: (4+4+2)+(4+4+2) = 20; 1: (6+4+2)+(6+4+2) = 24; 2: (6+4+2)+(2+2+0) = 16; 4: (2+2+0)+(6+4+2) = 16;
// 3: (6+4+4)+(4+2+0) = 20; 5: (4+2+0)+(6+4+4) = 20; 6: (4+2+0)+(4+2+0) = 12; 7: (4+2+2)+(4+2+2) = 16.
// 2 and 4, then 3 and 5, tie on points, Buchholz and wins (one win each, none each): the seed decides.
func TestSwissPlayedToTheEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	users, seeds := e.users(8)
	tr := e.full(tournament.Settings{Name: "Swiss", CreatorID: users[0], Format: tournament.FormatSwiss, Seats: 4,
		Maps: []string{"classic"}}, users, seeds)

	// Advance twice at once: one start, one game a table.
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			if _, err := e.svc.Advance(e.ctx, tr.ID); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	tr = e.advance(tr.ID, 1, tournament.StatusRunning)
	if tr.Rounds != 2 {
		t.Errorf("rounds = %d, want 2", tr.Rounds)
	}
	r1 := e.round(tr.ID, 1)
	if got := seated(r1, users); got != " 0 1 2 3 | 4 5 6 7" {
		t.Errorf("round 1 seats%s", got)
	}
	if n := dbtest.Int(t, e.db, `SELECT count(*) FROM games WHERE create_key LIKE $1`, fmt.Sprintf("tournament:%d:%%", tr.ID)); n != 2 {
		t.Errorf("round 1 has %d games, want 2", n)
	}
	// A retried creation finds the table's game.
	again, err := e.games.CreateStarted(e.ctx, tournament.GameSpec{Key: fmt.Sprintf("tournament:%d:1:0", tr.ID), Map: "classic",
		TurnLimit: tournament.DefaultTurnLimit, Users: r1[0].Entrants})
	if err != nil || again != r1[0].GameID {
		t.Errorf("the retried creation of table 0 = %d, %v; want game %d", again, err, r1[0].GameID)
	}

	// Each game's end advances the tournament reading that game alone (as its job does): the second's
	// seats round 2.
	e.playTable(r1[0], users)
	e.advanceGame(tr.ID, r1[0].GameID, 1, tournament.StatusRunning) // one table is still played
	e.playTable(r1[1], users)
	e.advanceGame(tr.ID, r1[1].GameID, 2, tournament.StatusRunning)
	e.advance(tr.ID, 2, tournament.StatusRunning) // nothing to do: nothing changes
	r2 := e.round(tr.ID, 2)
	if got := seated(r2, users); got != " 0 4 1 5 | 2 6 3 7" {
		t.Errorf("round 2 seats%s", got)
	}
	for _, table := range r2 {
		e.playTable(table, users)
	}
	e.advance(tr.ID, 2, tournament.StatusFinished)
	e.checkStandings(tr.ID, users, []standingRow{
		{0, 6, 20}, {1, 4, 24}, {2, 4, 16}, {4, 4, 16}, {3, 2, 20}, {5, 2, 20}, {6, 2, 12}, {7, 0, 16},
	})
	if n := dbtest.Int(t, e.db, `SELECT count(*) FROM games WHERE create_key LIKE $1`, fmt.Sprintf("tournament:%d:%%", tr.ID)); n != 4 {
		t.Errorf("the tournament has %d games, want 4", n)
	}
}

// A single elimination of 9 entrants at tables of three, played to the end by real games, each table's
// places following the seeds:
//
//	round 1, dealt in a snake: 0 5 6 | 1 4 7 | 2 3 8; 0, 1 and 2 advance;
//	round 2: 0 1 2, won by 0, the champion.
//
// Points (2, 1, 0 at a table of three): 0: 2+2 = 4; 1: 2+1 = 3; 2: 2+0 = 2; 3, 4, 5: 1; 6, 7, 8: 0.
// Buchholz: 0: (1+0)+(3+2) = 6; 1: (1+0)+(4+2) = 7; 2: (1+0)+(4+3) = 8; 5: 4+0 = 4; 4: 3+0 = 3; 3: 2+0 = 2;
// 6: 4+1 = 5; 7: 3+1 = 4; 8: 2+1 = 3.
func TestEliminationPlayedToTheEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	users, seeds := e.users(9)
	tr := e.full(tournament.Settings{Name: "Knockout", CreatorID: users[8], Format: tournament.FormatElimination, Seats: 3,
		Maps: []string{"classic", "europe"}, Rated: true}, users, seeds)
	tr = e.advance(tr.ID, 1, tournament.StatusRunning)
	r1 := e.round(tr.ID, 1)
	if got := seated(r1, users); got != " 0 5 6 | 1 4 7 | 2 3 8" {
		t.Errorf("round 1 seats%s", got)
	}
	for _, table := range r1 {
		e.playTable(table, users)
	}
	e.advance(tr.ID, 2, tournament.StatusRunning)
	r2 := e.round(tr.ID, 2)
	if got := seated(r2, users); got != " 0 1 2" {
		t.Errorf("round 2 seats%s", got)
	}
	e.playTable(r2[0], users)
	e.advance(tr.ID, 2, tournament.StatusFinished)
	e.checkStandings(tr.ID, users, []standingRow{
		{0, 4, 6}, {1, 3, 7}, {2, 2, 8}, {5, 1, 4}, {4, 1, 3}, {3, 1, 2}, {6, 0, 5}, {7, 0, 4}, {8, 0, 3},
	})
	// The tables are played on the pool's maps in turn, by round and table: europe for table 1 of round 1
	// and table 0 of round 2.
	if n := dbtest.Int(t, e.db, `SELECT count(*) FROM games g JOIN maps m ON m.id = g.map_id WHERE m.key = 'europe' AND g.create_key LIKE $1`,
		fmt.Sprintf("tournament:%d:%%", tr.ID)); n != 2 {
		t.Errorf("%d games on europe, want 2", n)
	}
	// A rated tournament's games are rated.
	if n := dbtest.Int(t, e.db, `SELECT count(*) FROM games WHERE rated AND create_key LIKE $1`, fmt.Sprintf("tournament:%d:%%", tr.ID)); n != 4 {
		t.Errorf("%d rated games, want 4", n)
	}
}

// codeOf returns the code of a tournament error, or "".
func codeOf(err error) tournament.Code {
	var te *tournament.Error
	if errors.As(err, &te) {
		return te.Code
	}
	return ""
}

// Entries: a user enters once, until they leave; a full tournament takes nobody more; entries close at
// the start; a tournament with fewer than two entrants at its start time is cancelled.
func TestEntryRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	users, _ := e.users(4)
	tr, err := e.svc.Create(e.ctx, tournament.Settings{Name: "Three", CreatorID: users[0], Format: tournament.FormatRoundRobin,
		Seats: 2, Maps: []string{"classic"}, EntryLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	enter := func(u int, want tournament.Code) {
		t.Helper()
		if _, err := e.svc.Enter(e.ctx, tr.ID, u, 0); codeOf(err) != want || (want == "" && err != nil) {
			t.Errorf("user %d entering: %v, want %q", u, err, want)
		}
	}
	enter(users[0], "")
	enter(users[0], tournament.CodeEntered)
	enter(users[1], "")
	if err := e.svc.Leave(e.ctx, tr.ID, users[1]); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.Leave(e.ctx, tr.ID, users[1]); codeOf(err) != tournament.CodeNotEntered {
		t.Errorf("leaving twice: %v", err)
	}
	enter(users[1], "") // back in
	enter(users[2], "")
	enter(users[3], tournament.CodeFull)
	if _, err := e.svc.Enter(e.ctx, tr.ID+1000, users[3], 0); codeOf(err) != tournament.CodeNotFound {
		t.Errorf("entering no tournament: %v", err)
	}
	if err := e.svc.Leave(e.ctx, tr.ID, users[3]+1000); codeOf(err) != tournament.CodeNotEntered {
		t.Errorf("a stranger leaving: %v", err)
	}
	tr = e.advance(tr.ID, 1, tournament.StatusRunning)
	if tr.Rounds != 3 {
		t.Errorf("a round robin of 3 in duels has %d rounds, want 3", tr.Rounds)
	}
	if err := e.svc.Leave(e.ctx, tr.ID, users[0]); codeOf(err) != tournament.CodeClosed {
		t.Errorf("leaving a running tournament: %v", err)
	}
	// Every round is scheduled at the start: each entrant has one bye, and every pair meets once.
	all := e.round(tr.ID, 0)
	if len(all) != 6 {
		t.Errorf("the round robin has %d tables, want 3 rounds of a duel and a bye", len(all))
	}

	at := e.now.Add(time.Hour)
	lone, err := e.svc.Create(e.ctx, tournament.Settings{Name: "Lonely", CreatorID: users[0], Format: tournament.FormatSwiss,
		Seats: 4, Maps: []string{"classic"}, StartsAt: &at})
	if err != nil {
		t.Fatal(err)
	}
	enter2 := func(u int) {
		if _, err := e.svc.Enter(e.ctx, lone.ID, u, 0); err != nil {
			t.Fatal(err)
		}
	}
	enter2(users[3])
	e.advance(lone.ID, 0, tournament.StatusOpen) // not yet
	due, err := e.svc.Due(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(due, lone.ID) || !slices.Contains(due, tr.ID) {
		t.Errorf("due = %v: want the running %d, not the open %d before its start", due, tr.ID, lone.ID)
	}
	e.now = at
	e.advance(lone.ID, 0, tournament.StatusCancelled)
	if _, err := e.svc.Enter(e.ctx, lone.ID, users[2], 0); codeOf(err) != tournament.CodeClosed {
		t.Errorf("entering a cancelled tournament: %v", err)
	}
}

// Settings out of range are refused with the setting's name.
func TestCreateRefusesBadSettings(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	users, _ := e.users(1)
	past, future := e.now.Add(-time.Minute), e.now.Add(time.Hour)
	ok := tournament.Settings{Name: "Fine", CreatorID: users[0], Format: tournament.FormatSwiss, Seats: 4, Maps: []string{"classic"},
		EntryLimit: 8}
	if _, err := e.svc.Create(e.ctx, ok); err != nil {
		t.Fatalf("good settings: %v", err)
	}
	// A public map of 9 territories seats three players, no more (docs/rules.md).
	small, err := routmaps.Generate(routmaps.GenerateOpts{ID: "small", Territories: 9, AreaSize: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := game.SeedMap(e.ctx, e.db, small, false); err != nil {
		t.Fatal(err)
	}
	three := ok
	three.Seats, three.Maps = 3, []string{"classic", "small"}
	if _, err := e.svc.Create(e.ctx, three); err != nil {
		t.Fatalf("tables of three on a map of 9 territories: %v", err)
	}
	for _, tc := range []struct {
		field  string
		change func(*tournament.Settings)
	}{
		{"name", func(s *tournament.Settings) { s.Name = "  " }},
		{"format", func(s *tournament.Settings) { s.Format = "ladder" }},
		{"seats", func(s *tournament.Settings) { s.Seats = 7 }},
		{"seats", func(s *tournament.Settings) { s.Seats = 1 }},
		{"maps", func(s *tournament.Settings) { s.Maps = nil }},
		{"maps", func(s *tournament.Settings) { s.Maps = []string{""} }},
		{"maps", func(s *tournament.Settings) { s.Maps = []string{"classic", "atlantis"} }},
		{"maps", func(s *tournament.Settings) { s.Maps = []string{"small"} }},
		{"turn_limit", func(s *tournament.Settings) { s.TurnLimit = time.Minute }},
		{"entry_limit", func(s *tournament.Settings) { s.EntryLimit = 1 }},
		{"entry_limit", func(s *tournament.Settings) {
			s.Format, s.EntryLimit = tournament.FormatRoundRobin, pairing.MaxRoundRobin+1
		}},
		{"entry_limit", func(s *tournament.Settings) {
			s.Format, s.EntryLimit, s.StartsAt = tournament.FormatRoundRobin, 0, &future
		}},
		{"starts_at", func(s *tournament.Settings) { s.EntryLimit = 0 }},
		{"starts_at", func(s *tournament.Settings) { s.StartsAt = &past }},
		{"rounds", func(s *tournament.Settings) { s.Rounds = tournament.MaxSwissRounds + 1 }},
		{"rounds", func(s *tournament.Settings) { s.Format, s.Rounds = tournament.FormatElimination, 2 }},
	} {
		s := ok
		tc.change(&s)
		_, err := e.svc.Create(e.ctx, s)
		var te *tournament.Error
		if !errors.As(err, &te) || te.Code != tournament.CodeBadSettings || te.Field != tc.field {
			t.Errorf("%+v: %v, want %s on %s", s, err, tournament.CodeBadSettings, tc.field)
		}
	}
}

package game_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/rating"
	"rout/rules"
)

// resignInOrder has users resign from game id, one after the other.
func (e *env) resignInOrder(id int, users ...int) {
	e.t.Helper()
	for _, u := range users {
		if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(u), Command: rules.Resign{}}); err != nil {
			e.t.Fatalf("user %d resigning from game %d: %v", u, id, err)
		}
	}
}

// TestRatedGameNeedsOpponents: a rated game whose end could change no rating is refused with
// RATED_NEEDS_OPPONENTS: seats for fewer than two people, or in a team game people on one team only.
func TestRatedGameNeedsOpponents(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice := e.user("alice")
	colors := []string{"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e"}
	create := func(teams []game.Team, kinds ...game.SeatKind) error {
		in := game.CreateInput{CreatorID: alice, MapKey: "classic", Rated: true, Teams: teams}
		for i, k := range kinds {
			s := game.SeatSpec{Kind: k, Color: colors[i]}
			if teams != nil {
				s.Team = i / 2
			}
			if k == game.SeatUser {
				s.UserID = alice
			}
			in.Seats = append(in.Seats, s)
		}
		_, err := e.svc.GameCreate(e.ctx, in)
		return err
	}
	refused := func(name string, err error) {
		t.Helper()
		var ge *game.Error
		if !errors.As(err, &ge) || ge.Code != game.CodeRatedNeedsOpponents {
			t.Errorf("%s: %v, want %s", name, err, game.CodeRatedNeedsOpponents)
		}
	}
	refused("the creator and CPUs", create(nil, game.SeatUser, game.SeatCPU, game.SeatCPU))
	if err := create(nil, game.SeatUser, game.SeatOpen, game.SeatCPU); err != nil {
		t.Errorf("the creator, an open seat and a CPU: %v", err)
	}
	teams := []game.Team{{Name: "red"}, {Name: "blue"}}
	refused("people on one team", create(teams, game.SeatUser, game.SeatOpen, game.SeatCPU, game.SeatCPU))
	if err := create(teams, game.SeatUser, game.SeatCPU, game.SeatOpen, game.SeatCPU); err != nil {
		t.Errorf("people on two teams: %v", err)
	}
}

// TestPlayerProfile: a player's ratings, a game's rating changes, a rating's history, the record of
// finished games with places and changes, paged, and its sums; others count public games only.
func TestPlayerProfile(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	play := func(o dbtest.GameOpts, users []int, resign ...int) int {
		o.Service, o.Seats, o.Start, o.Claim = e.svc, dbtest.Users(users...), true, rules.ClaimRandom
		id := dbtest.Game(t, e.db, o).GameID
		e.resignInOrder(id, resign...)
		return id
	}
	duel := play(dbtest.GameOpts{Rated: true}, []int{alice, bob}, bob)                // alice wins
	ffa := play(dbtest.GameOpts{Rated: true}, []int{alice, bob, carol}, alice, carol) // bob, carol, alice
	private := play(dbtest.GameOpts{Private: true}, []int{carol, alice}, carol)       // alice wins, unrated
	open := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(alice, bob), Start: true}).GameID

	ratings, err := e.svc.UserRatings(e.ctx, alice)
	if err != nil {
		t.Fatal(err)
	}
	if len(ratings) != 3 || ratings[0].Mode != game.RatingDuel || ratings[0].Games != 1 || ratings[1].Games != 1 ||
		ratings[2].Mode != game.RatingTeams || ratings[2].Games != 0 || ratings[2].Rating != rating.Initial {
		t.Errorf("alice's ratings: %+v", ratings)
	}
	changes, err := e.svc.GameRatingChanges(e.ctx, duel)
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 2 || changes[0].UserID != alice || changes[0].Place != 1 || changes[0].Change() <= 0 ||
		changes[1].Place != 2 || changes[0].After != ratings[0].Rating || changes[0].Before != rating.Initial {
		t.Errorf("the duel's rating changes: %+v", changes)
	}
	if c, err := e.svc.GameRatingChanges(e.ctx, private); err != nil || len(c) != 0 {
		t.Errorf("an unrated game's rating changes: %v, %v", c, err)
	}
	hist, err := e.svc.RatingHistory(e.ctx, alice, game.RatingFFA, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 1 || hist[0].GameID != ffa || hist[0].Place != 3 || hist[0].Change() >= 0 {
		t.Errorf("alice's ffa history: %+v", hist)
	}

	own, err := e.svc.PlayerStats(e.ctx, alice, false)
	if err != nil {
		t.Fatal(err)
	}
	// In the order they ended: won, lost, won.
	if own.Played != 3 || own.Won != 2 || own.LongestWinStreak != 1 || own.AverageLength <= 0 {
		t.Errorf("alice's own stats: %+v", own)
	}
	if len(own.ByMode) != 2 || fmt.Sprint(own.ByMode[0]) != "{duel duel 2 2 [2]}" || fmt.Sprint(own.ByMode[1]) != "{ffa ffa 1 0 [0 0 1]}" {
		t.Errorf("alice's stats by mode: %v", own.ByMode)
	}
	if len(own.BySize) != 2 || own.BySize[0].Key != "2" || own.BySize[1].Key != "3" || len(own.ByMap) != 1 || own.ByMap[0].Played != 3 {
		t.Errorf("alice's stats by size and map: %v %v", own.BySize, own.ByMap)
	}
	if avg, ok := own.ByMode[1].AveragePlace(); !ok || avg != 3 {
		t.Errorf("alice's average ffa place %v, %v; want 3", avg, ok)
	}
	public, err := e.svc.PlayerStats(e.ctx, alice, true)
	if err != nil {
		t.Fatal(err)
	}
	if public.Played != 2 || public.Won != 1 {
		t.Errorf("alice's public stats count the private game: %+v", public)
	}

	page, err := e.svc.PlayerGames(e.ctx, alice, false, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(page) != 2 || page[0].GameID != private || !page[0].Private || page[0].Change != nil || page[0].Place != 1 ||
		page[1].GameID != ffa || page[1].Place != 3 || page[1].Change == nil || page[1].Seats != 3 || page[1].Mode != game.RatingFFA {
		t.Fatalf("alice's newest games: %+v", page)
	}
	next, err := e.svc.PlayerGames(e.ctx, alice, false, ffa, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(next) != 1 || next[0].GameID != duel || next[0].Change == nil || next[0].Change.Place != 1 || !next[0].Won() {
		t.Errorf("alice's games before the ffa: %+v", next)
	}
	if g, err := e.svc.PlayerGames(e.ctx, alice, true, 0, 10); err != nil || len(g) != 2 || g[0].GameID != ffa {
		t.Errorf("alice's public games: %+v, %v", g, err)
	}
	if g, err := e.svc.PlayerGames(e.ctx, alice, false, open, 10); err != nil || len(g) != 0 {
		t.Errorf("alice's games before a game not finished: %+v, %v", g, err)
	}
}

// TestPlayerStatsOfManyGames: the sums of a record of 5,000 finished games, read in two statements (the
// players' index on user_id, the partial index events_outs). The test logs the time and does not bound it:
// the race detector on a loaded machine once made 0.3 s 2.3 s.
func TestPlayerStatsOfManyGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	won := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(alice, bob), Start: true}).GameID
	e.resignInOrder(won, bob)
	lost := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(alice, bob, carol), Start: true}).GameID
	e.resignInOrder(lost, alice, carol)
	for _, id := range []int{won, lost} {
		dbtest.CloneFinishedGame(t, e.db, id, 2499)
	}

	start := time.Now()
	st, err := e.svc.PlayerStats(e.ctx, alice, true)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the stats of %d games took %v", st.Played, took)
	if st.Played != 5000 || st.Won != 2500 || len(st.ByMode) != 2 || st.ByMode[1].Places[2] != 2500 {
		t.Errorf("stats of 5,000 games: played %d, won %d, by mode %v", st.Played, st.Won, st.ByMode)
	}
	page, err := e.svc.PlayerGames(e.ctx, alice, true, 0, 50)
	if err != nil || len(page) != 50 {
		t.Errorf("a page of 50 of 5,000 games: %d, %v", len(page), err)
	}
}

package game_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"rout/dbtest"
	"rout/game"
	"rout/rules"
)

// teamGame creates and starts a classic team game of users, seat i on team teams[i], with the options tr;
// it returns the game and the users by seat.
func (e *env) teamGame(tr rules.TeamRules, teams ...int) (int, map[rules.PlayerID]int) {
	e.t.Helper()
	users := map[rules.PlayerID]int{}
	var seats []dbtest.SeatOpts
	names := make([]game.Team, slices.Max(teams)+1)
	for i := range names {
		names[i] = game.Team{Name: fmt.Sprintf("team %c", 'A'+i)}
	}
	for i, t := range teams {
		u := e.user(fmt.Sprintf("t%d", i))
		users[rules.PlayerID(i)] = u
		seats = append(seats, dbtest.SeatOpts{User: u, Team: t})
	}
	id := dbtest.Game(e.t, e.db, dbtest.GameOpts{Service: e.svc, Seats: seats, Start: true, Claim: rules.ClaimRandom,
		Teams: names, TeamRules: tr}).GameID
	return id, users
}

// resignAllBut resigns every seat of game id but seat keep (seats by users): keep, alone, then plays out
// the neutral territories (the lone survivor, R43), and the game ends; it returns the state at the end.
func resignAllBut(t *testing.T, e *env, id int, users map[rules.PlayerID]int, keep rules.PlayerID) rules.State {
	t.Helper()
	var res game.Result
	for p := range rules.PlayerID(len(users)) {
		if p == keep {
			continue
		}
		var err error
		if res, err = e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: rules.Resign{}}); err != nil {
			t.Fatalf("seat %d resigning: %v", p, err)
		}
	}
	for n := 0; res.Game.State.Phase() != rules.PhaseOver; n++ { // the survivor's play may go on in CPU turn jobs
		if n > 100 {
			t.Fatalf("game %d did not end", id)
		}
		played, err := e.svc.TurnPlay(e.ctx, e.playInput(e.svc, id))
		if err != nil {
			t.Fatal(err)
		}
		res = played.Result
	}
	return res.Game.State
}

// A team game keeps its teams, hues, seats' teams and options from creation through its rows to the
// engine's configuration, and a rematch copies them.
func TestTeamGameKeepsItsTeams(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	// Handover stays none: the resignations below end the game (with a handover they would hand the seats
	// over, R90; TestHandoverToCPU keeps that option).
	tr := rules.TeamRules{PlaceOnTeammates: true, Fortify: rules.FortifyThroughTeam, NoCardFromTeammates: true}
	id, users := e.teamGame(tr, 0, 1, 1, 0)
	snap, err := e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want := []game.Team{{Name: "team A", Color: game.DefaultTeamColors[0]}, {Name: "team B", Color: game.DefaultTeamColors[1]}}
	if !reflect.DeepEqual(snap.Teams, want) || snap.TeamRules != tr {
		t.Errorf("the game's teams %+v and options %+v, want %+v and %+v", snap.Teams, snap.TeamRules, want, tr)
	}
	for i, team := range []int{0, 1, 1, 0} {
		if snap.Seats[i].Team != team {
			t.Errorf("seat %d on team %d, want %d", i, snap.Seats[i].Team, team)
		}
	}
	cfg := e.state(id).Config() // rebuilt from the rows and checked against the record (GameVerify)
	if len(cfg.Teams) != 2 || cfg.TeamRules != tr || !cfg.Allied(0, 3) || cfg.Allied(0, 1) {
		t.Errorf("the engine's configuration: teams %+v, options %+v, seats %+v", cfg.Teams, cfg.TeamRules, cfg.Seats)
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[0]), Command: rules.Resign{}}); err != nil {
		t.Fatal(err)
	}
	for p := range rules.PlayerID(4) {
		if p != 0 {
			_, _ = e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: rules.Resign{}})
		}
	}
	snap, err = e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !snap.Status.Over() {
		t.Skipf("the game is %s after every resignation", snap.Status)
	}
	re, err := e.svc.GameRematch(e.ctx, id, users[1])
	if err != nil {
		t.Fatal(err)
	}
	again, err := e.svc.GameSnapshot(e.ctx, re.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Teams, want) || again.TeamRules != tr || again.Seats[3].Team != 0 || again.Seats[2].Team != 1 {
		t.Errorf("the rematch's teams %+v, options %+v, seats %+v", again.Teams, again.TeamRules, again.Seats)
	}
}

// A finished team game's record carries its teams, options, seats' teams and winners, and replays; a
// forged list of winners is refused (RECORD_WINNER), and every winner has place 1.
func TestTeamGameRecordReplays(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id, users := e.teamGame(rules.TeamRules{Fortify: rules.FortifyToTeammate}, 0, 1, 0, 1)
	end := resignAllBut(t, e, id, users, 0) // seat 2 resigned: of team A, only seat 0 wins (R85)
	rec, err := e.svc.GameRecord(e.ctx, id, -1)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Settings.Teams) != 2 || rec.Settings.TeamRules == nil || rec.Settings.TeamRules.Fortify != rules.FortifyToTeammate ||
		rec.Seats[1].Team == nil || *rec.Seats[1].Team != 1 {
		t.Fatalf("the record's teams %+v, options %+v, seat 1 %+v", rec.Settings.Teams, rec.Settings.TeamRules, rec.Seats[1])
	}
	winners := make([]int, 0, 2)
	for _, w := range end.Winners() {
		winners = append(winners, int(w))
	}
	if !slices.Equal(rec.Winners, winners) || len(winners) == 0 {
		t.Fatalf("the record's winners %v, the game's %v", rec.Winners, winners)
	}
	st, err := game.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(st.Winners(), end.Winners()) {
		t.Errorf("replayed winners %v, want %v", st.Winners(), end.Winners())
	}
	places, err := e.svc.GamePlaces(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range winners {
		if places[w] != 1 {
			t.Errorf("winner %d has place %d, want 1 (places %v)", w, places[w], places)
		}
	}
	if !slices.Equal(winners, []int{0}) {
		t.Fatalf("winners %v, want seat 0 alone: seat 2 resigned", winners)
	}
	for name, forged := range map[string][]int{
		"a loser added":               {0, 1},
		"the resigned teammate added": {0, 2},
		"none":                        nil,
		"a loser":                     {1},
		"the winner twice":            {0, 0},
	} {
		r := rec
		r.Winners = forged
		_, err := game.Replay(r)
		if re, ok := errors.AsType[*game.RecordError](err); !ok || re.Code != game.RecordBadWinner {
			t.Errorf("winners %s %v: %v, want %s", name, forged, err, game.RecordBadWinner)
		}
	}
}

// The your-turn notice of a team game names the recipient's team and the teammate who played the turn
// before: in a 2v1, team A's first seat follows its second (R84), the other turns follow the other team.
func TestTeamTurnNamesTheTeammateWhoPlayedBefore(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id, users := e.teamGame(rules.TeamRules{AttackTeammates: true}, 0, 1, 0)
	s := e.state(id)
	teammates := 0
	for range 4 {
		prev := s.Current()
		s = e.endTurn(id, users[prev])
		if s.Phase() == rules.PhaseOver {
			t.Fatal("the game ended")
		}
		cur := s.Current()
		tt, err := e.svc.TeamTurnOf(e.ctx, id, users[cur], s.Turn())
		if err != nil {
			t.Fatal(err)
		}
		want := game.TeamTurn{Team: fmt.Sprintf("team %c", 'A'+s.Config().TeamOf(cur)), Teammate: -1}
		if s.Allied(prev, cur) {
			want.Teammate = int(prev)
			teammates++
		}
		if tt != want {
			t.Errorf("turn %d of seat %d after seat %d: %+v, want %+v", s.Turn(), cur, prev, tt, want)
		}
	}
	if teammates == 0 {
		t.Error("no turn followed a teammate's")
	}
	free := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(users[0], users[1]), Start: true}).GameID
	if tt, err := e.svc.TeamTurnOf(e.ctx, free, users[0], 1); err != nil || tt != (game.TeamTurn{Teammate: -1}) {
		t.Errorf("a free-for-all: %+v, %v: want no team", tt, err)
	}
}

package jobs_test

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/jobs"
	"rout/notifications/inbox"
	"rout/rules"
)

// TestNoticesOfEliminationAndGameOver runs AfterCommand on a command that eliminates bob and ends the
// game, twice: the notices, their announcements (handed to the change's Announcer, which the game service
// sends after the commit) and the notification jobs are there once.
func TestNoticesOfEliminationAndGameOver(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	inserter, svc := e.inserter()
	alice, bob := e.user("alice", "email"), e.user("bob", "none")
	created := dbtest.Game(t, e.db, dbtest.GameOpts{Service: svc, Seats: dbtest.Users(alice, bob)})
	var heard collected
	change := game.Change{GameID: created.GameID, Version: 9, Announce: &heard,
		Events: []game.SeqEvent{
			{Seq: 20, Turn: 7, Seat: 0, Event: rules.PlayerEliminated{Player: 1, By: 0}},
			{Seq: 21, Turn: 7, Seat: 0, Event: rules.GameOver{Winner: 0}}},
		Seats: []game.Seat{{Seat: 0, UserID: alice, Status: game.SeatStatusActive}, {Seat: 1, UserID: bob, Status: game.SeatStatusEliminated}}}
	for range 2 {
		tx, err := e.db.BeginTx(e.ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := inserter.AfterCommand(e.ctx, tx, change); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := e.db.Query(`SELECT id, user_id, kind, turn, data::text FROM notices ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got, announced []string
	for rows.Next() {
		var id, user, turn int
		var kind, data string
		if err := rows.Scan(&id, &user, &kind, &turn, &data); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d %s %d %s", user, kind, turn, data))
		announced = append(announced, fmt.Sprintf("%d:%d", user, id))
	}
	want := []string{
		fmt.Sprintf(`%d eliminated 7 {"by":0}`, bob),
		fmt.Sprintf(`%d game_over 7 {"winner":0}`, alice),
		fmt.Sprintf(`%d game_over 7 {"winner":0}`, bob),
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("notices:\n%q\nwant\n%q", got, want)
	}
	sort.Strings(heard)
	sort.Strings(announced)
	if fmt.Sprint(heard) != fmt.Sprint(announced) {
		t.Errorf("announced %q, want %q", heard, announced)
	}
	// Only alice takes notifications.
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND (args->>'user_id')::int = $2`, jobs.KindNotification, alice); n != 1 {
		t.Errorf("alice's notification jobs: %d, want 1", n)
	}
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind = $1`, jobs.KindNotification); n != 1 {
		t.Errorf("notification jobs: %d, want 1 (bob takes none)", n)
	}
}

// collected is a game.Announcer that keeps what it is told, as "<id>:<seq>" on inbox.Channel.
type collected []string

func (c *collected) Announce(channel string, id int, seq int64) {
	if channel == inbox.Channel {
		*c = append(*c, fmt.Sprintf("%d:%d", id, seq))
	}
}

// TestLoneSurvivorGetsNoTurnJobs: the commands the service plays at once for a lone survivor (R43)
// schedule no deadline, warning or CPU turn and send no your_turn notice; the survivor hears of the end.
func TestLoneSurvivorGetsNoTurnJobs(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	inserter, _ := e.inserter()
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, Effects: inserter, PlayTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	alice, bob := e.user("alice", "email"), e.user("bob", "none")
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: svc, Seats: dbtest.Users(alice, bob), Start: true}).GameID
	s, err := svc.GameState(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	survivor, leaver := alice, bob // the player to move stays; the other resigns out of turn
	if s.Current() == 1 {
		survivor, leaver = bob, alice
	}
	jobsBefore := e.count(`SELECT count(*) FROM river_job WHERE kind IN ('rout_turn_deadline', 'rout_turn_warning', 'rout_cpu_turn')`)
	if _, err := svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(leaver), Command: rules.Resign{}}); err != nil {
		t.Fatal(err)
	}
	after, err := svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if after.Status != game.StatusFinished || after.State.Turn() <= s.Turn() {
		t.Fatalf("after the resignation: %s at turn %d (turn %d before)", after.Status, after.State.Turn(), s.Turn())
	}
	if got := e.count(`SELECT count(*) FROM river_job WHERE kind IN ('rout_turn_deadline', 'rout_turn_warning', 'rout_cpu_turn')`); got != jobsBefore {
		t.Errorf("turn jobs: %d after the survivor's %d turns, %d before", got, after.State.Turn()-s.Turn(), jobsBefore)
	}
	if got := e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND kind = 'your_turn' AND turn > $2`, survivor, s.Turn()); got != 0 {
		t.Errorf("your_turn notices for the survivor's played turns: %d", got)
	}
	if got := e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND kind = 'game_over'`, survivor); got != 1 {
		t.Errorf("game_over notices for the survivor: %d, want 1", got)
	}
}

// TestLoneSurvivorPlayedOnPastTheBound: when the service stops playing a lone survivor's commands at its
// bound, the last command enqueues a CPU turn for the survivor at once, which plays on through the
// service, until the game is over; a human survivor is not told of a takeover.
func TestLoneSurvivorPlayedOnPastTheBound(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	effects, _ := e.inserter()
	svc, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, Effects: effects, PlayCommands: 3})
	if err != nil {
		t.Fatal(err)
	}
	j, err := jobs.New(jobs.Opts{DB: e.db, Game: svc, Accounts: dbtest.Accounts(t, e.db), ListenURL: e.dsn, Logger: quiet, Config: testConfig()})
	if err != nil {
		t.Fatal(err)
	}
	alice, bob := e.user("alice", "none"), e.user("bob", "none")
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: svc, Seats: dbtest.Users(alice, bob), Start: true}).GameID
	s, err := svc.GameState(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	survivor, leaver := alice, bob
	if s.Current() == 1 {
		survivor, leaver = bob, alice
	}
	res, err := svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(leaver), Command: rules.Resign{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := e.gameInt(id, "version"); got != int(res.Version)+3 {
		t.Errorf("version after the resignation: %d, want %d (the resignation and 3 commands)", got, res.Version+3)
	}
	// The jobs start only now, so that the CPU turn the last command enqueued cannot have played yet.
	e.start(j)
	e.waitFor("CPU turns to finish the survivor's game", 2*time.Minute, func() bool {
		var status game.Status
		if err := e.db.QueryRow(`SELECT status FROM games WHERE id = $1`, id).Scan(&status); err != nil {
			t.Fatal(err)
		}
		return status == game.StatusFinished
	})
	if err := svc.GameVerify(e.ctx, id); err != nil {
		t.Fatal(err)
	}
	winner := e.gameInt(id, "winner_seat")
	if got := e.count(`SELECT count(*) FROM territories WHERE game_id = $1 AND owner_seat = $2`, id, winner); got != 42 {
		t.Errorf("the winner's territories: %d, want 42", got)
	}
	if got := e.jobsOf(id, jobs.KindCPUTurn, ""); got == 0 {
		t.Errorf("no CPU turn played on past the bound")
	}
	if got := e.count(`SELECT count(*) FROM notices WHERE user_id = $1 AND kind IN ('cpu_played', 'your_turn') AND turn > $2`,
		survivor, s.Turn()); got != 0 {
		t.Errorf("cpu_played or your_turn notices for the survivor: %d", got)
	}
	rec, err := svc.GameRecord(e.ctx, id, -1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.Replay(rec); err != nil {
		t.Errorf("the record does not replay: %v", err)
	}
}

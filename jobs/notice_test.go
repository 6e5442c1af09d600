package jobs_test

import (
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
)

// TestNoticesOfAUserCommitInIDOrder has two transactions insert notices for one user: the second waits
// for the first to end before it takes an id, so the user's notices commit in the order of their ids and
// a live subscriber that has seen an id never misses a smaller one.
func TestNoticesOfAUserCommitInIDOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	inserter, svc := e.inserter()
	owner, guest := e.user("owner", "none"), e.user("guest", "none")
	var games []int
	for range 2 {
		created := dbtest.Game(t, e.db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: owner}, {}}})
		games = append(games, created.GameID)
	}
	invite := func(gameID int) game.NewGame {
		return game.NewGame{GameID: gameID, CreatorID: owner,
			Seats: []game.Seat{{Seat: 1, Status: game.SeatStatusInvited, InviteEmail: "guest@example.com"}}}
	}

	first, err := e.db.BeginTx(e.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Rollback()
	if err := inserter.AfterCreate(e.ctx, first, invite(games[0])); err != nil {
		t.Fatal(err)
	}
	second := make(chan error, 1)
	go func() {
		tx, err := e.db.BeginTx(e.ctx, nil)
		if err == nil {
			if err = inserter.AfterCreate(e.ctx, tx, invite(games[1])); err == nil {
				err = tx.Commit()
			} else {
				_ = tx.Rollback()
			}
		}
		second <- err
	}()
	// The second waits on the user's advisory lock while the first is open.
	e.waitFor("the second transaction to wait for the user's lock", 10*time.Second, func() bool {
		return e.count(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
			AND wait_event_type = 'Lock' AND wait_event = 'advisory'`) == 1
	})
	select {
	case err := <-second:
		t.Fatalf("the second transaction ended (%v) while the first held the user's lock", err)
	default:
	}
	if err := first.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	var firstID, secondID int64
	if err := e.db.QueryRowContext(e.ctx, `SELECT
			(SELECT id FROM notices WHERE user_id = $1 AND game_id = $2),
			(SELECT id FROM notices WHERE user_id = $1 AND game_id = $3)`, guest, games[0], games[1]).Scan(&firstID, &secondID); err != nil {
		t.Fatal(err)
	}
	if firstID >= secondID {
		t.Fatalf("the first transaction's notice has id %d, the second's %d: want the first smaller", firstID, secondID)
	}
}

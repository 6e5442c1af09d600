package live_test

import (
	"context"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/live"
)

// nextLobby returns the next lobby of sub, failing the test after wait.
func nextLobby(t *testing.T, sub *live.Subscription[*live.Lobby]) *live.Lobby {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	l, err := sub.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestLobbyStartsWithTheGameThenFollowsItsSeatsUntilTheStart(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{})
	creator := int(dbtest.User(t, e.db, dbtest.UserOpts{}))
	other := int(dbtest.User(t, e.db, dbtest.UserOpts{}))
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: []dbtest.SeatOpts{{User: creator}, {}}}).GameID

	sub, err := e.hub.Lobby(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sub.Close)
	first := nextLobby(t, sub)
	if first.GameID != id || first.Status != game.StatusOpen || first.Seats[1].Status != game.SeatStatusOpen || first.Final() {
		t.Fatalf("the first lobby: game %d, %s, seat 1 %s", first.GameID, first.Status, first.Seats[1].Status)
	}

	if _, err := e.svc.GameJoin(e.ctx, id, other, "", game.AnyTeam, ""); err != nil {
		t.Fatal(err)
	}
	joined := nextLobby(t, sub)
	if joined.Version <= first.Version || joined.Seats[1].UserID != other {
		t.Fatalf("after the join: version %d (was %d), seat 1 user %d", joined.Version, first.Version, joined.Seats[1].UserID)
	}
	if err := e.svc.GameLeave(e.ctx, id, other); err != nil {
		t.Fatal(err)
	}
	if left := nextLobby(t, sub); left.Seats[1].UserID != 0 || left.Seats[1].Status != game.SeatStatusOpen {
		t.Fatalf("after the leave: seat 1 user %d, %s", left.Seats[1].UserID, left.Seats[1].Status)
	}
	if _, err := e.svc.GameJoin(e.ctx, id, other, "", game.AnyTeam, ""); err != nil {
		t.Fatal(err)
	}
	nextLobby(t, sub)
	if _, err := e.svc.GameStart(e.ctx, id, creator); err != nil {
		t.Fatal(err)
	}
	if started := nextLobby(t, sub); !started.Final() || started.Status != game.StatusActive {
		t.Fatalf("after the start: %s, final %v", started.Status, started.Final())
	}

	// A subscriber of a started game gets it as it stands, final.
	late, err := e.hub.Lobby(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	defer late.Close()
	if l := nextLobby(t, late); !l.Final() {
		t.Fatalf("a late subscriber got %s", l.Status)
	}
}

func TestLobbyOfAnUnknownGameIsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{})
	if _, err := e.hub.Lobby(e.ctx, 1<<30); err == nil {
		t.Fatal("subscribed to the lobby of no game")
	}
}

func TestLostLobbyAnnouncementIsRepairedByTheHeadCheck(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{HeadCheckInterval: 50 * time.Millisecond})
	creator := int(dbtest.User(t, e.db, dbtest.UserOpts{}))
	other := int(dbtest.User(t, e.db, dbtest.UserOpts{}))
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: []dbtest.SeatOpts{{User: creator}, {}}}).GameID
	sub, err := e.hub.Lobby(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sub.Close)
	nextLobby(t, sub)

	silent, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, SkipNotify: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := silent.GameJoin(e.ctx, id, other, "", game.AnyTeam, ""); err != nil {
		t.Fatal(err)
	}
	if l := nextLobby(t, sub); l.Seats[1].UserID != other {
		t.Fatalf("seat 1 user %d after an unannounced join", l.Seats[1].UserID)
	}
	if e.hub.Stats().HeadWakes == 0 {
		t.Fatal("the join reached the subscriber without the head check")
	}
}

package game_test

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/lib/pq"

	"rout/dbtest"
	"rout/game"
)

// failingDecline is Effects whose AfterDecline fails: the decline rolls back after its writes.
type failingDecline struct{}

func (failingDecline) AfterCommand(context.Context, *sql.Tx, ...game.Change) error { return nil }
func (failingDecline) AfterCreate(context.Context, *sql.Tx, game.NewGame) error    { return nil }
func (failingDecline) AfterDecline(context.Context, *sql.Tx, game.Declined) error {
	return errors.New("the effects failed")
}

// lobbyListener listens on game.LobbyChannel until the test ends.
func lobbyListener(t *testing.T, dsn string) <-chan *pq.Notification {
	t.Helper()
	l := pq.NewListener(dsn, 10*time.Millisecond, time.Second, nil)
	if err := l.Listen(game.LobbyChannel); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	return l.Notify
}

// heard returns the payload of the next notification, failing the test after a while.
func heard(t *testing.T, c <-chan *pq.Notification) string {
	t.Helper()
	select {
	case n := <-c:
		return n.Extra
	case <-time.After(time.Minute):
		t.Fatal("no notification")
		return ""
	}
}

func TestLobbyChangesAreAnnouncedAfterTheirCommitOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, failingDecline{})
	heardC := lobbyListener(t, e.dsn)
	creator, joiner := e.user("ann"), e.user("ben")
	invitee := int(dbtest.User(t, e.db, dbtest.UserOpts{Name: "cy", Email: "cy@example.com"}))
	created := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc,
		Seats: []dbtest.SeatOpts{{User: creator}, {}, {Invite: "cy@example.com"}}})
	id, code := created.GameID, created.InviteCode
	version := func() int64 {
		t.Helper()
		var v int64
		if err := e.db.QueryRowContext(e.ctx, `SELECT version FROM games WHERE id = $1`, id).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	want := func(what string) {
		t.Helper()
		if got, w := heard(t, heardC), strconv.Itoa(id)+":"+strconv.FormatInt(version(), 10); got != w {
			t.Fatalf("after %s: heard %q, want %q", what, got, w)
		}
	}

	before := version()
	if err := e.svc.GameDecline(e.ctx, id, invitee); err == nil {
		t.Fatal("the decline succeeded despite its effects")
	}
	if version() != before {
		t.Fatal("the failed decline changed the version")
	}
	if _, err := e.svc.GameJoin(e.ctx, id, joiner, code, game.AnyTeam, ""); err != nil {
		t.Fatal(err)
	}
	want("the join") // the first notification: the rolled-back decline announced nothing
	if err := e.svc.GameLeave(e.ctx, id, joiner); err != nil {
		t.Fatal(err)
	}
	want("the leave")
	if _, err := e.svc.GameJoin(e.ctx, id, joiner, code, game.AnyTeam, ""); err != nil {
		t.Fatal(err)
	}
	want("the second join")
	if _, err := e.svc.GameJoin(e.ctx, id, invitee, code, game.AnyTeam, ""); err != nil {
		t.Fatal(err)
	}
	want("the invitee's join")
	if _, err := e.svc.GameStart(e.ctx, id, creator); err != nil {
		t.Fatal(err)
	}
	want("the start")
}

package inbox_test

import (
	"database/sql"
	"errors"
	"strconv"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/notifications"
	"rout/notifications/inbox"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// TestInsertAnnouncesReadsAndSkipsRepeats records notices through Insert and checks what the package
// owns: new notices announced after the commit (through the game service, as the jobs' effects do) are
// heard on Channel as "<user>:<id>" of the highest, a repeat of a user, game, turn and kind is skipped,
// Read returns a user's notices after an id in order, Last and Heads the last id, and ForDelivery and
// MarkSent what the notification worker needs.
func TestInsertAnnouncesReadsAndSkipsRepeats(t *testing.T) {
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	ctx := t.Context()
	user := int(dbtest.User(t, db, dbtest.UserOpts{Name: "ada"}))
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db)})
	if err != nil {
		t.Fatal(err)
	}
	created := dbtest.Game(t, db, dbtest.GameOpts{Service: svc, Seats: []dbtest.SeatOpts{{User: user}, {CPU: true}}})
	if last, err := inbox.Last(ctx, db, user); err != nil || last != 0 {
		t.Fatalf("the last notice of a user without any: %d, %v", last, err)
	}
	listener := dbtest.Listen(t, dsn, inbox.Channel)

	// The first insert prepares the statement for its transaction, the others take it prepared for the pool.
	var pooled *sql.Stmt
	insert := func(ns ...inbox.New) []inbox.Inserted {
		t.Helper()
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var stmt *sql.Stmt
		if pooled == nil {
			stmt, err = tx.PrepareContext(ctx, inbox.InsertSQL)
		} else {
			stmt = tx.StmtContext(ctx, pooled)
		}
		if err != nil {
			t.Fatal(err)
		}
		in, err := inbox.Insert(ctx, stmt, time.Now(), ns...)
		if err != nil {
			_ = tx.Rollback()
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		if pooled == nil {
			if pooled, err = db.PrepareContext(ctx, inbox.InsertSQL); err != nil {
				t.Fatal(err)
			}
		}
		return in
	}
	winner := 1
	first := insert(inbox.New{UserID: user, GameID: created.GameID, Turn: 1, Kind: notifications.KindYourTurn},
		inbox.New{UserID: user, GameID: created.GameID, Turn: 2, Kind: notifications.KindGameOver, Data: inbox.Data{Winner: &winner}})
	if len(first) != 2 || first[0].New.Kind != notifications.KindYourTurn || first[0].ID >= first[1].ID {
		t.Fatalf("inserted %+v, want the two notices in id order", first)
	}
	for _, n := range first {
		svc.Announce(inbox.Channel, user, n.ID) // after the commit, coalesced per user
	}
	want := strconv.Itoa(user) + ":" + strconv.FormatInt(first[1].ID, 10)
	for heard := ""; heard != want; {
		select {
		case n := <-listener.Notify:
			heard = n.Extra
			if heard != want && heard != strconv.Itoa(user)+":"+strconv.FormatInt(first[0].ID, 10) {
				t.Fatalf("heard %q on %s, want %q", heard, inbox.Channel, want)
			}
		case <-time.After(time.Minute): // a safety net: the announcement is on its way
			t.Fatalf("notice %d was not announced within a minute", first[1].ID)
		}
	}
	if heads, err := inbox.Heads(ctx, db, []int{user, user + 1000}); err != nil || len(heads) != 1 || heads[user] != first[1].ID {
		t.Errorf("heads %v, %v; want only user %d at %d", heads, err, user, first[1].ID)
	}
	if again := insert(inbox.New{UserID: user, GameID: created.GameID, Turn: 1, Kind: notifications.KindYourTurn}); len(again) != 0 {
		t.Errorf("a repeated notice was recorded again: %+v", again)
	}

	all, err := inbox.Read(ctx, db, user, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].ID != first[0].ID || all[1].Kind != "game_over" || string(all[1].Data) != `{"winner":1}` {
		t.Fatalf("read %+v", all)
	}
	if after, err := inbox.Read(ctx, db, user, first[0].ID, 10); err != nil || len(after) != 1 || after[0].ID != first[1].ID {
		t.Errorf("read after the first: %v, %v", after, err)
	}
	if last, err := inbox.Last(ctx, db, user); err != nil || last != first[1].ID {
		t.Errorf("last notice %d, %v; want %d", last, err, first[1].ID)
	}

	d, err := inbox.ForDelivery(ctx, db, first[1].ID)
	if err != nil || d.Sent || d.Seen || d.Kind != "game_over" || d.UserID != user {
		t.Fatalf("for delivery: %+v, %v", d, err)
	}
	if err := inbox.MarkSent(ctx, db, first[1].ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if d, err := inbox.ForDelivery(ctx, db, first[1].ID); err != nil || !d.Sent {
		t.Errorf("after MarkSent: sent %v, %v", d.Sent, err)
	}
	if err := inbox.MarkSeen(ctx, db, user, first[1].ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if d, err := inbox.ForDelivery(ctx, db, first[1].ID); err != nil || !d.Seen {
		t.Errorf("after MarkSeen: seen %v, %v", d.Seen, err)
	}
	if err := inbox.MarkSeen(ctx, db, user+1, first[0].ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if d, err := inbox.ForDelivery(ctx, db, first[0].ID); err != nil || d.Seen {
		t.Errorf("MarkSeen by another user marked it: seen %v, %v", d.Seen, err)
	}
	if _, err := inbox.ForDelivery(ctx, db, first[1].ID+1000); !errors.Is(err, inbox.ErrNotFound) {
		t.Errorf("a notice that is not there: %v, want ErrNotFound", err)
	}
}

package chat_test

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"testing"

	"rout/chat"
	"rout/dbtest"
)

// TestWrittenReaders: the hook of a new message runs in its transaction with the players who read its room
// without asking and see it: not the author, not a player of another team, nobody in the spectators'
// room or for a shadow-muted line, not whoever switched the game's chat off; not for a retried client key;
// a failing hook undoes the send, and the after-commit function runs once the message is written.
func TestWrittenReaders(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	cal, dee := int(dbtest.User(t, f.db, dbtest.UserOpts{})), int(dbtest.User(t, f.db, dbtest.UserOpts{}))
	g := f.g
	g.Teams, g.Over = 2, true
	ann, bob := f.ann, f.bob
	ann.Team, bob.Team = 0, 1
	players := []chat.Viewer{ann, bob, {UserID: cal, Team: 0}, {UserID: dee, Team: 1}}
	var got [][]int
	var committed int
	send := func(v chat.Viewer, room chat.Room, body, key string, fail error) error {
		_, err := f.svc.Send(ctx, g, v, chat.SendInput{Room: room, Body: body, ClientKey: key, Players: players,
			AfterWrite: func(ctx context.Context, tx *sql.Tx, w chat.Written) (func(), error) {
				var n int
				if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM chat_messages WHERE id = $1`, w.Line.ID).Scan(&n); err != nil || n != 1 {
					t.Errorf("the hook does not see its message in its transaction: %d, %v", n, err)
				}
				got = append(got, w.Readers)
				return func() { committed++ }, fail
			}})
		return err
	}
	check := func(what string, want []int) {
		t.Helper()
		if len(got) == 0 || !slices.Equal(got[len(got)-1], want) {
			t.Errorf("%s: readers %v, want %v", what, got, want)
		}
		got = nil
	}
	if err := send(ann, chat.Players, "hello all", "k1", nil); err != nil {
		t.Fatal(err)
	}
	check("players' room", []int{bob.UserID, cal, dee})
	if err := send(ann, chat.Players, "hello all", "k1", nil); err != nil || len(got) != 0 {
		t.Errorf("a retried client key ran the hook again: %v, %v", got, err)
	}
	if err := send(ann, chat.TeamRoom(0), "team plan", "", nil); err != nil {
		t.Fatal(err)
	}
	check("team room", []int{cal})
	if err := send(ann, chat.Spectators, "gg", "", nil); err != nil {
		t.Fatal(err)
	}
	check("spectators' room", nil)
	if err := f.svc.SetOff(ctx, g.ID, dee, true); err != nil {
		t.Fatal(err)
	}
	if err := send(bob, chat.Players, "dee is not listening", "", nil); err != nil {
		t.Fatal(err)
	}
	check("chat off", []int{ann.UserID, cal})
	if err := f.svc.ShadowMute(ctx, f.mod, cal, true, "troll"); err != nil {
		t.Fatal(err)
	}
	if err := send(chat.Viewer{UserID: cal, Seated: true}, chat.Players, "nobody hears me", "", nil); err != nil {
		t.Fatal(err)
	}
	check("shadow-muted", nil)
	if committed != 5 {
		t.Errorf("the after-commit function ran %d times, want 5", committed)
	}
	boom := errors.New("boom")
	if err := send(bob, chat.Players, "this one fails", "", boom); !errors.Is(err, boom) {
		t.Fatalf("a failing hook: %v", err)
	}
	if n := dbtest.Int(t, f.db, `SELECT count(*) FROM chat_messages WHERE body = 'this one fails'`); n != 0 || committed != 5 {
		t.Errorf("a failing hook left %d messages and ran the after-commit function (%d)", n, committed)
	}
}

package chat_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rout/chat"
	"rout/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// clock is a test's settable time.
type clock struct {
	mu sync.Mutex
	at time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = c.at.Add(d)
}

// fixture is a game of two players (ann, bob) with a spectator (sue) and a moderator (mod).
type fixture struct {
	db                 *sql.DB
	svc                *chat.Service
	clock              *clock
	g                  chat.Game
	ann, bob, sue, mod chat.Viewer
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	db := dbtest.Migrated(t)
	ann, bob := int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{}))
	sue, mod := int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{}))
	created := dbtest.Game(t, db, dbtest.GameOpts{Seats: dbtest.Users(ann, bob)})
	c := &clock{at: time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)}
	return fixture{
		db: db, svc: chat.NewService(db, c.now), clock: c,
		g:   chat.Game{ID: created.GameID, CreatorID: ann},
		ann: chat.Viewer{UserID: ann, Seated: true}, bob: chat.Viewer{UserID: bob, Seated: true},
		sue: chat.Viewer{UserID: sue}, mod: chat.Viewer{UserID: mod, Moderator: true},
	}
}

// send posts body as v in room r, failing the test on an error.
func (f fixture) send(t *testing.T, v chat.Viewer, r chat.Room, body string) chat.Line {
	t.Helper()
	l, err := f.svc.Send(t.Context(), f.g, v, chat.SendInput{Room: r, Body: body})
	if err != nil {
		t.Fatalf("Send(%q) as %d: %v", body, v.UserID, err)
	}
	f.clock.advance(3 * time.Second)
	return l
}

// code returns the chat code of err, or "" when it has none.
func code(err error) chat.Code {
	var ce *chat.Error
	if errors.As(err, &ce) {
		return ce.Code
	}
	return ""
}

// bodies returns the texts of lines, a removed one as "-".
func bodies(lines []chat.Line) string {
	s := make([]string, len(lines))
	for i, l := range lines {
		s[i] = l.Body
		if l.Removed {
			s[i] = "-"
		}
	}
	return strings.Join(s, ",")
}

func TestSendAndHistory(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	for i := range 5 {
		v := []chat.Viewer{f.ann, f.bob}[i%2]
		if l := f.send(t, v, chat.Players, fmt.Sprintf("line %d", i+1)); l.Seq != int64(i+1) || l.AuthorID != v.UserID {
			t.Fatalf("line %d = %+v", i+1, l)
		}
	}
	// The spectators' room numbers its own lines.
	if l := f.send(t, f.sue, chat.Spectators, "hi from the stands"); l.Seq != 1 {
		t.Fatalf("the spectators' first line has seq %d, want 1", l.Seq)
	}
	page, more, err := f.svc.History(ctx, f.g, f.bob, chat.Players, 0, 2)
	if err != nil || !more || bodies(page) != "line 5,line 4" {
		t.Fatalf("first page = %q, %v, %v; want line 5,line 4 and more", bodies(page), more, err)
	}
	page, more, err = f.svc.History(ctx, f.g, f.bob, chat.Players, page[1].Seq, 10)
	if err != nil || more || bodies(page) != "line 3,line 2,line 1" {
		t.Fatalf("second page = %q, %v, %v", bodies(page), more, err)
	}
	// Rooms one may not read or post in.
	if _, _, err := f.svc.History(ctx, f.g, f.sue, chat.Players, 0, 10); code(err) != chat.CodeRoom {
		t.Errorf("a spectator reading the players' room: %v, want CHAT_ROOM", err)
	}
	if _, err := f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.Spectators, Body: "psst"}); code(err) != chat.CodeRoom {
		t.Errorf("a player posting to the spectators before the end: %v, want CHAT_ROOM", err)
	}
	if _, err := f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.TeamRoom(0), Body: "team?"}); code(err) != chat.CodeRoom {
		t.Errorf("a team room of a free-for-all: %v, want CHAT_ROOM", err)
	}
	over := f.g
	over.Over = true
	if _, err := f.svc.Send(ctx, over, f.ann, chat.SendInput{Room: chat.Spectators, Body: "gg all"}); err != nil {
		t.Errorf("a player posting to the spectators after the end: %v", err)
	}
	// Text checks.
	for body, want := range map[string]chat.Code{" \n\t ": chat.CodeEmpty, strings.Repeat("é", 501): chat.CodeTooLong} {
		if _, err := f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.Players, Body: body}); code(err) != want {
			t.Errorf("Send(%.10q...) = %v, want %s", body, err, want)
		}
	}
	if l, err := f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.Players, Body: strings.Repeat("é", 500)}); err != nil || l.Seq != 6 {
		t.Errorf("500 characters: %+v, %v", l, err)
	}
}

func TestSendLimits(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	send := func(body string) (chat.Line, error) {
		return f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.Players, Body: body})
	}
	// The flood rule: 5 messages a room in 10 s.
	for i := range chat.FloodMessages {
		if _, err := send(fmt.Sprintf("message number %d", i)); err != nil {
			t.Fatal(err)
		}
		f.clock.advance(time.Second)
	}
	_, err := send("one more")
	var ce *chat.Error
	if !errors.As(err, &ce) || ce.Code != chat.CodeFlood || ce.RetryAfter != 5*time.Second {
		t.Fatalf("the sixth message in 5 s: %v, want CHAT_FLOOD with 5 s to wait", err)
	}
	// Another room is not flooded.
	if _, err := f.svc.Send(ctx, f.g, f.sue, chat.SendInput{Room: chat.Spectators, Body: "one more"}); err != nil {
		t.Fatal(err)
	}
	f.clock.advance(5 * time.Second)
	if _, err := send("one more"); err != nil {
		t.Fatalf("after waiting: %v", err)
	}
	// No near-repeat of the last two.
	f.clock.advance(time.Minute)
	if _, err := send("Message number 4!"); code(err) != chat.CodeDuplicate {
		t.Errorf("a repeat of the second last: %v, want CHAT_DUPLICATE", err)
	}
	if _, err := send("message number 3"); err != nil {
		t.Errorf("a repeat of the third last: %v", err)
	}
	// An idempotent retry.
	first, err := f.svc.Send(ctx, f.g, f.bob, chat.SendInput{Room: chat.Players, Body: "keyed", ClientKey: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.svc.Send(ctx, f.g, f.bob, chat.SendInput{Room: chat.Players, Body: "keyed", ClientKey: "k1"})
	if err != nil || again.ID != first.ID || again.Body != "keyed" {
		t.Errorf("a retry = %+v, %v; want the first message %+v", again, err, first)
	}
	if _, err := f.svc.Send(ctx, f.g, f.bob, chat.SendInput{Room: chat.Players, Body: "other", ClientKey: "k1"}); code(err) != chat.CodeKeyReused {
		t.Errorf("another text under the key: %v, want CHAT_KEY_REUSED", err)
	}
}

func TestSendDailyLimit(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	start := f.clock.now()
	for i := range chat.DailyMessages {
		if _, err := f.svc.Send(ctx, f.g, f.bob, chat.SendInput{Room: chat.Players, Body: fmt.Sprintf("note %d", i)}); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		f.clock.advance(time.Minute)
	}
	_, err := f.svc.Send(ctx, f.g, f.bob, chat.SendInput{Room: chat.Players, Body: "too many"})
	var ce *chat.Error
	if !errors.As(err, &ce) || ce.Code != chat.CodeDailyLimit || ce.RetryAfter != start.Add(24*time.Hour).Sub(f.clock.now()) {
		t.Fatalf("message 1001 in a day: %v, want CHAT_DAILY_LIMIT", err)
	}
	f.clock.at = start.Add(24*time.Hour + time.Second)
	if _, err := f.svc.Send(ctx, f.g, f.bob, chat.SendInput{Room: chat.Players, Body: "too many"}); err != nil {
		t.Fatalf("a day after the first: %v", err)
	}
}

func TestSendsOfOneAuthorAtOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Go(func() {
			_, err := f.svc.Send(context.Background(), f.g, f.ann, chat.SendInput{Room: chat.Players, Body: fmt.Sprintf("burst message %d", i)})
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	var sent, flooded int
	for err := range errs {
		switch code(err) {
		case "":
			if err != nil {
				t.Fatal(err)
			}
			sent++
		case chat.CodeFlood:
			flooded++
		}
	}
	if sent != chat.FloodMessages || flooded != 8-chat.FloodMessages {
		t.Errorf("8 sends at once: %d sent, %d flooded; want %d and %d", sent, flooded, chat.FloodMessages, 8-chat.FloodMessages)
	}
}

func TestRemove(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	a := f.send(t, f.ann, chat.Players, "mine")
	b := f.send(t, f.bob, chat.Players, "rude words")
	if _, err := f.svc.Remove(ctx, f.g, f.ann, b.ID); code(err) != chat.CodeNotYours {
		t.Errorf("removing another's message: %v, want CHAT_NOT_YOURS", err)
	}
	if _, err := f.svc.Remove(ctx, f.g, f.sue, a.ID); code(err) != chat.CodeNotFound {
		t.Errorf("a spectator removing a message of a room they cannot read: %v, want CHAT_NOT_FOUND", err)
	}
	r, err := f.svc.Remove(ctx, f.g, f.mod, b.ID)
	if err != nil || r.Kind != chat.KindRemoval || r.Target != b.Seq || r.AuthorID != 0 {
		t.Fatalf("a moderator's removal = %+v, %v", r, err)
	}
	again, err := f.svc.Remove(ctx, f.g, f.mod, b.ID)
	if err != nil || again.ID != r.ID {
		t.Errorf("removing again = %+v, %v; want the first removal", again, err)
	}
	if _, err := f.svc.Remove(ctx, f.g, f.ann, a.ID); err != nil {
		t.Errorf("removing one's own: %v", err)
	}
	page, _, err := f.svc.History(ctx, f.g, f.ann, chat.Players, 0, 10)
	if err != nil || bodies(page) != "-,-" || page[0].AuthorID != 0 {
		t.Errorf("history after the removals = %q %+v, %v; want two removed messages without author", bodies(page), page, err)
	}
	live, err := f.svc.After(ctx, f.g, f.bob, chat.Players, 0, 10)
	if err != nil || len(live) != 4 || live[2].Kind != chat.KindRemoval || live[2].Target != b.Seq {
		t.Errorf("the live lines = %+v, %v; want two messages and two removals", live, err)
	}
}

func TestBlockedLines(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	f.send(t, f.ann, chat.Players, "hello")
	f.send(t, f.bob, chat.Players, "you are blocked")
	blocker := f.ann
	blocker.Blocked = []int{f.bob.UserID}
	for _, read := range []func() ([]chat.Line, error){
		func() ([]chat.Line, error) {
			l, _, err := f.svc.History(ctx, f.g, blocker, chat.Players, 0, 10)
			return l, err
		},
		func() ([]chat.Line, error) { return f.svc.After(ctx, f.g, blocker, chat.Players, 0, 10) },
	} {
		if lines, err := read(); err != nil || bodies(lines) != "hello" {
			t.Errorf("the blocker reads %q, %v; want only their own line", bodies(lines), err)
		}
	}
	unread, err := f.svc.Unread(ctx, f.g, blocker, []chat.Room{chat.Players})
	if err != nil || unread[chat.Players] != 0 {
		t.Errorf("the blocker's unread = %v, %v; want 0", unread, err)
	}
	if unread, err := f.svc.Unread(ctx, f.g, f.bob, []chat.Room{chat.Players}); err != nil || unread[chat.Players] != 1 {
		t.Errorf("bob's unread = %v, %v; want 1 (ann's)", unread, err)
	}
}

func TestReadMarksAndSettings(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	for i := range 3 {
		f.send(t, f.bob, chat.Players, fmt.Sprintf("news %d", i))
	}
	if err := f.svc.MarkRead(ctx, f.g, f.ann, chat.Players, 2); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.MarkRead(ctx, f.g, f.ann, chat.Players, 1); err != nil {
		t.Fatal(err) // a mark never moves back
	}
	if u, err := f.svc.Unread(ctx, f.g, f.ann, []chat.Room{chat.Players}); err != nil || u[chat.Players] != 1 {
		t.Errorf("unread after reading 2 of 3 = %v, %v; want 1", u, err)
	}
	if err := f.svc.MarkRead(ctx, f.g, f.ann, chat.Players, 4); code(err) != chat.CodeInvalidSeen {
		t.Errorf("a mark beyond the last line: %v, want CHAT_INVALID_READ", err)
	}
	// Chat off for one game.
	if err := f.svc.SetOff(ctx, f.g.ID, f.ann.UserID, true); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.Players, Body: "hello?"}); code(err) != chat.CodeOff {
		t.Errorf("sending with chat off: %v, want CHAT_OFF", err)
	}
	if u, err := f.svc.Unread(ctx, f.g, f.ann, []chat.Room{chat.Players}); err != nil || len(u) != 0 {
		t.Errorf("unread with chat off = %v, %v; want nothing", u, err)
	}
	// Players only: the spectators' room closes.
	if err := f.svc.SetPlayersOnly(ctx, f.g, f.bob.UserID, true); code(err) != chat.CodeNotCreator {
		t.Errorf("players only set by a player who did not create the game: %v, want CHAT_NOT_CREATOR", err)
	}
	if err := f.svc.SetPlayersOnly(ctx, f.g, f.ann.UserID, true); err != nil {
		t.Fatal(err)
	}
	if set, err := f.svc.Settings(ctx, f.g.ID, f.sue.UserID); err != nil || !set.PlayersOnly || set.Off {
		t.Errorf("the spectator's settings = %+v, %v", set, err)
	}
	if _, err := f.svc.Send(ctx, f.g, f.sue, chat.SendInput{Room: chat.Spectators, Body: "hello?"}); code(err) != chat.CodeRoom {
		t.Errorf("a spectator posting in a players-only game: %v, want CHAT_ROOM", err)
	}
}

func TestRoomCap(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	first := f.send(t, f.ann, chat.Players, "first")
	// The rest of the room's lines written directly: the daily cap would stop one author.
	if _, err := f.db.ExecContext(ctx, `INSERT INTO chat_messages (game_id, room, seq, kind, author_id, body, shadow, created_at)
		SELECT $1, 'players', n, 'message', $2, 'line ' || n, false, now() FROM generate_series(2, $3) n`,
		f.g.ID, f.bob.UserID, chat.MaxRoomLines); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Send(ctx, f.g, f.ann, chat.SendInput{Room: chat.Players, Body: "one too many"}); code(err) != chat.CodeRoomFull {
		t.Errorf("a message past the cap: %v, want CHAT_ROOM_FULL", err)
	}
	if r, err := f.svc.Remove(ctx, f.g, f.ann, first.ID); err != nil || r.Seq != chat.MaxRoomLines+1 {
		t.Errorf("a removal in a full room = %+v, %v", r, err)
	}
	if page, more, err := f.svc.History(ctx, f.g, f.bob, chat.Players, 0, 1); err != nil || !more || page[0].Seq != chat.MaxRoomLines {
		t.Errorf("the newest of a full room = %+v, %v, %v", page, more, err)
	}
}

// TestSeesIsViewerFilter holds the two forms of the rule of who sees a line together: what After reads
// with the SQL filter is what Lines reads filtered by Viewer.Sees, for blockers, blocked, shadow-muted
// writers and removals.
func TestSeesIsViewerFilter(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := t.Context()
	a := f.send(t, f.ann, chat.Players, "from ann")
	f.send(t, f.bob, chat.Players, "from bob")
	shadowed := f.send(t, f.bob, chat.Players, "bob, shadow-muted")
	if _, err := f.db.ExecContext(ctx, `UPDATE chat_messages SET shadow = true WHERE id = $1`, shadowed.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Remove(ctx, f.g, f.ann, a.ID); err != nil {
		t.Fatal(err)
	}
	f.send(t, f.ann, chat.Players, "ann again")
	block := func(v chat.Viewer, ids ...int) chat.Viewer { v.Blocked = ids; return v }
	stored, err := f.svc.Lines(ctx, f.g.ID, chat.Players, 0, 100)
	if err != nil || len(stored) != 5 {
		t.Fatalf("Lines = %d lines, %v; want 5", len(stored), err)
	}
	for _, v := range []chat.Viewer{f.ann, f.bob, f.mod, block(f.ann, f.bob.UserID), block(f.bob, f.ann.UserID), block(f.mod, f.bob.UserID)} {
		filtered, err := f.svc.After(ctx, f.g, v, chat.Players, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		var want, got []int64
		for _, l := range filtered {
			want = append(want, l.Seq)
		}
		for _, l := range stored {
			if v.Sees(l) {
				got = append(got, l.Seq)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("viewer %+v: Sees keeps %v, the SQL filter %v", v, got, want)
		}
	}
	if !f.bob.Sees(stored[2]) || f.ann.Sees(stored[2]) {
		t.Errorf("the shadow-muted line: bob sees it %v, ann %v; want true, false", f.bob.Sees(stored[2]), f.ann.Sees(stored[2]))
	}
	if !block(f.bob, f.ann.UserID).Sees(stored[3]) {
		t.Error("a blocker does not see the removal of the blocked user's message; want the removal shown")
	}
}

func TestHeads(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.send(t, f.ann, chat.Players, "one")
	f.send(t, f.bob, chat.Players, "two")
	f.send(t, f.sue, chat.Spectators, "three")
	heads, err := f.svc.Heads(t.Context(), []chat.GameRoom{
		{GameID: f.g.ID, Room: chat.Players}, {GameID: f.g.ID, Room: chat.Spectators}, {GameID: f.g.ID, Room: chat.TeamRoom(0)},
	})
	want := map[chat.GameRoom]int64{{GameID: f.g.ID, Room: chat.Players}: 2, {GameID: f.g.ID, Room: chat.Spectators}: 1}
	if err != nil || !maps.Equal(heads, want) {
		t.Errorf("Heads = %v, %v; want %v (no entry for a room without lines)", heads, err, want)
	}
}

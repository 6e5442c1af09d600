package live_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"rout/chat"
	"rout/live"
)

// chatEnv is a started game's chat: its service, with a clock that moves 3 s a call (no flood limit).
type chatEnv struct {
	*env
	chat *chat.Service
	g    chat.Game
}

func newChatEnv(t *testing.T, opts live.Opts) *chatEnv {
	t.Helper()
	e := newEnv(t, opts)
	id := e.game(2)
	at := time.Now()
	clock := func() time.Time { at = at.Add(3 * time.Second); return at }
	return &chatEnv{env: e, chat: chat.NewService(e.db, clock), g: chat.Game{ID: id, Teams: 2}}
}

// viewer returns the viewer of seat (seated on team seat).
func (c *chatEnv) viewer(seat int, blocked ...int) chat.Viewer {
	return chat.Viewer{UserID: c.users[seat], Seated: true, Team: seat, Blocked: blocked}
}

// send posts body as v in room, failing the test on an error.
func (c *chatEnv) send(v chat.Viewer, room chat.Room, body string) chat.Line {
	c.t.Helper()
	l, err := c.chat.Send(c.ctx, c.g, v, chat.SendInput{Room: room, Body: body})
	if err != nil {
		c.t.Fatal(err)
	}
	return l
}

// lines subscribes v to room after number after and returns the next n lines as "seq:body" ("seq:-" for
// a removal or a removed message).
func (c *chatEnv) lines(sub *live.Subscription[*live.ChatLine], n int) string {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, wait)
	defer cancel()
	var out []string
	for range n {
		l, err := sub.Next(ctx)
		if err != nil {
			c.t.Fatalf("after %v: %v", out, err)
		}
		body := l.Body
		if body == "" {
			body = "-"
		}
		out = append(out, fmt.Sprintf("%d:%s", l.Seq, body))
	}
	return strings.Join(out, " ")
}

func (c *chatEnv) subscribe(room chat.Room, v chat.Viewer, after int64) *live.Subscription[*live.ChatLine] {
	c.t.Helper()
	sub, err := c.hub.ChatLines(c.ctx, c.g.ID, room, v, after)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(sub.Close)
	return sub
}

func TestChatLinesCatchUpLiveFilteredAndResumed(t *testing.T) {
	t.Parallel()
	c := newChatEnv(t, live.Opts{})
	ann, bob := c.viewer(0), c.viewer(1)
	c.send(ann, chat.Players, "one")
	c.send(bob, chat.Players, "two")
	all := c.subscribe(chat.Players, ann, 0)
	blocker := c.subscribe(chat.Players, c.viewer(0, bob.UserID), 0)
	if got := c.lines(all, 2); got != "1:one 2:two" {
		t.Errorf("the catch-up = %q", got)
	}
	c.send(ann, chat.Players, "three")
	four := c.send(bob, chat.Players, "four")
	if got := c.lines(all, 2); got != "3:three 4:four" {
		t.Errorf("live = %q; want the lines in order", got)
	}
	if _, err := c.chat.Remove(c.ctx, c.g, bob, four.ID); err != nil {
		t.Fatal(err)
	}
	c.send(ann, chat.Players, "six")
	if got := c.lines(all, 2); got != "5:- 6:six" {
		t.Errorf("live = %q; want the lines in order, the removal of 4 as 5", got)
	}
	// The blocker never receives bob's lines: only ann's, and the removal.
	if got := c.lines(blocker, 4); got != "1:one 3:three 5:- 6:six" {
		t.Errorf("the blocker's lines = %q", got)
	}
	if got := c.lines(c.subscribe(chat.Players, bob, 4), 2); got != "5:- 6:six" {
		t.Errorf("resumed after 4 = %q", got)
	}
	// From the topic's recent lines, as the live subscribers got them: 4, then its removal.
	if got := c.lines(c.subscribe(chat.Players, bob, 1), 5); got != "2:two 3:three 4:four 5:- 6:six" {
		t.Errorf("resumed after 1 = %q", got)
	}
	// A team's room ("team:0" in the notifications) is its own topic with its own numbers.
	team := c.subscribe(chat.TeamRoom(0), ann, 0)
	c.send(ann, chat.TeamRoom(0), "team talk")
	if got := c.lines(team, 1); got != "1:team talk" {
		t.Errorf("the team's room = %q", got)
	}
}

func TestShadowLinesReachOnlyTheirWriter(t *testing.T) {
	t.Parallel()
	c := newChatEnv(t, live.Opts{})
	ann, bob := c.viewer(0), c.viewer(1)
	annSub, bobSub := c.subscribe(chat.Players, ann, 0), c.subscribe(chat.Players, bob, 0)
	// A shadow-muted line, written as the chat writes a line (numbered, announced at the commit).
	tx, err := c.db.BeginTx(c.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(c.ctx, `INSERT INTO chat_messages (game_id, room, seq, kind, author_id, body, shadow, created_at)
		VALUES ($1, 'players', 1, 'message', $2, 'muted', true, now())`, c.g.ID, bob.UserID); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(c.ctx, `SELECT pg_notify($1, $2)`, chat.Channel, fmt.Sprintf("%d:players:1", c.g.ID)); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	c.send(ann, chat.Players, "hi")
	if got := c.lines(bobSub, 2); got != "1:muted 2:hi" {
		t.Errorf("the writer's lines = %q", got)
	}
	if got := c.lines(annSub, 1); got != "2:hi" {
		t.Errorf("another's lines = %q; want the shadow line left out", got)
	}
}

func TestLostChatNotificationIsRepairedByTheHeadCheck(t *testing.T) {
	t.Parallel()
	c := newChatEnv(t, live.Opts{HeadCheckInterval: 50 * time.Millisecond})
	sub := c.subscribe(chat.Spectators, chat.Viewer{UserID: c.users[0]}, 0)
	before := c.hub.Stats()
	// A line committed with no announcement.
	if _, err := c.db.ExecContext(c.ctx, `INSERT INTO chat_messages (game_id, room, seq, kind, author_id, body, shadow, created_at)
		VALUES ($1, 'spectators', 1, 'message', $2, 'silent', false, now())`, c.g.ID, c.users[1]); err != nil {
		t.Fatal(err)
	}
	if got := c.lines(sub, 1); got != "1:silent" {
		t.Fatalf("got %q", got)
	}
	if after := c.hub.Stats(); after.HeadWakes == before.HeadWakes {
		t.Fatal("the line came without a head check")
	}
}

func TestSlowChatSubscriberResumes(t *testing.T) {
	t.Parallel()
	c := newChatEnv(t, live.Opts{Buffer: 2})
	ann := c.viewer(0)
	slow, fast := c.subscribe(chat.Players, ann, 0), c.subscribe(chat.Players, c.viewer(1), 0)
	// The fast one reads each line before the next is sent; the slow one reads none.
	var head int64
	for c.hub.Stats().Dropped == 0 {
		if head > 200 {
			t.Fatal("the slow subscriber was never dropped")
		}
		head = c.send(c.viewer(int(head%2)), chat.Players, fmt.Sprintf("n%d", head+1)).Seq
		c.lines(fast, 1)
	}
	ctx, cancel := context.WithTimeout(c.ctx, wait)
	defer cancel()
	var last int64
	for {
		l, err := slow.Next(ctx)
		var re *live.ResumeError
		if errors.As(err, &re) {
			if re.LastSeq != last {
				t.Fatalf("resume after %d, but the last line delivered was %d", re.LastSeq, last)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		last = l.Seq
	}
	if last >= head {
		t.Fatalf("the slow subscriber got every line (%d) with a buffer of 2", last)
	}
	want := fmt.Sprintf("%d:n%d", head, head)
	if got := c.lines(c.subscribe(chat.Players, ann, last), int(head-last)); !strings.HasSuffix(got, want) {
		t.Errorf("resumed after %d = %q; want up to %s", last, got, want)
	}
}

package live_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"rout/account"
	"rout/chat"
	"rout/dbtest"
	"rout/internal/testwait"
	"rout/live"
)

// TestBlocksFollowedWhileSubscribed: a block announced on account.BlockChannel after the blocker
// subscribed hides the blocked user's later lines from that subscription at once, and its lift shows them
// again. The periodic head check is off: the lines arrive on their notifications, in order with the block.
func TestBlocksFollowedWhileSubscribed(t *testing.T) {
	t.Parallel()
	c := newChatEnv(t, live.Opts{HeadCheckInterval: time.Hour})
	ann, bob := c.viewer(0), c.viewer(1)
	sub := c.subscribe(chat.Players, ann, 0)
	c.send(bob, chat.Players, "before")
	if got := c.lines(sub, 1); got != "1:before" {
		t.Fatalf("before the block = %q", got)
	}
	notify := func(on bool) {
		t.Helper()
		if _, err := c.db.ExecContext(c.ctx, `SELECT pg_notify($1, $2), pg_notify($1, 'not:a:block')`,
			account.BlockChannel, account.BlockPayload(ann.UserID, bob.UserID, on)); err != nil {
			t.Fatal(err)
		}
	}
	notify(true)
	c.send(bob, chat.Players, "hidden")
	c.send(ann, chat.Players, "mine")
	if got := c.lines(sub, 1); got != "3:mine" {
		t.Errorf("after the block = %q; want ann's line alone", got)
	}
	notify(false)
	c.send(bob, chat.Players, "back")
	if got := c.lines(sub, 1); got != "4:back" {
		t.Errorf("after the unblock = %q", got)
	}
	// Another subscriber of the room, who blocks nobody, got everything.
	if got := c.lines(c.subscribe(chat.Players, bob, 0), 4); got != "1:before 2:hidden 3:mine 4:back" {
		t.Errorf("bob's own view = %q", got)
	}
}

// TestBlocksReadAgainAfterTheListenerReconnects: a block written while the hub's LISTEN connection is
// away (its notification missed) is read from the database once the connection is back, and hides the
// blocked user's later lines from the blocker's subscription. The blocks are read again in the
// background, so Bob writes and then Ann until Ann's line comes without Bob's before it; then it stays so.
func TestBlocksReadAgainAfterTheListenerReconnects(t *testing.T) {
	t.Parallel()
	c := newChatEnv(t, live.Opts{MinReconnect: time.Second, HeadCheckInterval: time.Hour})
	ann, bob := c.viewer(0), c.viewer(1)
	sub := c.subscribe(chat.Players, ann, 0)
	c.send(bob, chat.Players, "before")
	if got := c.lines(sub, 1); got != "1:before" {
		t.Fatalf("before the block = %q", got)
	}
	var killed int
	err := c.db.QueryRowContext(c.ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query ILIKE 'listen%'`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminated %d listeners (%v), want 1", killed, err)
	}
	if err := dbtest.Accounts(t, c.db).Block(c.ctx, ann.UserID, bob.UserID); err != nil {
		t.Fatal(err)
	}
	if n := c.hub.Stats().Connects; n != 1 {
		t.Fatalf("the listener was back (%d connections) before the block was written: its notice was heard", n)
	}
	testwait.For(t, "the listener to reconnect", wait, func() bool { return c.hub.Stats().Connects >= 2 })

	ctx, cancel := context.WithTimeout(c.ctx, wait)
	defer cancel()
	deadline := time.Now().Add(wait / 2)
	next := func() int64 {
		t.Helper()
		l, err := sub.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for a line: %v", err)
		}
		return l.Seq
	}
	for i := 1; ; i++ {
		c.send(bob, chat.Players, fmt.Sprintf("bob %d", i))
		mine := c.send(ann, chat.Players, fmt.Sprintf("ann %d", i))
		seq := next()
		if seq == mine.Seq {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bob's lines still reach ann %v after the reconnection", wait/2)
		}
		if seq = next(); seq != mine.Seq {
			t.Fatalf("line %d came; want ann's %d", seq, mine.Seq)
		}
		time.Sleep(100 * time.Millisecond) // under the daily cap of lines until the deadline
	}
	c.send(bob, chat.Players, "hidden")
	mine := c.send(ann, chat.Players, "mine")
	if got, want := c.lines(sub, 1), fmt.Sprintf("%d:mine", mine.Seq); got != want {
		t.Errorf("after the blocks were read again = %q; want %q", got, want)
	}
}

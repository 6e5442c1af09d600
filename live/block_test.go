package live_test

import (
	"testing"
	"time"

	"rout/account"
	"rout/chat"
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

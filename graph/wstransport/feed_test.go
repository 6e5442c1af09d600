package wstransport_test

import (
	"fmt"
	"runtime"
	"testing"

	"rout/graph/wstransport"
	"rout/internal/testwait"
)

// publishedQuery is the published subscription with its root argument from a variable: operations that
// differ only in it have the same shape.
const publishedQuery = `subscription P($after: Int) { published(after: $after) }`

func TestFeedValuesAreRenderedOncePerShape(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	var same []*client
	for i := range 3 {
		c := e.connect()
		c.subscribeWith("1", publishedQuery, map[string]any{"after": i})
		same = append(same, c)
	}
	other := e.connect()
	other.subscribe("1", `subscription { other: published }`)
	e.schema.pub.waitFeeds(t, 4)

	e.schema.pub.publish(&value{text: "a", shared: true})
	for _, c := range same {
		if got := c.expectNext("next", "1"); got != `{"published":"a"}` {
			t.Fatalf("next %s", got)
		}
	}
	if got := other.expectNext("next", "1"); got != `{"other":"a"}` {
		t.Fatalf("next %s", got)
	}
	if n := e.schema.pub.renders.Load(); n != 2 {
		t.Fatalf("a shared value was rendered %d times for two shapes, want 2", n)
	}

	// A value without a key is rendered for each operation.
	e.schema.pub.publish(&value{text: "b"})
	for _, c := range append(same, other) {
		c.expect("next", "1")
	}
	if n := e.schema.pub.renders.Load(); n != 2+4 {
		t.Fatalf("%d renderings after an unshared value, want 6", n)
	}
}

func TestFeedDeliversBurstsInOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	clients := []*client{e.connect(), e.connect(), e.connectLegacy()}
	for _, c := range clients[:2] {
		c.subscribe("s", publishedQuery)
	}
	clients[2].start("s", publishedQuery)
	e.schema.pub.waitFeeds(t, 3)
	const n = 300
	go func() {
		for i := range n {
			e.schema.pub.publish(&value{text: fmt.Sprint(i), shared: i%2 == 0})
		}
		e.schema.pub.end()
	}()
	for ci, c := range clients {
		typ := "next"
		if ci == 2 {
			typ = "data"
		}
		for i := range n {
			if got, want := c.expectNext(typ, "s"), fmt.Sprintf(`{"published":"%d"}`, i); got != want {
				t.Fatalf("client %d, message %d: %s, want %s", ci, i, got, want)
			}
		}
		c.expect("complete", "s")
	}
	testwait.For(t, "the feeds to close", wait, func() bool { return e.schema.pub.closed.Load() == 3 })
}

func TestFeedClosesWhenTheClientCompletes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	c := e.connect()
	subscribePublished(t, e, c)
	c.send(`{"type":"complete","id":"s"}`)
	testwait.For(t, "the feed to close", wait, func() bool { return e.schema.pub.closed.Load() == 1 })
	// The id is free again, and a value published now reaches the new operation only.
	subscribePublished(t, e, c)
	expectPublished(t, e, c, "x")
	c.roundTrip()
}

// subscribePublished subscribes c to published as operation "s", the only one of the publisher, and
// waits for its feed.
func subscribePublished(t *testing.T, e *env, c *client) {
	t.Helper()
	c.subscribe("s", publishedQuery)
	e.schema.pub.waitFeeds(t, 1)
}

// expectPublished publishes text and expects it on c's operation "s".
func expectPublished(t *testing.T, e *env, c *client, text string) {
	t.Helper()
	e.schema.pub.publish(&value{text: text, shared: true})
	if got, want := c.expectNext("next", "s"), fmt.Sprintf(`{"published":%q}`, text); got != want {
		t.Fatalf("next %s, want %s", got, want)
	}
}

// Not parallel: it counts the process's goroutines.
func TestIdleFeedSubscriptionsHoldNoGoroutine(t *testing.T) {
	e := newEnv(t, wstransport.Opts{})
	before := runtime.NumGoroutine()
	c := e.connect()
	const subs = 50
	for i := range subs {
		c.subscribe(fmt.Sprint(i), publishedQuery)
	}
	e.schema.pub.waitFeeds(t, subs)
	e.schema.pub.publish(&value{text: "v", shared: true})
	for range subs {
		if m := c.read(); m.Type != "next" {
			t.Fatalf("got %s %s, want next", m.Type, m.Payload)
		}
	}
	// The socket's reader and the server's connection are all that stay (and, for a moment, the
	// goroutines that have just sent the value).
	testwait.For(t, "the drains to end", wait, func() bool { return runtime.NumGoroutine()-before <= 5 })
}

func TestFeedThatPanicsEndsItsOperationOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{})
	c := e.connect()
	subscribePublished(t, e, c)
	e.schema.pub.publish(&value{text: "panic"})
	errs := c.expectErrors("s")
	if len(errs) != 1 || errs[0].Extensions["presented"] != true {
		t.Fatalf("errors %+v, want one presented error", errs)
	}
	testwait.For(t, "the feed to close", wait, func() bool { return e.schema.pub.closed.Load() == 1 })
	c.roundTrip()
	subscribePublished(t, e, c)
	expectPublished(t, e, c, "after")
}

package live_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"rout/internal/testwait"
	"rout/live"
	"rout/presence"
)

// countRows runs a count query on the test's database.
func countRows(t *testing.T, e *env, query string) int {
	t.Helper()
	var n int
	if err := e.db.QueryRowContext(e.ctx, query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// nextWatchers returns the user ids of the watchers of the next value of sub (0 for an anonymous one).
func nextWatchers(t *testing.T, sub *live.Subscription[*live.Watchers]) []int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	w, err := sub.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	users := []int{}
	for _, x := range w.List {
		users = append(users, x.UserID)
	}
	return users
}

// awaitWatchers reads sub until its watchers are the users want.
func awaitWatchers(t *testing.T, sub *live.Subscription[*live.Watchers], want ...int) {
	t.Helper()
	var seen [][]int
	for range 20 {
		got := nextWatchers(t, sub)
		if slices.Equal(got, want) {
			return
		}
		seen = append(seen, got)
	}
	t.Fatalf("watchers %v, want %v", seen, want)
}

// TestWatchersAcrossHubs: a watch kept by one hub reaches the subscribers of another; it ends with its
// context; a row whose replica died expires and is swept; a hub that stops deletes the rows it keeps.
func TestWatchersAcrossHubs(t *testing.T) {
	t.Parallel()
	const every = 100 * time.Millisecond
	e := newEnv(t, live.Opts{PresenceInterval: every})
	_, other := e.newHub(live.Opts{PresenceInterval: every})
	g := e.game(2)
	sub, err := e.hub.Watchers(e.ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	awaitWatchers(t, sub)

	ctx, cancel := context.WithCancel(e.ctx)
	if err := other.Watch(ctx, presence.Watcher{GameID: g, UserID: e.users[0], Seat: 0}); err != nil {
		t.Fatal(err)
	}
	awaitWatchers(t, sub, e.users[0])
	time.Sleep(5 * every) // past the first expiry: the hub refreshes it
	if n := countRows(t, e, `SELECT count(*) FROM game_watchers WHERE expires_at > now()`); n != 1 {
		t.Fatalf("%d live rows after several intervals, want the one refreshed", n)
	}
	cancel()
	awaitWatchers(t, sub)

	// A replica that dies: its row is never refreshed nor deleted. It lives until the hub has shown it
	// (a row that expired first would never be seen on a loaded machine), then its time runs out.
	dead := presence.NewService(e.db, nil)
	if _, err := dead.Join(e.ctx, presence.Watcher{GameID: g, Seat: presence.NoSeat}, time.Hour); err != nil {
		t.Fatal(err)
	}
	awaitWatchers(t, sub, 0)
	if _, err := e.db.ExecContext(e.ctx, `UPDATE game_watchers SET expires_at = now()`); err != nil {
		t.Fatal(err)
	}
	awaitWatchers(t, sub)
	// Reads leave an expired row out at once; the sweep deletes it at its next interval.
	testwait.For(t, "the sweep to delete the expired row", 20*every, func() bool {
		return countRows(t, e, `SELECT count(*) FROM game_watchers`) == 0
	})

	if err := other.Watch(e.ctx, presence.Watcher{GameID: g, UserID: e.users[1], Seat: 1}); err != nil {
		t.Fatal(err)
	}
	awaitWatchers(t, sub, e.users[1])
	if err := other.Stop(e.ctx); err != nil {
		t.Fatal(err)
	}
	awaitWatchers(t, sub)
	if err := other.Watch(e.ctx, presence.Watcher{GameID: g, Seat: presence.NoSeat}); err == nil {
		t.Error("a stopped hub kept a watch")
	}
}

package presence_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"rout/dbtest"
	"rout/presence"
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

// ids returns the ids of ws.
func ids(ws []presence.Watcher) []int {
	out := []int{}
	for _, w := range ws {
		out = append(out, w.ID)
	}
	return out
}

// TestWatcherRows: a row joins, refreshes, leaves; an unrefreshed one stops counting at its expiry and is
// swept; every change is announced with the game's id; hiding changes the rows of the user.
func TestWatcherRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	ann, sue := int(dbtest.User(t, db, dbtest.UserOpts{})), int(dbtest.User(t, db, dbtest.UserOpts{}))
	g := dbtest.Game(t, db, dbtest.GameOpts{Seats: dbtest.Users(ann, int(dbtest.User(t, db, dbtest.UserOpts{})))}).GameID
	l := dbtest.Listen(t, dsn, presence.Channel)
	announced := func(what string) {
		t.Helper()
		select {
		case n := <-l.NotificationChannel():
			if id, ok := presence.ParsePayload(n.Extra); !ok || id != g {
				t.Fatalf("%s: announced %q, want the game %d", what, n.Extra, g)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s: not announced", what)
		}
	}
	c := &clock{at: time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)}
	svc := presence.NewService(db, c.now)
	const ttl = 30 * time.Second

	player, err := svc.Join(ctx, presence.Watcher{GameID: g, UserID: ann, Seat: 0}, ttl)
	if err != nil {
		t.Fatal(err)
	}
	announced("a player joins")
	spectator, err := svc.Join(ctx, presence.Watcher{GameID: g, UserID: sue, Seat: presence.NoSeat}, ttl)
	if err != nil {
		t.Fatal(err)
	}
	announced("a spectator joins")
	anonymous, err := svc.Join(ctx, presence.Watcher{GameID: g, Seat: presence.NoSeat}, ttl)
	if err != nil {
		t.Fatal(err)
	}
	announced("an anonymous viewer joins")
	ws, err := svc.Watchers(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	want := []presence.Watcher{
		{ID: player, GameID: g, UserID: ann, Seat: 0},
		{ID: spectator, GameID: g, UserID: sue, Seat: presence.NoSeat},
		{ID: anonymous, GameID: g, Seat: presence.NoSeat},
	}
	if !slices.Equal(ws, want) {
		t.Fatalf("watchers %+v, want %+v", ws, want)
	}

	if err := svc.SetHidden(ctx, ann, true); err != nil {
		t.Fatal(err)
	}
	announced("a player hides")
	if ws, err = svc.Watchers(ctx, g); err != nil || !ws[0].Hidden {
		t.Fatalf("after hiding: %+v, %v", ws, err)
	}

	if err := svc.Leave(ctx, spectator); err != nil {
		t.Fatal(err)
	}
	announced("a spectator leaves")

	c.advance(20 * time.Second)
	if gone, err := svc.Refresh(ctx, []int{player, spectator}, ttl); err != nil || !slices.Equal(gone, []int{spectator}) {
		t.Fatalf("Refresh: gone %v, %v; want the spectator who left", gone, err)
	}
	c.advance(15 * time.Second) // the anonymous row expired; the player's was refreshed
	if ws, err = svc.Watchers(ctx, g); err != nil || !slices.Equal(ids(ws), []int{player}) {
		t.Fatalf("after the anonymous row expired: %v, %v; want the player's only", ids(ws), err)
	}
	if n, err := svc.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("Sweep: %d, %v; want 1", n, err)
	}
	announced("a row is swept")
	if n, err := svc.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("Sweep again: %d, %v; want 0", n, err)
	}
	var left int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM game_watchers`).Scan(&left); err != nil || left != 1 {
		t.Fatalf("rows left: %d, %v; want 1", left, err)
	}
}

package live_test

import (
	"testing"
	"time"

	"rout/account"
	"rout/live"
)

func TestRevocationsReachEveryHub(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{MinReconnect: 10 * time.Millisecond})
	_, other := e.newHub(live.Opts{})
	got := make(chan int, 10)
	e.hub.OnRevoked(func(id int) { got <- id })
	other.OnRevoked(func(id int) { got <- -id })
	if _, err := e.db.ExecContext(e.ctx, `SELECT pg_notify($1, '42'), pg_notify($1, 'not a number')`, account.RevocationChannel); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for len(seen) < 2 {
		select {
		case id := <-got:
			seen[id] = true
		case <-time.After(wait):
			t.Fatalf("revocations heard: %v, want 42 on both hubs", seen)
		}
	}
	if !seen[42] || !seen[-42] {
		t.Fatalf("revocations heard: %v, want 42 on both hubs", seen)
	}
	// After the LISTEN connection comes back, the hub asks for every token to be checked again (id 0).
	var killed int
	err := e.db.QueryRowContext(e.ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query ILIKE 'listen%' AND pid IN (
			SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen%' LIMIT 1)`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminated %d listeners (%v), want 1", killed, err)
	}
	select {
	case id := <-got:
		if id != 0 {
			t.Fatalf("after the reconnect: %d, want 0", id)
		}
	case <-time.After(wait):
		t.Fatal("no recheck after the reconnect")
	}
}

package inbox_test

import (
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rout/dbtest"
	"rout/notifications/inbox"
)

// TestTakeUserSendCountsAcrossConnections takes sends of one user from twelve goroutines at once, each
// on the shared pool as replicas would be: exactly the limit are taken. Another user has their own
// count, and sends older than an hour neither count nor stay.
func TestTakeUserSendCountsAcrossConnections(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	ctx := t.Context()
	ada := int(dbtest.User(t, db, dbtest.UserOpts{Name: "ada"}))
	bob := int(dbtest.User(t, db, dbtest.UserOpts{Name: "bob"}))
	const limit = 5
	var taken atomic.Int32
	var wg sync.WaitGroup
	for range 12 {
		wg.Go(func() {
			ok, err := inbox.TakeUserSend(ctx, db, ada, limit)
			if err != nil {
				t.Error(err)
			}
			if ok {
				taken.Add(1)
			}
		})
	}
	wg.Wait()
	if n := taken.Load(); n != limit {
		t.Errorf("%d sends taken for ada, want %d", n, limit)
	}
	if ok, err := inbox.TakeUserSend(ctx, db, bob, limit); err != nil || !ok {
		t.Errorf("bob's first send: %v, %v", ok, err)
	}

	// An hour later, ada's sends no longer count, and the pruning deletes them.
	if _, err := db.Exec(`UPDATE notification_sends SET sent_at = sent_at - interval '61 minutes' WHERE user_id = $1`, ada); err != nil {
		t.Fatal(err)
	}
	if ok, err := inbox.TakeUserSend(ctx, db, ada, limit); err != nil || !ok {
		t.Errorf("ada's send an hour later: %v, %v", ok, err)
	}
	if n := dbtest.Int(t, db, `SELECT count(*) FROM notification_sends WHERE user_id = $1`, ada); n != 1 {
		t.Errorf("%d sends of ada kept, want the new one", n)
	}
	if _, err := db.Exec(`UPDATE notification_sends SET sent_at = sent_at - interval '61 minutes'`); err != nil {
		t.Fatal(err)
	}
	if n, err := inbox.PruneSends(ctx, db); err != nil || n != 2 {
		t.Errorf("PruneSends = %d, %v; want 2", n, err)
	}
}

// TestReserveSendQueuesCallers takes from a bucket of a thousandth of a message a second: the first
// caller waits about 999 s (the bucket starts full, with less than one message), each next one 1000 s
// more. (The clock moves the figures by a thousandth of the time the test takes.)
func TestReserveSendQueuesCallers(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	const rate = 0.001
	var prev time.Duration
	for i := range 3 {
		wait, err := inbox.ReserveSend(t.Context(), db, rate)
		if err != nil {
			t.Fatal(err)
		}
		want := time.Duration(float64(i)*1000+999) * time.Second
		if wait > want || wait < want-10*time.Second || wait <= prev {
			t.Errorf("call %d waits %v, want about %v", i, wait, want)
		}
		prev = wait
	}
	// A fast bucket starts full: its first caller goes at once.
	if _, err := db.Exec(`DELETE FROM notification_rate`); err != nil {
		t.Fatal(err)
	}
	if wait, err := inbox.ReserveSend(t.Context(), db, 20); err != nil || wait != 0 {
		t.Errorf("the first send at 20 a second waits %v, %v", wait, err)
	}
}

// BenchmarkTakeUserSend measures the per-user count of one message (a transaction: lock, prune, count,
// insert), for users that each get one message in turn, from parallel senders.
func BenchmarkTakeUserSend(b *testing.B) {
	db := dbtest.Migrated(b)
	users := make([]int, 64)
	for i := range users {
		users[i] = int(dbtest.User(b, db, dbtest.UserOpts{Name: "u" + strconv.Itoa(i)}))
	}
	var next atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := inbox.TakeUserSend(b.Context(), db, users[next.Add(1)%int64(len(users))], 1_000_000); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkReserveSend measures a take from the global bucket (one row every sender updates), from
// parallel senders.
func BenchmarkReserveSend(b *testing.B) {
	db := dbtest.Migrated(b)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := inbox.ReserveSend(b.Context(), db, 1e9); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkBaselineRowWrite is the baseline of the two above: one autocommit UPDATE of one row, as
// MarkSent writes after every message.
func BenchmarkBaselineRowWrite(b *testing.B) {
	db := dbtest.Migrated(b)
	users := make([]int, 64)
	for i := range users {
		users[i] = int(dbtest.User(b, db, dbtest.UserOpts{Name: "u" + strconv.Itoa(i)}))
	}
	var next atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := db.ExecContext(b.Context(), `UPDATE users SET notify_always = notify_always WHERE id = $1`,
				users[next.Add(1)%int64(len(users))]); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

package pgstmt_test

import (
	"context"
	"testing"
	"time"

	"rout/dbtest"
	"rout/internal/pgstmt"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// TestStatementGoesInOneRoundTripOncePrepared runs a statement in transactions before and after Get:
// prepared for the transaction alone (its parse, then its execution: two round trips), then prepared for
// the pool (one), with the same answer.
func TestStatementGoesInOneRoundTripOncePrepared(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db, log := dbtest.OpenCounting(t, dbtest.URL(t))
	db.SetMaxOpenConns(1) // Get prepares it on the connection the transactions run on
	st := pgstmt.New(db, `SELECT $1::int + 1`)
	run := func() (int, int) {
		t.Helper()
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		var n int
		log.Start()
		stmt, err := st.In(ctx, tx)
		if err != nil {
			t.Fatal(err)
		}
		if err := stmt.QueryRowContext(ctx, 41).Scan(&n); err != nil {
			t.Fatal(err)
		}
		trips := log.RoundTrips()
		log.Stop()
		return n, trips
	}
	if n, trips := run(); n != 42 || trips != 2 {
		t.Errorf("before Get: %d in %d round trips, want 42 in 2", n, trips)
	}
	if _, err := st.Get(ctx); err != nil {
		t.Fatal(err)
	}
	if n, trips := run(); n != 42 || trips != 1 {
		t.Errorf("prepared: %d in %d round trips, want 42 in 1", n, trips)
	}
}

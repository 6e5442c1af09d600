package dbtest

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"rout/notifications/inbox"
)

// Notice records n in db, a migrated database, through inbox.Insert (which announces it on
// inbox.Channel), in a transaction of its own, and returns its id. It fails the test on an error, and
// when the user was told of n already.
func Notice(t testing.TB, db *sql.DB, n inbox.New) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, inbox.InsertSQL)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	in, err := inbox.Insert(ctx, stmt, time.Now(), n)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	if len(in) != 1 {
		t.Fatalf("dbtest: the %s notice of user %d in game %d at turn %d was recorded already", n.Kind, n.UserID, n.GameID, n.Turn)
	}
	if err := tx.Commit(); err != nil {
		t.Fatalf("dbtest: error committing a notice: %v", err)
	}
	return in[0].ID
}

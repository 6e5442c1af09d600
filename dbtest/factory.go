package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"rout/account"
	"rout/account/username"
)

// UserOpts describes a user for User; every field is optional.
type UserOpts struct {
	Name   string // default: user<n>, unique in the test binary
	Email  string // default: <name>@example.com
	Notify string // notice channel (email, sms, none); default: the column's (email)
	Phone  string // default: none
	Admin  bool
	// PasswordHash is stored as is; default: "x", which no password matches.
	PasswordHash string
}

// users numbers the default user names.
var users atomic.Int64

// User inserts a user into db, a migrated database (Migrated), and returns its id. Its name key is the
// one sign-up would store (username.Key), so it can be found by name; a name the rule refuses keeps the
// column's placeholder. It fails the test on an error.
func User(t testing.TB, db *sql.DB, o UserOpts) int64 {
	t.Helper()
	if o.Name == "" {
		o.Name = fmt.Sprintf("user%d", users.Add(1))
	}
	if o.Email == "" {
		o.Email = o.Name + "@example.com"
	}
	if o.Notify == "" {
		o.Notify = "email"
	}
	if o.PasswordHash == "" {
		o.PasswordHash = "x"
	}
	var key sql.NullString
	if k, err := username.Key(o.Name); err == nil {
		key = sql.NullString{String: k, Valid: true}
	}
	var id int64
	err := db.QueryRowContext(t.Context(), `
		INSERT INTO users (created_at, updated_at, name, email, password_hash, notify, phone, admin, name_key)
		VALUES (now(), now(), $1, $2, $3, $4, NULLIF($5, ''), $6, COALESCE($7, chr(1) || gen_random_uuid()::text))
		RETURNING id`,
		o.Name, o.Email, o.PasswordHash, o.Notify, o.Phone, o.Admin, key).Scan(&id)
	if err != nil {
		t.Fatalf("dbtest: error inserting user %q: %v", o.Name, err)
	}
	return id
}

// Int runs query, which returns one integer (a count, a column of one row), on db and returns it. It
// fails the test on an error, including no row. It may be called from the test's cleanup.
func Int(t testing.TB, db *sql.DB, query string, args ...any) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var n int
	if err := db.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		t.Fatalf("dbtest: error running %q: %v", query, err)
	}
	return n
}

// Accounts returns an account service on db, for a game service (game.Opts.Accounts), jobs or the API
// of a test.
func Accounts(t testing.TB, db *sql.DB) *account.Service {
	t.Helper()
	accounts, err := account.New(account.Opts{DB: db})
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	return accounts
}

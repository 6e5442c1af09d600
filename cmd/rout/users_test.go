package main

import (
	"bytes"
	"strings"
	"testing"

	"rout/dbtest"
)

// TestUsersModerator: rout users moderator grants and revokes the role of a user named by name (any
// spelling that reads the same) or email, refuses a login that names nobody and a command line without
// exactly one of --grant and --revoke.
func TestUsersModerator(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	alice := int(dbtest.User(t, db, dbtest.UserOpts{Name: "alice", Email: "alice@example.com"}))
	accounts := dbtest.Accounts(t, db)
	env := func(k string) string {
		if k == "DATABASE_URL" {
			return dsn
		}
		return ""
	}
	moderator := func() bool {
		t.Helper()
		ok, err := accounts.Moderator(ctx, db, alice)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"users", "moderator", "--grant", "--log-level=error", "ALICE"}, env, &out, &errOut); err != nil {
		t.Fatalf("rout users moderator --grant ALICE: %v\n%s", err, errOut.String())
	}
	if !moderator() || !strings.Contains(out.String(), "alice (") || !strings.Contains(out.String(), "is a moderator") {
		t.Errorf("after --grant: moderator %v, printed %q", moderator(), out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"users", "moderator", "--revoke", "--log-level=error", "Alice@Example.com"}, env, &out, &errOut); err != nil {
		t.Fatalf("rout users moderator --revoke Alice@Example.com: %v\n%s", err, errOut.String())
	}
	if moderator() || !strings.Contains(out.String(), "is not a moderator") {
		t.Errorf("after --revoke: moderator %v, printed %q", moderator(), out.String())
	}
	err := run(ctx, []string{"users", "moderator", "--grant", "--log-level=error", "nobody"}, env, &out, &errOut)
	if exitCode(err) != 1 || !strings.Contains(err.Error(), `"nobody"`) {
		t.Errorf("granting to nobody: %v (exit %d), want exit 1 naming the login", err, exitCode(err))
	}
	for _, args := range [][]string{
		{"users", "moderator", "alice"},
		{"users", "moderator", "--grant", "--revoke", "alice"},
		{"users", "moderator", "--grant"},
		{"users", "nosuch"},
		{"users"},
	} {
		if err := run(ctx, args, env, &out, &errOut); exitCode(err) != 2 {
			t.Errorf("rout %s: %v (exit %d), want a usage error", strings.Join(args, " "), err, exitCode(err))
		}
	}
}

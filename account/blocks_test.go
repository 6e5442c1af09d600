package account_test

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"rout/account"
	"rout/dbtest"
)

// TestBlocks: Block is idempotent and refuses oneself and an unknown user with their codes; Blocked lists
// the blocked ids in order, Blocks answers for one pair and one direction; Unblock tells whether there was
// a block; a deleted user's blocks go with them, both ways.
func TestBlocks(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db := dbtest.Migrated(t)
	accounts := dbtest.Accounts(t, db)
	var ids []int
	for range 4 {
		ids = append(ids, int(dbtest.User(t, db, dbtest.UserOpts{})))
	}
	a, b, c, d := ids[0], ids[1], ids[2], ids[3]
	for _, blocked := range []int{d, b, d} {
		if err := accounts.Block(ctx, a, blocked); err != nil {
			t.Fatalf("a blocks %d: %v", blocked, err)
		}
	}
	if got, err := accounts.Blocked(ctx, db, a); err != nil || !slices.Equal(got, []int{b, d}) {
		t.Errorf("Blocked(a) = %v, %v; want [%d %d]", got, err, b, d)
	}
	for _, pair := range []struct {
		blocker, blocked int
		want             bool
	}{{a, b, true}, {b, a, false}, {a, c, false}, {a, d, true}} {
		if got, err := accounts.Blocks(ctx, db, pair.blocker, pair.blocked); err != nil || got != pair.want {
			t.Errorf("Blocks(%d, %d) = %v, %v; want %v", pair.blocker, pair.blocked, got, err, pair.want)
		}
	}
	code := func(err error) string {
		var r account.Refusal
		if errors.As(err, &r) && len(r) == 1 {
			return r[0].Code
		}
		return ""
	}
	if err := accounts.Block(ctx, a, a); code(err) != account.CodeCannotBlockSelf {
		t.Errorf("a blocks a: %v, want %s", err, account.CodeCannotBlockSelf)
	}
	if err := accounts.Block(ctx, a, 999999); code(err) != account.CodeNotFound {
		t.Errorf("a blocks nobody: %v, want %s", err, account.CodeNotFound)
	}
	if err := accounts.Block(ctx, 999999, a); !errors.Is(err, account.ErrNoUser) {
		t.Errorf("nobody blocks a: %v, want ErrNoUser", err)
	}
	if _, err := db.Exec(`INSERT INTO user_blocks (created_at, blocker_id, blocked_id) VALUES (now(), $1, $1)`, c); err == nil {
		t.Error("the table took a block of oneself")
	}
	for _, want := range []bool{true, false} {
		if got, err := accounts.Unblock(ctx, a, b); err != nil || got != want {
			t.Errorf("Unblock(a, b) = %v, %v; want %v", got, err, want)
		}
	}
	if err := accounts.Block(ctx, d, a); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM users WHERE id = $1`, d); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := db.QueryRow(`SELECT count(*) FROM user_blocks`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d blocks left after the user's deletion (%v), want 0", left, err)
	}
}

// TestBlockLimitUnderConcurrency: blocks sent at once never take a user past account.BlockLimit.
func TestBlockLimitUnderConcurrency(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db := dbtest.Migrated(t)
	accounts := dbtest.Accounts(t, db)
	blocker := int(dbtest.User(t, db, dbtest.UserOpts{}))
	if _, err := db.Exec(`INSERT INTO users (created_at, updated_at, name, name_key, email, password_hash)
		SELECT now(), now(), 'many' || i, 'many' || i, 'many' || i || '@example.com', 'x' FROM generate_series(1, $1) AS i`,
		account.BlockLimit+10); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO user_blocks (created_at, blocker_id, blocked_id)
		SELECT now(), $1, id FROM users WHERE name LIKE 'many%' ORDER BY id LIMIT $2`, blocker, account.BlockLimit-3); err != nil {
		t.Fatal(err)
	}
	var rest []int
	rows, err := db.Query(`SELECT id FROM users WHERE name LIKE 'many%' AND id NOT IN (SELECT blocked_id FROM user_blocks)`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		rest = append(rest, id)
	}
	rows.Close()
	var wg sync.WaitGroup
	errs := make([]error, len(rest))
	for i, id := range rest {
		wg.Go(func() { errs[i] = accounts.Block(ctx, blocker, id) })
	}
	wg.Wait()
	refused := 0
	for _, err := range errs {
		var r account.Refusal
		switch {
		case err == nil:
		case errors.As(err, &r) && r[0].Code == account.CodeBlockLimit:
			refused++
		default:
			t.Fatal(err)
		}
	}
	got, err := accounts.Blocked(ctx, nil, blocker)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != account.BlockLimit || refused != len(rest)-3 {
		t.Errorf("%d blocks, %d of %d refused; want %d blocks, %d refused", len(got), refused, len(rest), account.BlockLimit, len(rest)-3)
	}
}

// TestModerator: the role is false for a new user and for no user, and SetModerator grants and revokes
// it; UserByLogin finds a user by name or address as sign-in does.
func TestModerator(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db := dbtest.Migrated(t)
	accounts := dbtest.Accounts(t, db)
	id := int(dbtest.User(t, db, dbtest.UserOpts{Name: "Mira", Email: "mira@example.com"}))
	check := func(want bool) {
		t.Helper()
		if got, err := accounts.Moderator(ctx, db, id); err != nil || got != want {
			t.Errorf("Moderator = %v, %v; want %v", got, err, want)
		}
	}
	check(false)
	for _, want := range []bool{true, true, false} {
		u, err := accounts.SetModerator(ctx, id, want)
		if err != nil || u.Moderator != want {
			t.Fatalf("SetModerator(%v) = %+v, %v", want, u, err)
		}
		check(want)
	}
	if _, err := accounts.SetModerator(ctx, 999999, true); !errors.Is(err, account.ErrNoUser) {
		t.Errorf("SetModerator of nobody: %v, want ErrNoUser", err)
	}
	if ok, err := accounts.Moderator(ctx, db, 999999); err != nil || ok {
		t.Errorf("Moderator of nobody = %v, %v; want false", ok, err)
	}
	for _, login := range []string{"mira", "MIRA", " Mira@Example.com "} {
		if u, err := accounts.UserByLogin(ctx, login); err != nil || u == nil || u.ID != id {
			t.Errorf("UserByLogin(%q) = %v, %v; want user %d", login, u, err, id)
		}
	}
	if u, err := accounts.UserByLogin(ctx, "nobody"); err != nil || u != nil {
		t.Errorf("UserByLogin(nobody) = %v, %v; want none", u, err)
	}
}

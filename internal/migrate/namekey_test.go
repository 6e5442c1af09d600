package migrate_test

import (
	"log/slog"
	"testing"

	"rout/account/username"
	"rout/dbtest"
	"rout/internal/migrate"
)

// TestNameKeyBackfill migrates a database whose users predate the name key: every user gets the key of
// its name (in SQL for printable ASCII, in Go for the rest); of names that read alike an ASCII one
// keeps the key, else the oldest; and the unique index holds.
func TestNameKeyBackfill(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db := dbtest.Open(t)
	ms := mustMigrations(t)
	if _, err := db.ExecContext(ctx, `CREATE TABLE `+migrate.Table+` (version text PRIMARY KEY, name text NOT NULL,
		applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Name == "user_name_key" {
			break
		}
		if _, err := db.ExecContext(ctx, m.SQL); err != nil {
			t.Fatalf("migration %s: %v", m.Name, err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO `+migrate.Table+` (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
			t.Fatal(err)
		}
	}
	// Names the old rules let in, oldest first.
	names := []string{
		"Alice",           // ASCII: key in SQL
		"alice",           // the same but for case: no key
		"Ann Lee",         // words
		"Zoë",             // beyond ASCII: key in Go
		"ｂｏｂ",             // fullwidth: reads like bob, which SQL keys first: no key
		"bob",             // ASCII: keeps its key though younger
		"рор",             // Cyrillic: key pop
		"val27421\u200b",  // refused by the rule now: its lower case
		"VAL27421\u200b",  // and again, but for case: no key
		"Dave\u2003Smith", // an em space: refused now, lower case
	}
	for i, name := range names {
		if _, err := db.ExecContext(ctx, `INSERT INTO users (created_at, updated_at, name, email, password_hash)
			VALUES (now(), now(), $1, $2, '-')`, name, "u"+string(rune('a'+i))+"@example.com"); err != nil {
			t.Fatalf("inserting %q: %v", name, err)
		}
	}
	if err := migrate.Up(ctx, db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatalf("Up() error = %v", err)
	}
	want := map[string]string{
		"Alice": "alice", "Ann Lee": "ann lee", "Zoë": "zoë", "bob": "bob", "рор": "pop",
		"val27421\u200b": "val27421\u200b", "Dave\u2003Smith": "dave\u2003smith",
		"alice": "", "ｂｏｂ": "", "VAL27421\u200b": "",
	}
	rows, err := db.QueryContext(ctx, `SELECT name, name_key FROM users ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, key string
		if err := rows.Scan(&name, &key); err != nil {
			t.Fatal(err)
		}
		w := want[name]
		if w == "" {
			if key == "" || key[0] != 1 {
				t.Errorf("user %q: key %q, want the placeholder (another name reads the same)", name, key)
			}
			continue
		}
		if key != w {
			t.Errorf("user %q: key %q, want %q", name, key, w)
		}
		if k, err := username.Key(name); err == nil && k != key {
			t.Errorf("user %q: key %q, but username.Key gives %q", name, key, k)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// A user written by hand (without Ent's hook) gets a placeholder, unique, and the next Up keys it.
	if _, err := db.ExecContext(ctx, `INSERT INTO users (created_at, updated_at, name, email, password_hash)
		VALUES (now(), now(), 'Ωmega', 'o@example.com', '-'), (now(), now(), 'kim', 'k@example.com', '-')`); err != nil {
		t.Fatal(err)
	}
	if err := migrate.Up(ctx, db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatalf("Up() again: %v", err)
	}
	if n := countRows(t, db, `SELECT count(*) FROM users WHERE name_key IN ('ωmega', 'kim')`); n != 2 {
		t.Errorf("%d of the hand-written users got their key, want 2", n)
	}
}

package migrate_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	atlasmigrate "ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/schema"
	_ "github.com/lib/pq"

	"rout/dbtest"
	entmigrate "rout/ent/migrate"
	"rout/internal/migrate"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// countHandler is a slog.Handler that counts the records with each message.
type countHandler struct {
	mu     sync.Mutex
	counts map[string]int
}

func (h *countHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *countHandler) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h *countHandler) WithGroup(string) slog.Handler            { return h }

func (h *countHandler) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.counts == nil {
		h.counts = make(map[string]int)
	}
	h.counts[r.Message]++
	return nil
}

func (h *countHandler) count(suffix string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for msg, c := range h.counts {
		if strings.HasSuffix(msg, suffix) {
			n += c
		}
	}
	return n
}

// Log messages of applied migrations: Rout's, and River's ("River migrator: Applied migration").
const (
	routApplied  = "applied migration"
	riverApplied = "Applied migration"
)

func mustMigrations(t *testing.T) []migrate.Migration {
	t.Helper()
	ms, err := migrate.Migrations()
	if err != nil {
		t.Fatalf("Migrations() error = %v", err)
	}
	return ms
}

func tables(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)
	if err != nil {
		t.Fatalf("listing tables: %v", err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatalf("listing tables: %v", err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("listing tables: %v", err)
	}
	return names
}

func countRows(t *testing.T, db *sql.DB, query string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestMigrations(t *testing.T) {
	t.Parallel()
	ms := mustMigrations(t)
	if len(ms) == 0 {
		t.Fatalf("Migrations() returned none")
	}
	valid := regexp.MustCompile(`^[0-9]{14}$`)
	for i, m := range ms {
		if !valid.MatchString(m.Version) {
			t.Errorf("migration %d version = %q, want a 14-digit UTC timestamp", i, m.Version)
		}
		if i > 0 && m.Version <= ms[i-1].Version {
			t.Errorf("migration %s_%s comes after %s_%s", m.Version, m.Name, ms[i-1].Version, ms[i-1].Name)
		}
		if strings.TrimSpace(m.SQL) == "" {
			t.Errorf("migration %s_%s is empty", m.Version, m.Name)
		}
	}
}

// TestMigrationsSum fails when a migration file was changed, added or removed without updating atlas.sum
// (go run ./internal/migrate/cmd/diff -hash).
func TestMigrationsSum(t *testing.T) {
	t.Parallel()
	dir, err := atlasmigrate.NewLocalDir("migrations")
	if err != nil {
		t.Fatalf("NewLocalDir() error = %v", err)
	}
	if err := atlasmigrate.Validate(dir); err != nil {
		t.Fatalf("atlas.sum does not match the migration files (run go run ./internal/migrate/cmd/diff -hash): %v", err)
	}
}

func TestUp(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db := dbtest.Open(t)
	logs := &countHandler{}
	if err := migrate.Up(ctx, db, slog.New(logs)); err != nil {
		t.Fatalf("Up() error = %v", err)
	}
	got := tables(t, db)
	for _, want := range []string{
		"users", "tokens", "maps", "games", "players", "territories", "cards", "events", "command_keys",
		migrate.Table, "river_job", "river_migration",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("tables after Up() = %v, want %q among them", got, want)
		}
	}
	ms := mustMigrations(t)
	if n := countRows(t, db, `SELECT count(*) FROM `+migrate.Table); n != len(ms) {
		t.Errorf("%s has %d rows, want %d", migrate.Table, n, len(ms))
	}
	if n := logs.count(routApplied); n != len(ms) {
		t.Errorf("Up() logged %d applied migrations, want %d", n, len(ms))
	}
	if n := logs.count(riverApplied); n == 0 {
		t.Errorf("Up() logged no River migration")
	}

	// A second run changes nothing.
	logs2 := &countHandler{}
	if err := migrate.Up(ctx, db, slog.New(logs2)); err != nil {
		t.Fatalf("second Up() error = %v", err)
	}
	if n := logs2.count(routApplied) + logs2.count(riverApplied); n != 0 {
		t.Errorf("second Up() applied %d migrations, want 0", n)
	}
	if n := countRows(t, db, `SELECT count(*) FROM `+migrate.Table); n != len(ms) {
		t.Errorf("%s has %d rows after the second Up(), want %d", migrate.Table, n, len(ms))
	}
	if got2 := tables(t, db); !slices.Equal(got2, got) {
		t.Errorf("tables after the second Up() = %v, want %v", got2, got)
	}

	// A migration from a newer binary is reported, not an error.
	if _, err := db.Exec(`INSERT INTO ` + migrate.Table + ` (version, name) VALUES ('99991231235959', 'future')`); err != nil {
		t.Fatalf("recording a future migration: %v", err)
	}
	logs3 := &countHandler{}
	if err := migrate.Up(ctx, db, slog.New(logs3)); err != nil {
		t.Fatalf("Up() with a future migration recorded: error = %v", err)
	}
	if n := logs3.count("does not know"); n != 1 {
		t.Errorf("Up() with a future migration recorded logged %d warnings about it, want 1", n)
	}
	if n := countRows(t, db, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`); n != 0 {
		t.Errorf("%d advisory locks held after Up(), want 0", n)
	}
}

func TestUpConcurrent(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	url := dbtest.URL(t)
	const procs = 8
	logs := &countHandler{}
	var wg sync.WaitGroup
	var failed atomic.Int32
	for i := range procs {
		// Separate pools, as separate replicas would have.
		db, err := sql.Open("postgres", url)
		if err != nil {
			t.Fatalf("sql.Open() error = %v", err)
		}
		t.Cleanup(func() { db.Close() })
		wg.Go(func() {
			if err := migrate.Up(ctx, db, slog.New(logs).With("proc", i)); err != nil {
				failed.Add(1)
				t.Errorf("Up() in process %d error = %v", i, err)
			}
		})
	}
	wg.Wait()
	if failed.Load() > 0 {
		return
	}
	db, err := sql.Open("postgres", url)
	if err != nil {
		t.Fatalf("sql.Open() error = %v", err)
	}
	defer db.Close()
	ms := mustMigrations(t)
	if n := logs.count(routApplied); n != len(ms) {
		t.Errorf("%d concurrent Up() calls applied %d migrations in all, want each of the %d once", procs, n, len(ms))
	}
	if n := countRows(t, db, `SELECT count(*) FROM `+migrate.Table); n != len(ms) {
		t.Errorf("%s has %d rows, want %d", migrate.Table, n, len(ms))
	}
	riverApplied := logs.count(riverApplied)
	if n := countRows(t, db, `SELECT count(*) FROM river_migration`); n != riverApplied {
		t.Errorf("river_migration has %d rows, but %d River migrations were applied", n, riverApplied)
	}
}

// TestUpWaitsForLock checks that Up waits while another session holds the lock, gives up with its context,
// and leaves nothing applied behind.
func TestUpWaitsForLock(t *testing.T) {
	t.Parallel()
	db := dbtest.Open(t)
	holder, err := db.Conn(t.Context())
	if err != nil {
		t.Fatalf("Conn() error = %v", err)
	}
	defer holder.Close()
	if _, err := holder.ExecContext(t.Context(), `SELECT pg_advisory_lock($1)`, migrate.LockKey); err != nil {
		t.Fatalf("pg_advisory_lock error = %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	err = migrate.Up(ctx, db, slog.New(slog.DiscardHandler))
	if err == nil {
		t.Fatalf("Up() while the lock is held elsewhere: error = nil, want one")
	}
	// The error says what was being done: waiting for the lock (or, on a slow machine, for a connection).
	if msg := err.Error(); !strings.HasPrefix(msg, fmt.Sprintf("error taking the migration lock %d: ", migrate.LockKey)) &&
		!strings.HasPrefix(msg, "error taking a connection for the migrations: ") {
		t.Errorf("Up() while the lock is held elsewhere: error %q, want one about taking the migration lock", msg)
	}
	if slices.Contains(tables(t, db), "users") {
		t.Errorf("Up() created tables without holding the lock")
	}
	if _, err := holder.ExecContext(t.Context(), `SELECT pg_advisory_unlock($1)`, migrate.LockKey); err != nil {
		t.Fatalf("pg_advisory_unlock error = %v", err)
	}
	if err := migrate.Up(t.Context(), db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatalf("Up() after the lock was released error = %v", err)
	}
}

// schemaDiff returns the statements that would bring db to the Ent schema, dropped columns and indexes
// included; none when the database matches.
func schemaDiff(t *testing.T, db *sql.DB) string {
	t.Helper()
	dir := &atlasmigrate.MemDir{}
	err := entmigrate.NewSchema(entsql.OpenDB(dialect.Postgres, db)).NamedDiff(t.Context(), "check",
		schema.WithDir(dir),
		schema.WithMigrationMode(schema.ModeInspect),
		schema.WithFormatter(atlasmigrate.DefaultFormatter),
		schema.WithDropColumn(true),
		schema.WithDropIndex(true),
		schema.WithErrNoPlan(true),
	)
	if errors.Is(err, atlasmigrate.ErrNoPlan) {
		return ""
	}
	if err != nil {
		t.Fatalf("NamedDiff() error = %v", err)
	}
	files, err := dir.Files()
	if err != nil {
		t.Fatalf("Files() error = %v", err)
	}
	var b strings.Builder
	for _, f := range files {
		b.Write(f.Bytes())
	}
	return b.String()
}

// TestSchemaMatchesEnt fails when the Ent schema was changed without adding a migration
// (make migration NAME=...).
func TestSchemaMatchesEnt(t *testing.T) {
	t.Parallel()
	db := dbtest.Open(t)
	if err := migrate.Up(t.Context(), db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatalf("Up() error = %v", err)
	}
	if diff := schemaDiff(t, db); diff != "" {
		t.Fatalf("the migrations do not build the Ent schema: run make migration NAME=... to add these changes:\n%s", diff)
	}

	// The check sees a difference when there is one.
	if _, err := db.Exec(`ALTER TABLE games DROP COLUMN phase; DROP INDEX game_turn_deadline; ALTER TABLE players ADD COLUMN extra int`); err != nil {
		t.Fatalf("changing the schema: %v", err)
	}
	diff := schemaDiff(t, db)
	for _, want := range []string{`"phase"`, `"game_turn_deadline"`, `"extra"`} {
		if !strings.Contains(diff, want) {
			t.Errorf("schema diff after changes = %q, want it to mention %s", diff, want)
		}
	}
}

// TestIndexes checks the indexes the queries rely on.
func TestIndexes(t *testing.T) {
	t.Parallel()
	db := dbtest.Open(t)
	if err := migrate.Up(t.Context(), db, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatalf("Up() error = %v", err)
	}
	rows, err := db.Query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()`)
	if err != nil {
		t.Fatalf("reading pg_indexes: %v", err)
	}
	defer rows.Close()
	defs := make(map[string]string)
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			t.Fatalf("reading pg_indexes: %v", err)
		}
		defs[name] = def
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("reading pg_indexes: %v", err)
	}
	for _, want := range []struct{ name, def string }{
		{"users_name_key", "CREATE UNIQUE INDEX users_name_key ON public.users USING btree (name)"},
		{"users_email_key", "CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email)"},
		{"tokens_hash_key", "CREATE UNIQUE INDEX tokens_hash_key ON public.tokens USING btree (hash)"},
		{"gamemap_key_version", "CREATE UNIQUE INDEX gamemap_key_version ON public.maps USING btree (key, version)"},
		{"game_status", "CREATE INDEX game_status ON public.games USING btree (status)"},
		{"game_turn_deadline", "CREATE INDEX game_turn_deadline ON public.games USING btree (turn_deadline) WHERE ((status)::text = 'active'::text)"},
		{"game_turn_user_id", "CREATE INDEX game_turn_user_id ON public.games USING btree (turn_user_id) WHERE ((status)::text = 'active'::text)"},
		{"game_creator_id", "CREATE INDEX game_creator_id ON public.games USING btree (creator_id)"},
		{"games_invite_code_key", "CREATE UNIQUE INDEX games_invite_code_key ON public.games USING btree (invite_code)"},
		{"player_game_id_seat", "CREATE UNIQUE INDEX player_game_id_seat ON public.players USING btree (game_id, seat)"},
		{"player_user_id", "CREATE INDEX player_user_id ON public.players USING btree (user_id)"},
		{"territory_game_id_idx", "CREATE UNIQUE INDEX territory_game_id_idx ON public.territories USING btree (game_id, idx)"},
		{"card_game_id_idx", "CREATE UNIQUE INDEX card_game_id_idx ON public.cards USING btree (game_id, idx)"},
		{"card_game_id_holder_seat", "CREATE INDEX card_game_id_holder_seat ON public.cards USING btree (game_id, holder_seat)"},
		{"event_game_id_seq", "CREATE UNIQUE INDEX event_game_id_seq ON public.events USING btree (game_id, seq)"},
		{"notification_sends_user_id_sent_at", "CREATE INDEX notification_sends_user_id_sent_at ON public.notification_sends USING btree (user_id, sent_at)"},
		{"notification_sends_sent_at", "CREATE INDEX notification_sends_sent_at ON public.notification_sends USING btree (sent_at)"},
		{"commandkey_game_id_user_id_key", "CREATE UNIQUE INDEX commandkey_game_id_user_id_key ON public.command_keys USING btree (game_id, user_id, key)"},
		{"push_subscriptions_endpoint_key", "CREATE UNIQUE INDEX push_subscriptions_endpoint_key ON public.push_subscriptions USING btree (endpoint)"},
		{"pushsubscription_user_id_created_at", "CREATE INDEX pushsubscription_user_id_created_at ON public.push_subscriptions USING btree (user_id, created_at)"},
		{"rating_user_id_mode_family", "CREATE UNIQUE INDEX rating_user_id_mode_family ON public.ratings USING btree (user_id, mode, family)"},
		{"rating_mode_family_public_rating_ordinal_user_id", "CREATE INDEX rating_mode_family_public_rating_ordinal_user_id ON public.ratings USING btree (mode, family, public_rating DESC, ordinal DESC, user_id) WHERE (season_games > 0)"},
		{"ratingcount_mode_family_public_rating", "CREATE UNIQUE INDEX ratingcount_mode_family_public_rating ON public.rating_counts USING btree (mode, family, public_rating)"},
		{"ratingchange_game_id_user_id_family", "CREATE UNIQUE INDEX ratingchange_game_id_user_id_family ON public.rating_changes USING btree (game_id, user_id, family)"},
		{"ratingreversal_game_id", "CREATE UNIQUE INDEX ratingreversal_game_id ON public.rating_reversals USING btree (game_id)"},
		{"season_number", "CREATE UNIQUE INDEX season_number ON public.seasons USING btree (number)"},
		{"seasonstanding_season_mode_family_rank", "CREATE UNIQUE INDEX seasonstanding_season_mode_family_rank ON public.season_standings USING btree (season, mode, family, rank)"},
		{"seasonstanding_season_mode_family_user_id", "CREATE UNIQUE INDEX seasonstanding_season_mode_family_user_id ON public.season_standings USING btree (season, mode, family, user_id)"},
		{"ratingchange_user_id_created_at", "CREATE INDEX ratingchange_user_id_created_at ON public.rating_changes USING btree (user_id, created_at)"},
		{"gamewatcher_game_id", "CREATE INDEX gamewatcher_game_id ON public.game_watchers USING btree (game_id)"},
		{"gamewatcher_expires_at", "CREATE INDEX gamewatcher_expires_at ON public.game_watchers USING btree (expires_at)"},
	} {
		if got, ok := defs[want.name]; !ok {
			t.Errorf("index %s is missing", want.name)
		} else if got != want.def {
			t.Errorf("index %s = %q, want %q", want.name, got, want.def)
		}
	}
}

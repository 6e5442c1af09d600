package migrate

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"

	"rout/account/username"
)

// LockKey is the key of the PostgreSQL advisory lock that Up holds while it migrates: the bytes of the
// ASCII text "rout_mig" read as a big-endian int64. Nothing else may take an advisory lock with this key.
const LockKey int64 = 0x726f75745f6d6967

// Table is the table that records which of Rout's migrations have been applied.
const Table = "rout_schema_migrations"

// unlockTimeout bounds the release of the lock, which runs even when Up's context is cancelled.
const unlockTimeout = 10 * time.Second

//go:embed migrations
var embedded embed.FS

// FS returns the embedded migration files: migrations/<version>_<name>.sql, and migrations/atlas.sum.
func FS() fs.FS { return embedded }

// Migration is one of Rout's embedded migrations.
type Migration struct {
	// Version orders the migrations: the UTC timestamp (YYYYMMDDhhmmss) the file was created at.
	Version string
	// Name says what the migration does, such as "init".
	Name string
	// SQL is the statements to run, in one transaction.
	SQL string
}

var fileName = regexp.MustCompile(`^([0-9]+)_([a-z0-9_]+)\.sql$`)

// Migrations returns Rout's embedded migrations in the order they apply.
func Migrations() ([]Migration, error) {
	entries, err := fs.ReadDir(embedded, "migrations")
	if err != nil {
		return nil, fmt.Errorf("error reading the migrations folder: %w", err)
	}
	var out []Migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		m := fileName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migration file %q is not named <version>_<name>.sql", e.Name())
		}
		b, err := fs.ReadFile(embedded, path.Join("migrations", e.Name()))
		if err != nil {
			return nil, fmt.Errorf("error reading migration %s: %w", e.Name(), err)
		}
		out = append(out, Migration{Version: m[1], Name: m[2], SQL: string(b)})
	}
	slices.SortFunc(out, func(a, b Migration) int {
		// Versions are numbers: a longer one is larger.
		if c := len(a.Version) - len(b.Version); c != 0 {
			return c
		}
		return strings.Compare(a.Version, b.Version)
	})
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("migrations %s_%s and %s_%s have the same version",
				out[i-1].Version, out[i-1].Name, out[i].Version, out[i].Name)
		}
	}
	return out, nil
}

// Up applies the embedded migrations that db has not seen yet, then River's, while holding the advisory
// lock LockKey. It is idempotent, and any number of processes may call it at once: they migrate one at a
// time and the later ones find nothing to do. logger (nil for none) receives one record per applied
// migration.
func Up(ctx context.Context, db *sql.DB, logger *slog.Logger) (err error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	migrations, err := Migrations()
	if err != nil {
		return err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("error taking a connection for the migrations: %w", err)
	}
	defer func() {
		if cerr := conn.Close(); cerr != nil && !errors.Is(cerr, sql.ErrConnDone) {
			err = errors.Join(err, fmt.Errorf("error closing the migration connection: %w", cerr))
		}
	}()

	start := time.Now()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", LockKey); err != nil {
		// The wait may have been cancelled just as the lock was granted: end the session to be sure.
		discard(conn)
		return fmt.Errorf("error taking the migration lock %d: %w", LockKey, err)
	}
	logger.DebugContext(ctx, "migration lock held", slog.Duration("waited", time.Since(start)))
	defer func() {
		if uerr := unlock(ctx, conn); uerr != nil {
			err = errors.Join(err, uerr)
		}
	}()

	if err := upRout(ctx, conn, migrations, logger); err != nil {
		return err
	}
	if err := backfillNameKeys(ctx, conn, logger); err != nil {
		return err
	}
	return upRiver(ctx, db, logger)
}

// backfillNameKeys sets the key (username.Key) of the users whose row holds the placeholder the
// user_name_key migration left, which SQL could not work out: names with characters beyond printable
// ASCII, and names equal but for case to an older one. A name the rule refuses (one accepted before
// it) gets its lower case as key. When another user holds the key already (an ASCII name, keyed by the
// migration, or an older one) the placeholder stays: that user's name reads like the other's, so it is
// the one left without a key (it can still sign in with its email, and by its exact name). It runs with
// the migration lock held, after every migration; with no placeholder left it costs one scan of users.
func backfillNameKeys(ctx context.Context, conn *sql.Conn, logger *slog.Logger) error {
	rows, err := conn.QueryContext(ctx, `SELECT "id", "name" FROM "users" WHERE left("name_key", 1) = chr(1) ORDER BY "id"`)
	if err != nil {
		return fmt.Errorf("error reading the users without a name key: %w", err)
	}
	type row struct {
		id   int64
		name string
	}
	var pending []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.name); err != nil {
			rows.Close()
			return fmt.Errorf("error reading the users without a name key: %w", err)
		}
		pending = append(pending, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("error reading the users without a name key: %w", err)
	}
	set := 0
	for _, r := range pending {
		key, err := username.Key(r.name)
		if err != nil {
			key = strings.ToLower(r.name)
		}
		res, err := conn.ExecContext(ctx, `UPDATE "users" SET "name_key" = $1 WHERE "id" = $2
			AND NOT EXISTS (SELECT 1 FROM "users" WHERE "name_key" = $1)`, key, r.id)
		if err != nil {
			return fmt.Errorf("error setting the name key of user %d: %w", r.id, err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			set++
		} else {
			logger.WarnContext(ctx, "user name reads like another's: left without a name key",
				slog.Int64("user_id", r.id))
		}
	}
	if len(pending) > 0 {
		logger.InfoContext(ctx, "set name keys", slog.Int("set", set), slog.Int("left", len(pending)-set))
	}
	return nil
}

// unlock releases the advisory lock. When that fails the connection is discarded rather than returned to
// the pool, since the server releases a session's locks when the session ends.
func unlock(ctx context.Context, conn *sql.Conn) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), unlockTimeout)
	defer cancel()
	var released bool
	err := conn.QueryRowContext(ctx, "SELECT pg_advisory_unlock($1)", LockKey).Scan(&released)
	if err == nil && released {
		return nil
	}
	discard(conn)
	if err != nil {
		return fmt.Errorf("error releasing the migration lock %d: %w", LockKey, err)
	}
	return fmt.Errorf("error releasing the migration lock %d: the session did not hold it", LockKey)
}

// upRout applies Rout's pending migrations on conn, which holds the lock.
func upRout(ctx context.Context, conn *sql.Conn, migrations []Migration, logger *slog.Logger) error {
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+Table+` (
	version text PRIMARY KEY,
	name text NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now()
)`); err != nil {
		return fmt.Errorf("error creating the %s table: %w", Table, err)
	}
	applied, err := appliedVersions(ctx, conn)
	if err != nil {
		return err
	}
	for v := range applied {
		if !slices.ContainsFunc(migrations, func(m Migration) bool { return m.Version == v }) {
			// A newer binary migrated this database (a rollback, or a rolling deploy). Refusing to start
			// would not undo it; say so and carry on.
			logger.WarnContext(ctx, "database has a migration this binary does not know", slog.String("version", v))
		}
	}
	for _, m := range migrations {
		if applied[m.Version] {
			continue
		}
		start := time.Now()
		if err := apply(ctx, conn, m); err != nil {
			return err
		}
		logger.InfoContext(ctx, "applied migration",
			slog.String("version", m.Version),
			slog.String("name", m.Name),
			slog.Duration("duration", time.Since(start)))
	}
	return nil
}

func appliedVersions(ctx context.Context, conn *sql.Conn) (map[string]bool, error) {
	rows, err := conn.QueryContext(ctx, `SELECT version FROM `+Table)
	if err != nil {
		return nil, fmt.Errorf("error reading the applied migrations from %s: %w", Table, err)
	}
	defer rows.Close()
	applied := make(map[string]bool)
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("error reading the applied migrations from %s: %w", Table, err)
		}
		applied[v] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the applied migrations from %s: %w", Table, err)
	}
	return applied, nil
}

// apply runs one migration and records it, in one transaction.
func apply(ctx context.Context, conn *sql.Conn, m Migration) (err error) {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("error beginning migration %s_%s: %w", m.Version, m.Name, err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	// Without arguments lib/pq sends the file as one simple query, which may hold several statements.
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return fmt.Errorf("error running migration %s_%s: %w", m.Version, m.Name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO `+Table+` (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
		return fmt.Errorf("error recording migration %s_%s: %w", m.Version, m.Name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("error committing migration %s_%s: %w", m.Version, m.Name, err)
	}
	return nil
}

// upRiver applies River's pending migrations.
func upRiver(ctx context.Context, db *sql.DB, logger *slog.Logger) error {
	migrator, err := rivermigrate.New(riverdatabasesql.New(db), &rivermigrate.Config{Logger: logger})
	if err != nil {
		return fmt.Errorf("error setting up River's migrator: %w", err)
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("error running River's migrations: %w", err)
	}
	return nil
}

// discard closes conn's session instead of returning it to the pool, which releases any lock it holds.
func discard(conn *sql.Conn) {
	_ = conn.Raw(func(any) error { return driver.ErrBadConn })
}

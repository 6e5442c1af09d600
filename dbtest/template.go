package dbtest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"runtime/debug"
	"sort"
	"testing"
	"time"

	"github.com/lib/pq"

	"rout/internal/migrate"
)

// templateLockKey is the advisory lock (in the server's maintenance database) held while a test binary
// looks for or builds the migrated template, so that test binaries running at once build it only once.
const templateLockKey int64 = 0x64627465_73746d70 // "dbtestmp"

// template is this binary's migrated template database, made on first use.
var template struct {
	done bool
	name string
	err  error
}

// MigratedURL creates a new database for the test holding Rout's and River's schema, migrated to this
// binary's migrations, and returns its connection string. It is a copy (CREATE DATABASE ... TEMPLATE)
// of a template migrated once per set of migrations (see the package documentation), so it costs about
// what an empty database costs. Like URL it is dropped when the test ends. Safe for parallel tests.
func MigratedURL(t testing.TB) string {
	t.Helper()
	return create(t, migratedTemplate(t))
}

// Migrated is MigratedURL returning an open connection pool that has answered a ping, closed when the
// test ends.
func Migrated(t testing.TB) *sql.DB {
	t.Helper()
	return OpenURL(t, MigratedURL(t))
}

// migratedTemplate returns the name of the migrated template, finding or building it on first use.
func migratedTemplate(t testing.TB) string {
	t.Helper()
	srv := sharedServer(t)
	shared.Lock()
	defer shared.Unlock()
	if !template.done {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		template.name, template.err = buildTemplate(ctx, srv)
		template.done = true
	}
	if template.err != nil {
		t.Fatalf("dbtest: %v", template.err)
	}
	return template.name
}

// migrationsHash returns a hash of what makes up the schema: the embedded migrations and the version
// of River (whose migrations the module carries).
func migrationsHash() (string, error) {
	h := sha256.New()
	fsys := migrate.FS()
	var paths []string
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("error listing the migrations: %w", err)
	}
	sort.Strings(paths)
	for _, path := range paths {
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return "", fmt.Errorf("error reading migration %s: %w", path, err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/riverqueue/river" {
				fmt.Fprintf(h, "river\x00%s\x00", dep.Version)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// buildTemplate returns the name of the template for this binary's migrations, building it when the
// server does not have it yet. It holds templateLockKey meanwhile. The template is built under another
// name and renamed only once migrated, so one that a killed binary left half-built is never cloned.
// Nothing keeps a connection to the template: PostgreSQL copies a database only while nobody else is
// connected to it.
func buildTemplate(ctx context.Context, srv *server) (name string, err error) {
	hash, err := migrationsHash()
	if err != nil {
		return "", err
	}
	name = "dbtest_template_" + hash
	building := name + "_building"

	conn, err := srv.admin.Conn(ctx)
	if err != nil {
		return "", fmt.Errorf("error connecting to %s: %w", srv.source, err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", templateLockKey); err != nil {
		return "", fmt.Errorf("error taking the template lock on %s: %w", srv.source, err)
	}
	defer func() {
		if _, uerr := conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", templateLockKey); uerr != nil && err == nil {
			err = fmt.Errorf("error releasing the template lock on %s: %w", srv.source, uerr)
		}
	}()

	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", fmt.Errorf("error looking for the template database %s: %w", name, err)
	}
	if exists {
		return name, nil
	}
	if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(building)+" WITH (FORCE)"); err != nil {
		return "", fmt.Errorf("error dropping a half-built template %s: %w", building, err)
	}
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(building)+" TEMPLATE template0"); err != nil {
		return "", fmt.Errorf("error creating the template database %s: %w", building, err)
	}
	if err := migrateDatabase(ctx, srv, building); err != nil {
		_, _ = conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(building)+" WITH (FORCE)")
		return "", err
	}
	// RENAME waits (a few seconds) for the migration's sessions to end, like CREATE DATABASE ... TEMPLATE.
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+pq.QuoteIdentifier(building)+" RENAME TO "+pq.QuoteIdentifier(name)); err != nil {
		return "", fmt.Errorf("error naming the template database %s: %w", name, err)
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+pq.QuoteIdentifier(name)+" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false"); err != nil {
		return "", fmt.Errorf("error marking %s as a template: %w", name, err)
	}
	return name, nil
}

// migrateDatabase runs Rout's and River's migrations in the database name, closing every connection it
// opened before it returns.
func migrateDatabase(ctx context.Context, srv *server, name string) error {
	dsn, err := withDatabase(srv.dsn, name)
	if err != nil {
		return err
	}
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return fmt.Errorf("error connecting to the template database %s: %w", name, err)
	}
	defer db.Close()
	if err := migrate.Up(ctx, db, nil); err != nil {
		return fmt.Errorf("error migrating the template database %s: %w", name, err)
	}
	return nil
}

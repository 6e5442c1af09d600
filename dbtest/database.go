package dbtest

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/lib/pq"
)

// maxNameLen is PostgreSQL's limit on identifiers, in bytes.
const maxNameLen = 63

// URL creates a new, empty database for the test and returns its connection string (in the form of
// the server's: a postgres:// URL or lib/pq key=value pairs). The database is dropped when the test and
// its subtests have finished, ending any connection still open to it. It fails the test when no server
// can be found or started (see the package documentation). Safe for parallel tests.
func URL(t testing.TB) string {
	t.Helper()
	return create(t, "template0")
}

// create creates a database for the test as a copy of the database template, drops it in the test's
// cleanup, and returns its connection string.
func create(t testing.TB, template string) string {
	t.Helper()
	srv := sharedServer(t)
	name := databaseName(t.Name(), fmt.Sprintf("%08x", rand.Uint32()))
	quoted := pq.QuoteIdentifier(name)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if _, err := srv.admin.ExecContext(ctx, "CREATE DATABASE "+quoted+" TEMPLATE "+pq.QuoteIdentifier(template)); err != nil {
		t.Fatalf("dbtest: error creating database %s on %s: %v", name, srv.source, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := srv.admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+quoted+" WITH (FORCE)"); err != nil {
			t.Errorf("dbtest: error dropping database %s on %s: %v", name, srv.source, err)
		}
	})
	dsn, err := withDatabase(srv.dsn, name)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	return dsn
}

// Open creates a new, empty database for the test like URL and returns a connection pool to it that
// has answered a ping. The pool is closed when the test ends, before the database is dropped.
func Open(t testing.TB) *sql.DB {
	t.Helper()
	return OpenURL(t, URL(t))
}

// OpenURL returns a connection pool to the database at dsn (from URL or MigratedURL, for a test that
// needs both) that has answered a ping, closed when the test ends, before the database is dropped.
func OpenURL(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		t.Fatalf("dbtest: error opening the test database: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		t.Fatalf("dbtest: error connecting to the test database: %v", err)
	}
	return db
}

// databaseName returns the name of a test's database: dbtest_, the test name in lower case with every
// run of other characters than letters and digits as one underscore, cut to fit, and the suffix.
func databaseName(testName, suffix string) string {
	var b strings.Builder
	b.WriteString("dbtest_")
	underscore := true
	for _, r := range strings.ToLower(testName) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			underscore = false
		} else if !underscore {
			b.WriteByte('_')
			underscore = true
		}
	}
	name := strings.TrimSuffix(b.String(), "_")
	if room := maxNameLen - len(suffix) - 1; len(name) > room {
		name = strings.TrimSuffix(name[:room], "_")
	}
	return name + "_" + suffix
}

// withDatabase returns the connection string dsn with its database replaced by name. dsn is a
// postgres:// or postgresql:// URL, or lib/pq key=value pairs (where a later key wins).
func withDatabase(dsn, name string) (string, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return "", fmt.Errorf("error parsing the server's URL: %w", err)
		}
		u.Path, u.RawPath = "/"+name, ""
		q := u.Query()
		if q.Has("dbname") {
			q.Del("dbname")
			u.RawQuery = q.Encode()
		}
		return u.String(), nil
	}
	return strings.TrimSpace(dsn) + " dbname=" + name, nil
}

// Listen returns a listener on the database at dsn (from URL or MigratedURL) that listens on channel,
// closed when the test ends.
func Listen(t testing.TB, dsn, channel string) *pq.Listener {
	t.Helper()
	l := pq.NewListener(dsn, 10*time.Millisecond, time.Second, nil)
	t.Cleanup(func() { l.Close() })
	if err := l.Listen(channel); err != nil {
		t.Fatalf("dbtest: error listening on %s: %v", channel, err)
	}
	return l
}

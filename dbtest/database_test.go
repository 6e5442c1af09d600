package dbtest

import (
	"database/sql"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestMain(m *testing.M) { Main(m) }

// databaseExists reports whether the server has a database of that name.
func databaseExists(t *testing.T, name string) bool {
	t.Helper()
	var exists bool
	err := sharedServer(t).admin.QueryRowContext(t.Context(),
		"SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists)
	if err != nil {
		t.Fatalf("error looking up database %s: %v", name, err)
	}
	return exists
}

// userTables counts the tables, views and sequences outside PostgreSQL's own schemas.
func userTables(t *testing.T, db *sql.DB) int {
	t.Helper()
	var n int
	err := db.QueryRowContext(t.Context(), `
		SELECT count(*) FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
		WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%'`).Scan(&n)
	if err != nil {
		t.Fatalf("error counting tables: %v", err)
	}
	return n
}

func TestOpenGivesEachTestItsOwnEmptyDatabase(t *testing.T) {
	t.Parallel()
	var (
		mu    sync.Mutex
		names []string
	)
	t.Run("group", func(t *testing.T) {
		for i := range 3 {
			t.Run(strconv.Itoa(i), func(t *testing.T) {
				t.Parallel()
				db := Open(t)
				if n := userTables(t, db); n != 0 {
					t.Errorf("new database has %d tables, want none", n)
				}
				if _, err := db.ExecContext(t.Context(), "CREATE TABLE mine (n int)"); err != nil {
					t.Fatalf("CREATE TABLE error = %v", err)
				}
				var name string
				if err := db.QueryRowContext(t.Context(), "SELECT current_database()").Scan(&name); err != nil {
					t.Fatalf("current_database() error = %v", err)
				}
				if !strings.HasPrefix(name, "dbtest_testopengiveseachtestitsownemptydatabase_group_") {
					t.Errorf("database name = %q, want it named after the test", name)
				}
				if !databaseExists(t, name) {
					t.Errorf("database %s does not exist during the test", name)
				}
				mu.Lock()
				names = append(names, name)
				mu.Unlock()
			})
		}
	})

	if len(names) != 3 {
		t.Fatalf("got %d databases, want 3", len(names))
	}
	seen := map[string]bool{}
	for _, name := range names {
		if seen[name] {
			t.Errorf("database %s was given to two tests", name)
		}
		seen[name] = true
		if databaseExists(t, name) {
			t.Errorf("database %s still exists after its test's cleanup", name)
		}
	}
}

func TestURLDropsDatabaseWithOpenConnections(t *testing.T) {
	t.Parallel()
	var name string
	outer := t
	t.Run("leaves a connection open", func(t *testing.T) {
		db, err := sql.Open("postgres", URL(t))
		if err != nil {
			t.Fatalf("sql.Open() error = %v", err)
		}
		// Closed only after the subtest's cleanup has dropped the database: the drop must end this
		// session.
		outer.Cleanup(func() { db.Close() })
		if err := db.QueryRowContext(t.Context(), "SELECT current_database()").Scan(&name); err != nil {
			t.Fatalf("current_database() error = %v", err)
		}
	})
	if name == "" {
		t.Fatal("the subtest did not get a database")
	}
	if databaseExists(t, name) {
		t.Errorf("database %s still exists after its test's cleanup", name)
	}
}

func TestDatabaseName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		test, want string
	}{
		{"TestFoo", "dbtest_testfoo_0badf00d"},
		{"TestFoo/sub case#01", "dbtest_testfoo_sub_case_01_0badf00d"},
		{"TestÜber/--x--", "dbtest_test_ber_x_0badf00d"},
		{strings.Repeat("TestLong", 20), "dbtest_" + strings.Repeat("testlong", 20)[:47] + "_0badf00d"},
		{strings.Repeat("a", 46) + "/b", "dbtest_" + strings.Repeat("a", 46) + "_0badf00d"},
	}
	for _, tt := range tests {
		got := databaseName(tt.test, "0badf00d")
		if got != tt.want {
			t.Errorf("databaseName(%q) = %q, want %q", tt.test, got, tt.want)
		}
		if len(got) > maxNameLen {
			t.Errorf("databaseName(%q) is %d bytes, want at most %d", tt.test, len(got), maxNameLen)
		}
	}
}

func TestWithDatabase(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dsn, want string
	}{
		{"host=/tmp/x port=5432 dbname=postgres user=postgres", "host=/tmp/x port=5432 dbname=postgres user=postgres dbname=d1"},
		{"postgres://u:p@db:5433/postgres?sslmode=disable", "postgres://u:p@db:5433/d1?sslmode=disable"},
		{"postgresql://u@db?dbname=x&sslmode=disable", "postgresql://u@db/d1?sslmode=disable"},
	}
	for _, tt := range tests {
		got, err := withDatabase(tt.dsn, "d1")
		if err != nil || got != tt.want {
			t.Errorf("withDatabase(%q) = %q, %v, want %q", tt.dsn, got, err, tt.want)
		}
	}
}

func TestListenAndInt(t *testing.T) {
	t.Parallel()
	dsn := URL(t)
	db := OpenURL(t, dsn)
	l := Listen(t, dsn, "dbtest_channel")
	if _, err := db.ExecContext(t.Context(), "SELECT pg_notify('dbtest_channel', 'hello')"); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-l.Notify:
		if n == nil || n.Extra != "hello" {
			t.Errorf("heard %+v, want hello", n)
		}
	case <-time.After(time.Minute):
		t.Fatal("heard nothing on dbtest_channel")
	}
	if got := Int(t, db, "SELECT count(*) FROM generate_series(1, $1::int)", 7); got != 7 {
		t.Errorf("Int() = %d, want 7", got)
	}
}

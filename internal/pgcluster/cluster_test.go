package pgcluster

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	_ "github.com/lib/pq"
)

// requireBinaries skips the test when the machine has no PostgreSQL server programs.
func requireBinaries(t *testing.T) {
	t.Helper()
	if _, err := findBinaries("", os.Getenv("PATH"), installPatterns); errors.Is(err, ErrNoBinaries) {
		t.Skipf("no PostgreSQL server programs on this machine: %v", err)
	}
}

// testDir returns a new data folder with a short path (Unix socket paths are short), removed after the
// test. Start hands it to the postgres user when the test runs as root.
func testDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "pgc")
	if err != nil {
		t.Fatalf("MkdirTemp() error = %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// testConfig returns a config for a test cluster in dir that logs to the test's output.
func testConfig(t *testing.T, dir string) Config {
	return Config{Dir: dir, NoSync: true, Logger: slog.New(slog.NewTextHandler(t.Output(), nil))}
}

// startCluster starts a cluster and stops it after the test.
func startCluster(t *testing.T, cfg Config) *Cluster {
	t.Helper()
	c, err := Start(t.Context(), cfg)
	if err != nil {
		t.Fatalf("Start() error = %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := c.Stop(ctx); err != nil {
			t.Errorf("Stop() error = %v", err)
		}
	})
	return c
}

// open connects to the cluster's database and closes the connection after the test.
func open(t *testing.T, c *Cluster) *sql.DB {
	t.Helper()
	db, err := sql.Open("postgres", c.DSN())
	if err != nil {
		t.Fatalf("sql.Open() error = %v", err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.PingContext(t.Context()); err != nil {
		t.Fatalf("Ping() error = %v", err)
	}
	return db
}

// keepRow creates the table kept holding n in the cluster's database.
func keepRow(t *testing.T, c *Cluster, n int) {
	t.Helper()
	db := open(t, c)
	defer db.Close()
	if _, err := db.ExecContext(t.Context(), fmt.Sprintf("CREATE TABLE kept (n int); INSERT INTO kept VALUES (%d)", n)); err != nil {
		t.Fatalf("CREATE TABLE error = %v", err)
	}
}

// checkServesRout fails the test unless the cluster answers as database rout.
func checkServesRout(t *testing.T, c *Cluster) {
	t.Helper()
	db := open(t, c)
	defer db.Close()
	if got := queryString(t, db, "SELECT current_database()"); got != "rout" {
		t.Errorf("current_database() = %q, want %q", got, "rout")
	}
}

// queryString runs a query that returns one string.
func queryString(t *testing.T, db *sql.DB, query string) string {
	t.Helper()
	var s string
	if err := db.QueryRowContext(t.Context(), query).Scan(&s); err != nil {
		t.Fatalf("%s: error = %v", query, err)
	}
	return s
}

// postmasterPID returns the pid in the cluster's postmaster.pid.
func postmasterPID(t *testing.T, c *Cluster) int {
	t.Helper()
	pf, err := readPostmasterFile(filepath.Join(c.dataDir, "postmaster.pid"))
	if err != nil {
		t.Fatalf("readPostmasterFile() error = %v", err)
	}
	return pf.pid
}

func TestStart(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	dir := testDir(t)
	// What an interrupted initdb leaves behind is cleared.
	if err := os.MkdirAll(filepath.Join(dir, "pgdata.init", "base"), 0o700); err != nil {
		t.Fatal(err)
	}

	c := startCluster(t, testConfig(t, dir))
	db := open(t, c)

	if got := queryString(t, db, "SELECT current_database()"); got != "rout" {
		t.Errorf("current_database() = %q, want %q", got, "rout")
	}
	if got := queryString(t, db, "SELECT current_user"); got != "postgres" {
		t.Errorf("current_user = %q, want %q", got, "postgres")
	}
	if got := queryString(t, db, "SHOW listen_addresses"); got != "" {
		t.Errorf("listen_addresses = %q, want none", got)
	}
	if got := queryString(t, db, "SHOW server_encoding"); got != "UTF8" {
		t.Errorf("server_encoding = %q, want UTF8", got)
	}
	if got := queryString(t, db, "SHOW fsync"); got != "off" {
		t.Errorf("fsync = %q with NoSync, want off", got)
	}
	if got, want := c.dataDir, filepath.Join(dir, "pgdata"); got != want {
		t.Errorf("DataDir() = %q, want %q", got, want)
	}
	if got, want := c.socketDir, filepath.Join(dir, "socket"); got != want {
		t.Errorf("socketDir = %q, want %q", got, want)
	}
	if want := "host=" + c.socketDir + " "; !strings.HasPrefix(c.DSN(), want) {
		t.Errorf("DSN() = %q, want it to start with %q", c.DSN(), want)
	}
	for _, name := range []string{"pgdata/PG_VERSION", "postgres.log", lockFileName, "socket/.s.PGSQL.5432"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("data folder: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "pgdata.init")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("pgdata.init: Stat() error = %v, want it gone", err)
	}
}

func TestStartAgainKeepsData(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	dir := testDir(t)
	cfg := testConfig(t, dir)

	c := startCluster(t, cfg)
	keepRow(t, c, 42)
	if err := c.Stop(t.Context()); err != nil {
		t.Fatalf("Stop() error = %v", err)
	}
	if err := c.Stop(t.Context()); err != nil {
		t.Errorf("second Stop() error = %v, want nil", err)
	}
	if _, err := os.Stat(filepath.Join(c.dataDir, "postmaster.pid")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("postmaster.pid after Stop: Stat() error = %v, want it gone", err)
	}

	c = startCluster(t, cfg)
	db := open(t, c)
	if got := queryString(t, db, "SELECT n::text FROM kept"); got != "42" {
		t.Errorf("kept row = %s, want 42", got)
	}
}

func TestStartInUse(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	dir := testDir(t)
	startCluster(t, testConfig(t, dir))

	_, err := Start(t.Context(), testConfig(t, dir))
	if !errors.Is(err, ErrInUse) {
		t.Fatalf("second Start() error = %v, want ErrInUse", err)
	}
	if want := "held by process " + strconv.Itoa(os.Getpid()); !strings.Contains(err.Error(), want) {
		t.Errorf("second Start() error = %q, want it to say %q", err, want)
	}
}

func TestStartAdoptsServerLeftRunning(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	dir := testDir(t)
	cfg := testConfig(t, dir)

	first, err := Start(t.Context(), cfg)
	if err != nil {
		t.Fatalf("Start() error = %v", err)
	}
	pid := postmasterPID(t, first)
	// The process that started the server dies: the kernel releases its lock, the server runs on.
	first.lock.Close()
	t.Cleanup(func() { _ = first.Stop(context.Background()) }) // stops the server should adoption fail

	c := startCluster(t, cfg)
	if got := postmasterPID(t, c); got != pid {
		t.Errorf("server pid = %d after adoption, want the running server's %d", got, pid)
	}
	checkServesRout(t, c)
	if err := c.Stop(t.Context()); err != nil {
		t.Fatalf("Stop() error = %v", err)
	}
	if (postmasterFile{pid: pid}).running() {
		t.Errorf("adopted server (pid %d) still runs after Stop", pid)
	}
}

func TestStartLongDirUsesTemporarySocketFolder(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	base := testDir(t)
	if err := os.Chmod(base, 0o755); err != nil { // let the postgres user through when root
		t.Fatal(err)
	}
	dir := filepath.Join(base, strings.Repeat("d", 100))

	c := startCluster(t, testConfig(t, dir))
	if strings.HasPrefix(c.socketDir, dir) {
		t.Fatalf("socketDir = %q, want it outside the long data folder", c.socketDir)
	}
	if got := len(filepath.Join(c.socketDir, ".s.PGSQL.5432")); got > maxSocketPath {
		t.Errorf("socket path is %d bytes, want at most %d", got, maxSocketPath)
	}
	checkServesRout(t, c)
	if err := c.Stop(t.Context()); err != nil {
		t.Fatalf("Stop() error = %v", err)
	}
	if _, err := os.Stat(c.socketDir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary socket folder after Stop: Stat() error = %v, want it gone", err)
	}
}

func TestStartNoBinaries(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "data")
	cfg := Config{
		Dir:    dir,
		BinDir: t.TempDir(),
		Getenv: func(string) string { return "" },
	}

	_, err := Start(t.Context(), cfg)
	if !errors.Is(err, ErrNoBinaries) {
		t.Fatalf("Start() error = %v, want ErrNoBinaries", err)
	}
	for _, want := range []string{cfg.BinDir, "apt-get install postgresql", "brew install postgresql", "DATABASE_URL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Start() error = %q, want it to mention %q", err, want)
		}
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("data folder: Stat() error = %v, want it never made", err)
	}
}

func TestStartBadConfig(t *testing.T) {
	t.Parallel()
	for _, cfg := range []Config{
		{},
		{Dir: `/tmp/a"b`},
		{Dir: "/tmp/$HOME"},
		{Dir: "/tmp/x", StartTimeout: -time.Second},
	} {
		if _, err := Start(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "error validating pgcluster config") {
			t.Errorf("Start(%+v) error = %v, want a config error", cfg, err)
		}
	}
}

func TestStartAsRootNoUser(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	if !isRoot() {
		t.Skip("runs only as root: the user matters only then")
	}
	cfg := Config{Dir: filepath.Join(t.TempDir(), "data"), User: "rout-no-such-user"}
	if _, err := Start(t.Context(), cfg); !errors.Is(err, ErrNoUser) {
		t.Fatalf("Start() error = %v, want ErrNoUser", err)
	}
}

func TestStartAsRootUnreachableDir(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	if !isRoot() {
		t.Skip("runs only as root: the data folder is handed to another user only then")
	}
	if _, err := lookupAccount(DefaultUser); err != nil {
		t.Skipf("no %s user: %v", DefaultUser, err)
	}
	base := testDir(t) // mode 0700, owned by root
	_, err := Start(t.Context(), Config{Dir: filepath.Join(base, "data")})
	if err == nil || !strings.Contains(err.Error(), "cannot enter "+base) {
		t.Fatalf("Start() error = %v, want it to say the user cannot enter %s", err, base)
	}
}

func TestDSNValue(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/tmp/pgc1/socket": "/tmp/pgc1/socket",
		"":                 "''",
		"/a b":             `'/a b'`,
		`it's`:             `'it\'s'`,
		`a\b`:              `'a\\b'`,
	} {
		if got := dsnValue(in); got != want {
			t.Errorf("dsnValue(%q) = %s, want %s", in, got, want)
		}
	}
}

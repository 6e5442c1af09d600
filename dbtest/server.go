package dbtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/lib/pq" // the postgres driver
	"go.uber.org/goleak"

	"rout/internal/pgcluster"
)

// localDSN is the server tried when no URL is set: a local PostgreSQL as packaged by Debian and Docker.
const localDSN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres sslmode=disable"

// tempPrefix starts the names of throwaway cluster folders in the temporary folder.
const tempPrefix = "dbtest-"

// leftoverAge is how old a throwaway cluster folder must be before another test binary may stop and
// remove it: a live one is locked by its test binary well before that.
const leftoverAge = time.Minute

// server is the PostgreSQL server the tests of this binary use.
type server struct {
	dsn     string  // connection string of a database to run CREATE and DROP DATABASE in
	source  string  // where the server comes from, for messages
	admin   *sql.DB // connections to dsn
	cluster *pgcluster.Cluster
	dir     string // the throwaway cluster's folder
}

// shared is the one server of this test binary, chosen (and perhaps started) by the first test that
// asks for a database, and shut down by Main.
var shared struct {
	sync.Mutex
	inMain bool
	srv    *server
	err    error
}

// Main runs the tests of a package that uses dbtest, then stops the throwaway cluster if one was
// started, checks that the tests left no goroutine running (goleak.Find with opts), and exits. Call it
// from TestMain:
//
//	func TestMain(m *testing.M) { dbtest.Main(m) }
//
// A package whose tests rely on a library's goroutine that outlives them names it, with a comment saying
// why, as goleak.IgnoreTopFunction in opts.
func Main(m *testing.M, opts ...goleak.Option) {
	shared.Lock()
	shared.inMain = true
	shared.Unlock()

	code := m.Run()

	shared.Lock()
	srv := shared.srv
	shared.srv, shared.err, shared.inMain = nil, nil, false
	shared.Unlock()
	if srv != nil {
		if err := srv.close(); err != nil {
			fmt.Fprintln(os.Stderr, "dbtest:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	if code == 0 {
		if err := goleak.Find(opts...); err != nil {
			fmt.Fprintln(os.Stderr, "dbtest: the tests left goroutines running:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// sharedServer returns this binary's server, choosing it on first use.
func sharedServer(t testing.TB) *server {
	t.Helper()
	shared.Lock()
	defer shared.Unlock()
	if !shared.inMain {
		t.Fatal("dbtest: the package's tests do not run under dbtest.Main; add: func TestMain(m *testing.M) { dbtest.Main(m) }")
	}
	if shared.srv == nil && shared.err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		var notes []string
		shared.srv, shared.err = chooseServer(ctx, os.Getenv, func(note string) { notes = append(notes, note) })
		for _, note := range notes {
			t.Log("dbtest:", note)
		}
		if shared.err == nil {
			t.Log("dbtest: test databases are on", shared.srv.source)
		}
	}
	if shared.err != nil {
		t.Fatalf("dbtest: %v", shared.err)
	}
	return shared.srv
}

// chooseServer finds the server to use (see the package documentation), telling note what it passed
// over.
func chooseServer(ctx context.Context, getenv func(string) string, note func(string)) (*server, error) {
	if force, _ := strconv.ParseBool(getenv("DBTEST_FORCE_CLUSTER")); force {
		note("DBTEST_FORCE_CLUSTER is set: using a throwaway cluster")
		return startThrowaway(ctx, note)
	}
	for _, key := range []string{"TEST_DATABASE_URL", "DATABASE_URL"} {
		if dsn := getenv(key); dsn != "" {
			return connect(ctx, dsn, dsn, "the server of "+key)
		}
	}
	probeCtx, cancel := context.WithTimeout(ctx, time.Second)
	srv, err := connect(probeCtx, localDSN, localDSN+" connect_timeout=1", "the PostgreSQL server on 127.0.0.1:5432")
	cancel()
	if err == nil {
		return srv, nil
	}
	note(fmt.Sprintf("no usable PostgreSQL server on 127.0.0.1:5432 (%v): starting a throwaway cluster", err))
	return startThrowaway(ctx, note)
}

// connect opens and pings a server's maintenance database; probe is the connection string to ping it
// with, dsn the one to keep.
func connect(ctx context.Context, dsn, probe, source string) (*server, error) {
	db, err := sql.Open("postgres", probe)
	if err == nil {
		err = db.PingContext(ctx)
		db.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("error connecting to %s: %w", source, err)
	}
	admin, err := sql.Open("postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("error connecting to %s: %w", source, err)
	}
	admin.SetMaxOpenConns(8)
	admin.SetMaxIdleConns(2)
	return &server{dsn: dsn, source: source, admin: admin}, nil
}

// startThrowaway stops the throwaway clusters dead test binaries left, then starts one for this binary
// in a new temporary folder.
func startThrowaway(ctx context.Context, note func(string)) (*server, error) {
	sweepLeftovers(ctx, os.TempDir(), note)
	dir, err := os.MkdirTemp("", tempPrefix)
	if err != nil {
		return nil, fmt.Errorf("error starting a throwaway cluster: %w", err)
	}
	cluster, err := pgcluster.Start(ctx, pgcluster.Config{Dir: dir, NoSync: true, Database: "postgres"})
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("error starting a throwaway cluster (set TEST_DATABASE_URL to use a server you run): %w", err)
	}
	srv, err := connect(ctx, cluster.DSN(), cluster.DSN(), "a throwaway cluster in "+dir)
	if err != nil {
		err = errors.Join(err, cluster.Stop(context.WithoutCancel(ctx)))
		os.RemoveAll(dir)
		return nil, err
	}
	srv.cluster, srv.dir = cluster, dir
	return srv, nil
}

// close closes the connections to the server and stops and removes a throwaway cluster.
func (s *server) close() error {
	s.admin.Close()
	if s.cluster == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := s.cluster.Stop(ctx); err != nil {
		return fmt.Errorf("error stopping the throwaway cluster in %s: %w", s.dir, err)
	}
	if err := os.RemoveAll(s.dir); err != nil {
		return fmt.Errorf("error removing the throwaway cluster in %s: %w", s.dir, err)
	}
	return nil
}

// sweepLeftovers stops and removes the throwaway clusters in tempDir that test binaries which died
// without returning from Main left behind: folders over leftoverAge old that no live process locks.
func sweepLeftovers(ctx context.Context, tempDir string, note func(string)) {
	folders, _ := filepath.Glob(filepath.Join(tempDir, tempPrefix+"*"))
	for _, dir := range folders {
		fi, err := os.Lstat(dir)
		if err != nil || !fi.IsDir() || time.Since(fi.ModTime()) < leftoverAge {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "pgcluster.lock")); err != nil {
			continue // not a cluster folder, or one still being made
		}
		if _, err := os.Stat(filepath.Join(dir, "pgdata", "postmaster.pid")); errors.Is(err, fs.ErrNotExist) {
			// No server runs there; its test binary died between stopping it and removing the folder.
			if err := os.RemoveAll(dir); err == nil {
				note("removed the folder of a stopped throwaway cluster: " + dir)
			}
			continue
		}
		// Start adopts a server no live process holds (or recovers a killed one), so that Stop can stop
		// it; it fails with ErrInUse while the test binary that owns the folder lives.
		cluster, err := pgcluster.Start(ctx, pgcluster.Config{Dir: dir, NoSync: true, Database: "postgres", StartTimeout: 30 * time.Second})
		if err != nil {
			if !errors.Is(err, pgcluster.ErrInUse) {
				note(fmt.Sprintf("could not clean up the throwaway cluster in %s: %v", dir, strings.TrimSpace(err.Error())))
			}
			continue
		}
		if err := cluster.Stop(ctx); err != nil {
			note(fmt.Sprintf("could not stop the throwaway cluster left in %s: %v", dir, err))
			continue
		}
		os.RemoveAll(dir)
		note("stopped and removed a throwaway cluster a dead test binary left: " + dir)
	}
}

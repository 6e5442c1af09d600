package dbtest

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rout/internal/pgcluster"
)

// TestHelperLeaveCluster is not a test: run by TestSweepLeftovers in a child process, it starts a
// cluster in DBTEST_HELPER_DIR and exits without stopping it, like a test binary that panicked.
func TestHelperLeaveCluster(t *testing.T) {
	dir := os.Getenv("DBTEST_HELPER_DIR")
	if dir == "" {
		t.Skip("helper process for TestSweepLeftovers")
	}
	if _, err := pgcluster.Start(context.Background(), pgcluster.Config{Dir: dir, NoSync: true, Database: "postgres"}); err != nil {
		os.Stderr.WriteString(err.Error())
		os.Exit(1)
	}
	os.Exit(0)
}

func TestSweepLeftovers(t *testing.T) {
	t.Parallel()
	tempDir, err := os.MkdirTemp("", "dbtsweep")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tempDir) })
	if err := os.Chmod(tempDir, 0o755); err != nil { // let the postgres user through when root
		t.Fatal(err)
	}
	left := filepath.Join(tempDir, tempPrefix+"left")
	stopped := filepath.Join(tempDir, tempPrefix+"stopped")
	live := filepath.Join(tempDir, tempPrefix+"live")

	// A test binary that lives: its cluster is locked.
	c, err := pgcluster.Start(t.Context(), pgcluster.Config{Dir: live, NoSync: true, Database: "postgres"})
	if errors.Is(err, pgcluster.ErrNoBinaries) {
		t.Skipf("no PostgreSQL programs on this machine: %v", err)
	}
	if err != nil {
		t.Fatalf("Start() error = %v", err)
	}
	t.Cleanup(func() {
		if err := c.Stop(context.Background()); err != nil {
			t.Errorf("Stop() error = %v", err)
		}
	})

	// A test binary that died and left its server running.
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperLeaveCluster$")
	cmd.Env = append(os.Environ(), "DBTEST_HELPER_DIR="+left)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("helper process error = %v: %s", err, out)
	}
	t.Cleanup(func() { // should the sweep fail, stop the server the helper left
		if c, err := pgcluster.Start(context.Background(), pgcluster.Config{Dir: left, NoSync: true, Database: "postgres"}); err == nil {
			if err := c.Stop(context.Background()); err != nil {
				t.Errorf("Stop() error = %v", err)
			}
		}
	})
	pidFile := filepath.Join(left, "pgdata", "postmaster.pid")
	pidBefore, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the helper left no server: %v", err)
	}
	// A test binary that died after stopping its server, before removing the folder.
	if err := os.MkdirAll(filepath.Join(stopped, "pgdata"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stopped, "pgcluster.lock"), nil, 0o600); err != nil {
		t.Fatal(err)
	}

	old := time.Now().Add(-2 * leftoverAge)
	for _, dir := range []string{left, stopped, live} {
		if err := os.Chtimes(dir, old, old); err != nil {
			t.Fatal(err)
		}
	}
	var notes []string
	sweepLeftovers(t.Context(), tempDir, func(note string) { notes = append(notes, note) })
	t.Logf("sweep notes: %s", strings.Join(notes, "; "))

	for _, dir := range []string{left, stopped} {
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: Stat() error = %v after the sweep, want it removed (notes: %s)", dir, err, strings.Join(notes, "; "))
		}
	}
	if _, err := os.Stat(filepath.Join(live, "pgdata", "postmaster.pid")); err != nil {
		t.Errorf("the live cluster's server: %v, want it left running", err)
	}
	if t.Failed() {
		t.Logf("server the helper left: %s", pidBefore)
	}
}

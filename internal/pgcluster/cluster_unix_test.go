//go:build unix

package pgcluster

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestStartRecoversAfterKill(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	dir := testDir(t)
	cfg := testConfig(t, dir)

	c := startCluster(t, cfg)
	keepRow(t, c, 7)
	pid := postmasterPID(t, c)
	// The server this test started, and only it, dies without a shutdown.
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("kill -9 %d: %v", pid, err)
	}
	// The stale postmaster.pid stays, and stopping a server that is gone is not an error.
	if err := c.Stop(t.Context()); err != nil {
		t.Fatalf("Stop() after kill error = %v", err)
	}
	if _, err := os.Stat(filepath.Join(c.dataDir, "postmaster.pid")); err != nil {
		t.Fatalf("postmaster.pid after kill: %v, want it left behind", err)
	}

	c = startCluster(t, cfg)
	if got := postmasterPID(t, c); got == pid {
		t.Errorf("server pid = %d, want a new server", got)
	}
	db := open(t, c)
	if got := queryString(t, db, "SELECT n::text FROM kept"); got != "7" {
		t.Errorf("kept row = %s, want 7", got)
	}
	if log, err := os.ReadFile(filepath.Join(dir, "postgres.log")); err != nil || !strings.Contains(string(log), "not properly shut down") {
		t.Errorf("server log: error = %v, want crash recovery in it", err)
	}
}

func TestStartRemovesPidFileOfReusedPid(t *testing.T) {
	t.Parallel()
	requireBinaries(t)
	if _, _, ok := processInfo(os.Getpid()); !ok {
		t.Skip("no /proc: a reused pid cannot be told from a server here")
	}
	dir := testDir(t)
	cfg := testConfig(t, dir)
	c := startCluster(t, cfg)
	pidFile := filepath.Join(c.dataDir, "postmaster.pid")
	if err := c.Stop(t.Context()); err != nil {
		t.Fatalf("Stop() error = %v", err)
	}

	// A live process that is not a server of this folder holds the pid the file names, as after a reboot.
	sleep := exec.Command("sleep", "60")
	if err := sleep.Start(); err != nil {
		t.Skipf("cannot start sleep: %v", err)
	}
	t.Cleanup(func() {
		_ = sleep.Process.Kill() // it may have ended by itself
		_ = sleep.Wait()         // killed: it reports the signal
	})
	content := strings.Join([]string{strconv.Itoa(sleep.Process.Pid), c.dataDir, "1700000000", "5432",
		c.socketDir, "", "  1234  5678", "ready   ", ""}, "\n")
	if err := os.WriteFile(pidFile, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}

	c = startCluster(t, cfg)
	if got := postmasterPID(t, c); got == sleep.Process.Pid {
		t.Fatalf("server pid = %d, the reused pid: want a new server", got)
	}
	checkServesRout(t, c)
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"

	"rout/dbtest"
	"rout/jobs"
)

// workerChildEnv makes TestWorkerChildProcess a child process of TestWorkerKilledMidTurn.
const workerChildEnv = "ROUT_TEST_WORKER_CHILD"

// TestWorkerChildProcess is `rout worker`, run in a new process of this test binary by
// TestWorkerKilledMidTurn (with the environment it sets); otherwise it skips.
func TestWorkerChildProcess(t *testing.T) {
	if os.Getenv(workerChildEnv) == "" {
		t.Skip("a child process of TestWorkerKilledMidTurn: runs only when that test starts it")
	}
	if err := run(context.Background(), []string{"worker"}, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// lockedBuffer is a bytes.Buffer safe for a child process's writes and the test's reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestWorkerKilledMidTurn kills (SIGKILL) a `rout worker` process in the middle of a CPU turn: a lock on
// the game's row, held by the test as a slow transaction would, keeps the turn's job running in the
// child until the kill. A second worker then plays the turn, within the bound docs/operations.md gives:
// ROUT_JOBS_RESCUE_AFTER, River's rescuer interval (30 s) and a new leader's election (up to 21 s).
func TestWorkerKilledMidTurn(t *testing.T) {
	t.Parallel()
	const rescueAfter = 5 * time.Second
	bound := rescueAfter + 30*time.Second + 21*time.Second + 10*time.Second
	dsn := dbtest.MigratedURL(t)
	db := dbtest.OpenURL(t, dsn)
	ctx := context.Background()
	id := cpuGame(t, db)
	var turn int
	if err := db.QueryRow(`SELECT turn FROM games WHERE id = $1`, id).Scan(&turn); err != nil {
		t.Fatal(err)
	}

	// The lock: the CPU's command waits for it.
	lock, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Rollback()
	var lockPID int
	if err := lock.QueryRow(`SELECT pg_backend_pid()`).Scan(&lockPID); err != nil {
		t.Fatal(err)
	}
	if _, err := lock.Exec(`SELECT 1 FROM games WHERE id = $1 FOR UPDATE`, id); err != nil {
		t.Fatal(err)
	}

	env := []string{workerChildEnv + "=1", "DATABASE_URL=" + dsn, "ROUT_ADDR=127.0.0.1:0", "ROUT_LOG_FORMAT=json",
		"ROUT_CPU_DELAY=0s", "ROUT_JOBS_POLL_INTERVAL=50ms", "ROUT_JOBS_RESCUE_AFTER=" + rescueAfter.String()}
	child := exec.Command(os.Args[0], "-test.run=^TestWorkerChildProcess$")
	child.Env = append(os.Environ(), env...)
	var childLog lockedBuffer
	child.Stdout, child.Stderr = &childLog, &childLog
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			_ = child.Process.Kill()
			_ = child.Wait()
		}
	}()
	// Mid-turn: the turn's job is running in the child, and the child's command waits for the lock.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var running, waiting int
		if err := db.QueryRow(`SELECT count(*) FROM river_job WHERE kind = $1 AND state = 'running'
			AND (args->>'game_id')::int = $2 AND (args->>'turn')::int = $3`, jobs.KindCPUTurn, id, turn).Scan(&running); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))`,
			lockPID).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if running == 1 && waiting > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the child worker did not reach the CPU turn within 3 minutes; its log:\n%s", childLog.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed = true
	_ = child.Wait()
	killedAt := time.Now()
	if err := lock.Rollback(); err != nil {
		t.Fatal(err)
	}
	var moved int
	if err := db.QueryRow(`SELECT turn FROM games WHERE id = $1`, id).Scan(&moved); err != nil || moved != turn {
		t.Fatalf("the turn moved to %d (%v) before the kill, want %d", moved, err, turn)
	}

	// The second worker.
	worker := startRout(t, "worker", map[string]string{"DATABASE_URL": dsn, "ROUT_CPU_DELAY": "0s",
		"ROUT_JOBS_POLL_INTERVAL": "50ms", "ROUT_JOBS_RESCUE_AFTER": rescueAfter.String()})
	for {
		if err := db.QueryRow(`SELECT turn FROM games WHERE id = $1`, id).Scan(&moved); err != nil {
			t.Fatal(err)
		}
		if moved > turn {
			break
		}
		if time.Since(killedAt) > 2*bound {
			t.Fatalf("the turn did not move within %v of the kill; the second worker's log:\n%s", 2*bound, worker.log)
		}
		time.Sleep(50 * time.Millisecond)
	}
	elapsed := time.Since(killedAt)
	if elapsed > bound {
		t.Errorf("the second worker finished the turn %v after the kill, more than the bound %v", elapsed, bound)
	}
	t.Logf("the second worker finished turn %d %v after the kill (bound %v)", turn, elapsed.Round(time.Millisecond), bound)
	var attempt int
	if err := db.QueryRow(`SELECT attempt FROM river_job WHERE kind = $1 AND (args->>'game_id')::int = $2
		AND (args->>'turn')::int = $3`, jobs.KindCPUTurn, id, turn).Scan(&attempt); err != nil {
		t.Fatal(err)
	}
	if attempt != 2 {
		t.Errorf("the turn's job ran %d times, want 2 (the killed run and the rescued one)", attempt)
	}
	worker.stop(t)
}

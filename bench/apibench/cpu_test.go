package apibench

import (
	"os"
	"testing"
	"time"
)

func TestParseStat(t *testing.T) {
	t.Parallel()
	// A name with a space and parentheses, as a process may give itself; utime 250, stime 50, cutime 7,
	// cstime 3 ticks.
	line := "4242 (postgres: a (b) c) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 50 7 3 20 0 1 0 100 1000 10"
	got, ok := parseStat(line)
	if !ok || got.comm != "postgres: a (b) c" || got.own != 3*time.Second || got.reaped != 100*time.Millisecond {
		t.Errorf("parseStat = %+v, %v; want the name with its parentheses, 3 s of its own and 100 ms reaped", got, ok)
	}
	for _, bad := range []string{"", "12 postgres S 1", "12 (postgres) S 1 2 3", "12 (postgres) S 1 2 3 4 5 6 7 8 9 10 x 50 7 3 20"} {
		if _, ok := parseStat(bad); ok {
			t.Errorf("parseStat(%q) is ok, want a refusal", bad)
		}
	}
}

// The benchmark reads its own CPU time, and it grows with the work it does.
func TestProcessCPUGrowsWithWork(t *testing.T) {
	t.Parallel()
	before, ok := processCPU(os.Getpid())
	if !ok {
		t.Skip("no /proc on this machine")
	}
	x := 0
	for start := time.Now(); time.Since(start) < 100*time.Millisecond; {
		x++
	}
	after, _ := processCPU(os.Getpid())
	if after <= before || x == 0 {
		t.Errorf("CPU time %s after 100 ms of spinning, %s before; want more", after, before)
	}
	if _, ok := processCPU(-1); ok {
		t.Error("processCPU(-1) is ok, want false")
	}
}

// The ceiling is the plain transaction's CPU per transaction over the client's and PostgreSQL's per
// command, and there is none when a party was not measured.
func TestServerlessCeiling(t *testing.T) {
	t.Parallel()
	ms := time.Millisecond
	run := CommandRun{
		API: playResult{Commands: 100, CPU: CPUUse{Client: 40 * ms, Server: 100 * ms, Postgres: 160 * ms,
			ClientKnown: true, ServerKnown: true, PostgresKnown: true}},
		Plain: playResult{Commands: 200, CPU: CPUUse{Client: 60 * ms, Postgres: 140 * ms, ClientKnown: true, PostgresKnown: true}},
	}
	// Plain: 1 ms a transaction; API without the server: 2 ms a command.
	if got, ok := run.ServerlessCeiling(); !ok || got < 0.499 || got > 0.501 {
		t.Errorf("ceiling = %v, %v; want 0.5", got, ok)
	}
	run.API.CPU.ClientKnown = false
	if got, ok := run.ServerlessCeiling(); ok {
		t.Errorf("ceiling without the client's CPU = %v, want none", got)
	}
}

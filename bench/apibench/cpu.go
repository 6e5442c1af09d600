package apibench

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// ticksPerSecond is USER_HZ, the unit of the CPU times in /proc: 100 on every Linux.
const ticksPerSecond = 100

// procTimes are the CPU times of one process from its /proc/PID/stat: its own (user and system) and
// those of its children it has waited for.
type procTimes struct {
	comm        string
	own, reaped time.Duration
}

// parseStat reads a /proc/PID/stat line. The command's name stands in parentheses and may itself hold
// spaces and parentheses, so the fields are counted from the last ')': utime, stime, cutime and cstime
// are fields 14 to 17 of the line.
func parseStat(line string) (procTimes, bool) {
	open, end := strings.IndexByte(line, '('), strings.LastIndexByte(line, ')')
	if open < 0 || end < open {
		return procTimes{}, false
	}
	f := strings.Fields(line[end+1:])
	if len(f) < 15 {
		return procTimes{}, false
	}
	var t [4]int64
	for i := range t {
		v, err := strconv.ParseInt(f[11+i], 10, 64)
		if err != nil || v < 0 {
			return procTimes{}, false
		}
		t[i] = v
	}
	tick := func(n int64) time.Duration { return time.Duration(n) * time.Second / ticksPerSecond }
	return procTimes{comm: line[open+1 : end], own: tick(t[0] + t[1]), reaped: tick(t[2] + t[3])}, true
}

// processCPU returns the CPU time process pid has used itself (user and system); false when /proc
// cannot tell.
func processCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	t, ok := parseStat(string(b))
	return t.own, ok
}

// postgresCPU returns the CPU time used by the PostgreSQL processes of this machine (every process named
// postgres: the postmaster, its background workers and the backends, with the backends that have exited,
// which the postmaster has reaped); false when there is none to be seen, as when the database server is
// on another machine.
func postgresCPU() (time.Duration, bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, false
	}
	var sum time.Duration
	found := false
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // ended meanwhile
		}
		if t, ok := parseStat(string(b)); ok && t.comm == "postgres" {
			sum += t.own + t.reaped
			found = true
		}
	}
	return sum, found
}

// CPUUse is the CPU time that the three parties of a run used: the benchmark's own process (the load
// client, or the plain transaction's client), the server it started and PostgreSQL on this machine. A
// party whose time could not be read, or that has no part in the run, is marked unknown (all of them on
// a system without /proc, Server for a server given with --url and for the plain transaction, Postgres
// for a database server elsewhere).
type CPUUse struct {
	Client, Server, Postgres                time.Duration
	ClientKnown, ServerKnown, PostgresKnown bool
}

// cpuSample is the three parties' CPU times at one moment.
type cpuSample CPUUse

// sampleCPU reads the CPU times of the benchmark, the server (when the benchmark started it; nil for
// none) and PostgreSQL.
func sampleCPU(server *process) cpuSample {
	var c cpuSample
	c.Client, c.ClientKnown = processCPU(os.Getpid())
	if server != nil {
		c.Server, c.ServerKnown = server.cpuTime()
	}
	c.Postgres, c.PostgresKnown = postgresCPU()
	return c
}

// since is the CPU each party used from earlier to c.
func (c cpuSample) since(earlier cpuSample) CPUUse {
	return CPUUse{
		Client: c.Client - earlier.Client, Server: c.Server - earlier.Server, Postgres: c.Postgres - earlier.Postgres,
		ClientKnown: c.ClientKnown && earlier.ClientKnown, ServerKnown: c.ServerKnown && earlier.ServerKnown,
		PostgresKnown: c.PostgresKnown && earlier.PostgresKnown,
	}
}

// add adds the CPU of a later part of the same run.
func (u *CPUUse) add(o CPUUse) {
	u.Client += o.Client
	u.Server += o.Server
	u.Postgres += o.Postgres
	u.ClientKnown = u.ClientKnown && o.ClientKnown
	u.ServerKnown = u.ServerKnown && o.ServerKnown
	u.PostgresKnown = u.PostgresKnown && o.PostgresKnown
}

// Total is the CPU the known parties used together.
func (u CPUUse) Total() time.Duration {
	var t time.Duration
	if u.ClientKnown {
		t += u.Client
	}
	if u.ServerKnown {
		t += u.Server
	}
	if u.PostgresKnown {
		t += u.Postgres
	}
	return t
}

package pgcluster

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// postmasterFile is what a server's postmaster.pid says about it. PostgreSQL writes the file when the
// server starts and removes it when the server stops, so a file left behind names a server that was
// killed, or one that still runs.
type postmasterFile struct {
	path      string
	pid       int
	dataDir   string
	port      int
	socketDir string // the first Unix socket folder, or empty
	status    string // "starting", "ready", "stopping", "standby", or empty while it is being written
}

// readPostmasterFile reads and parses a postmaster.pid file. The error wraps os.ErrNotExist when there
// is none.
func readPostmasterFile(path string) (postmasterFile, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return postmasterFile{}, fmt.Errorf("error reading %s: %w", path, err)
	}
	// Lines: pid, data directory, start time, port, socket folder, listen address, shared memory key,
	// status.
	lines := strings.Split(string(raw), "\n")
	line := func(i int) string {
		if i < len(lines) {
			return strings.TrimSpace(lines[i])
		}
		return ""
	}
	pf := postmasterFile{path: path, dataDir: line(1), socketDir: line(4), status: line(7)}
	if pf.pid, err = strconv.Atoi(line(0)); err != nil {
		return postmasterFile{}, fmt.Errorf("error reading %s: bad pid %q", path, line(0))
	}
	// A pid file of a postgres running as a single-user backend holds the negated pid.
	pf.pid = max(pf.pid, -pf.pid)
	pf.port, _ = strconv.Atoi(line(3))
	return pf, nil
}

// running reports whether the server the file names may still run: its process exists, is not a
// zombie, and, where /proc tells, has the file's data folder on its command line. A pid that a
// process unrelated to the folder reuses (after a reboot, in a container) is not running. Where the
// system cannot tell, a live process counts as running.
func (pf postmasterFile) running() bool {
	if !processAlive(pf.pid) {
		return false
	}
	zombie, cmdline, ok := processInfo(pf.pid)
	switch {
	case !ok:
		return true
	case zombie:
		return false
	case pf.dataDir != "" && !strings.Contains(cmdline, pf.dataDir):
		return false
	default:
		return true
	}
}

// removeStale removes the file and the socket lock files of the same server (in the file's socket
// folder and in socketDir), so that a new server can start. Call it only when the server is not
// running.
func (pf postmasterFile) removeStale(socketDir string) error {
	for _, dir := range []string{pf.socketDir, socketDir} {
		if dir == "" || pf.port == 0 {
			continue
		}
		socket := filepath.Join(dir, ".s.PGSQL."+strconv.Itoa(pf.port))
		raw, err := os.ReadFile(socket + ".lock")
		if err != nil {
			continue
		}
		if pid, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(raw), "\n", 2)[0])); pid != pf.pid {
			continue
		}
		if err := os.Remove(socket + ".lock"); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("error removing stale socket lock file: %w", err)
		}
		if err := os.Remove(socket); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("error removing stale socket: %w", err)
		}
	}
	if err := os.Remove(pf.path); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("error removing stale postmaster.pid: %w", err)
	}
	return nil
}

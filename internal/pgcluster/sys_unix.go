//go:build unix

package pgcluster

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// isRoot reports whether this process runs as root.
func isRoot() bool { return os.Geteuid() == 0 }

// sysProcAttr makes a command run as the account; a nil account runs it as this process's user.
func (a *account) sysProcAttr() *syscall.SysProcAttr {
	if a == nil {
		return nil
	}
	return &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: a.uid, Gid: a.gid, Groups: a.gids}}
}

// fileOwner returns the owner and group of a file.
func fileOwner(fi os.FileInfo) (uid, gid uint32, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return st.Uid, st.Gid, true
}

// tryLock takes an exclusive lock on f without waiting; errLocked when another open file holds it. The
// kernel releases the lock when the file is closed or the process dies.
func tryLock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}

// processAlive reports whether a process with the pid exists (a zombie counts as alive here).
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// processInfo reads what /proc says about a process: whether it is a zombie (dead, not yet reaped) and
// its command line with NULs as spaces. ok is false where there is no /proc (macOS) or it cannot be read.
func processInfo(pid int) (zombie bool, cmdline string, ok bool) {
	dir := "/proc/" + strconv.Itoa(pid)
	stat, err := os.ReadFile(dir + "/stat")
	if err != nil {
		return false, "", false
	}
	// pid (comm) state ...: comm may hold spaces and parentheses, so read after the last ")".
	i := strings.LastIndexByte(string(stat), ')')
	if i < 0 {
		return false, "", false
	}
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) > 0 && (fields[0] == "Z" || fields[0] == "X") {
		return true, "", true
	}
	raw, err := os.ReadFile(dir + "/cmdline")
	if err != nil {
		return false, "", false
	}
	return false, strings.ReplaceAll(string(raw), "\x00", " "), true
}

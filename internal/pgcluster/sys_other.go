//go:build !unix

package pgcluster

import (
	"os"
	"syscall"
)

// isRoot reports whether this process runs as root: never, outside Unix.
func isRoot() bool { return false }

// sysProcAttr makes a command run as the account; outside Unix there is no account to switch to.
func (a *account) sysProcAttr() *syscall.SysProcAttr { return nil }

// fileOwner returns the owner and group of a file: unknown outside Unix.
func fileOwner(fi os.FileInfo) (uid, gid uint32, ok bool) { return 0, 0, false }

// tryLock takes an exclusive lock on f; outside Unix there is no lock.
func tryLock(f *os.File) error { return nil }

// processAlive reports whether a process with the pid exists; outside Unix it cannot tell, and assumes so.
func processAlive(pid int) bool { return pid > 0 }

// processInfo reads what the system says about a process: nothing outside Unix.
func processInfo(pid int) (zombie bool, cmdline string, ok bool) { return false, "", false }

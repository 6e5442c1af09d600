//go:build unix

package livebench

import (
	"fmt"
	"syscall"
)

// raiseOpenFiles makes sure the process may hold n open files: it raises the soft limit, and the hard one
// when it may (as root), or fails saying how many files a server needs.
func raiseOpenFiles(n uint64) error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return fmt.Errorf("error reading the limit of open files: %w", err)
	}
	if lim.Cur >= n {
		return nil
	}
	want := syscall.Rlimit{Cur: n, Max: max(lim.Max, n)}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
		return fmt.Errorf("a target's server holds its subscribers' connections, about %d open files, above its "+
			"process's limit of %d: raise it (ulimit -n) or measure fewer subscribers: %w", n, lim.Max, err)
	}
	return nil
}

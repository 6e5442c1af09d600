//go:build unix

package livebench

import (
	"strings"
	"syscall"
	"testing"
)

func TestRaiseOpenFiles(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if err := raiseOpenFiles(lim.Cur); err != nil {
		t.Fatalf("the current limit: %v", err)
	}
	// No process may hold 2^40 files: the error says what to do.
	err := raiseOpenFiles(1 << 40)
	if err == nil || !strings.Contains(err.Error(), "ulimit -n") {
		t.Fatalf("raiseOpenFiles(2^40) = %v, want an error that names ulimit -n", err)
	}
	var after syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &after); err != nil || after != lim {
		t.Fatalf("the limit is %+v after a refused raise, want %+v as before (%v)", after, lim, err)
	}
}

// Package testwait is the tests' one way to wait for a condition that another goroutine, process or
// database makes true: poll it, quickly at first and then every 50 ms, until it holds or a timeout
// passes. The timeout is a safety net for a loaded machine, never a bound the test's work is meant to
// meet. Only tests import it.
package testwait

import (
	"testing"
	"time"
)

// maxInterval is the longest pause between two polls.
const maxInterval = 50 * time.Millisecond

// Until polls cond until it holds and reports whether it did within timeout. The first poll is at once;
// the pause between polls grows from 1 ms to maxInterval.
func Until(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for pause := time.Millisecond; !cond(); pause = min(2*pause, maxInterval) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(pause)
	}
	return true
}

// For polls cond until it holds (Until), and fails t, naming what it waited for, when timeout passes
// first.
func For(t testing.TB, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	if !Until(timeout, cond) {
		t.Fatalf("waited %v for %s", timeout, what)
	}
}

package testwait_test

import (
	"sync/atomic"
	"testing"
	"time"

	"rout/internal/testwait"
)

// TestUntilSeesAConditionMadeTrueElsewhere: a condition another goroutine makes true is seen; one that
// never holds is given up at the timeout, not before.
func TestUntilSeesAConditionMadeTrueElsewhere(t *testing.T) {
	t.Parallel()
	var done atomic.Bool
	time.AfterFunc(20*time.Millisecond, func() { done.Store(true) })
	if !testwait.Until(time.Minute, done.Load) {
		t.Error("Until gave up on a condition that came true")
	}
	began := time.Now()
	if testwait.Until(30*time.Millisecond, func() bool { return false }) {
		t.Error("Until says a condition that never holds held")
	}
	if waited := time.Since(began); waited < 30*time.Millisecond {
		t.Errorf("Until gave up after %v, before its timeout", waited)
	}
}

package sms

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package, after its tests have passed, when they leave goroutines running.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

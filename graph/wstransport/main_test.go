package wstransport_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the tests when they leave a goroutine running: every socket's reader, writer and
// operations must end when its connection does.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

package notifications

import (
	"errors"
	"fmt"
	"testing"
)

func TestPermanent(t *testing.T) {
	t.Parallel()
	if Permanent(nil) != nil {
		t.Errorf("Permanent(nil) is not nil")
	}
	base := errors.New("550 no such mailbox")
	err := fmt.Errorf("error sending: %w", Permanent(base))
	if !IsPermanent(err) {
		t.Errorf("IsPermanent of a wrapped permanent error = false")
	}
	if !errors.Is(err, base) || err.Error() != "error sending: 550 no such mailbox" {
		t.Errorf("the permanent error hides its cause: %v", err)
	}
	if IsPermanent(base) || IsPermanent(nil) {
		t.Errorf("IsPermanent of an unmarked error or nil = true")
	}
}

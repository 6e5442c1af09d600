package push

import "net/http"

// ErrInternalAddress is errInternalAddress, for the tests of the dialer's check.
var ErrInternalAddress = errInternalAddress

// HTTPClient returns the client s posts with, whose dialer checks every address it connects to.
func HTTPClient(s *Sender) *http.Client { return s.client }

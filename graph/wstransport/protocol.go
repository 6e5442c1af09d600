package wstransport

import (
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// protocol is what differs between the two subprotocols: the messages' names and what a client's
// message does.
type protocol interface {
	// handle acts on a client's message; readStart is when its frame began to arrive.
	handle(c *conn, m message, readStart time.Time)
	// invalid acts on a frame that is not a valid message of the protocol.
	invalid(c *conn, err error)
	// nextPrefix returns how the message of each execution result of operation id begins: the
	// message is the prefix, the result as JSON (its payload), and a closing brace.
	nextPrefix(id string) []byte
	// errors returns the messages that end an operation with a request error.
	errors(id string, errs gqlerror.List) ([][]byte, error)
	// complete returns the message that says an operation has ended.
	complete(id string) []byte
	// keepalive returns the message of the server's periodic ping.
	keepalive() []byte
}

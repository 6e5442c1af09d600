package wstransport

import (
	"fmt"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// legacyWS is graphql-ws, the protocol of subscriptions-transport-ws (its PROTOCOL.md). Where that
// document is silent the transport does what graphql-transport-ws does: 4401 for a start before the
// acknowledgement, 4403 for a refused connection_init (after a connection_error), 4408 and 4429.
type legacyWS struct{}

// The message types of graphql-ws.
const (
	lwsConnectionInit      = "connection_init"
	lwsConnectionAck       = "connection_ack"
	lwsConnectionError     = "connection_error"
	lwsConnectionTerminate = "connection_terminate"
	lwsKeepAlive           = "ka"
	lwsStart               = "start"
	lwsData                = "data"
	lwsStop                = "stop"
	lwsComplete            = "complete"
)

func (p legacyWS) handle(c *conn, m message, readStart time.Time) {
	switch m.Type {
	case lwsConnectionInit:
		c.initialize(m, func(reason string) { p.connectionError(c, reason) },
			bareFrame(lwsConnectionAck, ""), bareFrame(lwsKeepAlive, ""))
	case lwsStart:
		params, err := parseParams(m)
		switch {
		case err != nil:
			p.invalid(c, err)
		case !c.acknowledged:
			c.closeWith(CloseUnauthorized, "Unauthorized")
		default:
			// A start with the id of a running operation replaces it, as subscriptions-transport-ws's
			// server does.
			c.stop(m.ID, false)
			c.start(m.ID, params, readStart)
		}
	case lwsStop:
		if err := checkID(m); err != nil {
			p.invalid(c, err)
			return
		}
		c.stop(m.ID, true)
	case lwsConnectionTerminate:
		c.closeWith(CloseNormal, "Normal closure")
	default:
		p.invalid(c, fmt.Errorf("%w: unknown type", errInvalidMessage))
	}
}

// invalid answers with a connection_error and keeps the socket open, as the protocol says.
func (p legacyWS) invalid(c *conn, err error) {
	p.connectionError(c, describe(err))
}

// connectionError writes a connection_error message.
func (legacyWS) connectionError(c *conn, text string) {
	// A struct of a string encodes.
	b, _ := frame(lwsConnectionError, "", struct {
		Message string `json:"message"`
	}{text})
	c.write(b)
}

func (legacyWS) nextPrefix(id string) []byte { return payloadPrefix(lwsData, id) }

// errors returns a data message with the errors, then complete, as subscriptions-transport-ws's server
// answers validation errors: its error message carries a single error, and this keeps them all.
func (legacyWS) errors(id string, errs gqlerror.List) ([][]byte, error) {
	b, err := frame(lwsData, id, graphql.Response{Errors: errs})
	if err != nil {
		return nil, err
	}
	return [][]byte{b, bareFrame(lwsComplete, id)}, nil
}

func (legacyWS) complete(id string) []byte {
	return bareFrame(lwsComplete, id)
}

func (legacyWS) keepalive() []byte {
	return bareFrame(lwsKeepAlive, "")
}

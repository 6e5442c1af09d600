package wstransport

import (
	"fmt"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// transportWS is graphql-transport-ws (the graphql-ws library's PROTOCOL.md).
type transportWS struct{}

// The message types of graphql-transport-ws.
const (
	twsConnectionInit = "connection_init"
	twsConnectionAck  = "connection_ack"
	twsPing           = "ping"
	twsPong           = "pong"
	twsSubscribe      = "subscribe"
	twsNext           = "next"
	twsError          = "error"
	twsComplete       = "complete"
)

func (p transportWS) handle(c *conn, m message, readStart time.Time) {
	switch m.Type {
	case twsConnectionInit:
		c.initialize(m, nil, bareFrame(twsConnectionAck, ""))
	case twsPing:
		if err := checkObjectPayload(m); err != nil {
			p.invalid(c, err)
			return
		}
		pong := bareFrame(twsPong, "")
		if m.Payload != nil {
			// The payload is a valid JSON object: it encodes.
			pong, _ = frame(twsPong, "", m.Payload)
		}
		c.write(pong)
	case twsPong:
		if err := checkObjectPayload(m); err != nil {
			p.invalid(c, err)
		}
	case twsSubscribe:
		params, err := parseParams(m)
		switch {
		case err != nil:
			p.invalid(c, err)
		case !c.acknowledged:
			c.closeWith(CloseUnauthorized, "Unauthorized")
		case c.running(m.ID):
			c.closeWith(CloseSubscriberExists,
				closeReason("Subscriber for "+m.ID+" already exists", "Subscriber already exists"))
		default:
			c.start(m.ID, params, readStart)
		}
	case twsComplete:
		if err := checkID(m); err != nil {
			p.invalid(c, err)
			return
		}
		c.stop(m.ID, false)
	default:
		p.invalid(c, fmt.Errorf("%w: unknown type", errInvalidMessage))
	}
}

// invalid closes the socket with 4400.
func (transportWS) invalid(c *conn, err error) {
	c.closeWith(CloseBadRequest, closeReason(describe(err), "Invalid message"))
}

func (transportWS) nextPrefix(id string) []byte { return payloadPrefix(twsNext, id) }

// errors returns one error message: it ends the operation without a complete.
func (transportWS) errors(id string, errs gqlerror.List) ([][]byte, error) {
	b, err := frame(twsError, id, errs)
	if err != nil {
		return nil, err
	}
	return [][]byte{b}, nil
}

func (transportWS) complete(id string) []byte {
	return bareFrame(twsComplete, id)
}

func (transportWS) keepalive() []byte {
	return bareFrame(twsPing, "")
}

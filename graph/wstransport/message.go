package wstransport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
)

// The subprotocols the transport speaks, in the order of preference.
const (
	// ProtocolTransportWS is graphql-transport-ws, the protocol of the graphql-ws library.
	ProtocolTransportWS = "graphql-transport-ws"
	// ProtocolLegacyWS is graphql-ws, the protocol of the deprecated subscriptions-transport-ws library.
	ProtocolLegacyWS = "graphql-ws"
)

// The close codes the transport sends. The 44xx codes are graphql-transport-ws's; the 1xxx ones are
// RFC 6455's.
const (
	CloseNormal               = 1000 // graphql-ws connection_terminate
	CloseGoingAway            = 1001 // Shutdown, or no answer to the server's pings
	CloseMessageTooBig        = 1009 // a message over Opts.ReadLimit
	CloseTryAgainLater        = 1013 // a connection_init over Opts.MaxConnsPerUser
	CloseBadRequest           = 4400 // a frame that is not a valid message of the protocol
	CloseUnauthorized         = 4401 // subscribe before connection_ack
	CloseForbidden            = 4403 // Opts.Authenticate refused the connection_init payload, or its credential ended
	CloseSubprotocolNotAccept = 4406 // the client offered no subprotocol the transport speaks
	CloseInitTimeout          = 4408 // no connection_init within Opts.InitTimeout
	CloseSubscriberExists     = 4409 // subscribe with the id of an operation still running
	CloseTooManyInits         = 4429 // a second connection_init
)

// maxCloseReason is the longest close reason a close frame can carry (125 bytes of payload less the
// two of the code).
const maxCloseReason = 123

// closeReason returns reason, or short when reason does not fit in a close frame.
func closeReason(reason, short string) string {
	if len(reason) > maxCloseReason {
		return short
	}
	return reason
}

// message is a message of either protocol as it travels: a type, an operation id for the messages of
// an operation, and a payload.
type message struct {
	Type    string
	ID      string
	Payload json.RawMessage // nil when absent or null
}

// errInvalidMessage is the error of every frame that is not a message.
var errInvalidMessage = errors.New("invalid message")

// parseMessage reads one text frame as a message: a JSON object with a string type, an optional
// string id and an optional payload (a payload of null counts as none). Whether the type, the id and
// the payload suit each other is the protocol's to check.
func parseMessage(data []byte) (message, error) {
	if !utf8.Valid(data) {
		return message{}, fmt.Errorf("%w: not UTF-8", errInvalidMessage)
	}
	if !isObject(data) {
		return message{}, fmt.Errorf("%w: not a JSON object", errInvalidMessage)
	}
	var raw struct {
		Type    *string         `json:"type"`
		ID      *string         `json:"id"`
		Payload json.RawMessage `json:"payload"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return message{}, fmt.Errorf("%w: %s", errInvalidMessage, jsonProblem(err))
	}
	if raw.Type == nil {
		return message{}, fmt.Errorf("%w: no type", errInvalidMessage)
	}
	m := message{Type: *raw.Type, Payload: raw.Payload}
	if raw.ID != nil {
		m.ID = *raw.ID
	}
	if bytes.Equal(bytes.TrimSpace(m.Payload), []byte("null")) {
		m.Payload = nil
	}
	return m, nil
}

// describe returns the error of an invalid message as a sentence for the client, such as "Invalid
// message: not UTF-8".
func describe(err error) string {
	return "Invalid message" + strings.TrimPrefix(err.Error(), errInvalidMessage.Error())
}

// jsonProblem describes a decoding error without echoing the client's input back.
func jsonProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return fmt.Sprintf("%s is a JSON %s", typeErr.Field, typeErr.Value)
	}
	return "malformed JSON"
}

// isObject reports whether data, a JSON value, is an object.
func isObject(data []byte) bool {
	data = bytes.TrimSpace(data)
	return len(data) > 0 && data[0] == '{'
}

// checkObjectPayload checks an optional payload that must be an object when present (connection_init,
// ping, pong).
func checkObjectPayload(m message) error {
	if m.Payload != nil && !isObject(m.Payload) {
		return fmt.Errorf("%w: the %s payload is not an object", errInvalidMessage, m.Type)
	}
	return nil
}

// checkID checks that an operation's message has an id.
func checkID(m message) error {
	if m.ID == "" {
		return fmt.Errorf("%w: %s without an id", errInvalidMessage, m.Type)
	}
	return nil
}

// parseParams reads the payload of a subscribe (start) message: an object with a string query, and
// optionally a string operationName and object variables and extensions (each may be null). Numbers in
// variables stay json.Number, as gqlgen's HTTP transports leave them.
func parseParams(m message) (*graphql.RawParams, error) {
	if err := checkID(m); err != nil {
		return nil, err
	}
	if m.Payload == nil || !isObject(m.Payload) {
		return nil, fmt.Errorf("%w: %s without an object payload", errInvalidMessage, m.Type)
	}
	var p struct {
		Query         *string        `json:"query"`
		OperationName *string        `json:"operationName"`
		Variables     map[string]any `json:"variables"`
		Extensions    map[string]any `json:"extensions"`
	}
	dec := json.NewDecoder(bytes.NewReader(m.Payload))
	dec.UseNumber()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%w: %s payload: %s", errInvalidMessage, m.Type, jsonProblem(err))
	}
	if p.Query == nil {
		return nil, fmt.Errorf("%w: %s payload without a query", errInvalidMessage, m.Type)
	}
	params := &graphql.RawParams{Query: *p.Query, Variables: p.Variables, Extensions: p.Extensions}
	if p.OperationName != nil {
		params.OperationName = *p.OperationName
	}
	return params, nil
}

// outMessage is a message the server sends.
type outMessage struct {
	Type    string `json:"type"`
	ID      string `json:"id,omitempty"`
	Payload any    `json:"payload,omitempty"`
}

// frame encodes a message with a payload.
func frame(typ, id string, payload any) ([]byte, error) {
	b, err := json.Marshal(outMessage{Type: typ, ID: id, Payload: payload})
	if err != nil {
		return nil, fmt.Errorf("error encoding a %s message: %w", typ, err)
	}
	return b, nil
}

// payloadPrefix returns how a message of type typ for operation id begins, up to its payload:
// {"type":"next","id":"1","payload":
func payloadPrefix(typ, id string) []byte {
	b := bareFrame(typ, id)
	return append(b[:len(b)-1], `,"payload":`...)
}

// bareFrame encodes a message without a payload.
func bareFrame(typ, id string) []byte {
	// Strings always encode: the error is nil.
	b, _ := json.Marshal(outMessage{Type: typ, ID: id})
	return b
}

package wstransport_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/graph/wstransport"
)

func TestSlowClientDoesNotStallOthers(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{WriteTimeout: 2 * time.Second})
	// The slow client subscribes to a stream of 100 kB results and reads nothing.
	slow := e.connect()
	slow.subscribe("big", "subscription { big(size: 100000) }")

	// The fast one gets all of its results meanwhile.
	fast := e.connect()
	fast.subscribe("c", "subscription { count(to: 300) }")
	for i := 1; i <= 300; i++ {
		if got := fast.expectNext("next", "c"); got != counts(i) {
			t.Fatalf("next %d: %s", i, got)
		}
	}
	fast.expect("complete", "c")

	// The slow one is cut off once a frame waits WriteTimeout: its operation is cancelled and its
	// connection dropped, which the client sees as 1006 once it reads what was buffered.
	e.schema.waitCancelled(t, "big")
	_ = slow.ws.SetReadDeadline(time.Now().Add(wait))
	for {
		_, _, err := slow.ws.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.CloseAbnormalClosure {
			t.Fatalf("slow client: %v; want 1006 (abnormal closure)", err)
		}
		break
	}
	fast.roundTrip()
}

func TestGarbageFrames(t *testing.T) {
	t.Parallel()
	e := newEnv(t, wstransport.Opts{ReadLimit: 64 << 10})
	nested := `{"type":"ping","payload":{"x":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}}`
	deep := `{"type":"subscribe","id":"1","payload":{"query":"{ hello }","variables":{"v":` +
		strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000) + `}}}`
	for _, tc := range []struct {
		name   string
		kind   int
		frame  string
		code   int // on graphql-transport-ws; graphql-ws answers connection_error unless 1009
		legacy bool
	}{
		{"binary", websocket.BinaryMessage, "\x00\x01\x02\xff", 4400, false},
		{"binary JSON", websocket.BinaryMessage, `{"type":"ping"}`, 4400, false},
		{"empty", websocket.TextMessage, "", 4400, false},
		{"spaces", websocket.TextMessage, "   ", 4400, false},
		{"invalid UTF-8", websocket.TextMessage, "\xc3\x28", 4400, false},
		{"invalid UTF-8 in a string", websocket.TextMessage, "{\"type\":\"ping\xff\"}", 4400, false},
		{"nested arrays", websocket.TextMessage, nested, 4400, false},
		{"deep variables", websocket.TextMessage, deep, 4400, false},
		{"trailing data", websocket.TextMessage, `{"type":"ping"} {}`, 4400, false},
		{"huge", websocket.TextMessage, strings.Repeat("x", 1<<20), wstransport.CloseMessageTooBig, true},
		{"huge binary", websocket.BinaryMessage, strings.Repeat("\x00", 1<<20), wstransport.CloseMessageTooBig, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := e.dial([]string{wstransport.ProtocolTransportWS}, nil)
			c.t = t
			c.send(`{"type":"connection_init"}`)
			c.expect("connection_ack", "")
			c.sendFrame(tc.kind, []byte(tc.frame))
			c.expectClose(tc.code, "")

			l := e.connectLegacy()
			l.t = t
			l.sendFrame(tc.kind, []byte(tc.frame))
			if tc.legacy {
				l.expectClose(tc.code, "")
				return
			}
			l.expect("connection_error", "")
			l.send(`{"type":"start","id":"q","payload":{"query":"{ hello }"}}`)
			l.expectNext("data", "q")
			l.expect("complete", "q")
		})
	}
}

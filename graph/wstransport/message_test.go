package wstransport

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseMessage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want message
		err  string // the described error, "" when it parses
	}{
		{`{"type":"ping"}`, message{Type: "ping"}, ""},
		{` {"type":"complete","id":"7","payload":null} `, message{Type: "complete", ID: "7"}, ""},
		{`{"type":"subscribe","id":"1","payload":{"query":"{ a }"},"extra":[1]}`,
			message{Type: "subscribe", ID: "1", Payload: json.RawMessage(`{"query":"{ a }"}`)}, ""},
		{`{"type":"x","id":7}`, message{}, "Invalid message: id is a JSON number"},
		{`{"type":null}`, message{}, "Invalid message: no type"},
		{`{"type":"x"`, message{}, "Invalid message: malformed JSON"},
		{`"ping"`, message{}, "Invalid message: not a JSON object"},
		{"{\"type\":\"\xfe\"}", message{}, "Invalid message: not UTF-8"},
	} {
		m, err := parseMessage([]byte(tc.in))
		switch {
		case tc.err == "" && (err != nil || m.Type != tc.want.Type || m.ID != tc.want.ID ||
			string(m.Payload) != string(tc.want.Payload)):
			t.Errorf("%s: %+v %v; want %+v", tc.in, m, err, tc.want)
		case tc.err != "" && (err == nil || describe(err) != tc.err):
			t.Errorf("%s: error %v; want %s", tc.in, err, tc.err)
		}
	}
}

func TestParseParams(t *testing.T) {
	t.Parallel()
	p, err := parseParams(message{Type: "subscribe", ID: "1", Payload: json.RawMessage(
		`{"query":"q","operationName":"Op","variables":{"n":12345678901234567890},"extensions":null}`)})
	if err != nil || p.Query != "q" || p.OperationName != "Op" || p.Extensions != nil ||
		p.Variables["n"] != json.Number("12345678901234567890") {
		t.Errorf("params %+v %v", p, err)
	}
	for _, payload := range []string{`{"operationName":"Op"}`, `{"query":null}`, `{"query":"q","operationName":1}`,
		`{"query":"q","extensions":"x"}`, `[]`, `"q"`} {
		if _, err := parseParams(message{Type: "subscribe", ID: "1", Payload: json.RawMessage(payload)}); !errors.Is(err, errInvalidMessage) {
			t.Errorf("%s: %v; want an invalid message", payload, err)
		}
	}
}

func TestCloseReasonFits(t *testing.T) {
	t.Parallel()
	if got := closeReason(strings.Repeat("x", maxCloseReason), "short"); len(got) != maxCloseReason {
		t.Errorf("a reason of %d bytes was replaced", maxCloseReason)
	}
	if got := closeReason(strings.Repeat("x", maxCloseReason+1), "short"); got != "short" {
		t.Errorf("a reason of %d bytes was kept", maxCloseReason+1)
	}
}

// FuzzParseMessage checks that no frame panics the parsing, that what parses is a UTF-8 JSON object
// with a type, and that the description of an error is short, stable text for a close reason.
func FuzzParseMessage(f *testing.F) {
	for _, seed := range []string{
		`{"type":"connection_init","payload":{"Authorization":"Bearer x"}}`,
		`{"type":"subscribe","id":"1","payload":{"query":"subscription { a }","variables":{"x":[1,{"y":null}]}}}`,
		`{"type":"complete","id":"1"}`, `{"type":"ping","payload":null}`, `{}`, `[]`, `null`, ``, "\xff",
		`{"type":"subscribe","id":"1","payload":{"query":` + strings.Repeat("[", 100),
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := parseMessage(data)
		if err != nil {
			if !errors.Is(err, errInvalidMessage) || len(describe(err)) > maxCloseReason {
				t.Fatalf("error %q", err)
			}
			return
		}
		if !utf8.Valid(data) || !isObject(data) {
			t.Fatalf("%q parsed", data)
		}
		if m.Payload != nil && !json.Valid(m.Payload) {
			t.Fatalf("payload %q", m.Payload)
		}
		for _, typ := range []string{"subscribe", "start"} {
			m.Type = typ
			if p, err := parseParams(m); err == nil && p == nil || err != nil && !errors.Is(err, errInvalidMessage) {
				t.Fatalf("params %+v %v", p, err)
			}
		}
	})
}

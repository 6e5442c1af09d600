package graph_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"rout/graph"
)

// rawAnswer is an answer as it came over the wire: its body not decompressed.
type rawAnswer struct {
	status int
	header http.Header
	body   []byte
}

// doRaw sends a GraphQL request with the Accept-Encoding acceptEncoding ("": none) through a client that
// does not decompress, and returns the answer as sent.
func (e *env) doWire(method, query, acceptEncoding string) rawAnswer {
	e.t.Helper()
	target := e.srv.URL + graph.Path
	var body io.Reader
	if method == http.MethodGet {
		target += "?query=" + urlEscape(query)
	} else {
		body = strings.NewReader(mustJSON(e.t, map[string]any{"query": query}))
	}
	req, err := http.NewRequestWithContext(e.t.Context(), method, target, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
	}
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	defer client.CloseIdleConnections()
	res, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return rawAnswer{status: res.StatusCode, header: res.Header, body: b}
}

// decoded returns the answer's body, decompressed when it is gzip; a gzip body that does not decompress
// fails the test.
func (a rawAnswer) decoded(t *testing.T) []byte {
	t.Helper()
	if a.header.Get("Content-Encoding") != "gzip" {
		return a.body
	}
	zr, err := gzip.NewReader(bytes.NewReader(a.body))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestAnswersAreGzipWhenAskedAndLarge(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const (
		large = `{ __schema { types { name description } } }` // tens of KiB
		small = `{ __typename }`
	)
	// Many errors make a large error answer: it is compressed too, and still reads.
	largeErrors := "{ " + strings.Repeat("nope ", 40) + "}"
	for _, c := range []struct {
		name, method, query, acceptEncoding string
		gzip                                bool
		status                              int
	}{
		{"large, gzip asked", http.MethodPost, large, "gzip", true, 200},
		{"large over GET", http.MethodGet, large, "gzip, deflate, br", true, 200},
		{"large, gzip among others with q-values", http.MethodPost, large, "br;q=1.0, gzip;q=0.5", true, 200},
		{"large, any encoding", http.MethodPost, large, "*", true, 200},
		{"large, gzip refused by q=0", http.MethodPost, large, "gzip;q=0, deflate", false, 200},
		{"large, everything refused but identity", http.MethodPost, large, "identity, *;q=0", false, 200},
		{"large, no Accept-Encoding", http.MethodPost, large, "", false, 200},
		{"small, gzip asked", http.MethodPost, small, "gzip", false, 200},
		{"small over GET", http.MethodGet, small, "gzip", false, 200},
		{"large errors", http.MethodPost, largeErrors, "gzip", true, 200},
		{"small error", http.MethodPost, "{ nope }", "gzip", false, 200},
		{"method not allowed", http.MethodPut, small, "gzip", false, 405},
	} {
		a := e.doWire(c.method, c.query, c.acceptEncoding)
		if a.status != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, a.status, c.status, a.decoded(t))
		}
		if got := a.header.Get("Content-Encoding") == "gzip"; got != c.gzip {
			t.Errorf("%s: Content-Encoding %q, want gzip %v (body of %d bytes)", c.name, a.header.Get("Content-Encoding"), c.gzip, len(a.body))
		}
		if !strings.Contains(strings.Join(a.header.Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("%s: Vary %q does not name Accept-Encoding", c.name, a.header.Values("Vary"))
		}
		var out struct {
			Data   json.RawMessage `json:"data"`
			Errors []struct {
				Message string `json:"message"`
			} `json:"errors"`
		}
		b := a.decoded(t)
		if err := json.Unmarshal(b, &out); err != nil {
			t.Errorf("%s: the answer is not JSON: %v: %.200s", c.name, err, b)
			continue
		}
		if c.query == largeErrors && len(out.Errors) < 40 {
			t.Errorf("%s: %d errors, want 40 or more", c.name, len(out.Errors))
		}
		if c.gzip && len(a.body) >= len(b) {
			t.Errorf("%s: %d bytes compressed from %d", c.name, len(a.body), len(b))
		}
		if !c.gzip && len(b) >= 1024 && c.status == 200 && c.query != large {
			t.Errorf("%s: %d bytes went as they are", c.name, len(b))
		}
	}
}

// A websocket upgrade is not wrapped by the compression of HTTP answers: the socket opens and answers
// when the upgrade request accepts gzip.
func TestWebsocketUpgradeWithGzipAccepted(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	d := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: liveWait}
	conn, resp, err := d.Dial("ws"+strings.TrimPrefix(e.srv.URL, "http")+graph.Path, http.Header{"Accept-Encoding": {"gzip"}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	resp.Body.Close()
	defer conn.Close()
	c := &wsClient{t: t, conn: conn}
	c.send(wsMessage{Type: "connection_init"})
	if m, err := c.read(); err != nil || m.Type != "connection_ack" {
		t.Fatalf("got %+v, %v; want connection_ack", m, err)
	}
	c.send(wsMessage{ID: "1", Type: "subscribe", Payload: mustRaw(t, map[string]any{"query": "{ __typename }"})})
	if m, err := c.read(); err != nil || m.Type != "next" {
		t.Fatalf("got %+v, %v; want next", m, err)
	}
}

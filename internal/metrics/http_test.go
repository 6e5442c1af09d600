package metrics_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/dbtest"
	"rout/internal/metrics"
)

// A websocket goes through the middleware (which must let the upgrader take the connection over) and
// is counted as 101, without a duration.
func TestMiddlewareWebsocket(t *testing.T) {
	t.Parallel()
	m, err := metrics.New(metrics.Opts{DB: dbtest.Open(t)})
	if err != nil {
		t.Fatal(err)
	}
	upgrader := websocket.Upgrader{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", func(w http.ResponseWriter, r *http.Request) {
		conn, err := upgrader.Upgrade(w, r, nil)
		if err != nil {
			t.Errorf("Upgrade through the middleware: %v", err)
			return
		}
		defer conn.Close()
		typ, msg, err := conn.ReadMessage()
		if err != nil {
			return
		}
		_ = conn.WriteMessage(typ, msg) // the client's read says whether the echo came back
	})
	mux.Handle("GET "+metrics.Path, m.Handler())
	srv := httptest.NewServer(m.Middleware(mux))
	t.Cleanup(srv.Close)

	conn, _, err := websocket.DefaultDialer.DialContext(t.Context(), "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.WriteMessage(websocket.TextMessage, []byte("ping")); err != nil {
		t.Fatal(err)
	}
	if _, msg, err := conn.ReadMessage(); err != nil || string(msg) != "ping" {
		t.Fatalf("echo = %q, %v; want ping", msg, err)
	}
	conn.Close()

	// The handler returns once it has echoed; the count follows its return, so poll a bounded while.
	want := `rout_http_requests_total{code="101",route="GET /ws"} 1`
	var body string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, body = scrape(t, srv.URL+metrics.Path, ""); strings.Contains(body, want) {
			break
		}
	}
	wantLines(t, body, want)
	if strings.Contains(body, `rout_http_request_duration_seconds_count{route="GET /ws"}`) {
		t.Error("the websocket was timed")
	}
}

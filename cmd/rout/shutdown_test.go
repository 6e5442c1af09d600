package main

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/dbtest"
)

// TestShutdownWithASlowWebsocketClient stops `rout serve` while a websocket client that never answers
// the close frame is connected: the server exits 0 (run returns nil), within its stages' bounds, and says
// it left the socket to close by itself.
func TestShutdownWithASlowWebsocketClient(t *testing.T) {
	t.Parallel()
	const timeout = 2 * time.Second
	// The client would have 20 s to answer the close frame: longer than the shutdown timeout.
	s := startServe(t, map[string]string{"DATABASE_URL": dbtest.URL(t), "ROUT_SHUTDOWN_TIMEOUT": timeout.String(),
		"ROUT_WS_WRITE_TIMEOUT": "20s"})
	s.waitReady(t)
	dialer := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 10 * time.Second}
	ws, resp, err := dialer.Dial("ws://"+s.addr+"/graphql", http.Header{})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer ws.Close()
	resp.Body.Close()
	if err := ws.WriteJSON(map[string]any{"type": "connection_init"}); err != nil {
		t.Fatal(err)
	}
	var ack struct{ Type string }
	if err := ws.ReadJSON(&ack); err != nil || ack.Type != "connection_ack" {
		t.Fatalf("connection_init answered %+v, %v", ack, err)
	}
	// From here on the client reads nothing: the close frame is never answered.

	began := time.Now()
	s.cancel()
	// Four stages (HTTP, websockets, the hub, River) of at most timeout each, and the database.
	const bound = 4*timeout + 5*time.Second
	select {
	case err := <-s.done:
		s.done <- err
		elapsed := time.Since(began)
		if err != nil {
			t.Fatalf("rout serve stopped with %v (exit %d) after %v, want nil (exit 0); log:\n%s", err, exitCode(err), elapsed, s.log)
		}
		if elapsed > bound {
			t.Errorf("rout serve took %v to stop, more than %v", elapsed, bound)
		}
		t.Logf("stopped after %v", elapsed)
	case <-time.After(time.Minute):
		t.Fatalf("rout serve did not stop within a minute; log:\n%s", s.log)
	}
	want := "websockets still closing after the shutdown timeout: their clients did not answer the close; their operations are cancelled"
	if !slices.Contains(s.log.messages(), want) {
		t.Errorf("the log has no %q record; log:\n%s", want, s.log)
	}
}

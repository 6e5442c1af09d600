package server

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"rout/dbtest"
)

// TestSlowClientsAreDropped opens slow-loris connections on loopback: some send their headers a byte at a
// time, others send whole headers and then their body a byte at a time. The server drops each after its
// timeout (ReadHeader, Read), long before the clients would have finished.
func TestSlowClientsAreDropped(t *testing.T) {
	t.Parallel()
	timeouts := Timeouts{ReadHeader: 500 * time.Millisecond, Read: time.Second, Write: 5 * time.Second, Idle: time.Second}
	// The API stand-in reads its whole body, as the GraphQL handler does.
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, "the request body could not be read", http.StatusBadRequest)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	ln := serveLoopback(t, newMigrated(Opts{DB: dbtest.Open(t), API: api, Timeouts: timeouts}))

	// Each client sends a byte every 100 ms for at most trickle: eight times the longest timeout, and
	// shorter than the 10 s the headers had before the timeouts could be set.
	const perKind = 40
	const trickle = 8 * time.Second
	starts := map[string]string{
		"headers": "POST /graphql HTTP/1.1\r\nHost: rout\r\nX-Slow: ",
		"body":    "POST /graphql HTTP/1.1\r\nHost: rout\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	held := map[string]int{}
	var slowest time.Duration
	for kind, start := range starts {
		for range perKind {
			wg.Go(func() {
				conn, err := net.Dial("tcp", ln.Addr().String())
				if err != nil {
					t.Error(err)
					return
				}
				defer conn.Close()
				began := time.Now()
				closed := make(chan struct{})
				go func() {
					defer close(closed)
					_, _ = io.Copy(io.Discard, conn) // until the server closes the connection
				}()
				if _, err := io.WriteString(conn, start); err != nil {
					t.Error(err)
					return
				}
				tick := time.NewTicker(100 * time.Millisecond)
				defer tick.Stop()
				for time.Since(began) < trickle {
					select {
					case <-closed:
						mu.Lock()
						slowest = max(slowest, time.Since(began))
						mu.Unlock()
						return
					case <-tick.C:
						if _, err := conn.Write([]byte("a")); err != nil {
							<-closed
							return
						}
					}
				}
				mu.Lock()
				held[kind]++
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	for kind := range starts {
		if held[kind] > 0 {
			t.Errorf("%d of %d clients sending their %s slowly were still connected after %v (timeouts %+v)",
				held[kind], perKind, kind, trickle, timeouts)
		}
	}
	t.Logf("the slowest client was dropped after %v", slowest)

	// A prompt client is served as before.
	resp, err := http.Post("http://"+ln.Addr().String()+"/graphql", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("POST /graphql = %d, want 200", resp.StatusCode)
	}
}

// TestWebsocketOutlivesTheHTTPTimeouts upgrades a connection to a websocket and uses it after every HTTP
// timeout has passed: the hijacked connection's deadlines are the websocket code's, not the server's.
func TestWebsocketOutlivesTheHTTPTimeouts(t *testing.T) {
	t.Parallel()
	timeouts := Timeouts{ReadHeader: 200 * time.Millisecond, Read: 300 * time.Millisecond, Write: 400 * time.Millisecond,
		Idle: 300 * time.Millisecond}
	upgrader := websocket.Upgrader{}
	// The API stand-in echoes messages over a websocket, as the subscriptions' transport serves them.
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := upgrader.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		go func() {
			defer ws.Close()
			for {
				kind, msg, err := ws.ReadMessage()
				if err != nil || ws.WriteMessage(kind, msg) != nil {
					return
				}
			}
		}()
	})
	ln := serveLoopback(t, newMigrated(Opts{DB: dbtest.Open(t), API: api, Timeouts: timeouts}))
	ws, resp, err := websocket.DefaultDialer.Dial("ws://"+ln.Addr().String()+"/graphql", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	resp.Body.Close()
	for i := range 3 {
		time.Sleep(500 * time.Millisecond) // longer than every timeout
		want := fmt.Sprintf("message %d", i)
		if err := ws.WriteMessage(websocket.TextMessage, []byte(want)); err != nil {
			t.Fatalf("after %d ms: write: %v", 500*(i+1), err)
		}
		_ = ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, got, err := ws.ReadMessage(); err != nil || string(got) != want {
			t.Fatalf("after %d ms: read %q, %v; want %q", 500*(i+1), got, err, want)
		}
	}
}

// serveLoopback serves s on a new loopback listener until the test ends, and returns the listener.
func serveLoopback(t *testing.T, s *Server) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.Shutdown(ctx)
		if err := <-served; err != nil {
			t.Errorf("Serve() error = %v", err)
		}
	})
	return ln
}

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"rout/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// newMigrated returns New(opts) on a database the test migrated (dbtest), ready to serve every route.
func newMigrated(opts Opts) *Server {
	s := New(opts)
	s.MarkMigrated()
	return s
}

// readyz asks h for /readyz and returns the status and the decoded body.
func readyz(t *testing.T, h http.Handler) (int, Readiness) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	if got := rec.Header().Get("Content-Type"); got != "application/json" {
		t.Errorf("GET /readyz Content-Type = %q, want application/json", got)
	}
	var r Readiness
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
		t.Fatalf("GET /readyz body %q is not JSON: %v", rec.Body.String(), err)
	}
	return rec.Code, r
}

func TestReadiness(t *testing.T) {
	t.Parallel()
	db := dbtest.Open(t)
	var logs syncBuffer
	s := New(Opts{DB: db, Logger: slog.New(slog.NewTextHandler(&logs, nil))})

	rec := httptest.NewRecorder()
	s.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	if rec.Code != http.StatusOK || rec.Body.String() != "ok\n" {
		t.Errorf("GET /healthz = %d %q, want 200 %q", rec.Code, rec.Body.String(), "ok\n")
	}

	steps := []struct {
		name   string
		do     func()
		status int
		want   Readiness
	}{
		{"before the migrations", func() {}, http.StatusServiceUnavailable,
			Readiness{Status: "unavailable", Reason: "database migrations have not finished"}},
		{"migrated", s.MarkMigrated, http.StatusOK, Readiness{Status: "ready"}},
		{"database gone", func() { db.Close() }, http.StatusServiceUnavailable,
			Readiness{Status: "unavailable", Reason: "the database ping failed"}},
		{"shutting down", func() {
			if err := s.Shutdown(context.Background()); err != nil {
				t.Fatalf("Shutdown of a server that never served: %v", err)
			}
		}, http.StatusServiceUnavailable, Readiness{Status: "unavailable", Reason: "shutting down"}},
	}
	for _, step := range steps {
		step.do()
		if status, r := readyz(t, s.handler); status != step.status || r != step.want {
			t.Errorf("%s: GET /readyz = %d %+v, want %d %+v", step.name, status, r, step.status, step.want)
		}
	}
	// The database's own error is in the log, not in the answer.
	if !strings.Contains(logs.String(), "sql: database is closed") {
		t.Errorf("the log does not name the ping's error:\n%s", logs.String())
	}
}

// syncBuffer is a bytes.Buffer safe for concurrent use, for a logger.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestReadinessSlowDatabase(t *testing.T) {
	t.Parallel()
	// A "database" that accepts connections and never answers.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	db, err := openPool("postgres://rout@"+ln.Addr().String()+"/rout?sslmode=disable", apiConns)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var mu sync.Mutex
	var conns []net.Conn
	accepted := make(chan struct{})
	go func() {
		defer close(accepted)
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, conn)
			mu.Unlock()
		}
	}()
	// Runs before db.Close: closing the connections ends the pings that wait on them.
	t.Cleanup(func() {
		ln.Close()
		<-accepted
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	s := New(Opts{DB: db})
	s.MarkMigrated()

	// More requests at once than maxPings: the ones that find no free slot give up too.
	var wg sync.WaitGroup
	for range maxPings + 2 {
		wg.Go(func() {
			began := time.Now()
			rec := httptest.NewRecorder()
			s.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
			want := `{"status":"unavailable","reason":"the database did not answer within 1s"}` + "\n"
			if rec.Code != http.StatusServiceUnavailable || rec.Body.String() != want {
				t.Errorf("GET /readyz = %d %q, want 503 %q", rec.Code, rec.Body.String(), want)
			}
			// A bound for a request that waited on the database past its timeout, generous so that a busy
			// machine's slowness is never taken for it.
			if elapsed := time.Since(began); elapsed > ReadyTimeout+30*time.Second {
				t.Errorf("GET /readyz took %v, want about ReadyTimeout (%v)", elapsed, ReadyTimeout)
			}
		})
	}
	wg.Wait()
	// The pings still wait on the database, holding every slot: the next request does not start another.
	if status, r := readyz(t, s.handler); status != http.StatusServiceUnavailable || r.Reason != errNoAnswer.Error() {
		t.Errorf("GET /readyz = %d %+v, want 503 %q", status, r, errNoAnswer)
	}
	if got := len(s.pings); got != maxPings {
		t.Errorf("%d pings wait on the database, want maxPings (%d)", got, maxPings)
	}
}

func TestServeAndShutdown(t *testing.T) {
	t.Parallel()
	s := New(Opts{DB: dbtest.Open(t)})
	s.MarkMigrated()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(ln) }()

	resp, err := http.Get("http://" + ln.Addr().String() + "/readyz")
	if err != nil {
		t.Fatalf("GET /readyz: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /readyz = %d, want 200", resp.StatusCode)
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a safety net: nothing is in flight
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve after Shutdown = %v, want nil", err)
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/healthz"); err == nil {
		t.Error("GET /healthz after Shutdown succeeded, want a refused connection")
	}
}

// TestRoutesWaitForMigrations: before the migrations are done, the routes that read the database answer 503
// with Retry-After and the API's UNAVAILABLE error of reason STARTING, without reaching their handlers; the
// web client's files are served at once; after MarkMigrated every route reaches its handler.
func TestRoutesWaitForMigrations(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	reached := map[string]int{}
	handler := func(name string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			mu.Lock()
			reached[name]++
			mu.Unlock()
			w.WriteHeader(http.StatusTeapot)
		})
	}
	s := New(Opts{DB: dbtest.Open(t), API: handler("api"), Record: handler("record"), Previews: handler("previews"),
		Web: handler("web")})
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		s.handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec
	}
	dbRoutes := []string{"/graphql", "/games/R2FtZTox/record.json", "/games/R2FtZTox/board.svg"}
	for _, path := range dbRoutes {
		rec := get(path)
		var body struct {
			Errors []struct {
				Message    string         `json:"message"`
				Extensions map[string]any `json:"extensions"`
			} `json:"errors"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("GET %s before the migrations: body %q is not JSON: %v", path, rec.Body.String(), err)
		}
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || len(body.Errors) != 1 ||
			body.Errors[0].Extensions["code"] != "UNAVAILABLE" || body.Errors[0].Extensions["reason"] != "STARTING" {
			t.Errorf("GET %s before the migrations = %d (Retry-After %q) %s, want 503 UNAVAILABLE STARTING", path, rec.Code,
				rec.Header().Get("Retry-After"), rec.Body.String())
		}
	}
	if rec := get("/"); rec.Code != http.StatusTeapot {
		t.Errorf("GET / before the migrations = %d, want the web client's answer", rec.Code)
	}
	mu.Lock()
	if reached["api"]+reached["record"]+reached["previews"] != 0 {
		t.Errorf("handlers reached before the migrations: %v", reached)
	}
	mu.Unlock()

	s.MarkMigrated()
	for _, path := range dbRoutes {
		if rec := get(path); rec.Code != http.StatusTeapot {
			t.Errorf("GET %s after the migrations = %d, want its handler's answer", path, rec.Code)
		}
	}
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rout/dbtest"
	"rout/internal/pgcluster"
	"rout/server"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// shutdownTimeout is the ROUT_SHUTDOWN_TIMEOUT of the servers the tests start.
const shutdownTimeout = 5 * time.Second

// logWatch is the standard error of a server under test: it keeps the JSON log and reports the address
// of the "listening" record.
type logWatch struct {
	mu        sync.Mutex
	buf       bytes.Buffer
	partial   []byte
	listening chan string
}

func newLogWatch() *logWatch { return &logWatch{listening: make(chan string, 1)} }

func (w *logWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		var rec struct {
			Msg  string `json:"msg"`
			Addr string `json:"addr"`
		}
		if json.Unmarshal(w.partial[:i], &rec) == nil && rec.Msg == "listening" {
			select {
			case w.listening <- rec.Addr:
			default:
			}
		}
		w.partial = w.partial[i+1:]
	}
	return len(p), nil
}

func (w *logWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// messages returns the msg of every record logged so far.
func (w *logWatch) messages() []string {
	var msgs []string
	sc := bufio.NewScanner(strings.NewReader(w.String()))
	for sc.Scan() {
		var rec struct {
			Msg string `json:"msg"`
		}
		if json.Unmarshal(sc.Bytes(), &rec) == nil {
			msgs = append(msgs, rec.Msg)
		}
	}
	return msgs
}

// served is a `rout serve` running in the test's process.
type served struct {
	addr   string
	log    *logWatch
	cancel context.CancelFunc
	done   chan error
}

// startServe runs `rout serve` with env as its whole environment (plus a loopback address with a free
// port, JSON logs and a short shutdown timeout) and returns once it listens. It stops the server when
// the test ends, if the test has not.
func startServe(t *testing.T, env map[string]string) *served {
	t.Helper()
	return startRout(t, "serve", env)
}

// startRout runs `rout <command>` (serve or worker) like startServe.
func startRout(t *testing.T, command string, env map[string]string) *served {
	t.Helper()
	full := map[string]string{
		"ROUT_ADDR":             "127.0.0.1:0",
		"ROUT_LOG_FORMAT":       "json",
		"ROUT_LOG_LEVEL":        "debug",
		"ROUT_SHUTDOWN_TIMEOUT": shutdownTimeout.String(),
	}
	for k, v := range env {
		full[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &served{log: newLogWatch(), cancel: cancel, done: make(chan error, 1)}
	go func() {
		s.done <- run(ctx, []string{command}, func(k string) string { return full[k] }, io.Discard, s.log)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-s.done:
			if err != nil { // the tests that expect an error have checked it
				t.Logf("rout %s ended: %v", command, err)
			}
		case <-time.After(time.Minute):
			t.Errorf("rout %s did not stop within a minute; log:\n%s", command, s.log)
		}
	})
	select {
	case s.addr = <-s.log.listening:
		return s
	case err := <-s.done:
		s.done <- err
		if errors.Is(err, pgcluster.ErrNoBinaries) {
			t.Skipf("PostgreSQL is not installed: %v", err)
		}
		t.Fatalf("rout %s stopped before listening: %v; log:\n%s", command, err, s.log)
	case <-time.After(3 * time.Minute):
		t.Fatalf("rout %s did not listen within 3 minutes; log:\n%s", command, s.log)
	}
	return nil
}

// stop cancels the server's context and checks that it stops, without an error, within the shutdown
// timeout.
func (s *served) stop(t *testing.T) {
	t.Helper()
	began := time.Now()
	s.cancel()
	select {
	case err := <-s.done:
		s.done <- err // for the cleanup
		if err != nil {
			t.Fatalf("rout serve: %v; log:\n%s", err, s.log)
		}
		if elapsed := time.Since(began); elapsed > shutdownTimeout {
			t.Errorf("rout serve took %v to stop, more than its shutdown timeout %v", elapsed, shutdownTimeout)
		}
	case <-time.After(shutdownTimeout + 30*time.Second):
		t.Fatalf("rout serve did not stop within %v; log:\n%s", shutdownTimeout+30*time.Second, s.log)
	}
}

// get GETs a path of the server and returns the status and body.
func (s *served) get(t *testing.T, path string) (int, string) {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{Proxy: nil}}
	resp, err := client.Get("http://" + s.addr + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: error reading the body: %v", path, err)
	}
	return resp.StatusCode, string(body)
}

// waitReady polls /readyz until it answers 200 and returns its body.
func (s *served) waitReady(t *testing.T) server.Readiness {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		status, body := s.get(t, "/readyz")
		var r server.Readiness
		if err := json.Unmarshal([]byte(body), &r); err != nil {
			t.Fatalf("GET /readyz: body %q is not JSON: %v", body, err)
		}
		if status == http.StatusOK {
			return r
		}
		if status != http.StatusServiceUnavailable || r.Status != "unavailable" || r.Reason == "" {
			t.Fatalf("GET /readyz = %d %q, want 200, or 503 with a reason", status, body)
		}
		if time.Now().After(deadline) {
			t.Fatalf("GET /readyz still answers %d %q after 3 minutes; log:\n%s", status, body, s.log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestServe(t *testing.T) {
	t.Parallel()
	s := startServe(t, map[string]string{"DATABASE_URL": dbtest.URL(t)})

	if status, body := s.get(t, "/healthz"); status != http.StatusOK || body != "ok\n" {
		t.Errorf("GET /healthz = %d %q, want 200 %q", status, body, "ok\n")
	}
	if r := s.waitReady(t); r != (server.Readiness{Status: "ready"}) {
		t.Errorf("GET /readyz body = %+v, want status ready and no reason", r)
	}

	// The API and the playground are mounted.
	resp, err := http.Post("http://"+s.addr+"/graphql", "application/json", strings.NewReader(`{"query":"{ __typename }"}`))
	if err != nil {
		t.Fatal(err)
	}
	api, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(api), `"__typename":"Query"`) {
		t.Errorf("POST /graphql = %d %s", resp.StatusCode, api)
	}
	if status, body := s.get(t, "/playground"); status != http.StatusOK || !strings.Contains(body, "/graphql") {
		t.Errorf("GET /playground = %d", status)
	}
	// The web client at / and at its own routes, which fall back to its page.
	for _, p := range []string{"/", "/games/R2FtZToz"} {
		if status, body := s.get(t, p); status != http.StatusOK || !strings.Contains(body, `<div id="app">`) {
			t.Errorf("GET %s (the web client) = %d %.200s", p, status, body)
		}
	}

	var out, errOut bytes.Buffer
	noEnv := func(string) string { return "" }
	if err := run(context.Background(), []string{"healthcheck", "--addr", s.addr}, noEnv, &out, &errOut); err != nil {
		t.Errorf("rout healthcheck against a ready server: %v (stderr %q)", err, errOut.String())
	}
	if got := out.String(); got != "ready\n" {
		t.Errorf("rout healthcheck printed %q, want %q", got, "ready\n")
	}
	// ROUT_ADDR is read too, as in the Docker image.
	addrEnv := func(k string) string {
		if k == "ROUT_ADDR" {
			return s.addr
		}
		return ""
	}
	if err := run(context.Background(), []string{"healthcheck"}, addrEnv, io.Discard, io.Discard); err != nil {
		t.Errorf("rout healthcheck with ROUT_ADDR=%s: %v", s.addr, err)
	}

	s.stop(t)
	msgs := s.log.messages()
	for _, want := range []string{"listening", "ready", "shutting down; interrupt again to force exit", "stopped"} {
		if !slices.Contains(msgs, want) {
			t.Errorf("the log has no %q record; log:\n%s", want, s.log)
		}
	}
	err = run(context.Background(), []string{"healthcheck", "--addr", s.addr}, noEnv, io.Discard, io.Discard)
	if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), "not ready") {
		t.Errorf("rout healthcheck against a stopped server = %v (exit %d), want a not ready error (exit 1)", err, exitCode(err))
	}
}

func TestHealthcheckClosedPort(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var errOut bytes.Buffer
	err = run(context.Background(), []string{"healthcheck", "--addr", addr, "--timeout", "1s"}, func(string) string { return "" }, io.Discard, &errOut)
	if err == nil {
		t.Fatal("rout healthcheck against a closed port returned nil, want an error")
	}
	if got := exitCode(err); got != 1 {
		t.Errorf("exit status = %d, want 1 (%v)", got, err)
	}
	if !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("error %q does not give the reason (connection refused)", err)
	}
}

func TestHealthcheckNotReady(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, `{"status":"unavailable","reason":"database migrations have not finished"}`)
	}))
	t.Cleanup(srv.Close)
	err := run(context.Background(), []string{"healthcheck", "--addr", srv.Listener.Addr().String()}, func(string) string { return "" }, io.Discard, io.Discard)
	if err == nil || exitCode(err) != 1 {
		t.Fatalf("rout healthcheck against a server that is not ready = %v, want an error with exit status 1", err)
	}
	if want := "not ready: 503 Service Unavailable: database migrations have not finished"; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
}

func TestHealthcheckDialHost(t *testing.T) {
	t.Parallel()
	for host, want := range map[string]string{"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1", "localhost": "localhost", "10.0.0.1": "10.0.0.1"} {
		if got := dialHost(host); got != want {
			t.Errorf("dialHost(%q) = %q, want %q", host, got, want)
		}
	}
}

func TestServeConfigErrors(t *testing.T) {
	t.Parallel()
	both := []string{"serve", "migrate"}
	tests := []struct {
		name string
		cmds []string // the commands that take the setting
		env  map[string]string
		args []string
		want []string // in the error
	}{
		{"bad addr", []string{"serve"}, map[string]string{"ROUT_ADDR": "localhost"}, nil, []string{"ROUT_ADDR", "not host:port"}},
		{"bad addr flag", []string{"serve"}, nil, []string{"--addr", "127.0.0.1:http"}, []string{"ROUT_ADDR (--addr)", "not a number"}},
		{"bad log level", both, map[string]string{"ROUT_LOG_LEVEL": "verbose"}, nil, []string{"ROUT_LOG_LEVEL", "debug, info, warn or error"}},
		{"bad log format", both, nil, []string{"--log-format", "xml"}, []string{"ROUT_LOG_FORMAT", "text or json"}},
		{"bad timeout", []string{"serve"}, map[string]string{"ROUT_SHUTDOWN_TIMEOUT": "10"}, nil, []string{"ROUT_SHUTDOWN_TIMEOUT", "not a duration"}},
		{"negative timeout", []string{"serve"}, nil, []string{"--shutdown-timeout", "-1s"}, []string{"ROUT_SHUTDOWN_TIMEOUT", "not positive"}},
		{"bad season length", []string{"serve", "worker"}, map[string]string{"ROUT_SEASON_MONTHS": "5"}, nil,
			[]string{"ROUT_SEASON_MONTHS (--season-months) 5 is not a season length", "1, 2, 3, 4, 6 or 12"}},
		{"bad season length flag", []string{"serve", "worker"}, nil, []string{"--season-months", "0"},
			[]string{"ROUT_SEASON_MONTHS (--season-months) 0 is not a season length"}},
		{"season length not a number", []string{"serve", "worker"}, map[string]string{"ROUT_SEASON_MONTHS": "quarterly"}, nil,
			[]string{"ROUT_SEASON_MONTHS", `"quarterly" is not a whole number`}},
		{"bad database url", both, map[string]string{"DATABASE_URL": "postgres://rout:s3cret@db:notaport/rout"}, nil,
			[]string{"DATABASE_URL", "not a PostgreSQL connection string"}},
		{"empty data dir", both, nil, []string{"--data-dir", ""}, []string{"ROUT_DATA_DIR"}},
		{"every problem at once", []string{"serve"}, map[string]string{"ROUT_ADDR": "x", "ROUT_LOG_LEVEL": "x", "ROUT_LOG_FORMAT": "x"}, nil,
			[]string{"ROUT_ADDR", "ROUT_LOG_LEVEL", "ROUT_LOG_FORMAT"}},
		{"argument", both, nil, []string{"now"}, []string{`unexpected argument "now"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			getenv := func(k string) string { return tt.env[k] }
			for _, cmd := range tt.cmds {
				err := run(context.Background(), append([]string{cmd}, tt.args...), getenv, io.Discard, io.Discard)
				if err == nil {
					t.Fatalf("rout %s: nil error, want a configuration error", cmd)
				}
				if got := exitCode(err); got != 2 {
					t.Errorf("rout %s: exit status %d, want 2 (%v)", cmd, got, err)
				}
				for _, w := range tt.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("rout %s: error %q does not mention %q", cmd, err, w)
					}
				}
				if strings.Contains(err.Error(), "s3cret") {
					t.Errorf("rout %s: error %q shows the database password", cmd, err)
				}
			}
		})
	}
}

func TestServeHelp(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"serve", "migrate", "healthcheck"} {
		var errOut bytes.Buffer
		env := func(k string) string {
			if k == "DATABASE_URL" {
				return "postgres://rout:s3cret@db/rout"
			}
			return ""
		}
		if err := run(context.Background(), []string{cmd, "-h"}, env, io.Discard, &errOut); err != nil {
			t.Errorf("rout %s -h: %v", cmd, err)
		}
		if !strings.Contains(errOut.String(), "usage: rout "+cmd) {
			t.Errorf("rout %s -h printed %q, want the usage", cmd, errOut.String())
		}
		if strings.Contains(errOut.String(), "s3cret") {
			t.Errorf("rout %s -h shows the database password:\n%s", cmd, errOut.String())
		}
	}
}

func TestMigrate(t *testing.T) {
	t.Parallel()
	url := dbtest.URL(t)
	getenv := func(k string) string {
		if k == "DATABASE_URL" {
			return url
		}
		return ""
	}
	for range 2 { // the second run finds nothing to do
		var errOut bytes.Buffer
		if err := run(context.Background(), []string{"migrate", "--log-format", "json"}, getenv, io.Discard, &errOut); err != nil {
			t.Fatalf("rout migrate: %v; log:\n%s", err, errOut.String())
		}
		if !strings.Contains(errOut.String(), "the database is up to date") {
			t.Errorf("rout migrate log has no \"the database is up to date\" record:\n%s", errOut.String())
		}
	}
}

// TestServeEmbedded starts rout serve with no DATABASE_URL, so with the embedded PostgreSQL, twice on
// the same data folder: the first start creates the cluster, the second reuses it.
func TestServeEmbedded(t *testing.T) {
	t.Parallel()
	// A short path, so that the cluster's Unix socket fits in its data folder.
	dir, err := os.MkdirTemp("", "rout")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	env := map[string]string{"ROUT_DATA_DIR": dir}
	pgVersion := filepath.Join(dir, "pgdata", "PG_VERSION")
	postmasterPID := filepath.Join(dir, "pgdata", "postmaster.pid")

	var created time.Time
	for start := 1; start <= 2; start++ {
		s := startServe(t, env)
		if r := s.waitReady(t); r.Status != "ready" {
			t.Fatalf("start %d: GET /readyz body = %+v, want ready", start, r)
		}
		if status, body := s.get(t, "/healthz"); status != http.StatusOK || body != "ok\n" {
			t.Errorf("start %d: GET /healthz = %d %q, want 200 %q", start, status, body, "ok\n")
		}
		s.stop(t)
		fi, err := os.Stat(pgVersion)
		if err != nil {
			t.Fatalf("start %d: no cluster in the data folder: %v", start, err)
		}
		if start == 1 {
			created = fi.ModTime()
		} else if !fi.ModTime().Equal(created) {
			t.Errorf("start 2 made a new cluster (PG_VERSION from %v, the first from %v) instead of reusing the one in %s",
				fi.ModTime(), created, dir)
		}
		if _, err := os.Stat(postmasterPID); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("start %d: the embedded PostgreSQL still runs after rout serve stopped (postmaster.pid: %v)", start, err)
		}
		migrated := slices.Contains(s.log.messages(), "applied migration")
		if start == 1 && !migrated {
			t.Errorf("start 1 applied no migration; log:\n%s", s.log)
		}
		if start == 2 && migrated {
			t.Errorf("start 2 applied migrations again: the database was not kept; log:\n%s", s.log)
		}
	}
}

// TestServeSeasonMonths: a server started with ROUT_SEASON_MONTHS opens the first season as that
// calendar period (UTC): a month here, where the default is a quarter.
func TestServeSeasonMonths(t *testing.T) {
	t.Parallel()
	s := startServe(t, map[string]string{"DATABASE_URL": dbtest.URL(t), "ROUT_SEASON_MONTHS": "1"})
	s.waitReady(t)
	before := time.Now().UTC()
	resp, err := http.Post("http://"+s.addr+"/graphql", "application/json",
		strings.NewReader(`{"query":"{ leaderboardSeasons { number startsAt endsAt closed } }"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	after := time.Now().UTC()
	var body struct {
		Data struct {
			LeaderboardSeasons []struct {
				Number           int
				StartsAt, EndsAt time.Time
				Closed           bool
			}
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	seasons := body.Data.LeaderboardSeasons
	if len(seasons) != 1 || seasons[0].Number != 1 || seasons[0].Closed {
		t.Fatalf("leaderboardSeasons = %+v, want the first season, open", seasons)
	}
	month := func(t time.Time) (time.Time, time.Time) {
		start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
		return start, start.AddDate(0, 1, 0)
	}
	got := seasons[0]
	ok := false
	for _, at := range []time.Time{before, after} { // the month may turn during the request
		start, end := month(at)
		ok = ok || got.StartsAt.Equal(start) && got.EndsAt.Equal(end)
	}
	if !ok {
		t.Errorf("the first season runs %s to %s, want this calendar month (UTC)", got.StartsAt, got.EndsAt)
	}
}

package metrics_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivertype"

	"rout/dbtest"
	"rout/internal/metrics"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// migratedDB returns a new test database with Rout's and River's tables.
func migratedDB(t *testing.T) *sql.DB {
	t.Helper()
	return dbtest.Migrated(t)
}

// scrape GETs url with the Authorization header auth (none when empty) and returns the status and body.
func scrape(t *testing.T, url, auth string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("GET %s: reading the body: %v", url, err)
	}
	return res.StatusCode, string(body)
}

// wantLines fails the test for each line of want that is not a whole line of body.
func wantLines(t *testing.T, body string, want ...string) {
	t.Helper()
	lines := make(map[string]bool)
	for line := range strings.SplitSeq(body, "\n") {
		lines[line] = true
	}
	for _, w := range want {
		if !lines[w] {
			t.Errorf("the metrics have no line %q", w)
		}
	}
}

// wantPrefixes fails the test for each prefix that begins no line of body.
func wantPrefixes(t *testing.T, body string, prefixes ...string) {
	t.Helper()
	for _, p := range prefixes {
		if !strings.HasPrefix(body, p) && !strings.Contains(body, "\n"+p) {
			t.Errorf("the metrics have no line that begins with %q", p)
		}
	}
}

// server serves a mux with /metrics and a test route, through m's middleware.
func server(t *testing.T, m *metrics.Metrics) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("GET "+metrics.Path, m.Handler())
	mux.HandleFunc("GET /teapot/{id}", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusTeapot)
	})
	srv := httptest.NewServer(m.Middleware(mux))
	t.Cleanup(srv.Close)
	return srv
}

type countedArgs struct{}

func (countedArgs) Kind() string { return "metrics_counted" }

type workedArgs struct{ Fail bool }

func (workedArgs) Kind() string { return "metrics_worked" }

type workedWorker struct {
	river.WorkerDefaults[workedArgs]
}

func (workedWorker) Work(_ context.Context, job *river.Job[workedArgs]) error {
	if job.Args.Fail {
		return errors.New("told to fail")
	}
	return nil
}

func TestMetrics(t *testing.T) {
	t.Parallel()
	db := migratedDB(t)
	m, err := metrics.New(metrics.Opts{DB: db})
	if err != nil {
		t.Fatal(err)
	}
	srv := server(t, m)
	ctx := t.Context()

	// Jobs inserted by an insert-only client: two available, one scheduled.
	inserter, err := river.NewClient(riverdatabasesql.New(db), &river.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = inserter.InsertMany(ctx, []river.InsertManyParams{
		{Args: countedArgs{}},
		{Args: countedArgs{}},
		{Args: countedArgs{}, InsertOpts: &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)}},
	})
	if err != nil {
		t.Fatal(err)
	}

	// Jobs worked by a client with the middleware: one completes, one fails for good.
	workers := river.NewWorkers()
	river.AddWorker(workers, workedWorker{})
	worker, err := river.NewClient(riverdatabasesql.New(db), &river.Config{
		Queues:            map[string]river.QueueConfig{"metrics_worked": {MaxWorkers: 2}},
		Workers:           workers,
		Middleware:        []rivertype.Middleware{m.JobMiddleware()},
		FetchPollInterval: 100 * time.Millisecond,
		TestOnly:          true,
	})
	if err != nil {
		t.Fatal(err)
	}
	events, cancel := worker.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed)
	defer cancel()
	if err := worker.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := worker.Stop(stopCtx); err != nil {
			t.Errorf("stopping River: %v", err)
		}
	})
	opts := &river.InsertOpts{Queue: "metrics_worked", MaxAttempts: 1}
	_, err = worker.InsertMany(ctx, []river.InsertManyParams{
		{Args: workedArgs{}, InsertOpts: opts},
		{Args: workedArgs{Fail: true}, InsertOpts: opts},
	})
	if err != nil {
		t.Fatal(err)
	}
	timeout := time.After(time.Minute)
	for range 2 {
		select {
		case <-events:
		case <-timeout:
			t.Fatal("the jobs were not worked within a minute")
		}
	}

	m.Takeover()
	m.CPUTurn()
	m.CPUTurn()
	m.NotificationSent("email", "your_turn")
	m.NotificationDropped("user_rate")
	m.NotificationDropped("user_rate")
	if status, _ := scrape(t, srv.URL+"/teapot/7", ""); status != http.StatusTeapot {
		t.Fatalf("GET /teapot/7 = %d, want 418", status)
	}
	scrape(t, srv.URL+"/nowhere", "")
	scrape(t, srv.URL+"/nowhere/else", "")

	status, body := scrape(t, srv.URL+metrics.Path, "")
	if status != http.StatusOK {
		t.Fatalf("GET /metrics = %d %q, want 200", status, body)
	}
	wantLines(t, body,
		`rout_river_jobs{kind="metrics_counted",state="available"} 2`,
		`rout_river_jobs{kind="metrics_counted",state="scheduled"} 1`,
		`rout_river_jobs{kind="metrics_worked",state="discarded"} 1`,
		`rout_job_duration_seconds_count{kind="metrics_worked",outcome="completed"} 1`,
		`rout_job_duration_seconds_count{kind="metrics_worked",outcome="failed"} 1`,
		`rout_turn_takeovers_total 1`,
		`rout_cpu_turns_total 2`,
		`rout_notifications_sent_total{channel="email",kind="your_turn"} 1`,
		`rout_notifications_dropped_total{reason="user_rate"} 2`,
		`rout_http_requests_total{code="418",route="GET /teapot/{id}"} 1`,
		`rout_http_requests_total{code="404",route="none"} 2`,
		`rout_http_request_duration_seconds_count{route="GET /teapot/{id}"} 1`,
		`rout_river_scrape_errors_total 0`,
	)
	wantPrefixes(t, body,
		`rout_river_oldest_available_job_age_seconds{queue="default"} `,
		`go_goroutines `,
		`process_resident_memory_bytes `,
		`go_sql_open_connections{db_name="rout"} `,
		`go_sql_wait_count_total{db_name="rout"} `,
	)
	if strings.Contains(body, `state="completed"`) {
		t.Error("the metrics count completed jobs, which the query should leave out")
	}

	// The scrape itself is counted by the next one.
	_, body = scrape(t, srv.URL+metrics.Path, "")
	wantLines(t, body, `rout_http_requests_total{code="200",route="GET /metrics"} 1`)
}

func TestMetricsToken(t *testing.T) {
	t.Parallel()
	db := dbtest.Open(t)
	m, err := metrics.New(metrics.Opts{DB: db, Token: "scrape-secret-0123456789"})
	if err != nil {
		t.Fatal(err)
	}
	srv := server(t, m)
	for _, tc := range []struct {
		auth   string
		status int
	}{
		{"", http.StatusUnauthorized},
		{"Bearer wrong-secret-0123456789", http.StatusUnauthorized},
		{"Bearer scrape-secret-012345678", http.StatusUnauthorized},
		{"Basic c2NyYXBlLXNlY3JldC0wMTIzNDU2Nzg5", http.StatusUnauthorized},
		{"Bearer scrape-secret-0123456789", http.StatusOK},
		{"bearer scrape-secret-0123456789", http.StatusOK},
	} {
		status, body := scrape(t, srv.URL+metrics.Path, tc.auth)
		if status != tc.status {
			t.Errorf("GET /metrics with %q = %d, want %d", tc.auth, status, tc.status)
		}
		if status == http.StatusOK && !strings.Contains(body, "go_goroutines ") {
			t.Errorf("GET /metrics with %q: no go_goroutines in %q", tc.auth, body)
		}
		if status != http.StatusOK && strings.Contains(body, "go_goroutines") {
			t.Errorf("GET /metrics with %q = %d served the metrics", tc.auth, status)
		}
	}
}

// Before River's tables exist, a scrape still serves every other series and counts the error.
func TestMetricsWithoutRiverTables(t *testing.T) {
	t.Parallel()
	db := dbtest.Open(t)
	m, err := metrics.New(metrics.Opts{DB: db})
	if err != nil {
		t.Fatal(err)
	}
	srv := server(t, m)
	status, body := scrape(t, srv.URL+metrics.Path, "")
	if status != http.StatusOK {
		t.Fatalf("GET /metrics = %d, want 200", status)
	}
	wantLines(t, body, `rout_river_scrape_errors_total 1`)
	wantPrefixes(t, body, `go_goroutines `)
}

func TestNilMetrics(t *testing.T) {
	t.Parallel()
	var m *metrics.Metrics
	m.JobDone("kind", time.Second, nil)
	m.Takeover()
	m.CPUTurn()
	m.NotificationSent("sms", "invited")
	m.NotificationDropped("seen_live")
	h := http.NotFoundHandler()
	if got := m.Middleware(h); got == nil {
		t.Error("Middleware of a nil *Metrics returned nil, want the handler")
	}
}

func TestNewWithoutDB(t *testing.T) {
	t.Parallel()
	_, err := metrics.New(metrics.Opts{})
	if err == nil {
		t.Fatal("New without a DB succeeded, want an error")
	}
	if want := "error setting up metrics: Opts.DB is required"; err.Error() != want {
		t.Errorf("New without a DB: error %q, want %q", err, want)
	}
}

package jobs_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"rout/dbtest"
	"rout/internal/metrics"
	"rout/jobs"
)

// syncBuffer is a bytes.Buffer safe for the concurrent writes of a logger.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// records returns the JSON log records whose msg is msg.
func (s *syncBuffer) records(t *testing.T, msg string) []map[string]any {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for line := range strings.SplitSeq(s.b.String(), "\n") {
		if line == "" {
			continue
		}
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if r["msg"] == msg {
			out = append(out, r)
		}
	}
	return out
}

// TestNotificationMetrics invites two users: one by email, which goes out, one by SMS on a server with
// no SMS provider, which is dropped. A real scrape of /metrics then shows both series, and the drop has
// its log line.
func TestNotificationMetrics(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	m, err := metrics.New(metrics.Opts{DB: e.db})
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	r := e.observedReplica(testConfig(), newRouter(t, startSMTP(t), nil), m, slog.New(slog.NewJSONHandler(logs, nil)))
	owner := e.user("owner", "email")
	e.user("bob", "email")
	sam := e.user("sam", "sms")
	dbtest.Game(t, e.db, dbtest.GameOpts{Service: r.svc, Seats: []dbtest.SeatOpts{{User: owner}, {Invite: "bob@example.com"},
		{Invite: "sam@example.com"}}})
	e.waitFor("both invitations to be worked", time.Minute, func() bool {
		s := r.jobs.Stats()
		return s.NotificationsSent == 1 && s.NotificationsDropped["channel_unavailable"] == 1
	})

	srv := httptest.NewServer(m.Handler())
	t.Cleanup(srv.Close)
	res, err := http.Get(srv.URL + metrics.Path)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics = %d, %v", res.StatusCode, err)
	}
	lines := map[string]bool{}
	for line := range strings.SplitSeq(string(body), "\n") {
		lines[line] = true
	}
	for _, want := range []string{
		`rout_notifications_sent_total{channel="email",kind="invited"} 1`,
		`rout_notifications_dropped_total{reason="channel_unavailable"} 1`,
	} {
		if !lines[want] {
			t.Errorf("the metrics have no line %q", want)
		}
	}

	dropped := logs.records(t, "notification dropped")
	if len(dropped) != 1 {
		t.Fatalf("%d log lines of dropped notifications, want 1", len(dropped))
	}
	got := dropped[0]
	for k, want := range map[string]any{"reason": "channel_unavailable", "user_id": float64(sam), "job": jobs.KindNotification,
		"kind": "invited", "channel": "sms"} {
		if got[k] != want {
			t.Errorf("the log line's %s is %v, want %v (%v)", k, got[k], want, got)
		}
	}
}

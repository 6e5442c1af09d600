package metrics

import (
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/riverqueue/river/rivertype"
)

// Path is where Handler is served.
const Path = "/metrics"

// maxScrapes bounds the scrapes served at once; more answer 503.
const maxScrapes = 4

// Opts are the dependencies and settings of Metrics.
type Opts struct {
	// DB is the database whose pool statistics are reported and whose river_job table is counted.
	// Required.
	DB *sql.DB

	// Token, when not empty, is the secret a scrape must send as "Authorization: Bearer <token>".
	// Empty leaves Handler open.
	Token string

	// Logger receives the errors of scrapes. Nil discards them.
	Logger *slog.Logger
}

// Metrics holds a process's Prometheus registry and the series Rout feeds. Its methods are safe for
// concurrent use, and those that record something do nothing on a nil *Metrics.
type Metrics struct {
	registry  *prometheus.Registry
	token     string
	logger    *slog.Logger
	requests  *prometheus.CounterVec
	durations *prometheus.HistogramVec
	jobs      *prometheus.HistogramVec
	takeovers prometheus.Counter
	cpuTurns  prometheus.Counter

	notificationsSent    *prometheus.CounterVec
	notificationsDropped *prometheus.CounterVec

	operations    *prometheus.CounterVec
	graphqlErrors *prometheus.CounterVec
}

// New returns Metrics with every collector registered: Go runtime, process, database pool, River's job
// table, HTTP requests, GraphQL operations and jobs.
func New(opts Opts) (*Metrics, error) {
	if opts.DB == nil {
		return nil, errors.New("error setting up metrics: Opts.DB is required")
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		token:    opts.Token,
		logger:   opts.Logger,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rout_http_requests_total",
			Help: "HTTP requests served, by route pattern and status code (101: taken over, as a websocket).",
		}, []string{"route", "code"}),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "rout_http_request_duration_seconds",
			Help:    "Time to serve an HTTP request, by route pattern; websockets are left out.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route"}),
		jobs: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "rout_job_duration_seconds",
			Help:    "Time to work a River job on this process, by kind and outcome (completed, failed, snoozed, cancelled).",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
		}, []string{"kind", "outcome"}),
		takeovers: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "rout_turn_takeovers_total",
			Help: "Turns whose deadline passed and that the server played for the absent player.",
		}),
		cpuTurns: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "rout_cpu_turns_total",
			Help: "Turns played by CPU players.",
		}),
		notificationsSent: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rout_notifications_sent_total",
			Help: "Notifications the provider accepted, by channel (email, sms, push) and kind (your_turn, ...; a digest counts as your_turn).",
		}, []string{"channel", "kind"}),
		notificationsDropped: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rout_notifications_dropped_total",
			Help: "Notifications not sent, by reason (seen_live, seen_or_played, seen_or_read, user_rate, channel_unavailable, permanent_failure, no_push_device).",
		}, []string{"reason"}),
		operations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rout_graphql_operations_total",
			Help: "GraphQL operations executed, by type (query, mutation, subscription).",
		}, []string{"type"}),
		graphqlErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "rout_graphql_errors_total",
			Help: "Errors in GraphQL responses, by operation type and extensions.code.",
		}, []string{"type", "code"}),
	}
	err := errors.Join(
		m.registry.Register(collectors.NewGoCollector()),
		m.registry.Register(collectors.NewProcessCollector(collectors.ProcessCollectorOpts{})),
		m.registry.Register(collectors.NewDBStatsCollector(opts.DB, "rout")),
		m.registry.Register(newRiverCollector(opts.DB, opts.Logger)),
		m.registry.Register(m.requests),
		m.registry.Register(m.durations),
		m.registry.Register(m.jobs),
		m.registry.Register(m.takeovers),
		m.registry.Register(m.cpuTurns),
		m.registry.Register(m.notificationsSent),
		m.registry.Register(m.notificationsDropped),
		m.registry.Register(m.operations),
		m.registry.Register(m.graphqlErrors),
	)
	if err != nil {
		return nil, fmt.Errorf("error registering the metrics: %w", err)
	}
	return m, nil
}

// Handler returns the handler of Path: the registry in Prometheus' text (or negotiated) format, behind
// the bearer token when Opts.Token is set.
func (m *Metrics) Handler() http.Handler {
	h := promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{
		ErrorLog:            slogPrinter{m.logger},
		ErrorHandling:       promhttp.ContinueOnError,
		MaxRequestsInFlight: maxScrapes,
	})
	if m.token == "" {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, secret, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "Bearer") ||
			subtle.ConstantTimeCompare([]byte(strings.TrimSpace(secret)), []byte(m.token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="rout metrics"`)
			http.Error(w, "metrics need the header Authorization: Bearer <ROUT_METRICS_TOKEN>", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// JobDone records a River job worked on this process: its kind, how long Work took, and the error it
// returned (nil: completed; river.JobSnooze: snoozed; river.JobCancel: cancelled; any other: failed).
func (m *Metrics) JobDone(kind string, d time.Duration, err error) {
	if m == nil {
		return
	}
	m.jobs.WithLabelValues(kind, jobOutcome(err)).Observe(d.Seconds())
}

// Takeover records a turn whose deadline passed and that the server played for the absent player.
func (m *Metrics) Takeover() {
	if m == nil {
		return
	}
	m.takeovers.Inc()
}

// CPUTurn records a turn played by a CPU player.
func (m *Metrics) CPUTurn() {
	if m == nil {
		return
	}
	m.cpuTurns.Inc()
}

// NotificationSent records a notification the provider accepted, sent through channel (email, sms,
// push) about kind (your_turn, turn_warning, ...).
func (m *Metrics) NotificationSent(channel, kind string) {
	if m == nil {
		return
	}
	m.notificationsSent.WithLabelValues(channel, kind).Inc()
}

// NotificationDropped records a notification that will not be sent, and why (seen_live, seen_or_played, seen_or_read,
// user_rate, channel_unavailable, permanent_failure, no_push_device).
func (m *Metrics) NotificationDropped(reason string) {
	if m == nil {
		return
	}
	m.notificationsDropped.WithLabelValues(reason).Inc()
}

// jobOutcome is the outcome label of a job that returned err.
func jobOutcome(err error) string {
	switch {
	case err == nil:
		return "completed"
	case errors.Is(err, &rivertype.JobSnoozeError{}):
		return "snoozed"
	case errors.Is(err, &rivertype.JobCancelError{}):
		return "cancelled"
	default:
		return "failed"
	}
}

// slogPrinter is promhttp's error log on a slog.Logger.
type slogPrinter struct{ logger *slog.Logger }

// Println implements promhttp.Logger.
func (p slogPrinter) Println(v ...any) {
	p.logger.Warn("error serving metrics", "error", fmt.Sprint(v...))
}

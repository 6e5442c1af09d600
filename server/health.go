package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"
)

// ReadyTimeout bounds the database ping of /readyz: a database slower than that counts as not answering.
const ReadyTimeout = time.Second

// maxPings bounds the pings of /readyz that wait on the database at once.
const maxPings = 4

// Readiness is the JSON body of /readyz.
type Readiness struct {
	// Status is "ready" (with 200 OK) or "unavailable" (with 503 Service Unavailable).
	Status string `json:"status"`
	// Reason says why the server is unavailable; empty when ready.
	Reason string `json:"reason,omitempty"`
}

// handleHealthz answers 200 "ok" while the process serves HTTP at all: a liveness check, which never
// looks at the database (a database outage should not get every replica restarted).
func (s *Server) handleHealthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, "ok\n") // a client that went away has no answer to get
}

// handleReadyz answers 200 when the server can take traffic: migrations are done, the database answers a
// ping within ReadyTimeout, and the server is not shutting down. Otherwise 503 with the reason.
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	status, body, cause := s.readiness(r.Context())
	if cause != nil {
		s.logger.WarnContext(r.Context(), "not ready", "reason", body.Reason, "error", cause.Error())
	} else if status != http.StatusOK {
		s.logger.DebugContext(r.Context(), "not ready", "reason", body.Reason)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(body); err != nil {
		s.logger.DebugContext(r.Context(), "error writing the readiness answer", "error", err.Error())
	}
}

// readiness checks what /readyz reports. The reason is one of a few fixed sentences, for anyone to see;
// cause is the database's own error behind a failed ping, for the log only (it may name hosts, users or
// databases).
func (s *Server) readiness(ctx context.Context) (int, Readiness, error) {
	unavailable := func(reason string, cause error) (int, Readiness, error) {
		return http.StatusServiceUnavailable, Readiness{Status: "unavailable", Reason: reason}, cause
	}
	if s.draining.Load() {
		return unavailable("shutting down", nil)
	}
	if !s.migrated.Load() {
		return unavailable("database migrations have not finished", nil)
	}
	if err := s.ping(ctx); errors.Is(err, errNoAnswer) {
		return unavailable(err.Error(), nil)
	} else if err != nil {
		return unavailable("the database ping failed", err)
	}
	return http.StatusOK, Readiness{Status: "ready"}, nil
}

// errNoAnswer reports a database that did not answer a ping within ReadyTimeout.
var errNoAnswer = errors.New("the database did not answer within " + ReadyTimeout.String())

// ping pings the database and waits at most ReadyTimeout for the answer. lib/pq does not always honour a
// deadline (it waits for a server that accepted a connection but says nothing), so the ping runs on its
// own goroutine, and at most maxPings of them wait on the database at once.
func (s *Server) ping(ctx context.Context) error {
	timer := time.NewTimer(ReadyTimeout)
	defer timer.Stop()
	select {
	case s.pings <- struct{}{}:
	case <-timer.C:
		return errNoAnswer
	case <-ctx.Done():
		return ctx.Err()
	}
	done := make(chan error, 1)
	go func() {
		defer func() { <-s.pings }()
		pingCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ReadyTimeout)
		defer cancel()
		done <- s.db.PingContext(pingCtx)
	}()
	select {
	case err := <-done:
		if errors.Is(err, context.DeadlineExceeded) {
			return errNoAnswer
		}
		return err
	case <-timer.C:
		return errNoAnswer
	case <-ctx.Done():
		return ctx.Err()
	}
}

package metrics

import (
	"bufio"
	"errors"
	"net"
	"net/http"
	"strconv"
	"time"
)

// Middleware returns next counted and timed in rout_http_requests_total and
// rout_http_request_duration_seconds. next should be (or end in) an http.ServeMux: the route label is
// the pattern the mux matched (Request.Pattern), "none" when it matched none, so the label's values are
// the server's routes and never the paths clients make up. A nil *Metrics returns next.
func (m *Metrics) Middleware(next http.Handler) http.Handler {
	if m == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		began := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		route := r.Pattern
		if route == "" {
			route = "none"
		}
		code := sw.status
		switch {
		case sw.hijacked:
			code = http.StatusSwitchingProtocols
		case code == 0:
			code = http.StatusOK // nothing written: net/http sends 200
		}
		m.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
		if !sw.hijacked {
			m.durations.WithLabelValues(route).Observe(time.Since(began).Seconds())
		}
	})
}

// statusWriter records the status code of a response and whether its connection was taken over.
type statusWriter struct {
	http.ResponseWriter
	status   int
	hijacked bool
}

// WriteHeader implements http.ResponseWriter.
func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 && code >= 200 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write implements http.ResponseWriter.
func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Flush implements http.Flusher, for handlers that stream.
func (w *statusWriter) Flush() {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Hijack implements http.Hijacker, which websocket upgraders ask for by type assertion.
func (w *statusWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("error hijacking the connection: the response writer does not support it")
	}
	conn, rw, err := h.Hijack()
	if err == nil {
		w.hijacked = true
	}
	return conn, rw, err
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

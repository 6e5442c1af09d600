package server

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"rout/account"
	"rout/graph"
	"rout/graph/playground"
	"rout/internal/adminui"
	"rout/internal/metrics"
	"rout/notifications"
)

// Defaults of Timeouts.
const (
	// DefaultReadHeaderTimeout bounds how long a client may take to send a request's headers.
	DefaultReadHeaderTimeout = 5 * time.Second
	// DefaultReadTimeout bounds how long a client may take to send a whole request, headers and body.
	DefaultReadTimeout = 30 * time.Second
	// DefaultWriteTimeout bounds a request from the end of its headers to the end of its response.
	DefaultWriteTimeout = time.Minute
	// DefaultIdleTimeout closes keep-alive connections that stay idle for longer.
	DefaultIdleTimeout = 2 * time.Minute
)

// Timeouts are the HTTP server's bounds on one connection (see http.Server). They end at a websocket
// upgrade: the hijacked connection's deadlines are then the websocket transport's (ping interval, write
// timeout), so subscriptions may stay open for hours.
type Timeouts struct {
	// ReadHeader bounds the reading of a request's headers (ROUT_HTTP_READ_HEADER_TIMEOUT).
	ReadHeader time.Duration
	// Read bounds the reading of a whole request, body included (ROUT_HTTP_READ_TIMEOUT).
	Read time.Duration
	// Write bounds a request from the end of its headers to the end of its response
	// (ROUT_HTTP_WRITE_TIMEOUT): a client that does not take its response in time is dropped.
	Write time.Duration
	// Idle closes a keep-alive connection that waits longer for its next request (ROUT_HTTP_IDLE_TIMEOUT).
	Idle time.Duration
}

// DefaultTimeouts returns the default HTTP timeouts.
func DefaultTimeouts() Timeouts {
	return Timeouts{ReadHeader: DefaultReadHeaderTimeout, Read: DefaultReadTimeout, Write: DefaultWriteTimeout,
		Idle: DefaultIdleTimeout}
}

// withDefaults returns t with its zero fields at their defaults.
func (t Timeouts) withDefaults() Timeouts {
	d := DefaultTimeouts()
	return Timeouts{ReadHeader: cmp.Or(t.ReadHeader, d.ReadHeader), Read: cmp.Or(t.Read, d.Read),
		Write: cmp.Or(t.Write, d.Write), Idle: cmp.Or(t.Idle, d.Idle)}
}

// Server is Rout's HTTP server. New builds every route in one place (routes); Serve serves them until
// Shutdown. Its methods are safe for concurrent use.
type Server struct {
	logger   *slog.Logger
	db       *sql.DB
	handler  http.Handler
	http     *http.Server
	migrated atomic.Bool   // the database schema is up to date
	draining atomic.Bool   // Shutdown has begun
	pings    chan struct{} // a slot per ping of /readyz waiting on the database
}

// Opts are the dependencies of a Server.
type Opts struct {
	// DB is the database the server works with; /readyz pings it. Required.
	DB *sql.DB

	// Logger receives the server's records. Nil discards them.
	Logger *slog.Logger

	// API serves the GraphQL API on graph.Path and Playground the GraphiQL page at playground.Path with
	// its assets under playground.AssetsPath;
	// nil leaves them out (tests of the health endpoints).
	API, Playground http.Handler

	// Web serves the browser client at "/" and every path no other route takes (web.Handler); nil leaves
	// it out.
	Web http.Handler

	// Record serves graph.RecordPath, a game's JSON record (graph.NewRecordHandler); nil leaves it out.
	Record http.Handler

	// Previews serves graph.MapPreviewRoute and graph.BoardPreviewRoute, SVG drawings of maps and boards
	// (graph.NewPreviewHandler); nil leaves them out.
	Previews http.Handler

	// Metrics serves GET metrics.Path and counts and times every request; nil leaves both out.
	Metrics *metrics.Metrics

	// RiverUI serves the River UI at adminui.Path to admins (adminui.New); nil leaves it out.
	RiverUI http.Handler

	// Timeouts bound each connection; a zero field takes its default (DefaultTimeouts).
	Timeouts Timeouts

	// Profiles serves net/http/pprof at adminui.ProfilesPath to admins (adminui.Profiles); nil leaves
	// it out.
	Profiles http.Handler
	// Unsubscribe serves the one-click unsubscribe links of emails (notifications.UnsubscribePath), which
	// Accounts carries out; nil: no such route.
	Unsubscribe *notifications.Unsubscribe
	// Accounts is the account service; required with Unsubscribe.
	Accounts *account.Service
}

// New returns a server with every route. It is not ready (/readyz answers 503) until MarkMigrated.
func New(opts Opts) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{logger: opts.Logger, db: opts.DB, pings: make(chan struct{}, maxPings)}
	s.handler = s.routes(opts)
	timeouts := opts.Timeouts.withDefaults()
	s.http = &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: timeouts.ReadHeader,
		ReadTimeout:       timeouts.Read,
		WriteTimeout:      timeouts.Write,
		IdleTimeout:       timeouts.Idle,
		ErrorLog:          slog.NewLogLogger(opts.Logger.Handler(), slog.LevelWarn),
	}
	return s
}

// routes returns the server's handler: the one place where routes are added.
func (s *Server) routes(opts Opts) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)
	if opts.API != nil {
		mux.Handle(graph.Path, s.afterMigrations(opts.API))
	}
	if opts.Record != nil {
		mux.Handle(graph.RecordPath, s.afterMigrations(opts.Record))
	}
	if opts.Previews != nil {
		previews := s.afterMigrations(opts.Previews)
		mux.Handle(graph.MapPreviewRoute, previews)
		mux.Handle(graph.BoardPreviewRoute, previews)
	}
	if opts.Playground != nil {
		mux.Handle("GET "+playground.Path, opts.Playground)
		mux.Handle("GET "+playground.AssetsPath, opts.Playground)
	}
	if opts.Web != nil {
		// Every method, so that the pattern is less specific than "/graphql" (which takes them all);
		// the handler refuses what is not GET or HEAD.
		mux.Handle("/", opts.Web)
	}
	if opts.Metrics != nil {
		mux.Handle("GET "+metrics.Path, opts.Metrics.Handler())
	}
	if opts.RiverUI != nil {
		riverUI := s.afterMigrations(opts.RiverUI)
		mux.Handle(adminui.Path, riverUI)
		mux.Handle(adminui.Path+"/", riverUI)
	}
	if opts.Profiles != nil {
		mux.Handle(adminui.ProfilesPath, s.afterMigrations(opts.Profiles))
	}
	if opts.Unsubscribe != nil {
		h := s.afterMigrations(&unsubscribeHandler{accounts: opts.Accounts, unsub: *opts.Unsubscribe, logger: s.logger})
		mux.Handle("GET "+notifications.UnsubscribePath, h)
		mux.Handle("POST "+notifications.UnsubscribePath, h)
	}
	return opts.Metrics.Middleware(mux)
}

// afterMigrations serves the routes of h, which read the database, once the migrations are done
// (MarkMigrated); before that it answers them 503 with Retry-After, in the API's error format
// (graph.Starting), so that a request in the first moments of a process gets an answer to retry, never an
// internal error from a table not made yet. The web client's files, the health checks and the metrics need
// no database and are served at once.
func (s *Server) afterMigrations(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if !s.migrated.Load() {
			graph.Starting(w)
			return
		}
		h.ServeHTTP(w, req)
	})
}

// Handler returns the handler of every route, for tests and for embedding the server in another one.
func (s *Server) Handler() http.Handler { return s.handler }

// MarkMigrated records that the database schema is up to date (migrate.Up has returned), which
// /readyz requires.
func (s *Server) MarkMigrated() { s.migrated.Store(true) }

// Serve accepts connections on ln and serves them until Shutdown, then returns nil. It closes ln. Any
// other error means the server stopped serving.
func (s *Server) Serve(ln net.Listener) error {
	if err := s.http.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("error serving HTTP on %s: %w", ln.Addr(), err)
	}
	return nil
}

// Shutdown stops the server gracefully: /readyz starts answering 503, the listeners close, idle
// connections close, and it waits for the requests in flight until ctx ends, when it closes the
// connections that are left and returns an error saying so. Connections taken over from the server
// (websockets) are not waited for: whoever took them over must close them.
func (s *Server) Shutdown(ctx context.Context) error {
	s.draining.Store(true)
	err := s.http.Shutdown(ctx)
	if err == nil {
		return nil
	}
	closeErr := s.http.Close()
	return errors.Join(fmt.Errorf("error draining HTTP connections: %w", err), closeErr)
}

package server

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"time"
	"unicode"

	"rout/game"
	"rout/graph"
	"rout/internal/envconf"
	"rout/jobs"
	"rout/notifications/router"

	"github.com/lib/pq"
)

// Defaults of Config.
const (
	// DefaultAddr is the address the server listens on: loopback only, so a server started on a laptop
	// is not reachable from the network. Containers set ROUT_ADDR=0.0.0.0:8080.
	DefaultAddr = "127.0.0.1:8080"
	// DefaultDataDir is the folder of the embedded PostgreSQL cluster, relative to the working folder.
	DefaultDataDir = "./data"
	// DefaultLogLevel is the lowest level of the records the logger writes.
	DefaultLogLevel = "info"
	// DefaultLogFormat is the format of the log records.
	DefaultLogFormat = "text"
	// DefaultShutdownTimeout bounds how long a shutdown waits for HTTP requests in flight.
	DefaultShutdownTimeout = 10 * time.Second
	// MinSecretLen is the shortest MetricsToken and AdminToken accepted.
	MinSecretLen = 24
)

// The environment variables ConfigFromEnv reads, one per field of Config.
const (
	EnvAddr            = "ROUT_ADDR"
	EnvDatabaseURL     = "DATABASE_URL"
	EnvDataDir         = "ROUT_DATA_DIR"
	EnvLogLevel        = "ROUT_LOG_LEVEL"
	EnvLogFormat       = "ROUT_LOG_FORMAT"
	EnvShutdownTimeout = "ROUT_SHUTDOWN_TIMEOUT"
	EnvMetricsToken    = "ROUT_METRICS_TOKEN"
	EnvAdminToken      = "ROUT_ADMIN_TOKEN"
	EnvWorkers         = "ROUT_WORKERS"
	EnvSeasonMonths    = "ROUT_SEASON_MONTHS"

	EnvReadHeaderTimeout = "ROUT_HTTP_READ_HEADER_TIMEOUT"
	EnvReadTimeout       = "ROUT_HTTP_READ_TIMEOUT"
	EnvWriteTimeout      = "ROUT_HTTP_WRITE_TIMEOUT"
	EnvIdleTimeout       = "ROUT_HTTP_IDLE_TIMEOUT"
)

// logLevels maps the values of Config.LogLevel to slog levels.
var logLevels = map[string]slog.Level{
	"debug": slog.LevelDebug,
	"info":  slog.LevelInfo,
	"warn":  slog.LevelWarn,
	"error": slog.LevelError,
}

// Config is the configuration of a Rout server process: `rout serve` and `rout migrate` read it once at
// start, from the environment and then the command line, and refuse to start when Validate fails.
// DefaultConfig gives the defaults; the zero Config is not valid.
type Config struct {
	// Addr is the host:port the HTTP server listens on (ROUT_ADDR, --addr). An empty host listens on
	// every interface; port 0 picks a free port. Default DefaultAddr.
	Addr string

	// DatabaseURL is the PostgreSQL connection string (DATABASE_URL, --database-url), as a URL
	// (postgres://user:password@host:5432/rout?sslmode=disable) or as key=value pairs. When empty, the
	// server starts a private PostgreSQL cluster from the local PostgreSQL programs in DataDir (see
	// package rout/pgcluster) and uses it.
	DatabaseURL string

	// DataDir is the folder of the embedded PostgreSQL cluster (ROUT_DATA_DIR, --data-dir), created
	// when missing. Used only when DatabaseURL is empty. Default DefaultDataDir.
	DataDir string

	// LogLevel is the lowest level of the records the logger writes (ROUT_LOG_LEVEL, --log-level): one
	// of debug, info, warn and error. Default DefaultLogLevel.
	LogLevel string

	// LogFormat is the format of the log records, written to standard error (ROUT_LOG_FORMAT,
	// --log-format): text (key=value) or json (one object per line). Default DefaultLogFormat.
	LogFormat string

	// ShutdownTimeout bounds how long a shutdown waits for the HTTP requests in flight before it closes
	// their connections (ROUT_SHUTDOWN_TIMEOUT, --shutdown-timeout). The embedded cluster's stop comes
	// after, with its own bound (pgcluster.DefaultStopTimeout). Must be positive. Default
	// DefaultShutdownTimeout.
	ShutdownTimeout time.Duration

	// HTTP holds the HTTP server's timeouts per connection (the ROUT_HTTP_*_TIMEOUT variables; see
	// docs/operations.md). Default DefaultTimeouts.
	HTTP Timeouts

	// GraphQL holds the API's limits (the ROUT_GRAPHQL_* variables; see docs/api.md).
	GraphQL graph.Settings

	// MetricsToken, when set, is the secret GET /metrics requires as "Authorization: Bearer <token>"
	// (ROUT_METRICS_TOKEN; no flag, so that it stays out of process listings). Empty leaves /metrics
	// open. At least MinSecretLen characters, no spaces.
	MetricsToken string

	// AdminToken, when set, is the operator's secret that opens the River UI at /riverui like an admin
	// user's token does (ROUT_ADMIN_TOKEN; no flag). Empty: only admin users' tokens open it. At least
	// MinSecretLen characters, no spaces.
	AdminToken string

	// Workers is whether this process works River jobs: CPU turns, turn warnings and deadlines,
	// notifications, the sweeper (ROUT_WORKERS, --workers; true or false). A process without workers
	// still enqueues the jobs its commands cause, for worker processes (`rout worker`) to run. Default
	// true.
	Workers bool

	// SeasonMonths is the length of a leaderboard season in calendar months, UTC, aligned to the year
	// (ROUT_SEASON_MONTHS, --season-months): one of game.SeasonLengths, 1, 2, 3, 4, 6 or 12. A change
	// takes effect with the next season (docs/ratings.md, "Seasons"). Default game.DefaultSeasonMonths, a
	// quarter.
	SeasonMonths int

	// WorkerOnly makes the process a worker replica (`rout worker`): it works jobs and serves only
	// /healthz, /readyz, /metrics and the admins' profiles (/debug/pprof/), no API. It needs Workers.
	WorkerOnly bool

	// Jobs holds how jobs run (the ROUT_JOBS_*, ROUT_CPU_DELAY, ROUT_SWEEP_* and ROUT_NOTIFY_ATTEMPTS
	// variables; see docs/operations.md).
	Jobs jobs.Config

	// Notify configures email and SMS notifications (the ROUT_SMTP_*, ROUT_SMS_* and ROUT_PUBLIC_URL
	// variables; see docs/notifications.md). The zero value sends none.
	Notify router.Config
}

// DefaultConfig returns the configuration with every field at its default.
func DefaultConfig() Config {
	return Config{
		Addr:            DefaultAddr,
		DataDir:         DefaultDataDir,
		LogLevel:        DefaultLogLevel,
		LogFormat:       DefaultLogFormat,
		ShutdownTimeout: DefaultShutdownTimeout,
		HTTP:            DefaultTimeouts(),
		GraphQL:         graph.DefaultSettings(),
		Workers:         true,
		SeasonMonths:    game.DefaultSeasonMonths,
		Jobs:            jobs.DefaultConfig(),
	}
}

// ConfigFromEnv returns DefaultConfig with the values of the environment variables that are set (not
// empty), read through getenv, with those of graph, jobs and notifications. It fails on a value it cannot
// parse, naming every one (and on the notifications' settings, which notifications validates as it reads them); Validate
// checks the rest.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	cfg := DefaultConfig()
	env := envconf.New(getenv)
	env.String(EnvAddr, &cfg.Addr)
	env.String(EnvDatabaseURL, &cfg.DatabaseURL)
	env.String(EnvDataDir, &cfg.DataDir)
	env.String(EnvLogLevel, &cfg.LogLevel)
	env.String(EnvLogFormat, &cfg.LogFormat)
	env.String(EnvMetricsToken, &cfg.MetricsToken)
	env.String(EnvAdminToken, &cfg.AdminToken)
	env.Duration(EnvShutdownTimeout, &cfg.ShutdownTimeout)
	env.Duration(EnvReadHeaderTimeout, &cfg.HTTP.ReadHeader)
	env.Duration(EnvReadTimeout, &cfg.HTTP.Read)
	env.Duration(EnvWriteTimeout, &cfg.HTTP.Write)
	env.Duration(EnvIdleTimeout, &cfg.HTTP.Idle)
	env.Bool(EnvWorkers, &cfg.Workers)
	env.Int(EnvSeasonMonths, &cfg.SeasonMonths)
	// Every package's errors together, so that one run names every bad value.
	errs := []error{env.Err()}
	var err error
	if cfg.GraphQL, err = graph.SettingsFromEnv(getenv); err != nil {
		errs = append(errs, err)
	}
	if cfg.Jobs, err = jobs.ConfigFromEnv(getenv); err != nil {
		errs = append(errs, err)
	}
	if cfg.Notify, err = router.ConfigFromEnv(getenv); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// Validate reports every setting the server cannot start with, each on its own line.
func (c Config) Validate() error {
	var errs []error
	if err := validateAddr(c.Addr); err != nil {
		errs = append(errs, err)
	}
	if c.DatabaseURL != "" {
		if _, err := pq.NewConfig(c.DatabaseURL); err != nil {
			// The parse error may quote the URL, and with it the password.
			msg := strings.ReplaceAll(err.Error(), c.DatabaseURL, "<"+EnvDatabaseURL+">")
			errs = append(errs, fmt.Errorf("%s (--database-url) is not a PostgreSQL connection string "+
				"(postgres://user:password@host:5432/database?sslmode=disable, or key=value pairs): %s", EnvDatabaseURL, msg))
		}
	} else if c.DataDir == "" {
		errs = append(errs, fmt.Errorf("%s (--data-dir) is empty: the embedded PostgreSQL (used when %s is not set) needs a folder",
			EnvDataDir, EnvDatabaseURL))
	}
	if _, ok := logLevels[c.LogLevel]; !ok {
		errs = append(errs, fmt.Errorf("%s (--log-level) %q is not a log level: want debug, info, warn or error", EnvLogLevel, c.LogLevel))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("%s (--log-format) %q is not a log format: want text or json", EnvLogFormat, c.LogFormat))
	}
	if c.ShutdownTimeout <= 0 {
		errs = append(errs, fmt.Errorf("%s (--shutdown-timeout) %v is not positive", EnvShutdownTimeout, c.ShutdownTimeout))
	}
	if !game.ValidSeasonMonths(c.SeasonMonths) {
		errs = append(errs, fmt.Errorf("%s (--season-months) %d is not a season length: want 1, 2, 3, 4, 6 or 12 (months that divide a year)",
			EnvSeasonMonths, c.SeasonMonths))
	}
	errs = append(errs, c.validateHTTP()...)
	if err := c.GraphQL.Validate(); err != nil {
		errs = append(errs, err)
	}
	if err := c.Jobs.Validate(); err != nil {
		errs = append(errs, err)
	}
	if err := c.Notify.Validate(); err != nil {
		errs = append(errs, err)
	}
	if c.WorkerOnly && !c.Workers {
		errs = append(errs, fmt.Errorf("%s (--workers) is false: a worker process (rout worker) has nothing else to do", EnvWorkers))
	}
	for _, v := range []struct{ key, secret string }{{EnvMetricsToken, c.MetricsToken}, {EnvAdminToken, c.AdminToken}} {
		if err := validateSecret(v.key, v.secret); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// validateHTTP reports the HTTP timeouts the server cannot work with: each must be positive, the headers'
// bound within the whole request's, and the response's bound longer than the API's request timeout (or
// slow but legal answers would be cut off).
func (c Config) validateHTTP() []error {
	var errs []error
	for _, v := range []struct {
		key string
		d   time.Duration
	}{
		{EnvReadHeaderTimeout, c.HTTP.ReadHeader}, {EnvReadTimeout, c.HTTP.Read},
		{EnvWriteTimeout, c.HTTP.Write}, {EnvIdleTimeout, c.HTTP.Idle},
	} {
		if v.d <= 0 {
			errs = append(errs, fmt.Errorf("%s %v is not positive", v.key, v.d))
		}
	}
	if c.HTTP.ReadHeader > c.HTTP.Read {
		errs = append(errs, fmt.Errorf("%s %v is longer than %s %v, which includes it", EnvReadHeaderTimeout, c.HTTP.ReadHeader,
			EnvReadTimeout, c.HTTP.Read))
	}
	if c.HTTP.Write > 0 && c.GraphQL.RequestTimeout > 0 && c.HTTP.Write <= c.GraphQL.RequestTimeout {
		errs = append(errs, fmt.Errorf("%s %v is not longer than %s %v: answers would be cut off", EnvWriteTimeout, c.HTTP.Write,
			graph.EnvRequestTimeout, c.GraphQL.RequestTimeout))
	}
	return errs
}

// validateSecret reports a secret that is set but too short or has spaces (it could not be sent in an
// Authorization header as it is). The message never quotes the secret.
func validateSecret(key, secret string) error {
	switch {
	case secret == "":
		return nil
	case len(secret) < MinSecretLen:
		return fmt.Errorf("%s is %d characters long: use at least %d random characters (openssl rand -hex 32)",
			key, len(secret), MinSecretLen)
	case strings.ContainsFunc(secret, unicode.IsSpace):
		return fmt.Errorf("%s has spaces: use random letters and digits (openssl rand -hex 32)", key)
	}
	return nil
}

// validateAddr reports an address net.Listen would not take as host:port.
func validateAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%s (--addr) %q is not host:port (such as 127.0.0.1:8080 or :8080): %w", EnvAddr, addr, err)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return fmt.Errorf("%s (--addr) %q: port %q is not a number from 0 to 65535", EnvAddr, addr, port)
	}
	return nil
}

// NewLogger returns the logger cfg asks for, writing to w: text or JSON records at cfg.LogLevel and above.
// An invalid level means info, an invalid format text; Validate reports both.
func NewLogger(w io.Writer, cfg Config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: logLevels[cfg.LogLevel]}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

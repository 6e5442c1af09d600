package server

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"rout/graph"
	"rout/jobs"
	"rout/notifications/email"
	"rout/notifications/router"
	"rout/notifications/sms"
)

func TestConfigFromEnv(t *testing.T) {
	t.Parallel()
	cfg, err := ConfigFromEnv(func(string) string { return "" })
	if err != nil {
		t.Fatalf("ConfigFromEnv with no environment: %v", err)
	}
	if !reflect.DeepEqual(cfg, DefaultConfig()) {
		t.Errorf("ConfigFromEnv with no environment = %+v, want the defaults %+v", cfg, DefaultConfig())
	}
	if err := cfg.Validate(); err != nil {
		t.Errorf("the defaults do not validate: %v", err)
	}

	env := map[string]string{
		"ROUT_ADDR":             "0.0.0.0:9000",
		"DATABASE_URL":          "postgres://rout@db/rout",
		"ROUT_DATA_DIR":         "/var/lib/rout",
		"ROUT_LOG_LEVEL":        "debug",
		"ROUT_LOG_FORMAT":       "json",
		"ROUT_SHUTDOWN_TIMEOUT": "1m30s",
		"ROUT_WORKERS":          "false",
		"ROUT_SEASON_MONTHS":    "6",
		"ROUT_CPU_DELAY":        "0s",

		"ROUT_HTTP_READ_HEADER_TIMEOUT": "2s",
		"ROUT_HTTP_READ_TIMEOUT":        "20s",
		"ROUT_HTTP_WRITE_TIMEOUT":       "40s",
		"ROUT_HTTP_IDLE_TIMEOUT":        "1m",
	}
	cfg, err = ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("ConfigFromEnv: %v", err)
	}
	want := Config{
		Addr:            "0.0.0.0:9000",
		DatabaseURL:     "postgres://rout@db/rout",
		DataDir:         "/var/lib/rout",
		LogLevel:        "debug",
		LogFormat:       "json",
		ShutdownTimeout: 90 * time.Second,
		HTTP:            Timeouts{ReadHeader: 2 * time.Second, Read: 20 * time.Second, Write: 40 * time.Second, Idle: time.Minute},
		GraphQL:         graph.DefaultSettings(),
		Workers:         false,
		SeasonMonths:    6,
		Jobs:            jobs.DefaultConfig(),
	}
	want.Jobs.CPUDelay = 0
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("ConfigFromEnv = %+v, want %+v", cfg, want)
	}

	_, err = ConfigFromEnv(func(k string) string {
		if k == EnvShutdownTimeout {
			return "ten seconds"
		}
		return ""
	})
	if err == nil || !strings.Contains(err.Error(), EnvShutdownTimeout) {
		t.Errorf("ConfigFromEnv with a bad duration = %v, want an error naming %s", err, EnvShutdownTimeout)
	}
}

// TestConfigFromEnvNamesEveryBadValue pins the one behaviour on a bad value across the packages: every
// bad value is named, with its variable, its value and what was expected, in one error; none falls back
// to its default.
func TestConfigFromEnvNamesEveryBadValue(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		EnvShutdownTimeout:      "ten seconds",
		EnvWorkers:              "yes please",
		EnvSeasonMonths:         "quarterly",
		graph.EnvMaxDepth:       "deep",
		graph.EnvRequestTimeout: "5",
		jobs.EnvMaxWorkers:      "many",
		jobs.EnvPollInterval:    "often",
		email.EnvSMTPPort:       "smtp",
		email.EnvSMTPHost:       "mail.example.com",
		email.EnvSMTPFrom:       "rout@example.com",
		router.EnvPublicURL:     "https://rout.example.com",
	}
	_, err := ConfigFromEnv(func(k string) string { return env[k] })
	if err == nil {
		t.Fatal("ConfigFromEnv with bad values = nil error")
	}
	for _, want := range []string{
		EnvShutdownTimeout + `: "ten seconds" is not a duration`,
		EnvWorkers + `: "yes please" is not true or false`,
		EnvSeasonMonths + `: "quarterly" is not a whole number`,
		graph.EnvMaxDepth + `: "deep" is not a whole number`,
		graph.EnvRequestTimeout + `: "5" is not a duration`,
		jobs.EnvMaxWorkers + `: "many" is not a whole number`,
		jobs.EnvPollInterval + `: "often" is not a duration`,
		email.EnvSMTPPort + `: "smtp" is not a port number`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("ConfigFromEnv = %v\nwant a line with %s", err, want)
		}
	}
}

func TestConfigValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(*Config)
		want   string // in the error; empty for a valid config
	}{
		{"defaults", func(*Config) {}, ""},
		{"any interface", func(c *Config) { c.Addr = ":8080" }, ""},
		{"free port", func(c *Config) { c.Addr = "127.0.0.1:0" }, ""},
		{"IPv6", func(c *Config) { c.Addr = "[::1]:8080" }, ""},
		{"database URL", func(c *Config) { c.DatabaseURL = "postgres://rout:pw@db:5432/rout?sslmode=disable" }, ""},
		{"database key=value", func(c *Config) { c.DatabaseURL = "host=/run/postgresql dbname=rout" }, ""},
		{"no data dir with a database URL", func(c *Config) { c.DatabaseURL, c.DataDir = "postgres://db/rout", "" }, ""},
		{"no port", func(c *Config) { c.Addr = "localhost" }, "ROUT_ADDR"},
		{"empty addr", func(c *Config) { c.Addr = "" }, "ROUT_ADDR"},
		{"named port", func(c *Config) { c.Addr = ":http" }, "ROUT_ADDR"},
		{"port out of range", func(c *Config) { c.Addr = ":65536" }, "ROUT_ADDR"},
		{"bad database URL", func(c *Config) { c.DatabaseURL = "postgres://db:port/rout" }, "DATABASE_URL"},
		{"bad database option", func(c *Config) { c.DatabaseURL = "host=db sslmode=sometimes" }, "DATABASE_URL"},
		{"no data dir", func(c *Config) { c.DataDir = "" }, "ROUT_DATA_DIR"},
		{"bad log level", func(c *Config) { c.LogLevel = "trace" }, "ROUT_LOG_LEVEL"},
		{"upper-case log level", func(c *Config) { c.LogLevel = "INFO" }, "ROUT_LOG_LEVEL"},
		{"bad log format", func(c *Config) { c.LogFormat = "logfmt" }, "ROUT_LOG_FORMAT"},
		{"zero timeout", func(c *Config) { c.ShutdownTimeout = 0 }, "ROUT_SHUTDOWN_TIMEOUT"},
		{"negative timeout", func(c *Config) { c.ShutdownTimeout = -time.Second }, "ROUT_SHUTDOWN_TIMEOUT"},
		{"zero read header timeout", func(c *Config) { c.HTTP.ReadHeader = 0 }, "ROUT_HTTP_READ_HEADER_TIMEOUT"},
		{"headers longer than the request", func(c *Config) { c.HTTP.ReadHeader = time.Minute }, "ROUT_HTTP_READ_HEADER_TIMEOUT"},
		{"zero read timeout", func(c *Config) { c.HTTP.Read = 0 }, "ROUT_HTTP_READ_TIMEOUT"},
		{"write within the request timeout", func(c *Config) { c.HTTP.Write = c.GraphQL.RequestTimeout }, "ROUT_HTTP_WRITE_TIMEOUT"},
		{"zero idle timeout", func(c *Config) { c.HTTP.Idle = 0 }, "ROUT_HTTP_IDLE_TIMEOUT"},
		{"API without workers", func(c *Config) { c.Workers = false }, ""},
		{"worker without workers", func(c *Config) { c.WorkerOnly, c.Workers = true, false }, "ROUT_WORKERS"},
		{"monthly seasons", func(c *Config) { c.SeasonMonths = 1 }, ""},
		{"seasons of two months", func(c *Config) { c.SeasonMonths = 2 }, ""},
		{"seasons of four months", func(c *Config) { c.SeasonMonths = 4 }, ""},
		{"half-year seasons", func(c *Config) { c.SeasonMonths = 6 }, ""},
		{"yearly seasons", func(c *Config) { c.SeasonMonths = 12 }, ""},
		{"seasons of five months", func(c *Config) { c.SeasonMonths = 5 }, "ROUT_SEASON_MONTHS"},
		{"seasons of two years", func(c *Config) { c.SeasonMonths = 24 }, "ROUT_SEASON_MONTHS"},
		{"no season length", func(c *Config) { c.SeasonMonths = 0 }, "ROUT_SEASON_MONTHS"},
		{"negative season length", func(c *Config) { c.SeasonMonths = -3 }, "ROUT_SEASON_MONTHS"},
		{"zero poll interval", func(c *Config) { c.Jobs.PollInterval = 0 }, "ROUT_JOBS_POLL_INTERVAL"},
		{"notifications without a link", func(c *Config) {
			c.Notify.SMS = &sms.Config{AccountSID: "AC1", AuthToken: "t", From: "Rout"}
		}, "ROUT_PUBLIC_URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := DefaultConfig()
			tt.change(&cfg)
			err := cfg.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Validate(%+v) = %v, want nil", cfg, err)
			case tt.want != "" && err == nil:
				t.Errorf("Validate(%+v) = nil, want an error about %s", cfg, tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Errorf("Validate(%+v) = %v, want an error about %s", cfg, err, tt.want)
			}
		})
	}
}

func TestConfigValidateReportsEveryProblem(t *testing.T) {
	t.Parallel()
	err := Config{}.Validate()
	if err == nil {
		t.Fatal("the zero Config validates, want errors")
	}
	for _, want := range []string{EnvAddr, EnvDataDir, EnvLogLevel, EnvLogFormat, EnvShutdownTimeout, EnvSeasonMonths} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Validate of the zero Config = %q, which does not mention %s", err, want)
		}
	}
}

func TestNewLogger(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	cfg := DefaultConfig()
	cfg.LogFormat, cfg.LogLevel = "json", "warn"
	logger := NewLogger(&buf, cfg)
	logger.Info("hidden")
	logger.Warn("shown", "game_id", 7)
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatalf("the log %q is not one JSON record: %v", buf.String(), err)
	}
	if rec["msg"] != "shown" || rec["game_id"] != float64(7) || rec["level"] != "WARN" {
		t.Errorf("record = %v, want the warning only", rec)
	}

	buf.Reset()
	cfg.LogFormat, cfg.LogLevel = "text", "debug"
	NewLogger(&buf, cfg).Debug("visible", "turn", 3)
	if got := buf.String(); !strings.Contains(got, "level=DEBUG msg=visible turn=3") {
		t.Errorf("text record = %q, want a debug record in key=value form", got)
	}
}

package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"rout/server"
)

// Which of the server's settings a command takes as flags.
const (
	addrSettings     = 1 << iota // --addr
	databaseSettings             // --database-url, --data-dir
	logSettings                  // --log-level, --log-format
	shutdownSettings             // --shutdown-timeout
	workersSettings              // --workers
	seasonSettings               // --season-months
)

// loadConfig reads the server's configuration once, for a command: the defaults, overlaid by the
// environment, overlaid by the flags in args, then validated. Any problem is a usageError (exit status
// 2). help is true when args asked for -h, after the usage has been printed.
func loadConfig(name, summary string, args []string, getenv func(string) string, stderr io.Writer, settings int) (cfg server.Config, help bool, err error) {
	cfg, _, help, err = loadCommand(name, "[flags]", summary, 0, nil, args, getenv, stderr, settings)
	return cfg, help, err
}

// loadCommand is loadConfig for a command that takes wantArgs arguments (its usage line shows usage after
// its name) and flags of its own besides the server's (bind adds them to the flag set; nil for none). It
// returns the arguments too.
func loadCommand(name, usage, summary string, wantArgs int, bind func(*flag.FlagSet), args []string, getenv func(string) string,
	stderr io.Writer, settings int) (cfg server.Config, rest []string, help bool, err error) {
	cfg, err = server.ConfigFromEnv(getenv)
	if err != nil {
		return cfg, nil, false, usageError(fmt.Sprintf("%s: invalid configuration: %v", name, err))
	}
	fs := newFlagSet(name, usage, summary+"\n\nEach flag overrides the environment variable named in its description.", stderr)
	bindConfigFlags(fs, &cfg, settings)
	if bind != nil {
		bind(fs)
	}
	if done, err := parseFlags(fs, args, wantArgs); done {
		return cfg, nil, err == nil, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, nil, false, usageError(fmt.Sprintf("%s: invalid configuration:\n  %s", name,
			strings.ReplaceAll(err.Error(), "\n", "\n  ")))
	}
	return cfg, fs.Args(), false, nil
}

// bindConfigFlags adds the flags of the chosen settings to fs, bound to cfg, whose values (the defaults
// overlaid by the environment) become the flags' defaults.
func bindConfigFlags(fs *flag.FlagSet, cfg *server.Config, settings int) {
	if settings&addrSettings != 0 {
		fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "`host:port` to serve HTTP on ($ROUT_ADDR)")
	}
	if settings&databaseSettings != 0 {
		fs.Var(secretValue{&cfg.DatabaseURL}, "database-url",
			"PostgreSQL connection `string` ($DATABASE_URL); when empty, an embedded PostgreSQL runs in --data-dir")
		fs.StringVar(&cfg.DataDir, "data-dir", cfg.DataDir, "`folder` of the embedded PostgreSQL ($ROUT_DATA_DIR)")
	}
	if settings&logSettings != 0 {
		fs.StringVar(&cfg.LogLevel, "log-level", cfg.LogLevel, "lowest log `level`: debug, info, warn or error ($ROUT_LOG_LEVEL)")
		fs.StringVar(&cfg.LogFormat, "log-format", cfg.LogFormat, "log `format`: text or json ($ROUT_LOG_FORMAT)")
	}
	if settings&shutdownSettings != 0 {
		fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", cfg.ShutdownTimeout,
			"how long a shutdown waits for requests in flight ($ROUT_SHUTDOWN_TIMEOUT)")
	}
	if settings&workersSettings != 0 {
		fs.BoolVar(&cfg.Workers, "workers", cfg.Workers,
			"work River jobs (CPU turns, deadlines, notifications) in this process; false leaves them to `rout worker` replicas ($ROUT_WORKERS)")
	}
	if settings&seasonSettings != 0 {
		fs.IntVar(&cfg.SeasonMonths, "season-months", cfg.SeasonMonths,
			"length of a leaderboard season in calendar `months` (UTC): 1, 2, 3, 4, 6 or 12 ($ROUT_SEASON_MONTHS)")
	}
}

// secretValue is a string flag whose value, which may hold a password, is never printed: its String is
// empty, so -h shows no default.
type secretValue struct{ p *string }

func (v secretValue) String() string { return "" }

func (v secretValue) Set(s string) error {
	*v.p = s
	return nil
}

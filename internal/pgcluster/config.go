package pgcluster

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"
)

// Defaults of Config.
const (
	// DefaultUser is the operating system user that runs PostgreSQL when the process runs as root.
	DefaultUser = "postgres"
	// DefaultDatabase is the database Start creates and DSN names.
	DefaultDatabase = "rout"
	// DefaultStartTimeout bounds how long Start waits for the server to accept connections, crash
	// recovery included.
	DefaultStartTimeout = 2 * time.Minute
	// DefaultStopTimeout bounds how long Stop waits for a fast shutdown before it shuts down immediately.
	DefaultStopTimeout = 30 * time.Second
)

// Config says where a cluster lives and how to run it. Dir is required; every other field has a
// default.
type Config struct {
	// Dir is the cluster's data folder (see the package documentation for its layout). Start creates it
	// when missing. The folder belongs to the cluster: when the process runs as root, Start hands it to
	// User.
	Dir string

	// BinDir is the folder that holds initdb, pg_ctl and postgres. When set, it is the only folder
	// searched. When empty, Start searches the folders of PATH, then the usual install folders.
	BinDir string

	// Getenv reads the environment; Start reads PATH through it to find the binaries. Nil means
	// os.Getenv.
	Getenv func(key string) string

	// User is the operating system user that runs initdb, pg_ctl and the server when this process runs
	// as root, since they refuse to run as root. Ignored when the process does not run as root. Default
	// DefaultUser.
	User string

	// Database is the database Start creates when it is missing and DSN names. Default
	// DefaultDatabase.
	Database string

	// NoSync trades durability for speed: initdb does not sync its files and the server runs with fsync
	// and full_page_writes off. An operating system crash or a power loss can then corrupt the cluster,
	// so it is for tests only. A killed server still recovers and keeps every committed transaction.
	NoSync bool

	// StartTimeout bounds how long Start waits for the server to accept connections, crash recovery
	// included. Default DefaultStartTimeout.
	StartTimeout time.Duration

	// StopTimeout bounds how long Stop waits for a fast shutdown (which ends the sessions and writes a
	// checkpoint) before it shuts the server down immediately. Default DefaultStopTimeout.
	StopTimeout time.Duration

	// Logger receives what the cluster does: initdb, start, adoption, recovery, stop. Nil discards.
	Logger *slog.Logger
}

// withDefaults returns the config with every unset field set to its default.
func (c Config) withDefaults() Config {
	if c.Getenv == nil {
		c.Getenv = os.Getenv
	}
	if c.User == "" {
		c.User = DefaultUser
	}
	if c.Database == "" {
		c.Database = DefaultDatabase
	}
	if c.StartTimeout == 0 {
		c.StartTimeout = DefaultStartTimeout
	}
	if c.StopTimeout == 0 {
		c.StopTimeout = DefaultStopTimeout
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// validate reports a config Start cannot work with.
func (c Config) validate() error {
	var errs []error
	if c.Dir == "" {
		errs = append(errs, errors.New("a Dir is required"))
	}
	// pg_ctl hands the data folder and the server options to /bin/sh inside double quotes, without
	// escaping.
	if strings.ContainsAny(c.Dir, "\"'`$\\\n") {
		errs = append(errs, fmt.Errorf("the Dir %q has a character pg_ctl cannot pass on (one of \" ' ` $ \\ or a newline)", c.Dir))
	}
	if strings.ContainsRune(c.Database, 0) {
		errs = append(errs, fmt.Errorf("the Database %q has a NUL byte", c.Database))
	}
	if c.StartTimeout < 0 {
		errs = append(errs, fmt.Errorf("StartTimeout %v is negative", c.StartTimeout))
	}
	if c.StopTimeout < 0 {
		errs = append(errs, fmt.Errorf("StopTimeout %v is negative", c.StopTimeout))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("error validating pgcluster config: %w", err)
	}
	return nil
}

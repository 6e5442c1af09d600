package apibench

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lib/pq"
)

// ServeEnv is the environment, besides the database, of the `rout serve` the benchmark starts: JSON
// logs (the benchmark reads the address from them), a free loopback port, no rate limits (every client
// comes from one address) and no pause before a CPU's commands.
var ServeEnv = []string{
	"ROUT_ADDR=127.0.0.1:0",
	"ROUT_LOG_FORMAT=json",
	"ROUT_LOG_LEVEL=info",
	"ROUT_GRAPHQL_RATE_IP=off",
	"ROUT_GRAPHQL_RATE_USER=off",
	"ROUT_GRAPHQL_RATE_SIGNIN=off",
	"ROUT_CPU_DELAY=0s",
}

// routServer is the Rout server measured and its database.
type routServer struct {
	url    string  // the API's base URL, such as http://127.0.0.1:41234
	db     *sql.DB // the server's database
	admin  *sql.DB // the database server, where a throwaway database was created (nil when given one)
	dbName string  // the throwaway database's name
	// adminToken opens the server's profiles: the server's ROUT_ADMIN_TOKEN (made up for a server the
	// benchmark starts).
	adminToken string
	dsn        string  // the connection string of db, as lib/pq key=value pairs
	proc       process // rout serve, when the benchmark started it
}

// startServer creates a throwaway database on the server of cfg.DatabaseURL and starts `rout serve`
// (cfg.ServeCommand) on it, or, with cfg.URL, uses the server there and its database cfg.DatabaseURL.
// It returns when the server is ready. close undoes it all.
func startServer(ctx context.Context, cfg *Config) (s *routServer, err error) {
	s = &routServer{}
	defer func() {
		if err != nil {
			err = errors.Join(err, s.close())
			s = nil
		}
	}()
	dsn, err := keyValues(cfg.DatabaseURL)
	if err != nil {
		return s, err
	}
	if cfg.URL != "" {
		s.url, s.adminToken = strings.TrimSuffix(cfg.URL, "/"), cfg.AdminToken
		if s.db, err = sql.Open("postgres", dsn); err != nil {
			return s, fmt.Errorf("error opening the server's database: %w", err)
		}
		s.dsn = dsn
		return s, s.db.PingContext(ctx)
	}
	if s.admin, err = sql.Open("postgres", dsn); err != nil {
		return s, fmt.Errorf("error opening the database server: %w", err)
	}
	name := make([]byte, 6)
	rand.Read(name)
	s.dbName = "rout_apibench_" + hex.EncodeToString(name)
	if _, err := s.admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(s.dbName)+" TEMPLATE template0"); err != nil {
		s.dbName = ""
		return s, fmt.Errorf("error creating the benchmark's database: %w", err)
	}
	dsn += " dbname=" + s.dbName // in key=value pairs a later key wins
	if s.db, err = sql.Open("postgres", dsn); err != nil {
		return s, fmt.Errorf("error opening the benchmark's database: %w", err)
	}
	s.dsn = dsn
	cmd, err := cfg.ServeCommand()
	if err != nil {
		return s, err
	}
	token := make([]byte, 16)
	rand.Read(token)
	s.adminToken = "apibench-" + hex.EncodeToString(token)
	cmd.Env = append(append(withoutRout(cmd.Env), ServeEnv...), "DATABASE_URL="+dsn, "ROUT_ADMIN_TOKEN="+s.adminToken)
	addr, err := s.proc.start(ctx, "rout serve", cmd, cfg.Progress, cfg.Timeout)
	if err != nil {
		return s, err
	}
	s.url = "http://" + addr
	return s, nil
}

// cpuTime returns the CPU time the server's process has used (user and system), from /proc; false
// when the server is not the benchmark's child or /proc cannot tell.
func (s *routServer) cpuTime() (time.Duration, bool) {
	return s.proc.cpuTime()
}

// close stops the server (SIGINT, then a kill after serveStopTimeout) and drops the throwaway database.
func (s *routServer) close() error {
	errs := []error{s.proc.stop()}
	if s.db != nil {
		errs = append(errs, s.db.Close())
	}
	if s.dbName != "" {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := s.admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(s.dbName)+" WITH (FORCE)"); err != nil {
			errs = append(errs, fmt.Errorf("error dropping the benchmark's database %s: %w", s.dbName, err))
		}
	}
	if s.admin != nil {
		errs = append(errs, s.admin.Close())
	}
	return errors.Join(errs...)
}

// keyValues returns the connection string dsn as lib/pq key=value pairs.
func keyValues(dsn string) (string, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		kv, err := pq.ParseURL(dsn) //nolint:staticcheck // SA1019: ParseURL is the way to key=value pairs, which take a dbname appended
		if err != nil {
			return "", fmt.Errorf("error reading the database URL: %w", err)
		}
		return kv, nil
	}
	return dsn, nil
}

// profile writes the server's CPU profile of the next seconds seconds (its /debug/pprof/profile, opened
// with the admin token) to dir/name.cpu.pprof.
func (s *routServer) profile(ctx context.Context, dir, name string, seconds int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/debug/pprof/profile?seconds=%d", s.url, seconds), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.adminToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("error profiling the server: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("error profiling the server: HTTP %s", resp.Status)
	}
	f, err := os.Create(filepath.Join(dir, name+".cpu.pprof"))
	if err != nil {
		return fmt.Errorf("error writing the profile: %w", err)
	}
	_, err = io.Copy(f, resp.Body)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("error writing the profile: %w", err)
	}
	return nil
}

package pgcluster

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lib/pq"
)

const (
	// port is the server's port number. It only names the socket file (.s.PGSQL.5432): the server
	// listens on no network address.
	port = 5432
	// superuser is the database superuser initdb creates.
	superuser = "postgres"
	// maxSocketPath is the longest Unix socket path PostgreSQL accepts everywhere (sun_path is 104
	// bytes on macOS and 108 on Linux, with a terminating NUL).
	maxSocketPath = 103
	// maxLogSize is the size over which Start moves the server log aside before it starts the server.
	maxLogSize = 10 << 20
	// immediateStopTimeout bounds the immediate shutdown Stop falls back to.
	immediateStopTimeout = 15 * time.Second
)

// errServerGone reports that the server process ended while Start waited for it.
var errServerGone = errors.New("the server process ended")

// Cluster is a running PostgreSQL server of one data folder, started or adopted by Start. Its methods
// are safe for concurrent use.
type Cluster struct {
	cfg        Config
	logger     *slog.Logger
	binDir     string
	dir        string
	dataDir    string
	logFile    string
	account    *account // who runs PostgreSQL's programs; nil when not root
	socketDir  string
	tempSocket bool // socketDir is outside dir, made for this cluster
	port       int

	mu   sync.Mutex
	lock *os.File // the data folder's lock; nil once stopped
}

// Start starts the PostgreSQL server of cfg.Dir and returns when it accepts connections and the
// database cfg.Database exists. It creates the cluster with initdb on first use, recovers from a
// server that was killed, and adopts a server left running by a process that died (see the package
// documentation). It fails with ErrNoBinaries when the PostgreSQL programs are missing, ErrNoUser when
// it runs as root and cfg.User does not exist, and ErrInUse when another Cluster runs the folder.
//
// The server keeps running after ctx ends; call Stop to stop it.
func Start(ctx context.Context, cfg Config) (*Cluster, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	binDir, err := findBinaries(cfg.BinDir, cfg.Getenv("PATH"), installPatterns)
	if err != nil {
		return nil, err
	}
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("error starting PostgreSQL: %w", err)
	}
	c := &Cluster{
		cfg:     cfg,
		logger:  cfg.Logger.With("data_dir", dir),
		binDir:  binDir,
		dir:     dir,
		dataDir: filepath.Join(dir, "pgdata"),
		logFile: filepath.Join(dir, "postgres.log"),
		port:    port,
	}
	if isRoot() {
		if c.account, err = lookupAccount(cfg.User); err != nil {
			return nil, fmt.Errorf("error starting PostgreSQL in %s: %w", dir, err)
		}
	}
	// Folders made above the data folder stay enterable by the user that runs PostgreSQL when root.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("error starting PostgreSQL in %s: %w", dir, err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("error starting PostgreSQL in %s: %w", dir, err)
	}
	if c.lock, err = lockFolder(dir); err != nil {
		return nil, fmt.Errorf("error starting PostgreSQL in %s: %w", dir, err)
	}
	began := time.Now()
	if err := c.start(ctx); err != nil {
		c.lock.Close()
		return nil, fmt.Errorf("error starting PostgreSQL in %s: %w", dir, err)
	}
	c.logger.Info("PostgreSQL is ready", "socket_dir", c.socketDir, "bin_dir", binDir,
		"elapsed", time.Since(began).Round(time.Millisecond))
	return c, nil
}

// DSN returns the lib/pq connection string (key=value form) of the cluster's database: its socket
// folder as host, the port, the database Config.Database, the superuser and sslmode=disable.
func (c *Cluster) DSN() string { return c.dsn(c.cfg.Database) }

// Stop shuts the server down: a fast shutdown (sessions end, a checkpoint is written), and an
// immediate one (crash recovery at the next start) when the fast one has not finished within
// Config.StopTimeout or when ctx ends. Then it releases the data folder. A server that is already gone
// (killed) is not an error. Calls after the first do nothing.
func (c *Cluster) Stop(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lock == nil {
		return nil
	}
	err := c.stopServer(ctx)
	c.lock.Close()
	c.lock = nil
	if c.tempSocket {
		os.Remove(c.socketDir) // empty once the server has stopped; left alone otherwise
	}
	if err != nil {
		return fmt.Errorf("error stopping PostgreSQL in %s: %w", c.dir, err)
	}
	return nil
}

// start prepares the folders, creates the cluster when missing, starts or adopts the server and creates
// the database. On failure it leaves no server running.
func (c *Cluster) start(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.StartTimeout)
	defer cancel()
	if err := c.account.checkReachable(c.dir); err != nil {
		return err
	}
	if err := c.account.chown(c.dir); err != nil {
		return err
	}
	if err := c.account.chown(c.lock.Name()); err != nil { // so that the folder works without root too
		return err
	}
	if err := c.prepareSocketDir(); err != nil {
		return err
	}
	if err := c.initdb(ctx); err != nil {
		return err
	}
	if err := c.account.chown(c.dataDir); err != nil {
		return err
	}
	adopted, err := c.adopt(ctx)
	if err != nil {
		return err
	}
	if !adopted {
		if err := c.launch(ctx); err != nil {
			return err
		}
	}
	if err := c.createDatabase(ctx); err != nil {
		if stopErr := c.stopServer(context.WithoutCancel(ctx)); stopErr != nil {
			c.logger.Error("error stopping PostgreSQL after a failed start", "error", stopErr)
		}
		return err
	}
	return nil
}

// prepareSocketDir chooses the socket folder and makes it: private (0700), owned by whoever runs the
// server, and never a folder or link someone else made.
func (c *Cluster) prepareSocketDir() error {
	dir, temp, err := socketDirFor(c.dir)
	if err != nil {
		return err
	}
	c.socketDir, c.tempSocket = dir, temp
	if temp {
		c.logger.Info("the socket path in the data folder is too long; using a temporary socket folder", "socket_dir", dir)
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("error making socket folder: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("error making socket folder: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("error making socket folder: %s is not a folder", dir)
	}
	if uid, _, ok := fileOwner(fi); ok && int(uid) != os.Geteuid() && (c.account == nil || uid != c.account.uid) {
		return fmt.Errorf("error making socket folder: %s belongs to another user (uid %d)", dir, uid)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("error making socket folder: %w", err)
	}
	return c.account.chown(dir)
}

// socketDirFor returns the socket folder of the data folder dir: <dir>/socket when the socket path fits,
// else a folder named after a hash of dir in the temporary folder (temp is then true).
func socketDirFor(dir string) (path string, temp bool, err error) {
	sum := sha256.Sum256([]byte(dir))
	name := "pgcluster-" + hex.EncodeToString(sum[:8])
	candidates := []string{filepath.Join(dir, "socket"), filepath.Join(os.TempDir(), name), filepath.Join("/tmp", name)}
	for i, candidate := range candidates {
		if len(filepath.Join(candidate, ".s.PGSQL."+strconv.Itoa(port))) <= maxSocketPath {
			return candidate, i > 0, nil
		}
	}
	return "", false, fmt.Errorf("error choosing socket folder: every candidate path is over %d bytes: %s",
		maxSocketPath, strings.Join(candidates, ", "))
}

// initdb creates the cluster when the data folder holds none. It runs initdb in <dir>/pgdata.init and
// renames that to pgdata when it has finished, so that a cluster is either whole or missing.
func (c *Cluster) initdb(ctx context.Context) error {
	_, err := os.Stat(filepath.Join(c.dataDir, "PG_VERSION"))
	if err == nil {
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("error checking for a cluster: %w", err)
	}
	if entries, err := os.ReadDir(c.dataDir); err == nil {
		if len(entries) > 0 {
			return fmt.Errorf("error creating the cluster: %s is not empty but holds no PostgreSQL cluster (no PG_VERSION): move it away", c.dataDir)
		}
		if err := os.Remove(c.dataDir); err != nil {
			return fmt.Errorf("error creating the cluster: %w", err)
		}
	}
	began := time.Now()
	tmp := c.dataDir + ".init"
	if err := os.RemoveAll(tmp); err != nil {
		return fmt.Errorf("error removing an interrupted initdb's folder: %w", err)
	}
	args := []string{
		"--pgdata=" + tmp,
		"--username=" + superuser,
		"--auth-local=trust",
		"--auth-host=reject",
		"--encoding=UTF8",
		"--locale=C",
		"--data-checksums",
	}
	if c.cfg.NoSync {
		args = append(args, "--no-sync")
	}
	if out, err := c.command(ctx, "initdb", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("error running initdb: %w: %s", err, lastLines(out, 15))
	}
	if err := os.Rename(tmp, c.dataDir); err != nil {
		return fmt.Errorf("error moving the new cluster into place: %w", err)
	}
	if !c.cfg.NoSync {
		if err := syncDir(c.dir); err != nil {
			return err
		}
	}
	c.logger.Info("created PostgreSQL cluster", "elapsed", time.Since(began).Round(time.Millisecond))
	return nil
}

// adopt looks at the postmaster.pid a server left. It removes the file when that server is gone (crash
// recovery follows at launch), and adopts the server when it still runs: no process holds the folder's
// lock, so the process that started it has died. It reports whether it adopted a server.
func (c *Cluster) adopt(ctx context.Context) (bool, error) {
	path := filepath.Join(c.dataDir, "postmaster.pid")
	for {
		pf, err := readPostmasterFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return false, nil
		}
		if err != nil {
			c.logger.Warn("removing unreadable postmaster.pid", "error", err)
			if err := os.Remove(path); err != nil {
				return false, fmt.Errorf("error removing unreadable postmaster.pid: %w", err)
			}
			return false, nil
		}
		if !pf.running() {
			c.logger.Info("removing stale postmaster.pid of a server that is gone", "pid", pf.pid)
			if err := pf.removeStale(c.socketDir); err != nil {
				return false, err
			}
			return false, nil
		}
		c.logger.Info("adopting a PostgreSQL server left running", "pid", pf.pid, "status", pf.status)
		ownSocketDir, ownPort := c.socketDir, c.port
		if pf.socketDir != "" && pf.port != 0 {
			c.socketDir, c.port = pf.socketDir, pf.port // where that server listens
		}
		err = c.waitReady(ctx, pf)
		if err == nil {
			return true, nil
		}
		c.socketDir, c.port = ownSocketDir, ownPort
		if !errors.Is(err, errServerGone) {
			return false, fmt.Errorf("error adopting the PostgreSQL server left running (pid %d): %w; "+
				"if no server of this folder runs, remove %s", pf.pid, err, path)
		}
		// It was shutting down: look again.
	}
}

// launch starts the server with pg_ctl and waits until it accepts connections. While processes of a
// killed server still hold its shared memory, it tries again.
func (c *Cluster) launch(ctx context.Context) error {
	if err := c.rotateLog(); err != nil {
		return err
	}
	opts := []string{
		"-c listen_addresses=''",
		"-c unix_socket_directories=" + shellQuote(`"`+c.socketDir+`"`),
		"-c unix_socket_permissions=0700",
		"-p " + strconv.Itoa(c.port),
	}
	if c.cfg.NoSync {
		// synchronous_commit stays on: without fsync it costs little, and a killed server then loses no
		// committed transaction.
		opts = append(opts, "-c fsync=off", "-c full_page_writes=off")
	}
	began := time.Now()
	for attempt := 1; ; attempt++ {
		offset := fileSize(c.logFile)
		out, err := c.command(ctx, "pg_ctl", "start", "--silent", "--wait", "--timeout="+waitSeconds(ctx, 60),
			"--pgdata="+c.dataDir, "--log="+c.logFile, "--options="+strings.Join(opts, " ")).CombinedOutput()
		if err == nil {
			break
		}
		serverLog := logSince(c.logFile, offset)
		if strings.Contains(serverLog, "pre-existing shared memory block") && ctx.Err() == nil {
			c.logger.Info("processes of a killed server still hold its shared memory; trying again", "attempt", attempt)
			select {
			case <-ctx.Done():
			case <-time.After(200 * time.Millisecond):
			}
			continue
		}
		c.stopLeftover()
		return fmt.Errorf("error running pg_ctl start: %w: %s\nserver log (%s):\n%s",
			err, bytes.TrimSpace(out), c.logFile, lastLines([]byte(serverLog), 15))
	}
	pf, err := readPostmasterFile(filepath.Join(c.dataDir, "postmaster.pid"))
	if err != nil {
		return fmt.Errorf("error reading the started server's pid: %w", err)
	}
	if err := c.waitReady(ctx, pf); err != nil {
		c.stopLeftover()
		return fmt.Errorf("error waiting for the started server (pid %d): %w", pf.pid, err)
	}
	c.logger.Info("started PostgreSQL", "pid", pf.pid, "elapsed", time.Since(began).Round(time.Millisecond))
	return nil
}

// stopLeftover stops a server that a failed start may have left running.
func (c *Cluster) stopLeftover() {
	if err := c.stopServer(context.Background()); err != nil {
		c.logger.Error("error stopping PostgreSQL after a failed start", "error", err)
	}
}

// waitReady waits until the server pf names accepts connections on the cluster's socket and serves this
// data folder. It returns errServerGone when the server process ends first.
func (c *Cluster) waitReady(ctx context.Context, pf postmasterFile) error {
	for {
		served, err := c.ping(ctx)
		if err == nil {
			if served != pf.dataDir {
				return fmt.Errorf("the server on %s serves %s, not %s", c.socketDir, served, pf.dataDir)
			}
			return nil
		}
		if !pf.running() {
			return errServerGone
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("error waiting for PostgreSQL to accept connections: %w (last error: %w)", ctx.Err(), err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// ping connects to the server's maintenance database and returns the data directory it serves.
func (c *Cluster) ping(ctx context.Context) (string, error) {
	db, err := sql.Open("postgres", c.dsn("postgres")+" connect_timeout=2")
	if err != nil {
		return "", fmt.Errorf("error connecting to PostgreSQL: %w", err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	var dataDir string
	if err := db.QueryRowContext(ctx, "SELECT current_setting('data_directory')").Scan(&dataDir); err != nil {
		return "", fmt.Errorf("error connecting to PostgreSQL: %w", err)
	}
	return dataDir, nil
}

// createDatabase creates the database Config.Database when it is missing.
func (c *Cluster) createDatabase(ctx context.Context) error {
	name := c.cfg.Database
	db, err := sql.Open("postgres", c.dsn("postgres"))
	if err != nil {
		return fmt.Errorf("error creating database %q: %w", name, err)
	}
	defer db.Close()
	var exists bool
	if err := db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("error creating database %q: %w", name, err)
	}
	if exists {
		return nil
	}
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)); err != nil {
		var pqErr *pq.Error
		if errors.As(err, &pqErr) && pqErr.Code == "42P04" { // duplicate_database
			return nil
		}
		return fmt.Errorf("error creating database %q: %w", name, err)
	}
	c.logger.Info("created database", "database", name)
	return nil
}

// stopServer shuts the server down, fast and then immediately (see Stop).
func (c *Cluster) stopServer(ctx context.Context) error {
	pf, err := readPostmasterFile(filepath.Join(c.dataDir, "postmaster.pid"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !pf.running() {
		c.logger.Warn("PostgreSQL was already gone", "pid", pf.pid)
		return nil
	}
	began := time.Now()
	fastCtx, cancel := context.WithTimeout(ctx, c.cfg.StopTimeout)
	out, err := c.command(fastCtx, "pg_ctl", "stop", "--silent", "--wait", "--mode=fast",
		"--timeout="+waitSeconds(fastCtx, 60), "--pgdata="+c.dataDir).CombinedOutput()
	cancel()
	if err == nil || !pf.running() {
		// pg_ctl returns once the server has removed postmaster.pid, a moment before its process exits.
		waitExited(ctx, pf)
		c.logger.Info("stopped PostgreSQL", "pid", pf.pid, "elapsed", time.Since(began).Round(time.Millisecond))
		return nil
	}
	c.logger.Warn("fast shutdown did not finish; shutting down immediately", "pid", pf.pid,
		"error", err, "output", string(bytes.TrimSpace(out)))
	immediateCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), immediateStopTimeout)
	defer cancel()
	out, err = c.command(immediateCtx, "pg_ctl", "stop", "--silent", "--wait", "--mode=immediate",
		"--timeout="+waitSeconds(immediateCtx, 15), "--pgdata="+c.dataDir).CombinedOutput()
	if err != nil && pf.running() {
		return fmt.Errorf("error running pg_ctl stop (pid %d): %w: %s", pf.pid, err, bytes.TrimSpace(out))
	}
	waitExited(immediateCtx, pf)
	c.logger.Info("stopped PostgreSQL immediately", "pid", pf.pid, "elapsed", time.Since(began).Round(time.Millisecond))
	return nil
}

// exitWait bounds how long Stop waits for a stopped server's process to exit.
const exitWait = 5 * time.Second

// waitExited waits, up to exitWait or the end of ctx, until the server of pf has exited (its process is
// gone or a zombie), so that Stop returns with the process gone. It looks at the process alone, not at its
// command line as running does: an exiting process's command line reads empty before it has exited.
// Where the system cannot tell a process's state it returns at once.
func waitExited(ctx context.Context, pf postmasterFile) {
	ctx, cancel := context.WithTimeout(ctx, exitWait)
	defer cancel()
	for processAlive(pf.pid) {
		if zombie, _, ok := processInfo(pf.pid); !ok || zombie {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// rotateLog moves a server log over maxLogSize to postgres.log.1, and hands the log to the account.
func (c *Cluster) rotateLog() error {
	fi, err := os.Stat(c.logFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("error checking the server log: %w", err)
	}
	if fi.Size() > maxLogSize {
		if err := os.Rename(c.logFile, c.logFile+".1"); err != nil {
			return fmt.Errorf("error rotating the server log: %w", err)
		}
		return nil
	}
	return c.account.chown(c.logFile)
}

// command prepares one of PostgreSQL's programs to run in the data folder, as the account when there is
// one, with a clean environment: no PG* variables (PGDATA, PGPORT ... would override the cluster's
// settings) and the C locale.
func (c *Cluster) command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, name), args...)
	cmd.Dir = c.dir
	cmd.SysProcAttr = c.account.sysProcAttr()
	env := []string{"LC_ALL=C"}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PG") && !strings.HasPrefix(kv, "LC_ALL=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	return cmd
}

// dsn returns the lib/pq connection string of a database of the cluster.
func (c *Cluster) dsn(database string) string {
	return fmt.Sprintf("host=%s port=%d dbname=%s user=%s sslmode=disable",
		dsnValue(c.socketDir), c.port, dsnValue(database), superuser)
}

// dsnValue quotes a value of a key=value connection string when it needs it.
func dsnValue(v string) string {
	if v != "" && !strings.ContainsAny(v, ` '\`) {
		return v
	}
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(v) + "'"
}

// shellQuote quotes s as one word for /bin/sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// waitSeconds returns the whole seconds left before ctx's deadline (at least 1), or def without one,
// for pg_ctl's --timeout.
func waitSeconds(ctx context.Context, def int) string {
	deadline, ok := ctx.Deadline()
	if !ok {
		return strconv.Itoa(def)
	}
	return strconv.Itoa(max(1, int(math.Ceil(time.Until(deadline).Seconds()))))
}

// syncDir flushes a folder's entries to disk.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("error syncing %s: %w", dir, err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("error syncing %s: %w", dir, err)
	}
	return nil
}

// fileSize returns a file's size, or 0 when it cannot be read.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// logSince returns what a file gained after offset, at most its last 64 KiB.
func logSince(path string, offset int64) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if size := fileSize(path); size-offset > 64<<10 {
		offset = size - 64<<10
	}
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return ""
	}
	b, _ := io.ReadAll(f)
	return string(b)
}

// lastLines returns the last n lines of out.
func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

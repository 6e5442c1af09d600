package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/lib/pq"

	"rout/internal/pgcluster"
)

// Pool settings of Database.DB. River's workers, the API and the health checks share the pool; Up needs
// two connections at once while it migrates.
const (
	// apiConns is the part of the pool for everything but the game queue's jobs: the API, the health
	// checks, River's own queries and the notifications. A process that works jobs adds one connection
	// for each of the game queue's workers (see poolSize).
	apiConns = 20
	// connMaxIdleTime closes connections idle for longer. Until then every connection stays open
	// between uses: a pool that keeps fewer idle than it has in use closes a connection each time a busy
	// moment passes and opens one at the next, and each new connection costs PostgreSQL a new backend
	// process (docs/benchmarks.md, "Connections kept open").
	connMaxIdleTime = 5 * time.Minute
	// connMaxLifetime recycles connections, so that they follow a failover or a changed DNS name.
	connMaxLifetime = 30 * time.Minute
	// connectTimeout bounds the making of a new connection (lib/pq's connect_timeout, when the
	// connection string sets none) and the first ping, which tells an unreachable database at start-up.
	connectTimeout = 10 * time.Second
)

// Database is the process's one PostgreSQL handle, shared by everything that talks to the database
// (Ent, River, the health checks), and the embedded cluster behind it when DATABASE_URL is not set.
type Database struct {
	// DB is the connection pool, of github.com/lib/pq (the "postgres" driver).
	DB *sql.DB

	cluster *pgcluster.Cluster // nil with DATABASE_URL
	logger  *slog.Logger
}

// OpenDatabase opens the database cfg names and checks that it answers. With an empty cfg.DatabaseURL it
// first starts (or adopts) the embedded PostgreSQL cluster in cfg.DataDir, which fails with an error
// matching pgcluster.ErrNoBinaries when PostgreSQL is not installed. Close releases both.
func OpenDatabase(ctx context.Context, cfg Config, logger *slog.Logger) (*Database, error) {
	d := &Database{logger: logger}
	dsn := cfg.DatabaseURL
	if dsn == "" {
		logger.InfoContext(ctx, "DATABASE_URL is not set: starting the embedded PostgreSQL", "data_dir", cfg.DataDir)
		cluster, err := pgcluster.Start(ctx, pgcluster.Config{
			Dir:    cfg.DataDir,
			Logger: logger.With("component", "pgcluster"),
		})
		if err != nil {
			return nil, fmt.Errorf("error starting the embedded PostgreSQL: %w", err)
		}
		d.cluster = cluster
		dsn = cluster.DSN()
	}
	db, err := openPool(dsn, poolSize(cfg))
	if err != nil {
		return nil, errors.Join(err, d.stopCluster(context.WithoutCancel(ctx)))
	}
	d.DB = db

	pingCtx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		return nil, errors.Join(fmt.Errorf("error connecting to the database: %w", err), d.Close(context.WithoutCancel(ctx)))
	}
	return d, nil
}

// poolSize is the most connections to PostgreSQL the process opens: apiConns, and one for each worker of
// the game and CPU queues when it works jobs, so that a burst of due deadlines runs at the database's pace
// without taking the API's connections. At the defaults that is 48 of PostgreSQL's default
// max_connections of 100.
func poolSize(cfg Config) int {
	if cfg.Workers {
		return apiConns + cfg.Jobs.MaxWorkers + cfg.Jobs.CPUWorkers
	}
	return apiConns
}

// openPool returns a connection pool to dsn of at most maxOpen connections, with Rout's other pool
// settings. A connection string without a connect_timeout gets connectTimeout, so that a server that
// accepts connections but does not answer cannot hold a new connection forever.
func openPool(dsn string, maxOpen int) (*sql.DB, error) {
	cfg, err := pq.NewConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("error opening the database: %w", err)
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = connectTimeout
	}
	connector, err := pq.NewConnectorConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("error opening the database: %w", err)
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(maxOpen)
	db.SetMaxIdleConns(maxOpen)
	db.SetConnMaxIdleTime(connMaxIdleTime)
	db.SetConnMaxLifetime(connMaxLifetime)
	return db, nil
}

// Embedded reports whether the database is the embedded cluster.
func (d *Database) Embedded() bool { return d.cluster != nil }

// Close closes the connection pool and then stops the embedded cluster, if any, within ctx (see
// pgcluster.Cluster.Stop). Pass a context that is still alive: a cancelled one makes the cluster shut
// down immediately, which costs a crash recovery at the next start.
func (d *Database) Close(ctx context.Context) error {
	var errs []error
	if d.DB != nil {
		if err := d.DB.Close(); err != nil {
			errs = append(errs, fmt.Errorf("error closing the database: %w", err))
		}
	}
	errs = append(errs, d.stopCluster(ctx))
	return errors.Join(errs...)
}

// stopCluster stops the embedded cluster, if any.
func (d *Database) stopCluster(ctx context.Context) error {
	if d.cluster == nil {
		return nil
	}
	d.logger.InfoContext(ctx, "stopping the embedded PostgreSQL")
	return d.cluster.Stop(ctx)
}

package server

import (
	"context"
	"database/sql"
	"log/slog"
	"net"
	"strings"
	"testing"

	"rout/dbtest"
)

var discardLogger = slog.New(slog.DiscardHandler)

func TestOpenDatabase(t *testing.T) {
	t.Parallel()
	cfg := DefaultConfig()
	cfg.DatabaseURL = dbtest.URL(t)
	ctx := context.Background()
	d, err := OpenDatabase(ctx, cfg, discardLogger)
	if err != nil {
		t.Fatalf("OpenDatabase: %v", err)
	}
	if d.Embedded() {
		t.Error("Embedded() = true with a DATABASE_URL, want false")
	}
	// A process that works jobs has a connection for each of the game and CPU queues' workers besides the
	// API's.
	if got, want := d.DB.Stats().MaxOpenConnections, apiConns+cfg.Jobs.MaxWorkers+cfg.Jobs.CPUWorkers; !cfg.Workers || got != want {
		t.Errorf("MaxOpenConnections = %d (workers %t), want %d", got, cfg.Workers, want)
	}
	var one int
	if err := d.DB.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Errorf("SELECT 1 = %d, %v; want 1", one, err)
	}
	if err := d.Close(ctx); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := d.DB.PingContext(ctx); err == nil {
		t.Error("the pool still answers after Close")
	}
}

func TestOpenDatabaseUnreachable(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cfg := DefaultConfig()
	cfg.DatabaseURL = "postgres://rout:s3cret@" + addr + "/rout?sslmode=disable"
	d, err := OpenDatabase(context.Background(), cfg, discardLogger)
	if err == nil {
		d.Close(context.Background())
		t.Fatal("OpenDatabase of a closed port succeeded, want an error")
	}
	if !strings.Contains(err.Error(), "error connecting to the database") || !strings.Contains(err.Error(), "refused") {
		t.Errorf("error = %q, want one saying the database refused the connection", err)
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Errorf("error %q shows the password", err)
	}
}

func TestPoolSizeFollowsTheWorkers(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Jobs.MaxWorkers, cfg.Jobs.CPUWorkers = 7, 3
	if got := poolSize(cfg); got != apiConns+10 {
		t.Errorf("a worker process with 7 game workers and 3 CPU workers: pool %d, want %d", got, apiConns+10)
	}
	cfg.Workers = false
	if got := poolSize(cfg); got != apiConns {
		t.Errorf("an API-only process: pool %d, want %d", got, apiConns)
	}
}

// A busy moment leaves its connections open for the next: the pool closes none of them when they are
// given back, so PostgreSQL does not start a backend process for every command of the next moment.
func TestBusyMomentKeepsItsConnections(t *testing.T) {
	t.Parallel()
	db, err := openPool(dbtest.URL(t), 20)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := t.Context()
	burst := func() {
		t.Helper()
		conns := make([]*sql.Conn, 16)
		for i := range conns {
			if conns[i], err = db.Conn(ctx); err != nil {
				t.Fatalf("connection %d: %v", i, err)
			}
		}
		for _, c := range conns {
			if err := c.PingContext(ctx); err != nil {
				t.Fatal(err)
			}
			c.Close()
		}
	}
	burst()
	burst()
	st := db.Stats()
	if st.OpenConnections != 16 || st.Idle != 16 || st.MaxIdleClosed != 0 {
		t.Errorf("after two moments of 16 connections: %d open, %d idle, %d closed as too many idle; want 16, 16 and 0",
			st.OpenConnections, st.Idle, st.MaxIdleClosed)
	}
}

package dbtest

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"net"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lib/pq"
)

// Statement is one statement a SQLLog saw: its text with its white space folded, and the transaction it
// ran in (0: none, on its own).
type Statement struct {
	SQL string
	Tx  int
}

// GameTables matches a statement on a game's own tables (not a viewer's session, nor River's jobs).
var GameTables = regexp.MustCompile(`(?i)\b(games|players|territories|cards|events|seen_events|maps|command_keys)\b`)

// SQLLog records what the connections of a database opened by OpenCounting send while it is on: every
// transaction begun, every statement with the transaction it ran in, and every message written to
// PostgreSQL (lib/pq writes one and waits for its answer each round trip).
type SQLLog struct {
	// OnStatement, when not nil, is called with the text of every statement recorded, by the goroutine
	// that sends it (set it before Start).
	OnStatement func(sql string)

	mu     sync.Mutex
	on     bool
	txs    int
	stmts  []Statement
	nextTx int
	writes int
}

// Start clears the log and starts recording.
func (l *SQLLog) Start() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on, l.txs, l.stmts, l.writes = true, 0, nil, 0
}

// Stop stops recording and returns the transactions begun and the statements sent since Start.
func (l *SQLLog) Stop() (int, []Statement) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on = false
	return l.txs, l.stmts
}

// RoundTrips returns the round trips to PostgreSQL since Start.
func (l *SQLLog) RoundTrips() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.writes
}

func (l *SQLLog) wrote() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.on {
		l.writes++
	}
}

func (l *SQLLog) begin() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.nextTx++
	if l.on {
		l.txs++
	}
	return l.nextTx
}

func (l *SQLLog) statement(query string, tx int) {
	l.mu.Lock()
	on, hook := l.on, l.OnStatement
	sql := strings.Join(strings.Fields(query), " ")
	if on {
		l.stmts = append(l.stmts, Statement{SQL: sql, Tx: tx})
	}
	l.mu.Unlock()
	if on && hook != nil {
		hook(sql)
	}
}

// OpenCounting opens the database at dsn (a URL or key=value pairs, as lib/pq takes them) through lib/pq
// with every connection's transactions, statements and writes recorded in the log it returns. The pool
// is closed when the test ends.
func OpenCounting(t testing.TB, dsn string) (*sql.DB, *SQLLog) {
	t.Helper()
	conn, err := pq.NewConnector(dsn)
	if err != nil {
		t.Fatal(err)
	}
	log := &SQLLog{}
	conn.Dialer(countingDialer{log: log})
	db := sql.OpenDB(countingConnector{Connector: conn, log: log})
	t.Cleanup(func() { db.Close() })
	return db, log
}

// countingConnector is lib/pq's connector with every connection's transactions and statements recorded
// in log.
type countingConnector struct {
	driver.Connector
	log *SQLLog
}

func (c countingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &countingConn{inner: conn.(pqConn), log: c.log}, nil
}

// pqConn is what lib/pq's connection offers.
type pqConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.QueryerContext
	driver.ExecerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
	driver.NamedValueChecker
}

type countingConn struct {
	inner pqConn
	log   *SQLLog
	tx    int // the transaction running; 0 when none
}

func (c *countingConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *countingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	st, err := c.inner.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return &countingStmt{pqStmt: st.(pqStmt), conn: c, query: query}, nil
}

// pqStmt is what lib/pq's prepared statement offers.
type pqStmt interface {
	driver.Stmt
	driver.StmtQueryContext
	driver.StmtExecContext
}

// countingStmt is a prepared statement whose every execution is recorded as a statement.
type countingStmt struct {
	pqStmt
	conn  *countingConn
	query string
}

func (s *countingStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	s.conn.log.statement(s.query, s.conn.tx)
	return s.pqStmt.QueryContext(ctx, args)
}

func (s *countingStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	s.conn.log.statement(s.query, s.conn.tx)
	return s.pqStmt.ExecContext(ctx, args)
}

func (c *countingConn) Close() error { return c.inner.Close() }

func (c *countingConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *countingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.inner.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	c.tx = c.log.begin()
	return &countingTx{inner: tx, conn: c}, nil
}

func (c *countingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	c.log.statement(query, c.tx)
	return c.inner.QueryContext(ctx, query, args)
}

func (c *countingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	c.log.statement(query, c.tx)
	return c.inner.ExecContext(ctx, query, args)
}

func (c *countingConn) Ping(ctx context.Context) error         { return c.inner.Ping(ctx) }
func (c *countingConn) ResetSession(ctx context.Context) error { return c.inner.ResetSession(ctx) }
func (c *countingConn) IsValid() bool                          { return c.inner.IsValid() }
func (c *countingConn) CheckNamedValue(nv *driver.NamedValue) error {
	return c.inner.CheckNamedValue(nv)
}

type countingTx struct {
	inner driver.Tx
	conn  *countingConn
}

func (t *countingTx) Commit() error   { t.conn.tx = 0; return t.inner.Commit() }
func (t *countingTx) Rollback() error { t.conn.tx = 0; return t.inner.Rollback() }

// countingDialer dials PostgreSQL with every write of its connections counted in log.
type countingDialer struct {
	net.Dialer
	log *SQLLog
}

func (d countingDialer) Dial(network, address string) (net.Conn, error) {
	return d.DialTimeout(network, address, 0)
}

func (d countingDialer) DialTimeout(network, address string, timeout time.Duration) (net.Conn, error) {
	nd := d.Dialer
	nd.Timeout = timeout
	c, err := nd.Dial(network, address)
	if err != nil {
		return nil, err
	}
	return countingNetConn{Conn: c, log: d.log}, nil
}

type countingNetConn struct {
	net.Conn
	log *SQLLog
}

func (c countingNetConn) Write(p []byte) (int, error) {
	c.log.wrote()
	return c.Conn.Write(p)
}

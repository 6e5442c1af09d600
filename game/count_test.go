package game_test

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/lib/pq"
)

// sqlLog records what the connections of a countingConnector send while it is on: the transactions
// begun, and every statement with the transaction it ran in (0: none, on its own).
type sqlLog struct {
	mu     sync.Mutex
	on     bool
	txs    int
	stmts  []loggedStatement
	nextTx int
}

type loggedStatement struct {
	sql string
	tx  int
}

func (l *sqlLog) start() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on, l.txs, l.stmts = true, 0, nil
}

// stop stops recording and returns the transactions begun and the statements sent since start.
func (l *sqlLog) stop() (int, []loggedStatement) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on = false
	return l.txs, l.stmts
}

func (l *sqlLog) begin() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.nextTx++
	if l.on {
		l.txs++
	}
	return l.nextTx
}

func (l *sqlLog) statement(query string, tx int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.on {
		l.stmts = append(l.stmts, loggedStatement{sql: strings.Join(strings.Fields(query), " "), tx: tx})
	}
}

// gameTables matches a statement on a game's own tables.
var gameTables = regexp.MustCompile(`(?i)\b(games|players|territories|cards|events|maps|command_keys)\b`)

// countingConnector is lib/pq's connector with every connection's transactions and statements recorded in
// log.
type countingConnector struct {
	driver.Connector
	log *sqlLog
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
	log   *sqlLog
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

// openCounting opens the database at dsn through a countingConnector.
func openCounting(t *testing.T, dsn string) (*sql.DB, *sqlLog) {
	t.Helper()
	conn, err := pq.NewConnector(dsn)
	if err != nil {
		t.Fatal(err)
	}
	log := &sqlLog{}
	db := sql.OpenDB(countingConnector{Connector: conn, log: log})
	t.Cleanup(func() { db.Close() })
	return db, log
}

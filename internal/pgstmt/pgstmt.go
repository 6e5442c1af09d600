// Package pgstmt holds statements prepared once for a connection pool. lib/pq sends a statement with
// parameters as two round trips, its parse and then its execution, and PostgreSQL parses and plans it
// each time; a prepared statement goes in one round trip, parsed once per connection (database/sql
// prepares it again on each connection of the pool that runs it) and, after a few executions, planned
// once.
package pgstmt

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// Stmt is a statement prepared on first use.
type Stmt struct {
	db    *sql.DB
	query string

	mu   sync.Mutex
	stmt *sql.Stmt
}

// New returns query, to be prepared on db on first use. It does no I/O.
func New(db *sql.DB, query string) *Stmt { return &Stmt{db: db, query: query} }

// Get returns the prepared statement, preparing it the first time. Preparing takes a connection from the
// pool: call it before a transaction that runs the statement begins (see In), never while holding
// one.
func (p *Stmt) Get(ctx context.Context) (*sql.Stmt, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stmt == nil {
		st, err := p.db.PrepareContext(ctx, p.query)
		if err != nil {
			return nil, fmt.Errorf("error preparing a statement: %w", err)
		}
		p.stmt = st
	}
	return p.stmt, nil
}

// In returns the statement for tx: the one Get prepared, or, before Get, the statement prepared on tx's
// own connection for tx alone (preparing it for the pool then would take another connection, which a
// transaction must not wait for).
func (p *Stmt) In(ctx context.Context, tx *sql.Tx) (*sql.Stmt, error) {
	p.mu.Lock()
	st := p.stmt
	p.mu.Unlock()
	if st != nil {
		return tx.StmtContext(ctx, st), nil
	}
	st, err := tx.PrepareContext(ctx, p.query)
	if err != nil {
		return nil, fmt.Errorf("error preparing a statement: %w", err)
	}
	return st, nil
}

package tournament

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/lib/pq"

	"rout/tournament/pairing"
)

// Enter enters user userID in open tournament id, with seed (the user's rating: it orders entrants before
// any result, the higher first). A user enters once (CodeEntered), until they leave; a tournament that has
// started is CodeClosed, one of EntryLimit entrants CodeFull. It reports whether the entry filled a
// tournament that starts when full: it is then due, and the service's Effects (AfterFull, in the entry's
// transaction) or the caller advance it (Advance, or a job).
func (s *Service) Enter(ctx context.Context, id, userID int, seed float64) (full bool, err error) {
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		t, err := lockOpen(ctx, tx, id)
		if err != nil {
			return err
		}
		var left sql.NullTime
		err = tx.QueryRowContext(ctx, `SELECT left_at FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2`,
			id, userID).Scan(&left)
		found := err == nil
		switch {
		case err != nil && !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("error reading the entry of user %d in tournament %d: %w", userID, id, err)
		case found && !left.Valid:
			return &Error{Code: CodeEntered, Message: "you have entered this tournament already"}
		}
		n, err := countEntrants(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.EntryLimit > 0 && n >= t.EntryLimit {
			return &Error{Code: CodeFull, Message: fmt.Sprintf("the tournament has its %d entrants", t.EntryLimit)}
		}
		if found {
			_, err = tx.ExecContext(ctx, `UPDATE tournament_entrants SET left_at = NULL, seed = $3, created_at = $4, updated_at = $4
				WHERE tournament_id = $1 AND user_id = $2`, id, userID, seed, s.now())
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO tournament_entrants (created_at, updated_at, tournament_id, user_id, seed)
				VALUES ($1, $1, $2, $3, $4)`, s.now(), id, userID, seed)
		}
		if pqErr, ok := errors.AsType[*pq.Error](err); ok && pqErr.Code == "23503" { // foreign key: no such user
			return &Error{Code: CodeNotFound, Message: fmt.Sprintf("no user %d", userID)}
		}
		if err != nil {
			return fmt.Errorf("error entering user %d in tournament %d: %w", userID, id, err)
		}
		full = t.StartsAt == nil && n+1 == t.EntryLimit
		if full && s.effects != nil {
			return s.effects.AfterFull(ctx, tx, id)
		}
		return nil
	})
	return full, err
}

// Leave takes user userID's entry out of open tournament id (CodeNotEntered without one).
func (s *Service) Leave(ctx context.Context, id, userID int) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		if _, err := lockOpen(ctx, tx, id); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE tournament_entrants SET left_at = $3, updated_at = $3
			WHERE tournament_id = $1 AND user_id = $2 AND left_at IS NULL`, id, userID, s.now())
		if err != nil {
			return fmt.Errorf("error taking user %d out of tournament %d: %w", userID, id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return &Error{Code: CodeNotEntered, Message: "you have not entered this tournament"}
		}
		return nil
	})
}

// lockOpen locks tournament id in tx, refusing one that is not open (CodeClosed).
func lockOpen(ctx context.Context, tx *sql.Tx, id int) (Tournament, error) {
	t, err := load(ctx, tx, id, true)
	if err != nil {
		return Tournament{}, err
	}
	if t.Status != StatusOpen {
		return Tournament{}, &Error{Code: CodeClosed, Message: fmt.Sprintf("the tournament is %s: entries are closed", t.Status)}
	}
	return t, nil
}

// countEntrants counts the entrants of tournament id.
func countEntrants(ctx context.Context, q querier, id int) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM tournament_entrants WHERE tournament_id = $1 AND left_at IS NULL`,
		id).Scan(&n); err != nil {
		return 0, fmt.Errorf("error counting the entrants of tournament %d: %w", id, err)
	}
	return n, nil
}

// entrants returns the entrants of tournament id (users who entered and did not leave), with their
// seeds, in the order they entered.
func entrants(ctx context.Context, q querier, id int) ([]pairing.Entrant, error) {
	rows, err := q.QueryContext(ctx, `SELECT user_id, seed FROM tournament_entrants WHERE tournament_id = $1 AND left_at IS NULL
		ORDER BY created_at, id`, id)
	if err != nil {
		return nil, fmt.Errorf("error reading the entrants of tournament %d: %w", id, err)
	}
	defer rows.Close()
	var out []pairing.Entrant
	for rows.Next() {
		var e pairing.Entrant
		if err := rows.Scan(&e.ID, &e.Seed); err != nil {
			return nil, fmt.Errorf("error reading the entrants of tournament %d: %w", id, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the entrants of tournament %d: %w", id, err)
	}
	return out, nil
}

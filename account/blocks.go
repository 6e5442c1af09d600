package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/lib/pq"

	"rout/ent"
	"rout/ent/user"
	"rout/ent/userblock"
)

// A block is one user's choice not to hear from another (the user_blocks table, owned here). The blocked
// user cannot invite the blocker to a game (package game asks Blocks); their invitations and, in the
// chat, their messages and presence are hidden from the blocker. The blocked user is never told. A user
// blocks at most BlockLimit others, and never themself. Every change is announced on BlockChannel, so
// that the live subscriptions of the blocker on any replica follow it at once.

// BlockChannel is the PostgreSQL channel on which the transaction that blocks or unblocks a user announces
// it, payload "<blocker id>:<blocked id>:<1 for a block, 0 for its lift>".
const BlockChannel = "rout_user_blocks"

// BlockPayload is the BlockChannel payload of the block (on) or unblock of user blocked by user blocker.
func BlockPayload(blocker, blocked int, on bool) string {
	state := 0
	if on {
		state = 1
	}
	return fmt.Sprintf("%d:%d:%d", blocker, blocked, state)
}

// BlockLimit is the most users one user may block.
const BlockLimit = 1000

// The codes of a refused block.
const (
	CodeCannotBlockSelf = "CANNOT_BLOCK_SELF"
	CodeBlockLimit      = "BLOCK_LIMIT"
)

// Block makes blocker block user blocked. Blocking a user blocked already changes nothing. A user who
// blocks themself, or who blocks BlockLimit users already, is refused (CANNOT_BLOCK_SELF, BLOCK_LIMIT);
// a blocked user that does not exist is NOT_FOUND.
func (s *Service) Block(ctx context.Context, blocker, blocked int) error {
	if blocker == blocked {
		return refuse(CodeCannotBlockSelf, "you cannot block yourself", "user")
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("error beginning the block of user %d by user %d: %w", blocked, blocker, err)
	}
	defer tx.Rollback() //nolint:errcheck // after a commit, nothing to roll back
	// The blocker's row, locked: their concurrent blocks count one after the other. The count is a
	// statement of its own, after the lock: a statement's snapshot is taken before it waits for a lock, so
	// a count in the locking statement would miss the blocks committed meanwhile.
	var id int
	err = tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, blocker).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("user %d: %w", blocker, ErrNoUser)
	}
	if err != nil {
		return fmt.Errorf("error locking user %d: %w", blocker, err)
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM user_blocks WHERE blocker_id = $1`, blocker).Scan(&n); err != nil {
		return fmt.Errorf("error counting the blocks of user %d: %w", blocker, err)
	}
	if n >= BlockLimit {
		already, err := s.Blocks(ctx, tx, blocker, blocked)
		if err != nil || already {
			return err
		}
		return refuse(CodeBlockLimit, fmt.Sprintf("you may block at most %d users: unblock someone first", BlockLimit), "user")
	}
	_, err = tx.ExecContext(ctx, `WITH added AS (
			INSERT INTO user_blocks (created_at, blocker_id, blocked_id) VALUES ($3, $1, $2)
			ON CONFLICT (blocker_id, blocked_id) DO NOTHING RETURNING 1)
		SELECT pg_notify($4, $5) FROM added`, blocker, blocked, s.now(), BlockChannel, BlockPayload(blocker, blocked, true))
	if pqErr, ok := errors.AsType[*pq.Error](err); ok && pqErr.Code == "23503" { // foreign key: no such user
		return refuse(CodeNotFound, "no such user", "user")
	}
	if err != nil {
		return fmt.Errorf("error recording the block of user %d by user %d: %w", blocked, blocker, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("error committing the block of user %d by user %d: %w", blocked, blocker, err)
	}
	return nil
}

// Unblock lifts blocker's block of user blocked, and reports whether there was one.
func (s *Service) Unblock(ctx context.Context, blocker, blocked int) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `WITH lifted AS (
			DELETE FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2 RETURNING 1)
		SELECT count(pg_notify($3, $4)) FROM lifted`, blocker, blocked, BlockChannel, BlockPayload(blocker, blocked, false)).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("error lifting the block of user %d by user %d: %w", blocked, blocker, err)
	}
	return n > 0, nil
}

// Blocks reports whether user blocker blocks user blocked; q may be the caller's transaction, and nil
// reads from the service's database.
func (s *Service) Blocks(ctx context.Context, q Querier, blocker, blocked int) (bool, error) {
	if q == nil {
		q = s.db
	}
	var ok bool
	err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2)`,
		blocker, blocked).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("error reading whether user %d blocks user %d: %w", blocker, blocked, err)
	}
	return ok, nil
}

// Blocked returns the ids of the users userID blocks, in increasing order; q may be the caller's
// transaction, and nil reads from the service's database.
func (s *Service) Blocked(ctx context.Context, q Querier, userID int) ([]int, error) {
	if q == nil {
		q = s.db
	}
	return BlockedBy(ctx, q, userID)
}

// BlockedBy returns the ids of the users userID blocks, in increasing order, read with q: for a reader of
// the blocks without a Service (the live hub after its LISTEN connection was down).
func BlockedBy(ctx context.Context, q Querier, userID int) ([]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT blocked_id FROM user_blocks WHERE blocker_id = $1 ORDER BY blocked_id`, userID)
	if err != nil {
		return nil, fmt.Errorf("error reading the users user %d blocks: %w", userID, err)
	}
	defer rows.Close()
	ids := []int{}
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error reading the users user %d blocks: %w", userID, err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the users user %d blocks: %w", userID, err)
	}
	return ids, nil
}

// BlockedUsers returns the rows of the users userID blocks, by name.
func (s *Service) BlockedUsers(ctx context.Context, userID int) ([]*ent.User, error) {
	us, err := s.ent.User.Query().Where(user.HasBlockedByWith(userblock.BlockerID(userID))).
		Order(ent.Asc(user.FieldNameKey), ent.Asc(user.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("error reading the users user %d blocks: %w", userID, err)
	}
	return us, nil
}

// ChatListeners returns, in increasing order, those of users ids who hear from author in chat: who have
// not switched all chat off (users.chat_enabled) and do not block author. q may be the caller's
// transaction, and nil reads from the service's database.
func (s *Service) ChatListeners(ctx context.Context, q Querier, author int, ids []int) ([]int, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	if q == nil {
		q = s.db
	}
	rows, err := q.QueryContext(ctx, `SELECT u.id FROM users u WHERE u.id = ANY($1) AND u.chat_enabled
		AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = u.id AND b.blocked_id = $2) ORDER BY u.id`,
		pq.Array(ids), author)
	if err != nil {
		return nil, fmt.Errorf("error reading who hears from user %d in chat: %w", author, err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error reading who hears from user %d in chat: %w", author, err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

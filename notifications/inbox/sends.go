package inbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// sendLockSpace is the first key of the transaction-level advisory lock, pg_advisory_xact_lock(space,
// user id), that TakeUserSend takes on a user ("ns" in ASCII; the notices' lock is "no").
const sendLockSpace = 0x6e73

// TakeUserSend records a message to user userID, unless the user was sent limit messages or more in the
// hour before (by the database's clock), and reports whether it did. Every replica counts in the same
// table (notification_sends), one transaction at a time per user (an advisory lock), so the limit holds
// across replicas. It also deletes the user's rows older than the hour; PruneSends deletes everyone's.
func TakeUserSend(ctx context.Context, db *sql.DB, userID, limit int) (bool, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("error counting the messages of user %d: %w", userID, err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, sendLockSpace, userID); err != nil {
		return false, fmt.Errorf("error locking the messages of user %d: %w", userID, err)
	}
	// A statement after the lock: its snapshot holds every send committed before the lock was granted.
	var taken bool
	err = tx.QueryRowContext(ctx, `WITH pruned AS (
			DELETE FROM notification_sends WHERE user_id = $1 AND sent_at <= clock_timestamp() - interval '1 hour'),
		recent AS (SELECT count(*) AS n FROM notification_sends WHERE user_id = $1 AND sent_at > clock_timestamp() - interval '1 hour')
		INSERT INTO notification_sends (user_id, sent_at) SELECT $1, clock_timestamp() FROM recent WHERE n < $2
		RETURNING true`, userID, limit).Scan(&taken)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("error counting the messages of user %d: %w", userID, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("error counting the messages of user %d: %w", userID, err)
	}
	return true, nil
}

// PruneSends deletes the sends TakeUserSend no longer counts (older than an hour), and returns how many.
func PruneSends(ctx context.Context, db *sql.DB) (int64, error) {
	res, err := db.ExecContext(ctx, `DELETE FROM notification_sends WHERE sent_at <= clock_timestamp() - interval '1 hour'`)
	if err != nil {
		return 0, fmt.Errorf("error pruning the notification sends: %w", err)
	}
	return res.RowsAffected()
}

// ReserveSend takes one message from the token bucket all replicas share (notification_rate, one row):
// perSecond tokens a second, at most perSecond held (a second's worth of burst), by the database's clock.
// The bucket may go into debt: it returns how long the caller must wait before it sends (0: at once), so
// the messages of every replica together go out at perSecond. A caller that gives up on a wait has spent
// its token.
func ReserveSend(ctx context.Context, db *sql.DB, perSecond float64) (time.Duration, error) {
	var tokens float64
	err := db.QueryRowContext(ctx, `INSERT INTO notification_rate AS r (id, tokens, at) VALUES (1, $1::float8 - 1, clock_timestamp())
		ON CONFLICT (id) DO UPDATE SET
			tokens = least($1::float8, r.tokens + $1::float8 * greatest(extract(epoch FROM clock_timestamp() - r.at), 0)) - 1, at = clock_timestamp()
		RETURNING tokens`, perSecond).Scan(&tokens)
	if err != nil {
		return 0, fmt.Errorf("error taking a message from the send rate: %w", err)
	}
	if tokens >= 0 {
		return 0, nil
	}
	return time.Duration(-tokens / perSecond * float64(time.Second)), nil
}

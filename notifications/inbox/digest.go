package inbox

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"rout/notifications"
)

// ClaimDigest marks settled, in one transaction that first waits for the user's notice inserts to end
// (LockUser), every unsettled your_turn notice of user userID, and returns their ids and the games of
// those still waiting on the user (the game's turn is the notice's, and, unless always, not seen live),
// each with the deadline its notice holds. A digest that cannot be sent gives the ids back with Unclaim.
func ClaimDigest(ctx context.Context, db *sql.DB, userID int, always bool, now time.Time) ([]int64, []notifications.DigestGame, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	defer func() { _ = tx.Rollback() }()
	if err := LockUser(ctx, tx, userID); err != nil {
		return nil, nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT n.id, n.game_id, n.turn, COALESCE(n.data::text, '{}'), n.seen_at IS NOT NULL,
			g.status = 'active' AND g.turn = n.turn
		FROM notices n JOIN games g ON g.id = n.game_id
		WHERE n.user_id = $1 AND n.kind = 'your_turn' AND n.sent_at IS NULL ORDER BY n.id FOR UPDATE OF n`, userID)
	if err != nil {
		return nil, nil, fmt.Errorf("error reading the digest of user %d: %w", userID, err)
	}
	var ids []int64
	var games []notifications.DigestGame
	for rows.Next() {
		var id int64
		var g notifications.DigestGame
		var data string
		var seen, waiting bool
		if err := rows.Scan(&id, &g.GameID, &g.Turn, &data, &seen, &waiting); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("error reading the digest of user %d: %w", userID, err)
		}
		ids = append(ids, id)
		if !waiting || (seen && !always) {
			continue
		}
		var nd Data
		if json.Unmarshal([]byte(data), &nd) == nil && nd.Deadline != nil {
			if t, err := time.Parse(time.RFC3339, *nd.Deadline); err == nil {
				g.Deadline = t
			}
		}
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("error reading the digest of user %d: %w", userID, err)
	}
	if len(ids) == 0 {
		return nil, nil, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE notices SET sent_at = $2 WHERE id = ANY($1)`, int64Array(ids), now); err != nil {
		return nil, nil, fmt.Errorf("error claiming the digest of user %d: %w", userID, err)
	}
	if err := tx.Commit(); err != nil {
		return nil, nil, fmt.Errorf("error claiming the digest of user %d: %w", userID, err)
	}
	return ids, games, nil
}

// ClaimChatDigest marks settled, like ClaimDigest, every unsettled chat notice of user userID (one at
// most per game: the unique index holds one unsettled chat notice per user and game), and returns their
// ids and the games of those not seen live (unless always), in the order of the notices. Counting the
// messages still unread is the caller's: the notice says only that some came.
func ClaimChatDigest(ctx context.Context, db *sql.DB, userID int, always bool, now time.Time) ([]int64, []int, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	defer func() { _ = tx.Rollback() }()
	if err := LockUser(ctx, tx, userID); err != nil {
		return nil, nil, err
	}
	rows, err := tx.QueryContext(ctx, `UPDATE notices SET sent_at = $2
		WHERE user_id = $1 AND kind = $3 AND sent_at IS NULL RETURNING id, game_id, seen_at IS NOT NULL`,
		userID, now, notifications.KindChat.String())
	if err != nil {
		return nil, nil, fmt.Errorf("error claiming the chat digest of user %d: %w", userID, err)
	}
	type claimed struct {
		id   int64
		game int
		seen bool
	}
	var cs []claimed
	for rows.Next() {
		var c claimed
		if err := rows.Scan(&c.id, &c.game, &c.seen); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("error claiming the chat digest of user %d: %w", userID, err)
		}
		cs = append(cs, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("error claiming the chat digest of user %d: %w", userID, err)
	}
	if err := tx.Commit(); err != nil {
		return nil, nil, fmt.Errorf("error claiming the chat digest of user %d: %w", userID, err)
	}
	slices.SortFunc(cs, func(a, b claimed) int { return cmp.Compare(a.id, b.id) })
	var ids []int64
	var games []int
	for _, c := range cs {
		ids = append(ids, c.id)
		if !c.seen || always {
			games = append(games, c.game)
		}
	}
	return ids, games, nil
}

// Unclaim gives the notices ids, claimed by ClaimDigest or ClaimChatDigest for a digest that failed,
// back to the next try: they are unsettled again. A chat notice whose game has a newer unsettled one
// stays settled: that one's digest counts the same messages.
func Unclaim(ctx context.Context, db *sql.DB, ids []int64) error {
	if _, err := db.ExecContext(ctx, `UPDATE notices n SET sent_at = NULL WHERE n.id = ANY($1)
		AND NOT (n.kind = $2 AND EXISTS (SELECT 1 FROM notices o WHERE o.user_id = n.user_id AND o.game_id = n.game_id
			AND o.kind = $2 AND o.sent_at IS NULL))`, int64Array(ids), notifications.KindChat.String()); err != nil {
		return fmt.Errorf("error unclaiming the notices of a digest: %w", err)
	}
	return nil
}

// int64Array encodes ids as a PostgreSQL array literal.
func int64Array(ids []int64) string {
	b := make([]byte, 0, len(ids)*8+2)
	b = append(b, '{')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "%d", id)
	}
	return string(append(b, '}'))
}

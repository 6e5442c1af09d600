package live

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// NoticeChannel is the PostgreSQL channel on which the transaction that inserts a notice announces
// "<user id>:<notice id>".
const NoticeChannel = "rout_notices"

// Notice is one thing a user was told about a game (a row of the notices table): their turn, time running
// out, a CPU played for them, an invitation, their elimination, the end of the game.
type Notice struct {
	// ID is the notice's id: increasing in the user's stream, not contiguous. Resume after it.
	ID int64
	// GameID is the game it is about.
	GameID int
	// Turn is the game's turn when it happened.
	Turn int
	// Kind is what happened: your_turn, turn_warning, cpu_played, eliminated, game_over or invited.
	Kind string
	// Data holds details (a deadline, the winner's seat): a JSON object, or nil.
	Data json.RawMessage
	// CreatedAt is when the notice was written.
	CreatedAt time.Time
}

// seqOf implements sequenced.
func (n *Notice) seqOf() int64 { return n.ID }

// noticeBatch is how many notices one read takes.
const noticeBatch = 200

// readNotices returns up to limit notices of user after id after, in id order.
func readNotices(ctx context.Context, db *sql.DB, userID int, after int64, limit int) ([]*Notice, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, game_id, turn, kind, data, created_at FROM notices
		WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`, userID, after, limit)
	if err != nil {
		return nil, fmt.Errorf("error reading the notices of user %d: %w", userID, err)
	}
	defer rows.Close()
	var out []*Notice
	for rows.Next() {
		var n Notice
		var data []byte
		if err := rows.Scan(&n.ID, &n.GameID, &n.Turn, &n.Kind, &data, &n.CreatedAt); err != nil {
			return nil, fmt.Errorf("error reading a notice of user %d: %w", userID, err)
		}
		if len(data) > 0 {
			n.Data = data
		}
		out = append(out, &n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the notices of user %d: %w", userID, err)
	}
	return out, nil
}

// lastNotice returns the id of user's last notice, 0 when none.
func lastNotice(ctx context.Context, db *sql.DB, userID int) (int64, error) {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT COALESCE(max(id), 0) FROM notices WHERE user_id = $1`, userID).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("error reading the last notice of user %d: %w", userID, err)
	}
	return id, nil
}

package presence

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/lib/pq"
)

// Channel is the PostgreSQL notification channel of the changes of a game's watchers: its payload is the
// game's id, sent by the statement that made the change (so, at its commit).
const Channel = "rout_watchers"

// Service reads and writes the game_watchers rows. It is safe for concurrent use; any number of services
// (replicas) may share one database.
type Service struct {
	db  *sql.DB
	now func() time.Time
}

// NewService returns the presence service of database db; now is the clock (nil: time.Now).
func NewService(db *sql.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, now: now}
}

// Join writes the row of watcher w (its ID is ignored), expiring after ttl unless refreshed, announces it,
// and returns its id.
func (s *Service) Join(ctx context.Context, w Watcher, ttl time.Duration) (int, error) {
	var user, seat sql.NullInt64
	if w.UserID != 0 {
		user = sql.NullInt64{Int64: int64(w.UserID), Valid: true}
	}
	if w.Seat != NoSeat {
		seat = sql.NullInt64{Int64: int64(w.Seat), Valid: true}
	}
	var id int
	err := s.db.QueryRowContext(ctx, `WITH w AS (
			INSERT INTO game_watchers (game_id, user_id, seat, hidden, expires_at) VALUES ($1, $2, $3, $4, $5)
			RETURNING id, game_id)
		SELECT id FROM w, pg_notify($6, w.game_id::text)`,
		w.GameID, user, seat, w.Hidden, s.now().Add(ttl), Channel).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("error recording a watcher of game %d: %w", w.GameID, err)
	}
	return id, nil
}

// Leave deletes rows ids and announces their games; a row already gone is no error.
func (s *Service) Leave(ctx context.Context, ids ...int) error {
	_, err := s.db.ExecContext(ctx, `WITH w AS (DELETE FROM game_watchers WHERE id = ANY($1) RETURNING game_id)
		SELECT pg_notify($2, game_id::text) FROM (SELECT DISTINCT game_id FROM w) g`, pq.Array(ids), Channel)
	if err != nil {
		return fmt.Errorf("error deleting %d watchers: %w", len(ids), err)
	}
	return nil
}

// Refresh moves the expiry of rows ids to ttl from now, and returns the ids that are gone (swept while
// their replica could not refresh them: join them again).
func (s *Service) Refresh(ctx context.Context, ids []int, ttl time.Duration) ([]int, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := s.db.QueryContext(ctx, `UPDATE game_watchers SET expires_at = $2 WHERE id = ANY($1) RETURNING id`,
		pq.Array(ids), s.now().Add(ttl))
	if err != nil {
		return nil, fmt.Errorf("error refreshing %d watchers: %w", len(ids), err)
	}
	defer rows.Close()
	found := make(map[int]bool, len(ids))
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error reading the watchers refreshed: %w", err)
		}
		found[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the watchers refreshed: %w", err)
	}
	var gone []int
	for _, id := range ids {
		if !found[id] {
			gone = append(gone, id)
		}
	}
	return gone, nil
}

// Sweep deletes the rows past their expiry, announces the games they followed, and returns how many it
// deleted.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	rows, err := s.db.QueryContext(ctx, `WITH w AS (DELETE FROM game_watchers WHERE expires_at <= $1 RETURNING game_id)
		SELECT count(*), pg_notify($2, game_id::text) FROM w GROUP BY game_id`, s.now(), Channel)
	if err != nil {
		return 0, fmt.Errorf("error sweeping the expired watchers: %w", err)
	}
	defer rows.Close()
	total := 0
	for rows.Next() {
		var n int
		var notified sql.RawBytes
		if err := rows.Scan(&n, &notified); err != nil {
			return 0, fmt.Errorf("error sweeping the expired watchers: %w", err)
		}
		total += n
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("error sweeping the expired watchers: %w", err)
	}
	return total, nil
}

// SetHidden hides (or shows) user userID's presence in the games they follow now, and announces those
// games; their next rows take the user's preference when they join.
func (s *Service) SetHidden(ctx context.Context, userID int, hidden bool) error {
	_, err := s.db.ExecContext(ctx, `WITH w AS (UPDATE game_watchers SET hidden = $2 WHERE user_id = $1 AND hidden <> $2
			RETURNING game_id)
		SELECT pg_notify($3, game_id::text) FROM (SELECT DISTINCT game_id FROM w) g`, userID, hidden, Channel)
	if err != nil {
		return fmt.Errorf("error setting the presence of user %d hidden: %w", userID, err)
	}
	return nil
}

// Watchers returns the live (unexpired) watchers of game gameID, in the order they joined.
func (s *Service) Watchers(ctx context.Context, gameID int) ([]Watcher, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, user_id, seat, hidden FROM game_watchers
		WHERE game_id = $1 AND expires_at > $2 ORDER BY id`, gameID, s.now())
	if err != nil {
		return nil, fmt.Errorf("error reading the watchers of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []Watcher
	for rows.Next() {
		w := Watcher{GameID: gameID}
		var user, seat sql.NullInt64
		if err := rows.Scan(&w.ID, &user, &seat, &w.Hidden); err != nil {
			return nil, fmt.Errorf("error reading the watchers of game %d: %w", gameID, err)
		}
		w.UserID, w.Seat = int(user.Int64), NoSeat
		if seat.Valid {
			w.Seat = int(seat.Int64)
		}
		out = append(out, w)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the watchers of game %d: %w", gameID, err)
	}
	return out, nil
}

// ParsePayload returns the game id of a Channel notification's payload.
func ParsePayload(payload string) (int, bool) {
	id, err := strconv.Atoi(payload)
	return id, err == nil && id > 0
}

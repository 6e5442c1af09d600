package game

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The reads of what is due: the sweeper's (package jobs) overdue games and idle CPU turns, and what the
// live hub and the notifications need of a game's rows. They are here so that all SQL on the game tables
// is in this package.

// OverdueGames returns the ids of up to limit active games whose turn deadline is before cutoff, the
// oldest deadline first. The partial index on games (turn_deadline) WHERE status = 'active' answers it.
func (s *Service) OverdueGames(ctx context.Context, cutoff time.Time, limit int) ([]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games WHERE status = 'active' AND turn_deadline < $1
		ORDER BY turn_deadline, id LIMIT $2`, cutoff, limit)
	if err != nil {
		return nil, fmt.Errorf("error finding overdue games: %w", err)
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("error reading overdue games: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error finding overdue games: %w", err)
	}
	return ids, nil
}

// IdleTurn is an active game whose seat to move is a CPU's and which has not moved since Since (the time
// of its last event).
type IdleTurn struct {
	GameID, Turn int
	Since        time.Time
}

// IdleCPUTurns returns up to limit active games whose seat to move is a CPU's and whose last event is
// older than cutoff, the longest idle first, starting after the cursor after (the zero IdleTurn: from the
// start). One row per active game at most: its current seat's player and its last event (by the unique
// index on game and sequence).
func (s *Service) IdleCPUTurns(ctx context.Context, cutoff time.Time, after IdleTurn, limit int) ([]IdleTurn, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.turn, e.created_at FROM games g
		JOIN players p ON p.game_id = g.id AND p.seat = g.current_seat
		JOIN events e ON e.game_id = g.id AND e.seq = g.seq
		WHERE g.status = 'active' AND p.cpu AND e.created_at < $1 AND (e.created_at, g.id) > ($2, $3)
		ORDER BY e.created_at, g.id LIMIT $4`, cutoff, after.Since, after.GameID, limit)
	if err != nil {
		return nil, fmt.Errorf("error finding idle CPU turns: %w", err)
	}
	defer rows.Close()
	var out []IdleTurn
	for rows.Next() {
		var t IdleTurn
		if err := rows.Scan(&t.GameID, &t.Turn, &t.Since); err != nil {
			return nil, fmt.Errorf("error reading idle CPU turns: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error finding idle CPU turns: %w", err)
	}
	return out, nil
}

// LastSeq returns the sequence number of a game's last event (0 before the game started); a game that
// does not exist is CodeNotFound.
func (s *Service) LastSeq(ctx context.Context, gameID int) (int64, error) {
	var seq int64
	err := s.db.QueryRowContext(ctx, `SELECT seq FROM games WHERE id = $1`, gameID).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, noGame(gameID)
	}
	if err != nil {
		return 0, fmt.Errorf("error reading the sequence number of game %d: %w", gameID, err)
	}
	return seq, nil
}

// SeatHolder returns who holds a seat of a game: the user's name and id, or, for a CPU seat, its
// difficulty (and user 0). A seat that does not exist returns ok false.
func (s *Service) SeatHolder(ctx context.Context, gameID, seat int) (name string, userID int, difficulty string, ok bool, err error) {
	var user sql.NullInt64
	err = s.db.QueryRowContext(ctx, `SELECT user_id, COALESCE(difficulty, '') FROM players
		WHERE game_id = $1 AND seat = $2`, gameID, seat).Scan(&user, &difficulty)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, "", false, nil
	}
	if err != nil {
		return "", 0, "", false, fmt.Errorf("error reading seat %d of game %d: %w", seat, gameID, err)
	}
	if !user.Valid {
		return "", 0, difficulty, true, nil
	}
	names, err := s.accounts.Names(ctx, s.db, []int{int(user.Int64)})
	if err != nil {
		return "", 0, "", false, err
	}
	return names[int(user.Int64)], int(user.Int64), difficulty, true, nil
}

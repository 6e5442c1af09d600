package chat

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/lib/pq"
)

// querier runs the statements of a read: a *sql.DB or a *sql.Tx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Settings are a user's choices about one game's chat, and the game's own option.
type Settings struct {
	// Off tells whether the user switched the game's chat off.
	Off bool
	// PlayersOnly tells whether the game's creator closed its spectators' room.
	PlayersOnly bool
}

// settings reads user's settings of game gameID, and the game's option.
func settings(ctx context.Context, q querier, gameID, userID int) (Settings, error) {
	var s Settings
	err := q.QueryRowContext(ctx, `SELECT coalesce(bool_or(off) FILTER (WHERE user_id = $2), false), coalesce(bool_or(players_only), false)
		FROM chat_settings WHERE game_id = $1`, gameID, userID).Scan(&s.Off, &s.PlayersOnly)
	if err != nil {
		return Settings{}, fmt.Errorf("error reading the chat settings of game %d: %w", gameID, err)
	}
	return s, nil
}

// Settings returns user's settings of game gameID, and the game's option.
func (s *Service) Settings(ctx context.Context, gameID, userID int) (Settings, error) {
	return settings(ctx, s.db, gameID, userID)
}

// SetOff switches game g's chat off (or on again) for user.
func (s *Service) SetOff(ctx context.Context, gameID, userID int, off bool) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO chat_settings (game_id, user_id, off, players_only, created_at, updated_at)
		VALUES ($1, $2, $3, false, now(), now())
		ON CONFLICT (user_id, game_id) DO UPDATE SET off = excluded.off, updated_at = now()`, gameID, userID, off)
	if err != nil {
		return fmt.Errorf("error switching the chat of game %d for user %d: %w", gameID, userID, err)
	}
	return nil
}

// SetPlayersOnly closes (or opens again) the spectators' room of game g; only its creator may.
func (s *Service) SetPlayersOnly(ctx context.Context, g Game, userID int, on bool) error {
	if userID != g.CreatorID {
		return &Error{Code: CodeNotCreator, Message: "only the game's creator sets its chat options"}
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO chat_settings (game_id, user_id, off, players_only, created_at, updated_at)
		VALUES ($1, $2, false, $3, now(), now())
		ON CONFLICT (user_id, game_id) DO UPDATE SET players_only = excluded.players_only, updated_at = now()`, g.ID, userID, on)
	if err != nil {
		return fmt.Errorf("error setting the chat options of game %d: %w", g.ID, err)
	}
	return nil
}

// MarkRead records that v has read room r of game g up to line seq (a mark never moves back).
func (s *Service) MarkRead(ctx context.Context, g Game, v Viewer, r Room, seq int64) error {
	if err := s.CheckRead(ctx, g, v, r); err != nil {
		return err
	}
	var last int64
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM chat_messages WHERE game_id = $1 AND room = $2`,
		g.ID, string(r)).Scan(&last); err != nil {
		return fmt.Errorf("error reading the chat of game %d: %w", g.ID, err)
	}
	if seq < 0 || seq > last {
		return &Error{Code: CodeInvalidSeen, Message: fmt.Sprintf("the room's last line is %d", last)}
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO chat_reads (user_id, game_id, room, seq) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, game_id, room) DO UPDATE SET seq = greatest(chat_reads.seq, excluded.seq)`,
		v.UserID, g.ID, string(r), seq)
	if err != nil {
		return fmt.Errorf("error marking the chat of game %d read: %w", g.ID, err)
	}
	return nil
}

// Unread returns, for each of rooms of game g, how many messages v may see came after v's read mark,
// not counting v's own; nothing when v switched the game's chat off.
func (s *Service) Unread(ctx context.Context, g Game, v Viewer, rooms []Room) (map[Room]int, error) {
	set, err := settings(ctx, s.db, g.ID, v.UserID)
	if err != nil || set.Off || v.ChatOff {
		return map[Room]int{}, err
	}
	names := make([]string, len(rooms))
	for i, r := range rooms {
		names[i] = string(r)
	}
	cond, args := viewerFilter(v, 3)
	rows, err := s.db.QueryContext(ctx, `SELECT m.room, count(*) FROM chat_messages m
		LEFT JOIN chat_reads r ON r.user_id = $4 AND r.game_id = m.game_id AND r.room = m.room
		WHERE m.game_id = $1 AND m.room = ANY($2) AND m.kind = 'message' AND m.removed_at IS NULL
		AND m.seq > coalesce(r.seq, 0) AND m.author_id <> $4 `+cond+` GROUP BY m.room`,
		append([]any{g.ID, pq.Array(names)}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("error counting the unread chat of game %d: %w", g.ID, err)
	}
	defer rows.Close()
	out := make(map[Room]int, len(rooms))
	for rows.Next() {
		var r string
		var n int
		if err := rows.Scan(&r, &n); err != nil {
			return nil, fmt.Errorf("error counting the unread chat of game %d: %w", g.ID, err)
		}
		out[Room(r)] = n
	}
	return out, rows.Err()
}

package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"
)

// Entry is a player's place in a ladder.
type Entry struct {
	LadderID, UserID int
	// MaxGames is the most games of the ladder the player plays at once, 1 to MaxGames.
	MaxGames int
	// OpenGames is how many of them are being played (or wait to be created).
	OpenGames int
	// JoinedAt is when the player joined; QueuedSince since when they wait for a game (while Queued).
	JoinedAt, QueuedSince time.Time
}

// Queued reports whether the player waits for a game: fewer of their games are being played than their
// most.
func (e Entry) Queued() bool { return e.OpenGames < e.MaxGames }

// entryColumns are the columns scanEntry reads, in its order.
const entryColumns = `ladder_id, user_id, max_games, open_games, created_at, queued_since`

func scanEntry(row interface{ Scan(...any) error }) (Entry, error) {
	var e Entry
	err := row.Scan(&e.LadderID, &e.UserID, &e.MaxGames, &e.OpenGames, &e.JoinedAt, &e.QueuedSince)
	return e, err
}

// checkMaxGames refuses a most games at once out of range.
func checkMaxGames(n int) error {
	if n < 1 || n > MaxGames {
		return errorf(CodeBadMaxGames, "the most games at once is 1 to %d, not %d", MaxGames, n)
	}
	return nil
}

// Join puts user userID in ladder id, playing at most maxGames of its games at once (1 to MaxGames). A
// player joins once (CodeJoined), and may join again after leaving: the games of the ladder they still
// play count towards their most. The join kicks the ladder's pairing (Opts.Kick) when it queues them.
func (s *Service) Join(ctx context.Context, id, userID, maxGames int) (Entry, error) {
	if err := checkMaxGames(maxGames); err != nil {
		return Entry{}, err
	}
	var out Entry
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		// A pairing in flight commits its tables first, which count.
		if _, err := load(ctx, tx, id, entryLock); err != nil {
			return err
		}
		now := s.now()
		open, err := openGames(ctx, tx, id, userID)
		if err != nil {
			return err
		}
		out, err = scanEntry(tx.QueryRowContext(ctx, `INSERT INTO ladder_entries (created_at, updated_at, ladder_id, user_id, max_games,
			open_games, queued_since) VALUES ($1, $1, $2, $3, $4, $5, $1)
			ON CONFLICT (ladder_id, user_id) DO NOTHING RETURNING `+entryColumns, now, id, userID, maxGames, open))
		if errors.Is(err, sql.ErrNoRows) {
			return errorf(CodeJoined, "you have joined this ladder already")
		}
		if pqErr, ok := errors.AsType[*pq.Error](err); ok && pqErr.Code == "23503" { // foreign key: no such user
			return errorf(CodeNotFound, "no user %d", userID)
		}
		if err != nil {
			return fmt.Errorf("error putting user %d in ladder %d: %w", userID, id, err)
		}
		return s.kicked(ctx, tx, out)
	})
	return out, err
}

// Update changes the most games at once of user userID in ladder id (CodeNotJoined without an entry). A
// player it queues again begins to wait, and the ladder's pairing is kicked. A most below the games being
// played leaves them going: the player waits again once fewer are.
func (s *Service) Update(ctx context.Context, id, userID, maxGames int) (Entry, error) {
	if err := checkMaxGames(maxGames); err != nil {
		return Entry{}, err
	}
	var out Entry
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		// Not during a pairing's seating, which read the most before.
		if _, err := load(ctx, tx, id, entryLock); err != nil {
			return err
		}
		var err error
		out, err = scanEntry(tx.QueryRowContext(ctx, `UPDATE ladder_entries SET max_games = $3, updated_at = $4,
			queued_since = CASE WHEN open_games >= max_games AND open_games < $3 THEN $4 ELSE queued_since END
			WHERE ladder_id = $1 AND user_id = $2 RETURNING `+entryColumns, id, userID, maxGames, s.now()))
		if errors.Is(err, sql.ErrNoRows) {
			return errorf(CodeNotJoined, "you have not joined this ladder")
		}
		if err != nil {
			return fmt.Errorf("error changing the entry of user %d in ladder %d: %w", userID, id, err)
		}
		return s.kicked(ctx, tx, out)
	})
	return out, err
}

// kicked kicks the pairing of entry e's ladder, in tx, when e is queued.
func (s *Service) kicked(ctx context.Context, tx *sql.Tx, e Entry) error {
	if s.kick == nil || !e.Queued() {
		return nil
	}
	if err := s.kick(ctx, tx, e.LadderID); err != nil {
		return fmt.Errorf("error kicking the pairing of ladder %d: %w", e.LadderID, err)
	}
	return nil
}

// Leave takes user userID out of ladder id (CodeNotJoined without an entry): they are paired no more, and
// their games of the ladder go on.
func (s *Service) Leave(ctx context.Context, id, userID int) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		// A pairing that read the queue seats its players before they leave: their games go on.
		if _, err := load(ctx, tx, id, entryLock); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM ladder_entries WHERE ladder_id = $1 AND user_id = $2`, id, userID)
		if err != nil {
			return fmt.Errorf("error taking user %d out of ladder %d: %w", userID, id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errorf(CodeNotJoined, "you have not joined this ladder")
		}
		return nil
	})
}

// Entries returns user userID's entries, by ladder.
func (s *Service) Entries(ctx context.Context, userID int) (map[int]Entry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+entryColumns+` FROM ladder_entries WHERE user_id = $1`, userID)
	if err != nil {
		return nil, fmt.Errorf("error reading the ladder entries of user %d: %w", userID, err)
	}
	defer rows.Close()
	out := map[int]Entry{}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, fmt.Errorf("error reading the ladder entries of user %d: %w", userID, err)
		}
		out[e.LadderID] = e
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the ladder entries of user %d: %w", userID, err)
	}
	return out, nil
}

// Playing returns the games of ladder id that user userID plays now (created, not over), the newest first.
func (s *Service) Playing(ctx context.Context, id, userID int) ([]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT game_id FROM ladder_games WHERE ladder_id = $1 AND finished_at IS NULL
		AND game_id IS NOT NULL AND users::jsonb @> to_jsonb($2::bigint) ORDER BY id DESC`, id, userID)
	if err != nil {
		return nil, fmt.Errorf("error reading the games of user %d in ladder %d: %w", userID, id, err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var g int
		if err := rows.Scan(&g); err != nil {
			return nil, fmt.Errorf("error reading the games of user %d in ladder %d: %w", userID, id, err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the games of user %d in ladder %d: %w", userID, id, err)
	}
	return out, nil
}

// openGames counts the games of ladder id that user userID plays (or that wait to be created).
func openGames(ctx context.Context, q querier, id, userID int) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM ladder_games WHERE ladder_id = $1 AND finished_at IS NULL
		AND users::jsonb @> to_jsonb($2::bigint)`, id, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("error counting the games of user %d in ladder %d: %w", userID, id, err)
	}
	return n, nil
}

package game

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"rout/rating"
)

// Leaderboards (docs/ratings.md, "Leaderboards"): one a mode and scope (all maps, or one map family) and
// season. The open season's are the ratings rows with a game in the season (season_games > 0), best first
// by μ − 3σ then by user id; a closed season's are its frozen season_standings.
//
// A place in the open season is counted without counting the rows above it: rating_counts holds, per
// scope, how many of its players have each public number (a bucket), written with the rows. A player's
// place is 1 + the players of the buckets above theirs + the rows of their own bucket ahead of them (an
// index range of one public number). A page is read by keyset after a cursor, or, to jump to page n, by
// finding the bucket the page starts in from the buckets' running sums and skipping into it.

// LeaderboardEntry is one row of a leaderboard.
type LeaderboardEntry struct {
	Rank        int // from 1
	UserID      int
	Public      int // the public number (rating.Rating.Public)
	Provisional bool
	Games       int // the rated games of the mode and scope the user finished in the season
	cursor      string
}

// Cursor is the entry's position, for LeaderboardQuery.After.
func (e LeaderboardEntry) Cursor() string { return e.cursor }

// LeaderboardQuery asks for a page of a leaderboard.
type LeaderboardQuery struct {
	Mode   RatingMode
	Family string // "" for all maps
	Season int    // 0: the open season
	First  int    // the page's length, 1 or more
	After  string // a cursor (LeaderboardEntry.Cursor): the page starts after it; "" for none
	Page   int    // with no After: the page of that number (from 1) of First rows; 0 is page 1
}

// LeaderboardPage is a page of a leaderboard.
type LeaderboardPage struct {
	Season  Season
	Total   int // the players on the leaderboard
	Entries []LeaderboardEntry
	HasNext bool
}

// The errors of the leaderboards.
var (
	// ErrNoSeason: the season asked for does not exist.
	ErrNoSeason = &Error{Code: CodeNotFound, Message: "no such season"}
	// ErrBadCursor: the cursor is not one of this leaderboard's.
	ErrBadCursor = &Error{Code: CodeBadInput, Message: "the cursor is not one of this leaderboard"}
)

// leaderboardSeason reads the season number asks for (0: the open one) in tx.
func (s *Service) leaderboardSeason(ctx context.Context, tx *sql.Tx, number int) (Season, error) {
	open, err := s.openSeason(ctx, tx, s.now(), false)
	if err != nil || number == 0 || number == open.Number {
		return open, err
	}
	se := Season{Number: number}
	err = tx.QueryRowContext(ctx, `SELECT starts_at, ends_at, closed_at FROM seasons WHERE number = $1`, number).
		Scan(&se.StartsAt, &se.EndsAt, &se.ClosedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Season{}, ErrNoSeason
	}
	if err != nil {
		return Season{}, fmt.Errorf("error reading season %d: %w", number, err)
	}
	return se, nil
}

// Leaderboard returns a page of the leaderboard q asks for. The caller checks the mode, family and
// lengths; a cursor that does not parse is ErrBadCursor, an unknown season ErrNoSeason.
func (s *Service) Leaderboard(ctx context.Context, q LeaderboardQuery) (LeaderboardPage, error) {
	var page LeaderboardPage
	err := s.withTxOpts(ctx, nil, func(tx *sql.Tx) error {
		se, err := s.leaderboardSeason(ctx, tx, q.Season)
		if err != nil {
			return err
		}
		page.Season = se
		if se.ClosedAt != nil {
			page.Total, page.Entries, page.HasNext, err = frozenPage(ctx, tx, se.Number, q)
		} else {
			page.Total, page.Entries, page.HasNext, err = currentPage(ctx, tx, q)
		}
		return err
	})
	return page, err
}

// LeaderboardPlace returns user's entry on the leaderboard of mode, family and season (0: the open one),
// or nil when they are not on it.
func (s *Service) LeaderboardPlace(ctx context.Context, mode RatingMode, family string, season, user int) (*LeaderboardEntry, error) {
	var out *LeaderboardEntry
	err := s.withTxOpts(ctx, nil, func(tx *sql.Tx) error {
		se, err := s.leaderboardSeason(ctx, tx, season)
		if err != nil {
			return err
		}
		e := LeaderboardEntry{UserID: user}
		if se.ClosedAt != nil {
			err = tx.QueryRowContext(ctx, `SELECT rank, public_rating, provisional, games FROM season_standings
				WHERE season = $1 AND mode = $2 AND family = $3 AND user_id = $4`, se.Number, mode, family, user).
				Scan(&e.Rank, &e.Public, &e.Provisional, &e.Games)
			e.cursor = frozenCursor(e.Rank)
		} else {
			var ordinal, sigma float64
			err = tx.QueryRowContext(ctx, `SELECT public_rating, ordinal, sigma, season_games FROM ratings
				WHERE user_id = $1 AND mode = $2 AND family = $3 AND season_games > 0`, user, mode, family).
				Scan(&e.Public, &ordinal, &sigma, &e.Games)
			if err == nil {
				e.Provisional, e.cursor = sigma > rating.ProvisionalSigma, currentCursor(e.Public, ordinal, user)
				e.Rank, err = placeAt(ctx, tx, mode, family, e.Public, ordinal, user)
			}
		}
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("error reading user %d's place: %w", user, err)
		}
		out = &e
		return nil
	})
	return out, err
}

// placeAt is the place, in the open season's leaderboard of mode and family, of a row of public number
// public, ordinal ordinal and user user: 1 + the players of the buckets above + the rows of its bucket
// ahead of it.
func placeAt(ctx context.Context, tx *sql.Tx, mode RatingMode, family string, public int, ordinal float64, user int) (int, error) {
	var place int
	err := tx.QueryRowContext(ctx, `SELECT 1
		+ (SELECT COALESCE(sum(players), 0) FROM rating_counts WHERE mode = $1 AND family = $2 AND public_rating > $3)
		+ (SELECT count(*) FROM ratings WHERE mode = $1 AND family = $2 AND season_games > 0 AND public_rating = $3
			AND (ordinal > $4 OR (ordinal = $4 AND user_id < $5)))`, mode, family, public, ordinal, user).Scan(&place)
	return place, err
}

// currentPage reads a page of the open season's leaderboard.
func currentPage(ctx context.Context, tx *sql.Tx, q LeaderboardQuery) (int, []LeaderboardEntry, bool, error) {
	var total int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(sum(players), 0) FROM rating_counts WHERE mode = $1 AND family = $2`,
		q.Mode, q.Family).Scan(&total); err != nil {
		return 0, nil, false, fmt.Errorf("error counting the leaderboard: %w", err)
	}
	const cols = `SELECT user_id, public_rating, ordinal, sigma, season_games FROM ratings
		WHERE mode = $1 AND family = $2 AND season_games > 0`
	const order = ` ORDER BY public_rating DESC, ordinal DESC, user_id LIMIT $3`
	var rows *sql.Rows
	var err error
	rank := 1
	switch {
	case q.After != "":
		public, ordinal, user, ok := parseCurrentCursor(q.After)
		if !ok {
			return 0, nil, false, ErrBadCursor
		}
		if rank, err = placeAt(ctx, tx, q.Mode, q.Family, public, ordinal, user); err != nil {
			return 0, nil, false, fmt.Errorf("error placing the cursor: %w", err)
		}
		rank++ // the page starts after the cursor's row, on the board or not
		// The bound on public_rating is the index's range; the rest filters the cursor's bucket.
		rows, err = tx.QueryContext(ctx, cols+` AND public_rating <= $4
			AND (public_rating < $4 OR ordinal < $5 OR (ordinal = $5 AND user_id > $6))`+order,
			q.Mode, q.Family, q.First+1, public, ordinal, user)
	case q.Page > 1:
		skip := (q.Page - 1) * q.First
		if skip >= total {
			return total, nil, false, nil
		}
		// The bucket the page starts in, and the players above it.
		var bucket, above int
		if err := tx.QueryRowContext(ctx, `SELECT public_rating, above FROM (
				SELECT public_rating, players, sum(players) OVER (ORDER BY public_rating DESC) - players AS above
				FROM rating_counts WHERE mode = $1 AND family = $2 AND players > 0) b
			WHERE above + players > $3 ORDER BY public_rating DESC LIMIT 1`, q.Mode, q.Family, skip).Scan(&bucket, &above); err != nil {
			return 0, nil, false, fmt.Errorf("error finding page %d: %w", q.Page, err)
		}
		rank = skip + 1
		rows, err = tx.QueryContext(ctx, cols+` AND public_rating <= $4`+order+` OFFSET $5`,
			q.Mode, q.Family, q.First+1, bucket, skip-above)
	default:
		rows, err = tx.QueryContext(ctx, cols+order, q.Mode, q.Family, q.First+1)
	}
	if err != nil {
		return 0, nil, false, fmt.Errorf("error reading the leaderboard: %w", err)
	}
	defer rows.Close()
	var out []LeaderboardEntry
	for rows.Next() {
		var e LeaderboardEntry
		var ordinal, sigma float64
		if err := rows.Scan(&e.UserID, &e.Public, &ordinal, &sigma, &e.Games); err != nil {
			return 0, nil, false, fmt.Errorf("error reading the leaderboard: %w", err)
		}
		e.Rank, e.Provisional, e.cursor = rank+len(out), sigma > rating.ProvisionalSigma, currentCursor(e.Public, ordinal, e.UserID)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return 0, nil, false, fmt.Errorf("error reading the leaderboard: %w", err)
	}
	more := len(out) > q.First
	return total, out[:min(len(out), q.First)], more, nil
}

// frozenPage reads a page of closed season season's leaderboard.
func frozenPage(ctx context.Context, tx *sql.Tx, season int, q LeaderboardQuery) (int, []LeaderboardEntry, bool, error) {
	var total int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(max(rank), 0) FROM season_standings
		WHERE season = $1 AND mode = $2 AND family = $3`, season, q.Mode, q.Family).Scan(&total); err != nil {
		return 0, nil, false, fmt.Errorf("error counting the leaderboard: %w", err)
	}
	after := 0
	switch {
	case q.After != "":
		r, ok := parseFrozenCursor(q.After)
		if !ok {
			return 0, nil, false, ErrBadCursor
		}
		after = r
	case q.Page > 1:
		after = (q.Page - 1) * q.First
	}
	rows, err := tx.QueryContext(ctx, `SELECT rank, user_id, public_rating, provisional, games FROM season_standings
		WHERE season = $1 AND mode = $2 AND family = $3 AND rank > $4 ORDER BY rank LIMIT $5`,
		season, q.Mode, q.Family, after, q.First+1)
	if err != nil {
		return 0, nil, false, fmt.Errorf("error reading the leaderboard: %w", err)
	}
	defer rows.Close()
	var out []LeaderboardEntry
	for rows.Next() {
		var e LeaderboardEntry
		if err := rows.Scan(&e.Rank, &e.UserID, &e.Public, &e.Provisional, &e.Games); err != nil {
			return 0, nil, false, fmt.Errorf("error reading the leaderboard: %w", err)
		}
		e.cursor = frozenCursor(e.Rank)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return 0, nil, false, fmt.Errorf("error reading the leaderboard: %w", err)
	}
	more := len(out) > q.First
	return total, out[:min(len(out), q.First)], more, nil
}

// A cursor of the open season is "c:" public, the ordinal's bits in hex, and the user id; of a closed
// season "s:" and the rank.
func currentCursor(public int, ordinal float64, user int) string {
	return "c:" + strconv.Itoa(public) + ":" + strconv.FormatUint(math.Float64bits(ordinal), 16) + ":" + strconv.Itoa(user)
}

func parseCurrentCursor(c string) (int, float64, int, bool) {
	parts := strings.Split(c, ":")
	if len(parts) != 4 || parts[0] != "c" {
		return 0, 0, 0, false
	}
	public, err1 := strconv.Atoi(parts[1])
	bits, err2 := strconv.ParseUint(parts[2], 16, 64)
	user, err3 := strconv.Atoi(parts[3])
	ordinal := math.Float64frombits(bits)
	if err1 != nil || err2 != nil || err3 != nil || math.IsNaN(ordinal) || math.IsInf(ordinal, 0) {
		return 0, 0, 0, false
	}
	return public, ordinal, user, true
}

func frozenCursor(rank int) string { return "s:" + strconv.Itoa(rank) }

func parseFrozenCursor(c string) (int, bool) {
	r, ok := strings.CutPrefix(c, "s:")
	n, err := strconv.Atoi(r)
	return n, ok && err == nil && n >= 0
}

// LeaderboardFamilies lists the map families that have a player on mode's leaderboard of the open
// season, sorted.
func (s *Service) LeaderboardFamilies(ctx context.Context, mode RatingMode) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT family FROM rating_counts WHERE mode = $1 AND family <> ''
		AND players > 0 ORDER BY family`, mode)
	if err != nil {
		return nil, fmt.Errorf("error reading the leaderboards' families: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var f string
		if err := rows.Scan(&f); err != nil {
			return nil, fmt.Errorf("error reading the leaderboards' families: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

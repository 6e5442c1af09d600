package game

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"rout/rating"
)

// Seasons of the leaderboards (docs/ratings.md, "Seasons"). A season is a calendar period (UTC) of
// Opts.SeasonMonths months, aligned to the year: a quarter by default. The first starts with the period
// in which it is first needed (a rated game ends, or a leaderboard is read), and each next one where the
// last ended. SeasonClose, which the season job runs, closes a season once its end has passed: it freezes
// the season's leaderboards into season_standings, resets every rating softly (rating.SeasonReset) and
// empties the current leaderboards, and opens the next season, in one transaction that holds the open
// season's row. A rated game, or a reversal, holds the same row (lockSeason) while it writes ratings, so
// the close sees every rating a season's games wrote, and none of the next season's. A game that ends
// after a season's end but before its close counts in that season.
//
// A season's bounds are stored when it opens, so a change of the length between runs leaves the open
// season as it is; the next one starts where it ended and ends with the period of the new length that
// holds its start, which re-aligns the seasons to the calendar.

// DefaultSeasonMonths is a season's length when Opts.SeasonMonths is 0: a calendar quarter.
const DefaultSeasonMonths = 3

// SeasonLengths are the lengths of a season, in months, that Opts.SeasonMonths may take: those that
// divide a year, so that the seasons of every year start on the same dates.
var SeasonLengths = []int{1, 2, 3, 4, 6, 12}

// ValidSeasonMonths reports whether a season may last months months (one of SeasonLengths).
func ValidSeasonMonths(months int) bool {
	return slices.Contains(SeasonLengths, months)
}

// Season is one leaderboard season.
type Season struct {
	Number   int
	StartsAt time.Time
	EndsAt   time.Time
	ClosedAt *time.Time // nil: the open season
}

// seasonBounds is the calendar period (UTC) of months months that holds t, the periods being aligned to
// the year (months is one of SeasonLengths): its start and its end, which is after t.
func seasonBounds(t time.Time, months int) (time.Time, time.Time) {
	t = t.UTC()
	start := time.Date(t.Year(), time.Month(months*((int(t.Month())-1)/months)+1), 1, 0, 0, 0, 0, time.UTC)
	return start, start.AddDate(0, months, 0)
}

// nextSeasonEnd is the end of the season that starts at start, where the last one ended: the end of the
// period of months months that holds start, so that a season that started off the calendar of months
// (the length was changed) ends on it. It is after start (seasonBounds), so a season is never empty, and
// at most months months later.
func nextSeasonEnd(start time.Time, months int) time.Time {
	_, end := seasonBounds(start, months)
	return end
}

// openSeason returns the open season, making the first one if there is none yet, in tx. With lock, it
// holds the season's row with FOR KEY SHARE until tx ends: SeasonClose, which takes it FOR UPDATE, waits.
func (s *Service) openSeason(ctx context.Context, tx *sql.Tx, now time.Time, lock bool) (Season, error) {
	q := `SELECT number, starts_at, ends_at FROM seasons WHERE closed_at IS NULL ORDER BY number DESC LIMIT 1`
	if lock {
		q += ` FOR KEY SHARE`
	}
	var se Season
	err := tx.QueryRowContext(ctx, q).Scan(&se.Number, &se.StartsAt, &se.EndsAt)
	if errors.Is(err, sql.ErrNoRows) {
		start, end := seasonBounds(now, s.seasonMonths)
		if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (number, starts_at, ends_at) VALUES (1, $1, $2)
			ON CONFLICT (number) DO NOTHING`, start, end); err != nil {
			return Season{}, fmt.Errorf("error opening the first season: %w", err)
		}
		err = tx.QueryRowContext(ctx, q).Scan(&se.Number, &se.StartsAt, &se.EndsAt)
	}
	if err != nil {
		return Season{}, fmt.Errorf("error reading the open season: %w", err)
	}
	return se, nil
}

// lockSeason holds the open season's row until tx ends (openSeason with lock).
func (s *Service) lockSeason(ctx context.Context, tx *sql.Tx, now time.Time) (Season, error) {
	return s.openSeason(ctx, tx, now, true)
}

// Seasons lists the seasons, the open one first, then the closed ones newest first. It opens the first
// season if there is none yet.
func (s *Service) Seasons(ctx context.Context) ([]Season, error) {
	var out []Season
	err := s.withTxOpts(ctx, nil, func(tx *sql.Tx) error {
		if _, err := s.openSeason(ctx, tx, s.now(), false); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT number, starts_at, ends_at, closed_at FROM seasons ORDER BY number DESC`)
		if err != nil {
			return fmt.Errorf("error reading the seasons: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var se Season
			if err := rows.Scan(&se.Number, &se.StartsAt, &se.EndsAt, &se.ClosedAt); err != nil {
				return fmt.Errorf("error reading the seasons: %w", err)
			}
			out = append(out, se)
		}
		return rows.Err()
	})
	return out, err
}

// SeasonClose closes the open season if its end has passed (by the service's clock): it writes every
// current leaderboard (each mode and family, its players with a game in the season) to season_standings
// with its ranks, resets every rating softly (rating.SeasonReset: μ kept, σ widened toward σ₀), sets every
// season_games to 0 and empties rating_counts, marks the season closed and opens the next, which starts
// where it ended and ends with the calendar period of Opts.SeasonMonths that holds its start (nextSeasonEnd). It returns the closed season's number, or 0 when no
// season was due. A retry after a failure redoes the whole (the transaction rolled back); a run after a
// success finds the next season not yet due; two runs at once take turns on the season's row.
func (s *Service) SeasonClose(ctx context.Context) (int, error) {
	now := s.now()
	closed := 0
	err := s.withTxOpts(ctx, nil, func(tx *sql.Tx) error {
		var id int
		var se Season
		err := tx.QueryRowContext(ctx, `SELECT id, number, starts_at, ends_at FROM seasons WHERE closed_at IS NULL
			ORDER BY number DESC LIMIT 1 FOR UPDATE`).Scan(&id, &se.Number, &se.StartsAt, &se.EndsAt)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // no season yet: the first opens when needed
		}
		if err != nil {
			return fmt.Errorf("error locking the open season: %w", err)
		}
		if now.Before(se.EndsAt) {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO season_standings (season, mode, family, rank, user_id,
			public_rating, provisional, games)
		SELECT $1, mode, family, row_number() OVER (PARTITION BY mode, family ORDER BY public_rating DESC, ordinal DESC, user_id),
			user_id, public_rating, sigma > $2, season_games
		FROM ratings WHERE season_games > 0
		ON CONFLICT DO NOTHING`, se.Number, rating.ProvisionalSigma); err != nil {
			return fmt.Errorf("error freezing the leaderboards of season %d: %w", se.Number, err)
		}
		// rating.SeasonReset, for every row at once.
		if _, err := tx.ExecContext(ctx, `WITH reset AS (
			SELECT id, CASE WHEN sigma >= $1 THEN sigma ELSE LEAST($1::float8, sqrt(sigma * sigma + $2::float8 * $2::float8)) END AS sigma
			FROM ratings)
		UPDATE ratings r SET sigma = reset.sigma, season_games = 0, updated_at = $4,
			ordinal = r.mu - $3::float8 * reset.sigma,
			-- rating.Rating.Public: numeric rounds half away from zero, as math.Round does
			public_rating = LEAST(GREATEST(ROUND(($5::float8 + $6::float8 * (r.mu - $3::float8 * reset.sigma))::numeric), 0), 2147483647)
		FROM reset WHERE r.id = reset.id`, rating.InitialSigma, rating.SeasonDrift, rating.Z, now,
			rating.PublicBase, rating.PublicScale); err != nil {
			return fmt.Errorf("error resetting the ratings at the end of season %d: %w", se.Number, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM rating_counts`); err != nil {
			return fmt.Errorf("error emptying the leaderboards of season %d: %w", se.Number, err)
		}
		end := nextSeasonEnd(se.EndsAt, s.seasonMonths)
		if _, err := tx.ExecContext(ctx, `UPDATE seasons SET closed_at = $2 WHERE id = $1`, id, now); err != nil {
			return fmt.Errorf("error closing season %d: %w", se.Number, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO seasons (number, starts_at, ends_at) VALUES ($1, $2, $3)`,
			se.Number+1, se.EndsAt, end); err != nil {
			return fmt.Errorf("error opening season %d: %w", se.Number+1, err)
		}
		closed = se.Number
		return nil
	})
	return closed, err
}

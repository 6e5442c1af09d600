package game

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"rout/rating"
)

// Reversals of rated games (docs/ratings.md, "Fair play"): a moderator takes back what one game did to
// its players' ratings, and rating_reversals keeps who, when and why.

// ReversalReasonMax is the longest reason a reversal takes, in characters.
const ReversalReasonMax = 500

// The errors of RatingReverse.
var (
	// ErrNotRated: the game changed no rating (it is not rated, not over, or was void).
	ErrNotRated = &Error{Code: CodeNotFound, Message: "the game changed no rating"}
	// ErrAlreadyReversed: the game's rating changes were reversed already.
	ErrAlreadyReversed = &Error{Code: CodeConflict, Message: "the game's rating changes were reversed already"}
	// ErrReversalReason: the reason is empty or longer than ReversalReasonMax.
	ErrReversalReason = &Error{Code: CodeBadInput, Message: fmt.Sprintf("a reversal needs a reason of 1 to %d characters", ReversalReasonMax)}
)

// RatingReverse reverses the rating changes of game gameID, for moderator moderatorID (the caller checks
// the role), because of reason: each rating the game changed (all maps and the map family) loses the
// game's change of μ, μ_after − μ_before, and keeps its current σ, whatever games its player finished
// since; its games and the season's stay counted. The game's rating_changes rows are marked reversed (they
// no longer count for PairLimit), rating_reversals records the moderator, the time and the reason, and the
// leaderboards' buckets follow the new ratings, in one transaction. A second reversal of the game is
// refused with ErrAlreadyReversed, a game that changed no rating with ErrNotRated.
func (s *Service) RatingReverse(ctx context.Context, gameID, moderatorID int, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > ReversalReasonMax {
		return ErrReversalReason
	}
	now := s.now()
	return s.withTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.lockSeason(ctx, tx, now); err != nil {
			return err
		}
		var done bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM rating_reversals WHERE game_id = $1)`,
			gameID).Scan(&done); err != nil {
			return fmt.Errorf("error reading the reversal of game %d: %w", gameID, err)
		}
		if done {
			return ErrAlreadyReversed
		}
		rows, err := tx.QueryContext(ctx, `SELECT user_id, mode, family, mu_after - mu_before FROM rating_changes
			WHERE game_id = $1 AND void IS NULL ORDER BY user_id, family`, gameID)
		if err != nil {
			return fmt.Errorf("error reading the rating changes of game %d: %w", gameID, err)
		}
		var mode RatingMode
		var users []int
		var families []string
		delta := map[ratingKey]float64{}
		for rows.Next() {
			var k ratingKey
			var d float64
			if err := rows.Scan(&k.user, &mode, &k.family, &d); err != nil {
				rows.Close()
				return fmt.Errorf("error reading the rating changes of game %d: %w", gameID, err)
			}
			delta[k] = d
			if len(users) == 0 || users[len(users)-1] != k.user {
				users = append(users, k.user)
			}
			if !slices.Contains(families, k.family) {
				families = append(families, k.family)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("error reading the rating changes of game %d: %w", gameID, err)
		}
		if len(delta) == 0 {
			return ErrNotRated
		}
		// The insert that a concurrent reversal of the same game loses, on the unique game_id.
		res, err := tx.ExecContext(ctx, `INSERT INTO rating_reversals (created_at, game_id, moderator_id, reason)
			VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO NOTHING`, now, gameID, moderatorID, reason)
		if err != nil {
			return fmt.Errorf("error recording the reversal of game %d: %w", gameID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrAlreadyReversed
		}
		current, err := lockRatings(ctx, tx, mode, users, families, now, false)
		if err != nil {
			return fmt.Errorf("error reading the ratings of game %d's players: %w", gameID, err)
		}
		var writes []ratingWrite
		for k, d := range delta {
			cur, ok := current[k]
			if !ok {
				continue // the user's ratings went with the user
			}
			writes = append(writes, ratingWrite{key: k, before: cur, r: rating.Rating{Mu: cur.r.Mu - d, Sigma: cur.r.Sigma}})
		}
		if err := writeRatings(ctx, tx, mode, writes, now); err != nil {
			return fmt.Errorf("error writing the reversed ratings of game %d: %w", gameID, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE rating_changes SET reversed_at = $2 WHERE game_id = $1 AND void IS NULL`,
			gameID, now); err != nil {
			return fmt.Errorf("error marking the rating changes of game %d reversed: %w", gameID, err)
		}
		return nil
	})
}

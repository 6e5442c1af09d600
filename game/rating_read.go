package game

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/lib/pq"

	"rout/rating"
)

// Reads of the ratings (docs/ratings.md, "What players see"): a user's rating in each mode, what a game did
// to its players' ratings, and a rating's history. rating.go writes the tables; these only read them.

// RatingModes are the rating modes, in the order the API lists them.
var RatingModes = []RatingMode{RatingDuel, RatingFFA, RatingTeams}

// UserRating is a user's rating in one mode.
type UserRating struct {
	Mode   RatingMode
	Rating rating.Rating // rating.Initial before the first rated game of the mode
	Games  int           // the rated games of the mode the user finished
}

// RatingChange is what one rated game did to one user's rating (a row of rating_changes).
type RatingChange struct {
	GameID int
	UserID int
	Mode   RatingMode
	Place  int // among the game's rated players (their team's in a team game): 1 for the winners
	Before rating.Rating
	After  rating.Rating
	At     time.Time // when the game ended
	// Private is true when the game has an invite code: hidden from all but its creator, players and
	// invitees (a profile shows others the change, not the game).
	Private bool
}

// Change returns the difference of the public numbers, after less before.
func (c RatingChange) Change() int { return c.After.Public() - c.Before.Public() }

// UserRatings returns the ratings of user userID in every mode, in RatingModes' order: the initial rating
// and no games for a mode without a rated game.
func (s *Service) UserRatings(ctx context.Context, userID int) ([]UserRating, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT mode, mu, sigma, games FROM ratings WHERE user_id = $1 AND family = ''`, userID)
	if err != nil {
		return nil, fmt.Errorf("error reading the ratings of user %d: %w", userID, err)
	}
	defer rows.Close()
	stored := map[RatingMode]UserRating{}
	for rows.Next() {
		var r UserRating
		if err := rows.Scan(&r.Mode, &r.Rating.Mu, &r.Rating.Sigma, &r.Games); err != nil {
			return nil, fmt.Errorf("error reading the ratings of user %d: %w", userID, err)
		}
		stored[r.Mode] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the ratings of user %d: %w", userID, err)
	}
	out := make([]UserRating, len(RatingModes))
	for i, m := range RatingModes {
		r, ok := stored[m]
		if !ok {
			r = UserRating{Mode: m, Rating: rating.Initial}
		}
		out[i] = r
	}
	return out, nil
}

// GameRatingChanges returns what finished game gameID did to its players' ratings, in user order: none for
// a game that is not rated, not over, or changed no rating (fewer than two humans).
func (s *Service) GameRatingChanges(ctx context.Context, gameID int) ([]RatingChange, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.game_id, c.user_id, c.mode, c.place, c.mu_before, c.sigma_before,
		c.mu_after, c.sigma_after, c.created_at, g.invite_code IS NOT NULL
		FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE c.game_id = $1 AND c.family = '' ORDER BY c.user_id`, gameID)
	if err != nil {
		return nil, fmt.Errorf("error reading the rating changes of game %d: %w", gameID, err)
	}
	return scanRatingChanges(rows)
}

// RatingHistory returns the last (at most) limit changes of user userID's rating in mode, oldest first.
// The changes of private games are in it, as the rating they lead to is public: RatingChange.Private marks
// them, for the caller to hide the game from those who may not see it.
func (s *Service) RatingHistory(ctx context.Context, userID int, mode RatingMode, limit int) ([]RatingChange, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT * FROM (
		SELECT c.game_id, c.user_id, c.mode, c.place, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after,
			c.created_at, g.invite_code IS NOT NULL
		FROM rating_changes c JOIN games g ON g.id = c.game_id
		WHERE c.user_id = $1 AND c.mode = $2 AND c.family = '' ORDER BY c.created_at DESC, c.game_id DESC LIMIT $3) AS h
		ORDER BY created_at, game_id`, userID, mode, limit)
	if err != nil {
		return nil, fmt.Errorf("error reading the rating history of user %d: %w", userID, err)
	}
	return scanRatingChanges(rows)
}

// ratingChangesOf returns the changes games gameIDs made to user userID's ratings, by game.
func ratingChangesOf(ctx context.Context, q querier, userID int, gameIDs []int) (map[int]RatingChange, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.game_id, c.user_id, c.mode, c.place, c.mu_before, c.sigma_before,
		c.mu_after, c.sigma_after, c.created_at, g.invite_code IS NOT NULL
		FROM rating_changes c JOIN games g ON g.id = c.game_id WHERE c.user_id = $1 AND c.family = '' AND c.game_id = ANY($2)`,
		userID, pq.Array(gameIDs))
	if err != nil {
		return nil, fmt.Errorf("error reading the rating changes of user %d: %w", userID, err)
	}
	changes, err := scanRatingChanges(rows)
	if err != nil {
		return nil, err
	}
	out := make(map[int]RatingChange, len(changes))
	for _, c := range changes {
		out[c.GameID] = c
	}
	return out, nil
}

// scanRatingChanges reads rows of rating changes and closes them.
func scanRatingChanges(rows *sql.Rows) ([]RatingChange, error) {
	defer rows.Close()
	var out []RatingChange
	for rows.Next() {
		var c RatingChange
		if err := rows.Scan(&c.GameID, &c.UserID, &c.Mode, &c.Place, &c.Before.Mu, &c.Before.Sigma, &c.After.Mu,
			&c.After.Sigma, &c.At, &c.Private); err != nil {
			return nil, fmt.Errorf("error reading rating changes: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading rating changes: %w", err)
	}
	return out, nil
}

// RatingModeOfTable is the mode of a free-for-all table of seats seats: a duel of two, else ffa.
func RatingModeOfTable(seats int) RatingMode { return ratingModeOf(seats, false) }

// ModeRatings returns the all-maps ratings of mode of users, by user, in one statement of q (a caller's
// transaction, or nil for the service's own connection): rating.Initial
// for a user before their first rated game of it (a tournament's seeds, a ladder's queue).
func (s *Service) ModeRatings(ctx context.Context, q Querier, mode RatingMode, users []int) (map[int]rating.Rating, error) {
	out := make(map[int]rating.Rating, len(users))
	for _, u := range users {
		out[u] = rating.Initial
	}
	if len(users) == 0 {
		return out, nil
	}
	if q == nil {
		q = s.db
	}
	rows, err := q.QueryContext(ctx, `SELECT user_id, mu, sigma FROM ratings WHERE mode = $1 AND family = '' AND user_id = ANY($2)`,
		mode, pq.Array(users))
	if err != nil {
		return nil, fmt.Errorf("error reading the %s ratings of %d users: %w", mode, len(users), err)
	}
	defer rows.Close()
	for rows.Next() {
		var u int
		var r rating.Rating
		if err := rows.Scan(&u, &r.Mu, &r.Sigma); err != nil {
			return nil, fmt.Errorf("error reading the %s ratings of %d users: %w", mode, len(users), err)
		}
		out[u] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("error reading the %s ratings of %d users: %w", mode, len(users), err)
	}
	return out, nil
}

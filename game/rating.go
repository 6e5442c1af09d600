package game

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/lib/pq"

	"rout/rating"
)

// Ratings of rated games (docs/ratings.md). When a rated game finishes, the transaction that finishes it
// ranks the game's human seats, rates them among themselves with package rating, and writes the users'
// ratings (ratings, one row a user and mode) and what the game did to them (rating_changes, one row a game
// and user). CPU seats are left out: they are neither rated nor count as opponents, so the humans of a
// game with CPUs are ranked among themselves by their places. No other package writes these tables.

// RatingMode is the kind of game a rating is of: each user has one rating a mode.
type RatingMode string

// The rating modes.
const (
	RatingDuel  RatingMode = "duel"  // a free-for-all of two seats
	RatingFFA   RatingMode = "ffa"   // a free-for-all of three seats or more
	RatingTeams RatingMode = "teams" // a team game
)

// ratingModeOf is the mode of a game of seats seats, a team game or not: the game's own form, whoever
// holds the seats.
func ratingModeOf(seats int, teamGame bool) RatingMode {
	switch {
	case teamGame:
		return RatingTeams
	case seats == 2:
		return RatingDuel
	default:
		return RatingFFA
	}
}

// ratedEntry is one competitor of a rated game: a human seat of a free-for-all, or the human seats of one
// team of a team game.
type ratedEntry struct {
	place int   // the seat's place, or the best of its team's seats' (Places): lower is better
	users []int // the human players, one a seat
}

// ratedEntries ranks a finished game's human seats for rating: in a free-for-all each human seat by its
// place (Places: the winner first, then by when each went out, eliminated or resigned); in a team game
// each team with a human seat, at the best place of any of its seats, CPUs' included (the winning team
// first, then by when the team's last seat went out), its human seats rated together. Seats without a
// place, and teams none of whose seats has one, are left out. It returns nothing, and the game is not
// rated, when fewer than two entries are left or a user holds two seats.
func ratedEntries(seats []Seat, places map[int]int, teamGame bool) []ratedEntry {
	var entries []ratedEntry
	byTeam := map[int]int{} // a team's index in entries
	teamPlace := map[int]int{}
	for _, s := range seats {
		if p, ok := places[s.Seat]; ok && (teamPlace[s.Team] == 0 || p < teamPlace[s.Team]) {
			teamPlace[s.Team] = p
		}
	}
	var users []int
	for _, s := range seats {
		if s.CPU || s.UserID == 0 {
			continue
		}
		users = append(users, s.UserID)
		if !teamGame {
			if p, ok := places[s.Seat]; ok {
				entries = append(entries, ratedEntry{place: p, users: []int{s.UserID}})
			}
			continue
		}
		if teamPlace[s.Team] == 0 {
			continue
		}
		i, ok := byTeam[s.Team]
		if !ok {
			i = len(entries)
			byTeam[s.Team] = i
			entries = append(entries, ratedEntry{place: teamPlace[s.Team]})
		}
		entries[i].users = append(entries[i].users, s.UserID)
	}
	slices.Sort(users)
	if len(entries) < 2 || len(slices.Compact(users)) != len(users) {
		return nil
	}
	return entries
}

// rateGame updates the ratings of finished rated game g's human players, seated as seats, in the
// transaction tx that finished it, at now. A game that ranks fewer than two humans (ratedEntries) changes
// nothing.
func rateGame(ctx context.Context, tx *sql.Tx, g *gameRow, seats []Seat, now time.Time) error {
	places, err := gamePlaces(ctx, tx, g.id)
	if err != nil {
		return err
	}
	entries := ratedEntries(seats, places, len(g.teams) > 0)
	if entries == nil {
		return nil
	}
	mode := ratingModeOf(len(seats), len(g.teams) > 0)
	var users []int64
	for _, e := range entries {
		for _, u := range e.users {
			users = append(users, int64(u))
		}
	}
	slices.Sort(users) // rows are locked in user order, so that games ending together wait, not deadlock
	// A user's first rated game of the mode starts from the initial rating: the row is made first, so that
	// two games ending at once for a new player lock the same row.
	if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (created_at, updated_at, user_id, mode, mu, sigma, games)
		SELECT $1, $1, u, $2, $3, $4, 0 FROM unnest($5::bigint[]) AS u ORDER BY u
		ON CONFLICT (user_id, mode) DO NOTHING`, now, mode, rating.Initial.Mu, rating.Initial.Sigma, pq.Array(users)); err != nil {
		return fmt.Errorf("error making the ratings of game %d's players: %w", g.id, err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT user_id, mu, sigma FROM ratings WHERE mode = $1 AND user_id = ANY($2)
		ORDER BY user_id FOR UPDATE`, mode, pq.Array(users))
	if err != nil {
		return fmt.Errorf("error reading the ratings of game %d's players: %w", g.id, err)
	}
	defer rows.Close()
	current := make(map[int]rating.Rating, len(users))
	for rows.Next() {
		var u int
		var r rating.Rating
		if err := rows.Scan(&u, &r.Mu, &r.Sigma); err != nil {
			return fmt.Errorf("error reading the ratings of game %d's players: %w", g.id, err)
		}
		current[u] = r
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("error reading the ratings of game %d's players: %w", g.id, err)
	}

	teams := make([][]rating.Rating, len(entries))
	ranks := make([]int, len(entries))
	for i, e := range entries {
		ranks[i] = e.place
		for _, u := range e.users {
			teams[i] = append(teams[i], current[u])
		}
	}
	after, err := rating.Rate(teams, ranks)
	if err != nil {
		return fmt.Errorf("error rating game %d: %w", g.id, err)
	}
	var ids, place []int64
	var muBefore, sigmaBefore, muAfter, sigmaAfter []float64
	for i, e := range entries {
		// The place among the rated: 1 + the entries that finished strictly ahead.
		p := 1
		for _, other := range entries {
			if other.place < e.place {
				p++
			}
		}
		for j, u := range e.users {
			ids, place = append(ids, int64(u)), append(place, int64(p))
			muBefore, sigmaBefore = append(muBefore, teams[i][j].Mu), append(sigmaBefore, teams[i][j].Sigma)
			muAfter, sigmaAfter = append(muAfter, after[i][j].Mu), append(sigmaAfter, after[i][j].Sigma)
		}
	}
	if _, err := tx.ExecContext(ctx, `WITH v AS (
		SELECT * FROM unnest($4::bigint[], $5::bigint[], $6::float8[], $7::float8[], $8::float8[], $9::float8[])
			AS v(user_id, place, mu_before, sigma_before, mu_after, sigma_after)),
	updated AS (
		UPDATE ratings AS r SET mu = v.mu_after, sigma = v.sigma_after, games = r.games + 1, updated_at = $1
		FROM v WHERE r.user_id = v.user_id AND r.mode = $3)
	INSERT INTO rating_changes (created_at, game_id, user_id, mode, place, mu_before, sigma_before, mu_after, sigma_after)
	SELECT $1, $2, user_id, $3, place, mu_before, sigma_before, mu_after, sigma_after FROM v`,
		now, g.id, mode, pq.Array(ids), pq.Array(place), pq.Array(muBefore), pq.Array(sigmaBefore),
		pq.Array(muAfter), pq.Array(sigmaAfter)); err != nil {
		return fmt.Errorf("error writing the ratings of game %d's players: %w", g.id, err)
	}
	return nil
}

// RatingModeOfTable is the mode of a free-for-all table of seats seats: a duel of two, else ffa.
func RatingModeOfTable(seats int) RatingMode { return ratingModeOf(seats, false) }

// UserRating returns user userID's rating of mode: rating.Initial before their first rated game of it.
func (s *Service) UserRating(ctx context.Context, userID int, mode RatingMode) (rating.Rating, error) {
	r := rating.Initial
	err := s.db.QueryRowContext(ctx, `SELECT mu, sigma FROM ratings WHERE user_id = $1 AND mode = $2`, userID, mode).Scan(&r.Mu, &r.Sigma)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return rating.Rating{}, fmt.Errorf("error reading the %s rating of user %d: %w", mode, userID, err)
	}
	return r, nil
}

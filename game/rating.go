package game

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lib/pq"

	"rout/maps"
	"rout/rating"
)

// Ratings of rated games (docs/ratings.md). When a rated game finishes, the transaction that finishes it
// ranks the game's human seats, rates them among themselves with package rating, and writes the users'
// ratings in two scopes, all maps (family "") and the game's map family (ratings, one row a user, mode and
// family), what the game did to them (rating_changes, one row a game, user and family), and the
// leaderboards' counts (rating_counts, leaderboard.go). CPU seats are left out: they are neither rated nor
// count as opponents, so the humans of a game with CPUs are ranked among themselves by their places. No
// other package writes these tables.

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

// PairLimit is how many rated games two players may play together in PairWindow that change their
// ratings: a game that would be one more between any two of its human players is a void game (still
// recorded, rating nothing; VoidPairLimit). Reversed games do not count.
const (
	PairLimit  = 3
	PairWindow = 24 * time.Hour
)

// VoidPairLimit is the rating_changes.void of a game that hit PairLimit.
const VoidPairLimit = "pair_limit"

// ratingKey is one rating row of a mode: a user's in one family ("" for all maps).
type ratingKey struct {
	user   int
	family string
}

// storedRating is a rating row as rateGame and RatingReverse read it.
type storedRating struct {
	r           rating.Rating
	seasonGames int
	public      int // the stored public_rating: the bucket the row is counted in while seasonGames > 0
}

// ratingWrite is a new value of one rating row: r, and whether the write adds a game to the row.
type ratingWrite struct {
	key    ratingKey
	before storedRating
	r      rating.Rating
	game   bool
}

// rateGame updates the ratings of finished rated game g's human players, seated as seats, in the
// transaction tx that finished it, at now: the all-maps rating and the one of the game's map family. A game
// that ranks fewer than two humans (ratedEntries) changes nothing; a game over PairLimit for two of its
// players is written to rating_changes with the void reason and changes no rating.
func (s *Service) rateGame(ctx context.Context, tx *sql.Tx, g *gameRow, seats []Seat, now time.Time) error {
	places, err := gamePlaces(ctx, tx, g.id)
	if err != nil {
		return err
	}
	entries := ratedEntries(seats, places, len(g.teams) > 0)
	if entries == nil {
		return nil
	}
	mode := ratingModeOf(len(seats), len(g.teams) > 0)
	var key string
	var builtin bool
	if err := tx.QueryRowContext(ctx, `SELECT key, builtin FROM maps WHERE id = $1`, g.mapID).Scan(&key, &builtin); err != nil {
		return fmt.Errorf("error reading the map of game %d: %w", g.id, err)
	}
	families := []string{"", maps.Family(key, builtin)}
	if _, err := s.lockSeason(ctx, tx, now); err != nil {
		return err
	}
	var users []int
	for _, e := range entries {
		users = append(users, e.users...)
	}
	current, err := lockRatings(ctx, tx, mode, users, families, now, true)
	if err != nil {
		return fmt.Errorf("error reading the ratings of game %d's players: %w", g.id, err)
	}
	var void *string
	if over, err := overPairLimit(ctx, tx, users, now); err != nil {
		return fmt.Errorf("error counting game %d's players' games together: %w", g.id, err)
	} else if over {
		v := VoidPairLimit
		void = &v
	}

	var writes []ratingWrite
	var ids, place []int64
	var fams []string
	var muBefore, sigmaBefore, muAfter, sigmaAfter []float64
	for _, family := range families {
		teams := make([][]rating.Rating, len(entries))
		ranks := make([]int, len(entries))
		for i, e := range entries {
			ranks[i] = e.place
			for _, u := range e.users {
				teams[i] = append(teams[i], current[ratingKey{u, family}].r)
			}
		}
		after := teams
		if void == nil {
			if after, err = rating.Rate(teams, ranks); err != nil {
				return fmt.Errorf("error rating game %d: %w", g.id, err)
			}
		}
		for i, e := range entries {
			// The place among the rated: 1 + the entries that finished strictly ahead.
			p := 1
			for _, other := range entries {
				if other.place < e.place {
					p++
				}
			}
			for j, u := range e.users {
				k := ratingKey{u, family}
				if void == nil {
					writes = append(writes, ratingWrite{key: k, before: current[k], r: after[i][j], game: true})
				}
				ids, place, fams = append(ids, int64(u)), append(place, int64(p)), append(fams, family)
				muBefore, sigmaBefore = append(muBefore, teams[i][j].Mu), append(sigmaBefore, teams[i][j].Sigma)
				muAfter, sigmaAfter = append(muAfter, after[i][j].Mu), append(sigmaAfter, after[i][j].Sigma)
			}
		}
	}
	if err := writeRatings(ctx, tx, mode, writes, now); err != nil {
		return fmt.Errorf("error writing the ratings of game %d's players: %w", g.id, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO rating_changes (created_at, game_id, user_id, mode, family, place,
		mu_before, sigma_before, mu_after, sigma_after, void)
	SELECT $1, $2, user_id, $3, family, place, mu_before, sigma_before, mu_after, sigma_after, $11
	FROM unnest($4::bigint[], $5::text[], $6::bigint[], $7::float8[], $8::float8[], $9::float8[], $10::float8[])
		AS v(user_id, family, place, mu_before, sigma_before, mu_after, sigma_after)`,
		now, g.id, mode, pq.Array(ids), pq.Array(fams), pq.Array(place), pq.Array(muBefore), pq.Array(sigmaBefore),
		pq.Array(muAfter), pq.Array(sigmaAfter), void); err != nil {
		return fmt.Errorf("error writing the rating changes of game %d: %w", g.id, err)
	}
	return nil
}

// lockRatings locks and reads the ratings of users in mode and families, in (user, family) order: two
// transactions that lock ratings wait for each other, never deadlock. With create, it first makes the
// missing rows at the initial rating (a user's first rated game of a scope), so that two games ending at
// once for a new player lock the same row.
func lockRatings(ctx context.Context, tx *sql.Tx, mode RatingMode, users []int, families []string, now time.Time,
	create bool) (map[ratingKey]storedRating, error) {
	var us []int64
	var fs []string
	for _, u := range users {
		for _, f := range families {
			us, fs = append(us, int64(u)), append(fs, f)
		}
	}
	if create {
		initial := rating.Initial
		if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (created_at, updated_at, user_id, mode, family, mu, sigma,
			games, season_games, ordinal, public_rating)
		SELECT $1, $1, u, $2, f, $3, $4, 0, 0, $5, $6 FROM unnest($7::bigint[], $8::text[]) AS v(u, f) ORDER BY u, f
		ON CONFLICT (user_id, mode, family) DO NOTHING`, now, mode, initial.Mu, initial.Sigma, initial.Ordinal(),
			initial.Public(), pq.Array(us), pq.Array(fs)); err != nil {
			return nil, err
		}
	}
	rows, err := tx.QueryContext(ctx, `SELECT r.user_id, r.family, r.mu, r.sigma, r.season_games, r.public_rating
		FROM ratings r JOIN unnest($2::bigint[], $3::text[]) AS v(u, f) ON r.user_id = v.u AND r.family = v.f
		WHERE r.mode = $1 ORDER BY r.user_id, r.family FOR UPDATE OF r`, mode, pq.Array(us), pq.Array(fs))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[ratingKey]storedRating, len(us))
	for rows.Next() {
		var k ratingKey
		var v storedRating
		if err := rows.Scan(&k.user, &k.family, &v.r.Mu, &v.r.Sigma, &v.seasonGames, &v.public); err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, rows.Err()
}

// overPairLimit reports whether two of users already had PairLimit rated games together that changed their
// ratings (not void, not reversed) in the PairWindow before now.
func overPairLimit(ctx context.Context, tx *sql.Tx, users []int, now time.Time) (bool, error) {
	us := make([]int64, len(users))
	for i, u := range users {
		us[i] = int64(u)
	}
	var over bool
	err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM rating_changes a
		JOIN rating_changes b ON b.game_id = a.game_id AND b.family = '' AND b.user_id > a.user_id AND b.user_id = ANY($1)
		WHERE a.user_id = ANY($1) AND a.family = '' AND a.created_at > $2 AND a.void IS NULL AND a.reversed_at IS NULL
		GROUP BY a.user_id, b.user_id HAVING count(*) >= $3)`, pq.Array(us), now.Add(-PairWindow), PairLimit).Scan(&over)
	return over, err
}

// writeRatings writes the new values of locked rating rows of mode, and moves them between the buckets
// of their leaderboards (rating_counts): a row leaves the bucket of its stored public number if it was on
// the leaderboard, and enters its new one if it is (season_games > 0, after the game a write adds). The
// buckets are written in (family, public number) order, so that two transactions never deadlock on them.
func writeRatings(ctx context.Context, tx *sql.Tx, mode RatingMode, writes []ratingWrite, now time.Time) error {
	if len(writes) == 0 {
		return nil
	}
	type bucket struct {
		family string
		public int
	}
	deltas := map[bucket]int{}
	var ids, games []int64
	var fams []string
	var mus, sigmas, ordinals []float64
	var publics []int64
	for _, w := range writes {
		g := 0
		if w.game {
			g = 1
		}
		if w.before.seasonGames > 0 {
			deltas[bucket{w.key.family, w.before.public}]--
		}
		if w.before.seasonGames+g > 0 {
			deltas[bucket{w.key.family, w.r.Public()}]++
		}
		ids, fams, games = append(ids, int64(w.key.user)), append(fams, w.key.family), append(games, int64(g))
		mus, sigmas = append(mus, w.r.Mu), append(sigmas, w.r.Sigma)
		ordinals, publics = append(ordinals, w.r.Ordinal()), append(publics, int64(w.r.Public()))
	}
	if _, err := tx.ExecContext(ctx, `UPDATE ratings AS r SET mu = v.mu, sigma = v.sigma, ordinal = v.ordinal,
		public_rating = v.public_rating, games = r.games + v.games, season_games = r.season_games + v.games, updated_at = $1
	FROM unnest($3::bigint[], $4::text[], $5::float8[], $6::float8[], $7::float8[], $8::bigint[], $9::bigint[])
		AS v(user_id, family, mu, sigma, ordinal, public_rating, games)
	WHERE r.user_id = v.user_id AND r.mode = $2 AND r.family = v.family`, now, mode, pq.Array(ids), pq.Array(fams),
		pq.Array(mus), pq.Array(sigmas), pq.Array(ordinals), pq.Array(publics), pq.Array(games)); err != nil {
		return err
	}
	var bs []bucket
	for b, d := range deltas {
		if d != 0 {
			bs = append(bs, b)
		}
	}
	if len(bs) == 0 {
		return nil
	}
	slices.SortFunc(bs, func(a, b bucket) int {
		if a.family != b.family {
			return strings.Compare(a.family, b.family)
		}
		return a.public - b.public
	})
	bf, bp, bd := make([]string, len(bs)), make([]int64, len(bs)), make([]int64, len(bs))
	for i, b := range bs {
		bf[i], bp[i], bd[i] = b.family, int64(b.public), int64(deltas[b])
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO rating_counts (mode, family, public_rating, players)
	SELECT $1, f, p, d FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS v(f, p, d) ORDER BY f, p
	ON CONFLICT (mode, family, public_rating) DO UPDATE SET players = rating_counts.players + EXCLUDED.players`,
		mode, pq.Array(bf), pq.Array(bp), pq.Array(bd))
	return err
}

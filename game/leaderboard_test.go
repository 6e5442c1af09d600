package game_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/rating"
	"rout/rules"
)

// duel plays a rated duel of winner and loser to its end: the loser resigns.
func (e *env) duel(winner, loser int) int {
	e.t.Helper()
	id := dbtest.Game(e.t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(winner, loser), Start: true,
		Claim: rules.ClaimRandom, Rated: true}).GameID
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(loser), Command: rules.Resign{}}); err != nil {
		e.t.Fatalf("user %d resigning game %d: %v", loser, id, err)
	}
	return id
}

// checkCounts checks that rating_counts agrees with the ratings it counts, in every scope.
func (e *env) checkCounts() {
	e.t.Helper()
	if n := e.count(`SELECT count(*) FROM (
		SELECT mode, family, public_rating, count(*) AS n FROM ratings WHERE season_games > 0 GROUP BY 1, 2, 3) r
		FULL JOIN (SELECT * FROM rating_counts WHERE players <> 0) c USING (mode, family, public_rating)
		WHERE r.n IS DISTINCT FROM c.players`); n != 0 {
		e.t.Errorf("%d buckets of rating_counts disagree with the ratings", n)
	}
}

// TestPairLimit: the fourth rated game of two players within 24 hours is recorded void and changes no
// rating; a day later they are rated again; a reversed game does not count.
func TestPairLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob := e.user("alice"), e.user("bob")
	var ids []int
	for range game.PairLimit {
		ids = append(ids, e.duel(alice, bob))
	}
	before := e.ratingsOf(ids[len(ids)-1], game.RatingDuel, alice)[alice]
	over := e.duel(alice, bob)
	if n := e.count(`SELECT count(*) FROM rating_changes WHERE game_id = $1 AND void = 'pair_limit'
		AND mu_before = mu_after AND sigma_before = sigma_after`, over); n != 4 {
		t.Errorf("game over the limit: %d void changes that change nothing, want 4 (two players, two scopes)", n)
	}
	var mu float64
	var games int
	if err := e.db.QueryRowContext(e.ctx, `SELECT mu, games FROM ratings WHERE user_id = $1 AND mode = 'duel' AND family = ''`,
		alice).Scan(&mu, &games); err != nil {
		t.Fatal(err)
	}
	if mu != before.Mu || games != game.PairLimit {
		t.Errorf("alice after the void game: μ %v after %d games, want %v after %d", mu, games, before.Mu, game.PairLimit)
	}
	e.checkCounts()

	// Another opponent is not limited.
	carol := e.user("carol")
	if id := e.duel(alice, carol); e.count(`SELECT count(*) FROM rating_changes WHERE game_id = $1 AND void IS NULL`, id) != 4 {
		t.Errorf("a game with another opponent was not rated")
	}
	// A reversed game leaves room for one more.
	mod := e.user("mod")
	if err := e.svc.RatingReverse(e.ctx, ids[0], mod, "collusion"); err != nil {
		t.Fatal(err)
	}
	if id := e.duel(alice, bob); e.count(`SELECT count(*) FROM rating_changes WHERE game_id = $1 AND void IS NULL`, id) != 4 {
		t.Errorf("the game after a reversal was not rated")
	}
	// A day later the window is past.
	e.advance(game.PairWindow + time.Minute)
	if id := e.duel(alice, bob); e.count(`SELECT count(*) FROM rating_changes WHERE game_id = $1 AND void IS NULL`, id) != 4 {
		t.Errorf("a game a day later was not rated")
	}
	e.checkCounts()
}

// TestRatingReverse: a reversal takes the game's μ change back off each rating, keeps the current σ
// (here after a later game), is audit-logged, and is refused a second time; a game that rated nothing
// cannot be reversed.
func TestRatingReverse(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol, mod := e.user("alice"), e.user("bob"), e.user("carol"), e.user("mod")
	first := e.duel(alice, bob)
	change := e.ratingsOf(first, game.RatingDuel, bob)[bob]
	later := e.duel(bob, carol) // bob's rating moves on
	now := e.ratingsOf(later, game.RatingDuel, bob)[bob]
	if err := e.svc.RatingReverse(e.ctx, first, mod, "  win trading  "); err != nil {
		t.Fatal(err)
	}
	var mu, sigma float64
	if err := e.db.QueryRowContext(e.ctx, `SELECT mu, sigma FROM ratings WHERE user_id = $1 AND mode = 'duel' AND family = ''`,
		bob).Scan(&mu, &sigma); err != nil {
		t.Fatal(err)
	}
	want := now.Mu - (change.Mu - change.before.Mu)
	if mu != want || sigma != now.Sigma {
		t.Errorf("bob after the reversal: (%v, %v), want (%v, %v)", mu, sigma, want, now.Sigma)
	}
	if n := e.count(`SELECT count(*) FROM rating_reversals WHERE game_id = $1 AND moderator_id = $2 AND reason = 'win trading'`,
		first, mod); n != 1 {
		t.Errorf("%d audit rows of the reversal, want 1", n)
	}
	if n := e.count(`SELECT count(*) FROM rating_changes WHERE game_id = $1 AND reversed_at IS NOT NULL`, first); n != 4 {
		t.Errorf("%d changes marked reversed, want 4", n)
	}
	e.checkCounts()
	if err := e.svc.RatingReverse(e.ctx, first, mod, "again"); !errors.Is(err, game.ErrAlreadyReversed) {
		t.Errorf("second reversal: %v, want ErrAlreadyReversed", err)
	}
	unrated := e.started(rules.ClaimRandom, rules.CardsClassic, alice, bob)
	if err := e.svc.RatingReverse(e.ctx, unrated, mod, "x"); !errors.Is(err, game.ErrNotRated) {
		t.Errorf("reversal of an unrated game: %v, want ErrNotRated", err)
	}
	if err := e.svc.RatingReverse(e.ctx, later, mod, " "); !errors.Is(err, game.ErrReversalReason) {
		t.Errorf("reversal without a reason: %v, want ErrReversalReason", err)
	}
}

// TestLeaderboard: pages by cursor and by number, places from the buckets, and the family's board, agree
// with the ratings sorted by μ − 3σ then user id.
func TestLeaderboard(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	var users []int
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		users = append(users, e.user(n))
	}
	// Each beats the next ones once: a, b, c, ... in that order.
	for i := range users {
		for j := i + 1; j < len(users); j++ {
			e.duel(users[i], users[j])
		}
	}
	e.checkCounts()
	want := e.ints(`SELECT user_id FROM ratings WHERE mode = 'duel' AND family = '' ORDER BY ordinal DESC, user_id`)
	if len(want) != len(users) {
		t.Fatalf("%d duel ratings, want %d", len(want), len(users))
	}
	// Every page of two, by cursor.
	var got []int
	after := ""
	for {
		p, err := e.svc.Leaderboard(e.ctx, game.LeaderboardQuery{Mode: game.RatingDuel, First: 2, After: after})
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != len(users) || p.Season.Number != 1 {
			t.Errorf("total %d season %d, want %d and 1", p.Total, p.Season.Number, len(users))
		}
		for _, en := range p.Entries {
			if en.Rank != len(got)+1 || en.Games != len(users)-1 {
				t.Errorf("entry %+v: want rank %d and %d games", en, len(got)+1, len(users)-1)
			}
			got = append(got, en.UserID)
			after = en.Cursor()
		}
		if !p.HasNext {
			break
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("pages by cursor: %v, want %v", got, want)
	}
	// Page 3 of 2, by number; a page past the end is empty.
	p, err := e.svc.Leaderboard(e.ctx, game.LeaderboardQuery{Mode: game.RatingDuel, First: 2, Page: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Entries) != 2 || p.Entries[0].UserID != want[4] || p.Entries[0].Rank != 5 || p.HasNext {
		t.Errorf("page 3: %+v, want %v from rank 5, no next", p.Entries, want[4:])
	}
	if p, err := e.svc.Leaderboard(e.ctx, game.LeaderboardQuery{Mode: game.RatingDuel, First: 2, Page: 9}); err != nil || len(p.Entries) != 0 {
		t.Errorf("page 9: %v, %v; want empty", p.Entries, err)
	}
	for i, u := range want {
		en, err := e.svc.LeaderboardPlace(e.ctx, game.RatingDuel, "classic", 0, u)
		if err != nil || en == nil || en.Rank != i+1 {
			t.Errorf("user %d's place on the classic board: %+v, %v; want %d", u, en, err, i+1)
		}
	}
	if en, err := e.svc.LeaderboardPlace(e.ctx, game.RatingFFA, "", 0, users[0]); err != nil || en != nil {
		t.Errorf("a place without a game of the mode: %+v, %v; want none", en, err)
	}
	if _, err := e.svc.Leaderboard(e.ctx, game.LeaderboardQuery{Mode: game.RatingDuel, First: 2, After: "c:1:x:2"}); !errors.Is(err, game.ErrBadCursor) {
		t.Errorf("bad cursor: %v", err)
	}
	if _, err := e.svc.Leaderboard(e.ctx, game.LeaderboardQuery{Mode: game.RatingDuel, First: 2, Season: 7}); !errors.Is(err, game.ErrNoSeason) {
		t.Errorf("unknown season: %v", err)
	}
	if fams, err := e.svc.LeaderboardFamilies(e.ctx, game.RatingDuel); err != nil || !slices.Equal(fams, []string{"classic"}) {
		t.Errorf("families: %v, %v; want [classic]", fams, err)
	}
}

// TestSeasonClose: at the season's end the job freezes every board with its ranks, resets the ratings
// softly, empties the current boards and opens the next season; a second run does nothing; a game after
// it counts in the new season.
func TestSeasonClose(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	e.duel(alice, bob)
	e.duel(alice, carol)
	seasons, err := e.svc.Seasons(e.ctx)
	if err != nil || len(seasons) != 1 || seasons[0].ClosedAt != nil {
		t.Fatalf("seasons %+v, %v; want one open", seasons, err)
	}
	if n, err := e.svc.SeasonClose(e.ctx); n != 0 || err != nil {
		t.Fatalf("closing before the end: %d, %v; want 0", n, err)
	}
	open, err := e.svc.Leaderboard(e.ctx, game.LeaderboardQuery{Mode: game.RatingDuel, Family: "classic", First: 10})
	if err != nil {
		t.Fatal(err)
	}
	var mu, sigma float64
	if err := e.db.QueryRowContext(e.ctx, `SELECT mu, sigma FROM ratings WHERE user_id = $1 AND mode = 'duel' AND family = ''`,
		alice).Scan(&mu, &sigma); err != nil {
		t.Fatal(err)
	}

	e.advance(seasons[0].EndsAt.Sub(e.now()) + time.Second)
	if n, err := e.svc.SeasonClose(e.ctx); n != 1 || err != nil {
		t.Fatalf("closing at the end: %d, %v; want 1", n, err)
	}
	if n, err := e.svc.SeasonClose(e.ctx); n != 0 || err != nil {
		t.Fatalf("closing again: %d, %v; want 0", n, err)
	}
	frozen, err := e.svc.Leaderboard(e.ctx, game.LeaderboardQuery{Mode: game.RatingDuel, Family: "classic", Season: 1, First: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(frozen.Entries) != 3 || frozen.Season.ClosedAt == nil {
		t.Fatalf("frozen board: %+v", frozen)
	}
	for i, en := range frozen.Entries {
		o := open.Entries[i]
		if en.Rank != o.Rank || en.UserID != o.UserID || en.Public != o.Public || en.Games != o.Games || en.Provisional != o.Provisional {
			t.Errorf("frozen row %d: %+v, want %+v", i, en, o)
		}
	}
	// The soft reset, and an empty new season.
	reset := rating.SeasonReset(rating.Rating{Mu: mu, Sigma: sigma})
	var mu2, sigma2 float64
	var public int
	if err := e.db.QueryRowContext(e.ctx, `SELECT mu, sigma, public_rating FROM ratings WHERE user_id = $1 AND mode = 'duel' AND family = ''`,
		alice).Scan(&mu2, &sigma2, &public); err != nil {
		t.Fatal(err)
	}
	if mu2 != mu || abs(sigma2-reset.Sigma) > 1e-12 || public != reset.Public() {
		t.Errorf("alice after the reset: (%v, %v, %d), want (%v, %v, %d)", mu2, sigma2, public, mu, reset.Sigma, reset.Public())
	}
	cur, err := e.svc.Leaderboard(e.ctx, game.LeaderboardQuery{Mode: game.RatingDuel, First: 10})
	if err != nil || cur.Season.Number != 2 || cur.Total != 0 || len(cur.Entries) != 0 {
		t.Errorf("season 2's board: %+v, %v; want empty", cur, err)
	}
	if !cur.Season.StartsAt.Equal(seasons[0].EndsAt) {
		t.Errorf("season 2 starts at %v, want %v", cur.Season.StartsAt, seasons[0].EndsAt)
	}
	e.duel(bob, carol)
	e.checkCounts()
	if en, err := e.svc.LeaderboardPlace(e.ctx, game.RatingDuel, "", 0, bob); err != nil || en == nil || en.Rank != 1 || en.Games != 1 {
		t.Errorf("bob in season 2: %+v, %v; want first after 1 game", en, err)
	}
	if en, err := e.svc.LeaderboardPlace(e.ctx, game.RatingDuel, "", 1, bob); err != nil || en == nil || en.Games != 1 {
		t.Errorf("bob in season 1: %+v, %v; want 1 game", en, err)
	}
}

func abs(x float64) float64 { return max(x, -x) }

// ints reads a column of ints.
func (e *env) ints(query string, args ...any) []int {
	e.t.Helper()
	rows, err := e.db.QueryContext(e.ctx, query, args...)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		e.t.Fatal(err)
	}
	return out
}

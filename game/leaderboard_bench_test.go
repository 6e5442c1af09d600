package game_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
)

// leaderboardPlayers is how many rated players BenchmarkLeaderboard seeds (docs/benchmarks.md,
// "Leaderboards").
const leaderboardPlayers = 1_000_000

// seedLeaderboard fills the duel leaderboard (all maps) of a fresh database with n rated players in a
// few set-based statements: users, their ratings (μ normal around 25, σ from 0.8 to σ₀, 1 to 60 games,
// so that ranks spread over about 2,500 public numbers with the provisional ones low) and the buckets
// counted from them, then ANALYZE.
func seedLeaderboard(b *testing.B, n int) (*game.Service, *sql.DB) {
	b.Helper()
	ctx := context.Background()
	dsn := dbtest.MigratedURL(b)
	db := dbtest.OpenURL(b, dsn)
	start := time.Now()
	for _, q := range []string{
		`SELECT setseed(0.42)`,
		fmt.Sprintf(`INSERT INTO users (id, created_at, updated_at, name, email, password_hash, notify, admin, name_key)
			OVERRIDING SYSTEM VALUE
			SELECT i, now(), now(), 'p' || i, 'p' || i || '@example.com', '', 'none', false, 'p' || i
			FROM generate_series(1, %d) AS i`, n),
		`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`,
		`CREATE TEMP TABLE seed AS SELECT id AS user_id,
			25 + 6 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) AS mu,
			0.8 + (25.0 / 3 - 0.8) * random() AS sigma, 1 + floor(60 * random())::int AS games FROM users`,
		`INSERT INTO ratings (created_at, updated_at, user_id, mode, family, mu, sigma, games, season_games, ordinal, public_rating)
			SELECT now(), now(), user_id, 'duel', '', mu, sigma, games, games, mu - 3 * sigma,
				LEAST(GREATEST(ROUND((1000 + 48 * (mu - 3 * sigma))::numeric), 0), 2147483647) FROM seed`,
		`INSERT INTO rating_counts (mode, family, public_rating, players)
			SELECT mode, family, public_rating, count(*) FROM ratings WHERE season_games > 0 GROUP BY 1, 2, 3`,
		`ANALYZE users, ratings, rating_counts`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			b.Fatalf("seeding the leaderboard: %v", err)
		}
	}
	b.Logf("seeded %d rated players in %v", n, time.Since(start).Round(time.Millisecond))
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(b, db), Logger: quiet})
	if err != nil {
		b.Fatal(err)
	}
	return svc, db
}

// BenchmarkLeaderboard times, on a duel leaderboard of a million rated players: the baseline, a primary
// key read of one ratings row in a transaction; the first page of 50; a deep page (the last but one, by
// number); a page by cursor from the middle; a player's place at the top, the middle and the bottom; and,
// for comparison, the place of the bottom player counted the plain way (COUNT(*) of the rows above). Run
// it with
//
//	go test ./game -run '^$' -bench Leaderboard -benchtime 200x -timeout 30m
func BenchmarkLeaderboard(b *testing.B) {
	svc, db := seedLeaderboard(b, leaderboardPlayers)
	ctx := context.Background()
	ranked := func(rank int) (int, string) {
		p, err := svc.Leaderboard(ctx, game.LeaderboardQuery{Mode: game.RatingDuel, First: 1, Page: rank})
		if err != nil || len(p.Entries) != 1 {
			b.Fatalf("rank %d: %v", rank, err)
		}
		return p.Entries[0].UserID, p.Entries[0].Cursor()
	}
	top, _ := ranked(1)
	middle, middleCursor := ranked(leaderboardPlayers / 2)
	bottom, _ := ranked(leaderboardPlayers)
	var ratingID int
	if err := db.QueryRowContext(ctx, `SELECT id FROM ratings WHERE user_id = $1`, middle).Scan(&ratingID); err != nil {
		b.Fatal(err)
	}
	place := func(b *testing.B, user, want int) {
		for b.Loop() {
			e, err := svc.LeaderboardPlace(ctx, game.RatingDuel, "", 0, user)
			if err != nil || e == nil || e.Rank != want {
				b.Fatalf("place of user %d: %+v, %v; want %d", user, e, err, want)
			}
		}
	}
	page := func(b *testing.B, q game.LeaderboardQuery, wantRank int) {
		for b.Loop() {
			p, err := svc.Leaderboard(ctx, q)
			if err != nil || len(p.Entries) != q.First || p.Entries[0].Rank != wantRank {
				b.Fatalf("page %+v: %d rows from %+v, %v; want %d from rank %d", q, len(p.Entries), p.Entries[:min(1, len(p.Entries))], err, q.First, wantRank)
			}
		}
	}
	b.Run("baseline-primary-key", func(b *testing.B) {
		for b.Loop() {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				b.Fatal(err)
			}
			var mu float64
			if err := tx.QueryRowContext(ctx, `SELECT mu FROM ratings WHERE id = $1`, ratingID).Scan(&mu); err != nil {
				b.Fatal(err)
			}
			if err := tx.Commit(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("first-page", func(b *testing.B) {
		page(b, game.LeaderboardQuery{Mode: game.RatingDuel, First: 50}, 1)
	})
	b.Run("deep-page", func(b *testing.B) {
		page(b, game.LeaderboardQuery{Mode: game.RatingDuel, First: 50, Page: leaderboardPlayers/50 - 1}, leaderboardPlayers-99)
	})
	b.Run("cursor-page-middle", func(b *testing.B) {
		page(b, game.LeaderboardQuery{Mode: game.RatingDuel, First: 50, After: middleCursor}, leaderboardPlayers/2+1)
	})
	b.Run("place-top", func(b *testing.B) { place(b, top, 1) })
	b.Run("place-middle", func(b *testing.B) { place(b, middle, leaderboardPlayers/2) })
	b.Run("place-bottom", func(b *testing.B) { place(b, bottom, leaderboardPlayers) })
	b.Run("plain-count-bottom", func(b *testing.B) {
		for b.Loop() {
			var n int
			if err := db.QueryRowContext(ctx, `SELECT 1 + count(*) FROM ratings r, ratings me
				WHERE me.user_id = $1 AND me.mode = 'duel' AND me.family = '' AND r.mode = 'duel' AND r.family = ''
				AND r.season_games > 0 AND (r.public_rating, r.ordinal) >= (me.public_rating, me.ordinal) AND r.user_id <> me.user_id`,
				bottom).Scan(&n); err != nil || n < leaderboardPlayers-1 {
				b.Fatalf("plain count: %d, %v", n, err)
			}
		}
	})
}

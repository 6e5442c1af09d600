package game_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/maps"
	"rout/rules"
)

// largeMaps seeds a generated 5,000-territory map as generated-5000 and returns the keys of the maps the
// large-map benchmarks compare: classic, the baseline, and generated-5000.
func largeMaps(b *testing.B, db *sql.DB) []string {
	b.Helper()
	large, err := maps.Generate(maps.GenerateOpts{Territories: 5000, Seed: 1, ID: "generated-5000"})
	if err != nil {
		b.Fatal(err)
	}
	if err := game.SeedMap(context.Background(), db, large, false); err != nil {
		b.Fatal(err)
	}
	return []string{"classic", "generated-5000"}
}

// newTwoPlayerGame creates (and, unless open, starts) a game of two new users on mapKey.
func newTwoPlayerGame(b *testing.B, db *sql.DB, svc *game.Service, mapKey string, claim rules.ClaimStrategy, open bool) (id int, users [2]int) {
	b.Helper()
	ctx := context.Background()
	for i := range users {
		users[i] = int(dbtest.User(b, db, dbtest.UserOpts{Name: fmt.Sprintf("l%d-%d", i, time.Now().UnixNano())}))
	}
	created, err := svc.GameCreate(ctx, game.CreateInput{CreatorID: users[0], MapKey: mapKey, Claim: claim, Seats: []game.SeatSpec{
		{Kind: game.SeatUser, UserID: users[0], Color: "red"}, {Kind: game.SeatUser, UserID: users[1], Color: "blue"}}})
	if err != nil {
		b.Fatal(err)
	}
	if !open {
		if _, err := svc.GameStart(ctx, created.GameID, users[0]); err != nil {
			b.Fatal(err)
		}
	}
	return created.GameID, users
}

// playCPUTurns plays turns whole turns of game id with Normal for both (human) seats through
// TurnSubmit.
func playCPUTurns(b *testing.B, svc *game.Service, id int, users [2]int, turns int) {
	b.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	s, err := svc.GameState(ctx, id)
	if err != nil {
		b.Fatal(err)
	}
	for start := s.Turn(); s.Phase() != rules.PhaseOver && s.Turn() < start+turns; {
		me := s.Current()
		res, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: id, Actor: game.User(users[me]), Command: ai.Normal(s, me, r)})
		if err != nil {
			b.Fatal(err)
		}
		s = res.Game.State
	}
}

// BenchmarkLargeMap compares, on the classic map and on a generated 5,000-territory map: creating and
// starting a two-player game with random claim (the deal and the random placements included), the first
// claim pick of a round-robin game, reading a game's engine state from its rows (the cache missed), the
// same rows read by plain SQL, and taking the game's record after ten turns of Normal (record-bytes and
// definition-bytes, the map file's share). The ratios go in docs/benchmarks.md.
func BenchmarkLargeMap(b *testing.B) {
	ctx := context.Background()
	db := dbtest.Migrated(b)
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(b, db), Logger: quiet})
	if err != nil {
		b.Fatal(err)
	}
	for _, mapKey := range largeMaps(b, db) {
		b.Run("create-random/"+mapKey, func(b *testing.B) {
			var creating time.Duration
			for range b.N {
				b.StopTimer()
				var users [2]int
				for i := range users {
					users[i] = int(dbtest.User(b, db, dbtest.UserOpts{Name: fmt.Sprintf("c%d-%d", i, time.Now().UnixNano())}))
				}
				b.StartTimer()
				t0 := time.Now()
				created, err := svc.GameCreate(ctx, game.CreateInput{CreatorID: users[0], MapKey: mapKey, Seats: []game.SeatSpec{
					{Kind: game.SeatUser, UserID: users[0], Color: "red"}, {Kind: game.SeatUser, UserID: users[1], Color: "blue"}}})
				if err != nil {
					b.Fatal(err)
				}
				creating += time.Since(t0)
				if _, err := svc.GameStart(ctx, created.GameID, users[0]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(creating.Microseconds())/float64(b.N)/1000, "create-ms")
		})
		b.Run("claim-pick/"+mapKey, func(b *testing.B) {
			// The games first, so that the picks are not timed right after a creation's writes.
			type pick struct {
				id, user int
				c        rules.Command
			}
			picks := make([]pick, b.N)
			for i := range picks {
				id, users := newTwoPlayerGame(b, db, svc, mapKey, rules.ClaimRoundRobin, false)
				s, err := svc.GameState(ctx, id)
				if err != nil {
					b.Fatal(err)
				}
				picks[i] = pick{id: id, user: users[s.Current()], c: ai.Normal(s, s.Current(), nil)}
			}
			b.ResetTimer()
			for _, p := range picks {
				if _, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: p.id, Actor: game.User(p.user), Command: p.c}); err != nil {
					b.Fatal(err)
				}
			}
		})
		id, users := newTwoPlayerGame(b, db, svc, mapKey, rules.ClaimRandom, false)
		b.Run("load-state/"+mapKey, func(b *testing.B) {
			for range b.N {
				// A service of its own per read: its state cache is empty, the board parsed once by the
				// first read of the benchmark's own service (Board).
				b.StopTimer()
				cold, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(b, db), Logger: quiet})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := cold.Board(ctx, id); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := cold.GameState(ctx, id); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("raw-sql-rows/"+mapKey, func(b *testing.B) {
			for range b.N {
				if err := rawRows(ctx, db, id); err != nil {
					b.Fatal(err)
				}
			}
		})
		playCPUTurns(b, svc, id, users, 10)
		b.Run("record/"+mapKey, func(b *testing.B) {
			var size, def int
			for range b.N {
				r, err := svc.GameRecord(ctx, id, 0)
				if err != nil {
					b.Fatal(err)
				}
				data, err := json.Marshal(r)
				if err != nil {
					b.Fatal(err)
				}
				size, def = len(data), len(r.Map.Definition)
			}
			b.ReportMetric(float64(size), "record-bytes")
			b.ReportMetric(float64(def), "definition-bytes")
		})
	}
}

// rawRows reads the rows of a game's state by plain SQL into slices: the baseline of load-state.
func rawRows(ctx context.Context, db *sql.DB, id int) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var engine []byte
	if err := tx.QueryRowContext(ctx, `SELECT engine FROM games WHERE id = $1`, id).Scan(&engine); err != nil {
		return err
	}
	for _, q := range []string{
		`SELECT seat, territories, armies FROM players WHERE game_id = $1`,
		`SELECT idx, owner_seat, armies FROM territories WHERE game_id = $1`,
		`SELECT idx, holder_seat, position FROM cards WHERE game_id = $1 ORDER BY position`,
	} {
		rows, err := tx.QueryContext(ctx, q, id)
		if err != nil {
			return err
		}
		var a int
		var c sql.NullInt64
		var bb int
		for rows.Next() {
			if err := rows.Scan(&a, &c, &bb); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return tx.Commit()
}

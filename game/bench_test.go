package game_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/maps"
	"rout/rules"
)

// benchGame is a started 2-player game prepared for endless attacks: one territory of the player to move
// and a neighbouring enemy territory both hold a million armies, so that a single roll never conquers.
type benchGame struct {
	id       int
	user     int
	from, to rules.TerritoryID
}

func prepareAttacks(b *testing.B, db *sql.DB, svc *game.Service, mapKey string, fog rules.Fog, n int) []benchGame {
	ctx := context.Background()
	games := make([]benchGame, n)
	for i := range games {
		var alice, bob int
		for _, u := range []*int{&alice, &bob} {
			name := fmt.Sprintf("u%d-%d-%d", i, time.Now().UnixNano(), len(games))
			*u = int(dbtest.User(b, db, dbtest.UserOpts{Name: name}))
		}
		created := dbtest.Game(b, db, dbtest.GameOpts{Service: svc, Map: mapKey, Seats: dbtest.Users(alice, bob), Start: true, Fog: fog})
		s, err := svc.GameState(ctx, created.GameID)
		if err != nil {
			b.Fatal(err)
		}
		g := benchGame{id: created.GameID, user: map[rules.PlayerID]int{0: alice, 1: bob}[s.Current()], from: -1}
		for t := 0; t < s.Board().Len() && g.from < 0; t++ {
			from := rules.TerritoryID(t)
			for _, to := range s.Board().Neighbors(from) {
				if s.Owner(from) == s.Current() && s.Owner(to) != s.Current() {
					g.from, g.to = from, to
					break
				}
			}
		}
		// Place the reinforcements, then give both territories a million armies in the rows.
		place := rules.Place{Placements: []rules.Placement{{Territory: g.from, Armies: s.Reserve()}}}
		if _, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: g.id, Actor: game.User(g.user), Command: place}); err != nil {
			b.Fatal(err)
		}
		for _, t := range []rules.TerritoryID{g.from, g.to} {
			if _, err := db.Exec(`WITH t AS (UPDATE territories SET armies = armies + 1000000 WHERE game_id = $1 AND idx = $2 RETURNING owner_seat)
				UPDATE players SET armies = armies + 1000000 WHERE game_id = $1 AND seat = (SELECT owner_seat FROM t)`, g.id, t); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := db.Exec(`UPDATE games SET version = version + 1 WHERE id = $1`, g.id); err != nil {
			b.Fatal(err)
		}
		games[i] = g
	}
	return games
}

// runConcurrently runs op b.N times in total, spread over one goroutine per game, each goroutine working
// on its own game, and reports throughput and latency percentiles.
func runConcurrently(b *testing.B, games []benchGame, op func(g benchGame) error) {
	var next atomic.Int64
	latencies := make([][]time.Duration, len(games))
	var wg sync.WaitGroup
	b.ResetTimer()
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(b.N) {
				start := time.Now()
				if err := op(g); err != nil {
					b.Error(err)
					return
				}
				latencies[i] = append(latencies[i], time.Since(start))
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	var all []time.Duration
	for _, l := range latencies {
		all = append(all, l...)
	}
	if len(all) == 0 {
		return
	}
	slices.Sort(all)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commands/s")
	b.ReportMetric(float64(all[len(all)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(all[len(all)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkServiceAttack measures one attack roll through the whole service path (lock, decide, write
// back, events, notify, commit) next to the same database work done as a plain SQL transaction (two
// territory UPDATEs and one event INSERT), on the classic map and on a 5,000-territory map, with 1 and
// 16 games played at once, and on classic in games with normal fog (each viewer's record written too).
// The ratios go in docs/benchmarks.md.
func BenchmarkServiceAttack(b *testing.B) {
	ctx := context.Background()
	db := dbtest.Migrated(b)
	db.SetMaxOpenConns(32)
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(b, db), Logger: quiet})
	if err != nil {
		b.Fatal(err)
	}
	large, err := maps.Generate(maps.GenerateOpts{Territories: 5000, Seed: 1, ID: "generated-5000"})
	if err != nil {
		b.Fatal(err)
	}
	if err := game.SeedMap(ctx, db, large, false); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Exec(`CREATE SEQUENCE bench_seq`); err != nil {
		b.Fatal(err)
	}
	attack := func(g benchGame) error {
		_, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: g.id, Actor: game.User(g.user),
			Command: rules.Attack{From: g.from, To: g.to, Dice: 3}})
		return err
	}
	for _, mapKey := range []string{"classic", "generated-5000"} {
		for _, concurrency := range []int{1, 16} {
			games := prepareAttacks(b, db, svc, mapKey, rules.FogNone, concurrency)
			b.Run(fmt.Sprintf("service/%s/games=%d", mapKey, concurrency), func(b *testing.B) { runConcurrently(b, games, attack) })
			if mapKey == "classic" {
				fogged := prepareAttacks(b, db, svc, mapKey, rules.FogNormal, concurrency)
				b.Run(fmt.Sprintf("service-fog/%s/games=%d", mapKey, concurrency), func(b *testing.B) { runConcurrently(b, fogged, attack) })
			}
			b.Run(fmt.Sprintf("plain-sql/%s/games=%d", mapKey, concurrency), func(b *testing.B) {
				runConcurrently(b, games, func(g benchGame) error { return plainAttack(ctx, db, g) })
			})
		}
	}
}

// plainAttack is the baseline: the rows an attack roll changes, written by hand in one transaction.
func plainAttack(ctx context.Context, db *sql.DB, g benchGame) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE territories SET armies = armies - 1 WHERE game_id = $1 AND idx = $2`, g.id, g.from); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE territories SET armies = armies - 1 WHERE game_id = $1 AND idx = $2`, g.id, g.to); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO events (game_id, created_at, seq, turn, seat, kind, payload)
		VALUES ($1, now(), -nextval('bench_seq'), 0, 0, 'battle_rolled', '{"kind":"battle_rolled","from":1,"to":2,"attackDice":[6,5,1],"defendDice":[4,3]}')`, g.id); err != nil {
		return err
	}
	return tx.Commit()
}

// cpuGames creates and starts n classic games of three CPU seats (normal), created by one user who
// holds no seat.
func cpuGames(b *testing.B, db *sql.DB, svc *game.Service, n int) []int {
	return cpuGamesOn(b, db, svc, "classic", n)
}

// cpuGamesOn is cpuGames on the map mapKey.
func cpuGamesOn(b *testing.B, db *sql.DB, svc *game.Service, mapKey string, n int) []int {
	ctx := context.Background()
	user := int(dbtest.User(b, db, dbtest.UserOpts{Name: fmt.Sprintf("cpu%d-%d", n, time.Now().UnixNano())}))
	ids := make([]int, n)
	for i := range ids {
		in := game.CreateInput{CreatorID: user, MapKey: mapKey}
		for s := range 3 {
			in.Seats = append(in.Seats, game.SeatSpec{Kind: game.SeatCPU, Difficulty: "normal", Color: fmt.Sprintf("c%d", s)})
		}
		created, err := svc.GameCreate(ctx, in)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.GameStart(ctx, created.GameID, user); err != nil {
			b.Fatal(err)
		}
		ids[i] = created.GameID
	}
	return ids
}

// turnByCommands plays the turn of the game of snap (the game as it stands) as the CPU turn jobs did
// before TurnPlay: the CPU's choice and a TurnSubmit of its own, one transaction per command, each
// followed by a snapshot of the game. It returns the commands played and leaves the game in snap.
func turnByCommands(ctx context.Context, svc *game.Service, snap *game.Snapshot) (int, error) {
	id, turn, seat := snap.GameID, snap.State.Turn(), snap.State.Current()
	for n := 0; ; n++ {
		if snap.Status != game.StatusActive || snap.State.Turn() != turn || snap.State.Current() != seat {
			return n, nil
		}
		r := rand.New(rand.NewPCG(uint64(id)<<32|uint64(uint32(turn)), uint64(snap.Version)))
		cmd := ai.Normal(snap.State, seat, r)
		version := snap.Version
		if _, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: id, Actor: game.Actor{Seat: int(seat)}, Command: cmd,
			ExpectedVersion: &version, Cause: game.CauseCPU}); err != nil {
			return n, err
		}
		next, err := svc.GameSnapshot(ctx, id)
		if err != nil {
			return n, err
		}
		*snap = next
	}
}

// turnPlayed plays the turn of the game of snap with TurnPlay, as a CPU turn job does: one transaction
// for the whole turn, nothing read before or after it.
func turnPlayed(ctx context.Context, svc *game.Service, snap *game.Snapshot) (int, error) {
	n := 0
	for {
		p, err := svc.TurnPlay(ctx, game.PlayInput{GameID: snap.GameID, Seat: int(snap.State.Current()), Turn: snap.State.Turn(),
			Cause: game.CauseCPU})
		if err != nil {
			return n, err
		}
		n += p.Commands
		*snap = p.Game
		if p.Done {
			return n, nil
		}
	}
}

// BenchmarkServiceCPUTurn measures a CPU's whole turn (normal, classic map, three CPU seats) through the
// service: with TurnPlay, the turn decided in memory and committed in one transaction, next to the path
// the jobs took before it, one transaction per command (the baseline, in the same run against the same
// database), with 1 and 8 games played at once. A game that ends is replaced by a new one (not timed as a
// turn). It reports turns/s, commands per turn and the turn's p50 and p99.
func BenchmarkServiceCPUTurn(b *testing.B) {
	ctx := context.Background()
	db := dbtest.Migrated(b)
	db.SetMaxOpenConns(32)
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(b, db), Logger: quiet})
	if err != nil {
		b.Fatal(err)
	}
	for _, concurrency := range []int{1, 8} {
		for _, path := range []struct {
			name string
			turn func(context.Context, *game.Service, *game.Snapshot) (int, error)
		}{{"turnplay", turnPlayed}, {"per-command", turnByCommands}} {
			ids := cpuGames(b, db, svc, concurrency)
			b.Run(fmt.Sprintf("%s/games=%d", path.name, concurrency), func(b *testing.B) {
				var next, commands atomic.Int64
				latencies := make([][]time.Duration, len(ids))
				snaps := make([]game.Snapshot, len(ids))
				for i, id := range ids {
					if snaps[i], err = svc.GameSnapshot(ctx, id); err != nil {
						b.Fatal(err)
					}
				}
				var wg sync.WaitGroup
				b.ResetTimer()
				for i := range ids {
					wg.Go(func() {
						for next.Add(1) <= int64(b.N) {
							start := time.Now()
							n, err := path.turn(ctx, svc, &snaps[i])
							if err != nil {
								b.Error(err)
								return
							}
							latencies[i] = append(latencies[i], time.Since(start))
							commands.Add(int64(n))
							if snaps[i].Status != game.StatusActive {
								if snaps[i], err = svc.GameSnapshot(ctx, cpuGames(b, db, svc, 1)[0]); err != nil {
									b.Error(err)
									return
								}
							}
						}
					})
				}
				wg.Wait()
				b.StopTimer()
				var all []time.Duration
				for _, l := range latencies {
					all = append(all, l...)
				}
				if len(all) == 0 {
					return
				}
				slices.Sort(all)
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "turns/s")
				b.ReportMetric(float64(commands.Load())/float64(len(all)), "commands/turn")
				b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
			})
		}
	}
}

// BenchmarkServiceCPUTurnLarge plays CPU turns (normal) on a generated 5,000-territory map through
// TurnPlay, each play bounded by the service's PlayTime (1 s), and reports the plays a turn took and the
// longest play: how long one run of a CPU turn job holds its worker, its connection and the game's lock.
func BenchmarkServiceCPUTurnLarge(b *testing.B) {
	ctx := context.Background()
	db := dbtest.Migrated(b)
	svc, err := game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(b, db), Logger: quiet})
	if err != nil {
		b.Fatal(err)
	}
	large, err := maps.Generate(maps.GenerateOpts{Territories: 5000, Seed: 1, ID: "generated-5000"})
	if err != nil {
		b.Fatal(err)
	}
	if err := game.SeedMap(ctx, db, large, false); err != nil {
		b.Fatal(err)
	}
	snap, err := svc.GameSnapshot(ctx, cpuGamesOn(b, db, svc, "generated-5000", 1)[0])
	if err != nil {
		b.Fatal(err)
	}
	var longest time.Duration
	plays, commands := 0, 0
	b.ResetTimer()
	for range b.N {
		for done := false; !done; {
			start := time.Now()
			p, err := svc.TurnPlay(ctx, game.PlayInput{GameID: snap.GameID, Seat: int(snap.State.Current()), Turn: snap.State.Turn(),
				Cause: game.CauseCPU})
			if err != nil {
				b.Fatal(err)
			}
			longest = max(longest, time.Since(start))
			plays, commands, done, snap = plays+1, commands+p.Commands, p.Done, p.Game
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(plays)/float64(b.N), "plays/turn")
	b.ReportMetric(float64(commands)/float64(b.N), "commands/turn")
	b.ReportMetric(float64(longest.Microseconds())/1000, "longest-play-ms")
}

package jobs_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lib/pq"

	"rout/dbtest"
	"rout/game"
	"rout/jobs"
	"rout/ladder"
	"rout/rating"
	"rout/tournament/tablegame"
)

// ladderReplica is a replica whose jobs pair ladders, and its ladder service, whose joins kick the pairing
// through the replica's Effects.
func (e *env) ladderReplica() (*jobs.Jobs, *game.Service, *ladder.Service) {
	e.t.Helper()
	cfg := testConfig()
	accounts := dbtest.Accounts(e.t, e.db)
	effects, err := jobs.NewEffects(jobs.EffectsOpts{DB: e.db, Accounts: accounts, Config: cfg})
	if err != nil {
		e.t.Fatal(err)
	}
	svc, err := game.New(game.Opts{DB: e.db, Accounts: accounts, Logger: quiet, Effects: effects})
	if err != nil {
		e.t.Fatal(err)
	}
	ladders := ladder.NewService(ladder.Opts{DB: e.db, Games: tablegame.Games{Game: svc}, Kick: effects.LadderPair})
	j, err := jobs.New(jobs.Opts{DB: e.db, Game: svc, Accounts: accounts, Ladders: ladders, ListenURL: e.dsn, Logger: quiet, Config: cfg})
	if err != nil {
		e.t.Fatal(err)
	}
	return j, svc, ladders
}

// waitForPairings waits until no pairing job of a ladder waits or runs and every seated table has its game.
func (e *env) waitForPairings() {
	e.t.Helper()
	e.waitFor("the ladder's pairings", 10*time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM river_job WHERE kind = $1 AND state IN ('available', 'pending', 'running', 'retryable', 'scheduled')`,
			jobs.KindLadderPair) == 0 && e.count(`SELECT count(*) FROM ladder_games WHERE game_id IS NULL AND finished_at IS NULL`) == 0
	})
}

// TestLadderPairsAThousandThroughTheJob: 1,000 players of ratings spread as a normal law (σ 150 public
// points) join a duel ladder, each with 1 to 3 games at once; their joins kick the pairing job, which the
// jobs work on a real database. Every seated table gets one started, rated game of its players, whose
// public ratings are within the gap; nobody has more games than their most; no two players meet twice;
// and nearly everyone gets a game.
func TestLadderPairsAThousandThroughTheJob(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	j, _, ladders := e.ladderReplica()
	l, err := ladders.Define(e.ctx, ladder.Definition{Key: "duel", Name: "Duel", Seats: 2, Maps: []string{"classic"}, TurnLimit: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	const players = 1000
	rng := rand.New(rand.NewPCG(32, 1000))
	users, mus := make([]int64, players), make([]float64, players)
	public := map[int]int{}
	maxGames := map[int]int{}
	for i := range users {
		users[i] = dbtest.User(t, e.db, dbtest.UserOpts{Notify: "none"})
		// σ 2: public = 1000 + 48 (μ − 6); spread 150 points around 1200.
		mus[i] = 6 + (200+rng.NormFloat64()*150)/48
		public[int(users[i])] = rating.Rating{Mu: mus[i], Sigma: 2}.Public()
	}
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO ratings (created_at, updated_at, user_id, mode, mu, sigma, games,
		ordinal, public_rating)
		SELECT now(), now(), u, 'duel', m, 2, 20, m - 6, greatest(0, round(1000 + 48 * (m - 6)))
		FROM unnest($1::bigint[], $2::float8[]) AS v(u, m)`, pq.Array(users), pq.Array(mus)); err != nil {
		t.Fatal(err)
	}
	joined := time.Now() // every wait began after it
	for i, u := range users {
		maxGames[int(u)] = 1 + i%3
		if _, err := ladders.Join(e.ctx, l.ID, int(u), maxGames[int(u)]); err != nil {
			t.Fatal(err)
		}
	}
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind = $1`, jobs.KindLadderPair); n != 1 {
		t.Errorf("%d pairing jobs after 1,000 joins, want 1 (unique while it waits)", n)
	}
	began := time.Now()
	e.start(j)
	e.waitForPairings()
	took := time.Since(began)

	tables := e.count(`SELECT count(*) FROM ladder_games WHERE ladder_id = $1`, l.ID)
	if made := e.count(`SELECT count(*) FROM games WHERE create_key LIKE 'ladder:%' AND status = 'active' AND rated AND idle_resigns`); made != tables {
		t.Errorf("%d tables, %d active rated games made for them", tables, made)
	}
	if n := e.count(`SELECT count(*) FROM ladder_games lg WHERE (SELECT json_agg(p.user_id ORDER BY p.seat)::jsonb FROM players p
		WHERE p.game_id = lg.game_id) <> lg.users::jsonb`); n != 0 {
		t.Errorf("%d games not seated as their tables", n)
	}
	rows, err := e.db.QueryContext(e.ctx, `SELECT users FROM ladder_games WHERE ladder_id = $1`, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	games, met := map[int]int{}, map[[2]int]bool{}
	widest := 0
	for rows.Next() {
		var text []byte
		var seated []int
		if err := rows.Scan(&text); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(text, &seated); err != nil || len(seated) != 2 {
			t.Fatalf("a table of %s: %v", text, err)
		}
		a, b := min(seated[0], seated[1]), max(seated[0], seated[1])
		if met[[2]int{a, b}] {
			t.Errorf("players %d and %d met twice", a, b)
		}
		met[[2]int{a, b}] = true
		games[a]++
		games[b]++
		widest = max(widest, int(math.Abs(float64(public[a]-public[b]))))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if gap := ladder.Gap(time.Since(joined)); float64(widest) > gap {
		t.Errorf("a table %d public points apart, over the gap %.0f", widest, gap)
	}
	for u, n := range games {
		if n > maxGames[u] {
			t.Errorf("player %d has %d games, over their %d", u, n, maxGames[u])
		}
	}
	if n := e.count(`SELECT count(*) FROM ladder_entries e WHERE e.open_games <>
		(SELECT count(*) FROM ladder_games g WHERE g.users::jsonb @> to_jsonb(e.user_id))`); n != 0 {
		t.Errorf("%d entries miscount their games", n)
	}
	if len(games) < players*9/10 {
		t.Errorf("%d of %d players got a game", len(games), players)
	}
	t.Logf("1,000 queued: %d games started for %d players in %s (the widest table %d points)", tables, len(games),
		took.Round(time.Millisecond), widest)
}

// TestLadderGameEndQueuesItsPlayers: the end of a ladder game, in its transaction, closes its table and
// kicks the pairing: its players are queued again, and are not paired together again at once.
func TestLadderGameEndQueuesItsPlayers(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	j, svc, ladders := e.ladderReplica()
	l, err := ladders.Define(e.ctx, ladder.Definition{Key: "duel", Name: "Duel", Seats: 2, Maps: []string{"classic"}, TurnLimit: 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	alice, bob := e.user("alice", "none"), e.user("bob", "none")
	for _, u := range []int{alice, bob} {
		if _, err := ladders.Join(e.ctx, l.ID, u, 1); err != nil {
			t.Fatal(err)
		}
	}
	e.start(j)
	e.waitForPairings()
	ids, err := ladders.Playing(e.ctx, l.ID, alice)
	if err != nil || len(ids) != 1 {
		t.Fatalf("alice's ladder games: %v, %v", ids, err)
	}
	if _, err := svc.TurnSubmit(e.ctx, gameResign(ids[0], alice)); err != nil {
		t.Fatal(err)
	}
	e.waitFor("the game's end to close its table", 2*time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM ladder_games WHERE game_id = $1 AND finished_at IS NOT NULL`, ids[0]) == 1
	})
	e.waitForPairings()
	entries, err := ladders.Entries(e.ctx, bob)
	if err != nil || !entries[l.ID].Queued() || entries[l.ID].OpenGames != 0 {
		t.Errorf("bob's entry after the game: %+v, %v", entries[l.ID], err)
	}
	if n := e.count(`SELECT count(*) FROM ladder_games`); n != 1 {
		t.Errorf("%d ladder games: the two who just played were paired again", n)
	}
	if n := e.count(`SELECT count(*) FROM river_job WHERE kind = $1`, jobs.KindLadderPair); n < 2 {
		t.Errorf("%d pairing jobs: the game's end kicked none", n)
	}
}

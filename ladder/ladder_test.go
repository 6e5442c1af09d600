package ladder_test

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/ladder"
	"rout/tournament"
	"rout/tournament/tablegame"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// env is a ladder service over a real game service, on a database of its own.
type env struct {
	t     *testing.T
	ctx   context.Context
	db    *sql.DB
	game  *game.Service
	svc   *ladder.Service
	kicks atomic.Int64 // the pairings the service kicked
}

// failing are the games of a game service that fail from the after-th creation of a call on, once.
type failing struct {
	tablegame.Games
	after   int
	created atomic.Int64
}

func (f *failing) CreateStarted(ctx context.Context, spec tournament.GameSpec) (int, error) {
	if f.created.Add(1) > int64(f.after) {
		return 0, errors.New("the game service is down")
	}
	return f.Games.CreateStarted(ctx, spec)
}

func newEnv(t *testing.T, games ladder.Games) *env {
	t.Helper()
	db := dbtest.Migrated(t)
	e := &env{t: t, ctx: t.Context(), db: db}
	var err error
	if e.game, err = game.New(game.Opts{DB: db, Accounts: dbtest.Accounts(t, db)}); err != nil {
		t.Fatal(err)
	}
	if games == nil {
		games = tablegame.Games{Game: e.game}
	}
	if f, ok := games.(*failing); ok {
		f.Games = tablegame.Games{Game: e.game}
	}
	e.svc = ladder.NewService(ladder.Opts{DB: db, Games: games, Kick: func(context.Context, *sql.Tx, int) error {
		e.kicks.Add(1)
		return nil
	}})
	return e
}

// duel defines a duel ladder on the classic map.
func (e *env) duel() ladder.Ladder {
	e.t.Helper()
	l, err := e.svc.Define(e.ctx, ladder.Definition{Key: "duel", Name: "Duel", Seats: 2, Maps: []string{"classic"}, TurnLimit: 24 * time.Hour})
	if err != nil {
		e.t.Fatal(err)
	}
	return l
}

// rated makes a user whose rating in mode has the public number public (σ 1).
func (e *env) rated(mode string, public int) int {
	e.t.Helper()
	u := int(dbtest.User(e.t, e.db, dbtest.UserOpts{}))
	mu := 3 + float64(public-1000)/(200/(25.0/6))
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO ratings (created_at, updated_at, user_id, mode, mu, sigma, games,
		ordinal, public_rating) VALUES (now(), now(), $1, $2, $3::float8, 1, 10, $3::float8 - 3, $4)`, u, mode, mu, public); err != nil {
		e.t.Fatal(err)
	}
	return u
}

func code(err error) ladder.Code {
	var le *ladder.Error
	if errors.As(err, &le) {
		return le.Code
	}
	return ""
}

// TestEntries: joining, changing the most games at once and leaving, with their refusals; a join that
// queues a player kicks the pairing.
func TestEntries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	l := e.duel()
	u := int(dbtest.User(t, e.db, dbtest.UserOpts{}))
	for _, n := range []int{0, -1, ladder.MaxGames + 1} {
		if _, err := e.svc.Join(e.ctx, l.ID, u, n); code(err) != ladder.CodeBadMaxGames {
			t.Errorf("join with %d games at once: %v, want %s", n, err, ladder.CodeBadMaxGames)
		}
	}
	if _, err := e.svc.Join(e.ctx, l.ID+1000, u, 1); code(err) != ladder.CodeNotFound {
		t.Errorf("join of no ladder: %v", err)
	}
	if _, err := e.svc.Update(e.ctx, l.ID, u, 2); code(err) != ladder.CodeNotJoined {
		t.Errorf("update before joining: %v", err)
	}
	entry, err := e.svc.Join(e.ctx, l.ID, u, 2)
	if err != nil || entry.MaxGames != 2 || entry.OpenGames != 0 || !entry.Queued() {
		t.Fatalf("join: %+v, %v", entry, err)
	}
	if e.kicks.Load() != 1 {
		t.Errorf("kicks after a join: %d", e.kicks.Load())
	}
	if _, err := e.svc.Join(e.ctx, l.ID, u, 1); code(err) != ladder.CodeJoined {
		t.Errorf("second join: %v", err)
	}
	if entry, err = e.svc.Update(e.ctx, l.ID, u, ladder.MaxGames); err != nil || entry.MaxGames != ladder.MaxGames {
		t.Errorf("update: %+v, %v", entry, err)
	}
	all, err := e.svc.List(e.ctx)
	if err != nil || len(all) != 1 || all[0].Queued != 1 {
		t.Errorf("list: %+v, %v", all, err)
	}
	if err := e.svc.Leave(e.ctx, l.ID, u); err != nil {
		t.Fatal(err)
	}
	if err := e.svc.Leave(e.ctx, l.ID, u); code(err) != ladder.CodeNotJoined {
		t.Errorf("second leave: %v", err)
	}
	if entries, err := e.svc.Entries(e.ctx, u); err != nil || len(entries) != 0 {
		t.Errorf("entries after leaving: %v, %v", entries, err)
	}
	if _, err := e.svc.Define(e.ctx, ladder.Definition{Key: "x", Name: "X", Seats: 7, Maps: []string{"classic"}, TurnLimit: time.Hour}); code(err) != ladder.CodeBadDefinition {
		t.Errorf("a ladder of 7 seats: %v", err)
	}
}

// TestPairSeatsCloseRatings: of four players, the two close pairs play each other, in rated games that
// resign an idle seat; nobody is seated again while their one game goes on, and after it ends the same
// two are not paired again (they just played), while a leaver's game goes on.
func TestPairSeatsCloseRatings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	l := e.duel()
	low1, low2, high1, high2 := e.rated("duel", 900), e.rated("duel", 950), e.rated("duel", 1500), e.rated("duel", 1560)
	far := e.rated("duel", 3000) // nobody within its gap
	for _, u := range []int{low1, high1, low2, high2, far} {
		if _, err := e.svc.Join(e.ctx, l.ID, u, 1); err != nil {
			t.Fatal(err)
		}
	}
	p, err := e.svc.Pair(e.ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p.Queued != 5 || p.Seated != 4 || p.Created != 2 {
		t.Fatalf("paired %+v, want 5 queued, 4 seated, 2 games", p)
	}
	games := map[int][]int{}
	for _, u := range []int{low1, low2, high1, high2} {
		ids, err := e.svc.Playing(e.ctx, l.ID, u)
		if err != nil || len(ids) != 1 {
			t.Fatalf("games of %d: %v, %v", u, ids, err)
		}
		games[ids[0]] = append(games[ids[0]], u)
	}
	for id, users := range games {
		if len(users) != 2 || (users[0] != low1 || users[1] != low2) && (users[0] != high1 || users[1] != high2) {
			t.Errorf("game %d seats %v: want the two low or the two high", id, users)
		}
		var rated, idle bool
		if err := e.db.QueryRowContext(e.ctx, `SELECT rated, idle_resigns FROM games WHERE id = $1 AND status = 'active'`, id).Scan(&rated, &idle); err != nil || !rated || !idle {
			t.Errorf("game %d: rated %v, idle_resigns %v, %v", id, rated, idle, err)
		}
	}
	if again, err := e.svc.Pair(e.ctx, l.ID); err != nil || again.Seated != 0 || again.Queued != 1 {
		t.Errorf("paired again: %+v, %v; want only the far player queued", again, err)
	}
	// One game ends (its game's transaction closes it): its two are queued, but just played each other.
	var ended int
	for id := range games {
		ended = id
		break
	}
	tx, err := e.db.BeginTx(e.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ladder.GameOver(e.ctx, tx, ended, time.Now()); err != nil || got != l.ID {
		t.Fatalf("GameOver: %d, %v", got, err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if again, err := e.svc.Pair(e.ctx, l.ID); err != nil || again.Seated != 0 || again.Queued != 3 {
		t.Errorf("after a game's end: %+v, %v; want 3 queued, none seated", again, err)
	}
	// A player who leaves keeps their game.
	if err := e.svc.Leave(e.ctx, l.ID, games[ended][0]); err != nil {
		t.Fatal(err)
	}
	for id := range games {
		if id != ended {
			if n := dbtest.Int(t, e.db, `SELECT count(*) FROM games WHERE id = $1 AND status = 'active'`, id); n != 1 {
				t.Errorf("game %d is no longer played", id)
			}
		}
	}
}

// TestPairRetriedAndConcurrent: a pairing whose game service fails after two games leaves its other
// tables seated; the next creates their games, each once; pairings at once seat a queue once.
func TestPairRetriedAndConcurrent(t *testing.T) {
	t.Parallel()
	f := &failing{after: 2}
	e := newEnv(t, f)
	l := e.duel()
	const players = 40
	for i := range players {
		u := e.rated("duel", 1000+5*i)
		if _, err := e.svc.Join(e.ctx, l.ID, u, 3); err != nil {
			t.Fatal(err)
		}
	}
	p, err := e.svc.Pair(e.ctx, l.ID)
	if err == nil || p.Seated != players || p.Created != 2 {
		t.Fatalf("a failing pairing: %+v, %v; want %d seated, 2 games and an error", p, err, players)
	}
	f.after = math.MaxInt32
	// Four pairings at once: the seated tables' games are created once each, and the queue (everyone has
	// room for two more games) is seated by each in turn, under the ladder's lock, never past anyone's most.
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			if _, err := e.svc.Pair(e.ctx, l.ID); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	tables := dbtest.Int(t, e.db, `SELECT count(*) FROM ladder_games WHERE ladder_id = $1`, l.ID)
	made := dbtest.Int(t, e.db, `SELECT count(*) FROM games WHERE create_key LIKE 'ladder:%'`)
	missing := dbtest.Int(t, e.db, `SELECT count(*) FROM ladder_games WHERE game_id IS NULL`)
	if missing != 0 || made != tables || tables > players*3/2 {
		t.Errorf("%d tables, %d games made, %d without a game", tables, made, missing)
	}
	if n := dbtest.Int(t, e.db, `SELECT count(*) FROM ladder_entries WHERE open_games > max_games OR open_games <>
		(SELECT count(*) FROM ladder_games g WHERE g.users::jsonb @> to_jsonb(ladder_entries.user_id))`); n != 0 {
		t.Errorf("%d entries over their most games, or miscounted", n)
	}
	if n := dbtest.Int(t, e.db, `SELECT count(*) FROM (SELECT users::text FROM ladder_games GROUP BY users::text HAVING count(*) > 1) d`); n != 0 {
		t.Errorf("%d pairs seated twice", n)
	}
}

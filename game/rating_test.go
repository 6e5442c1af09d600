package game_test

import (
	"maps"
	"math"
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/rating"
	"rout/rules"
)

// storedRating is a row of ratings, with the user's row of rating_changes for one game.
type storedRating struct {
	rating.Rating
	games  int
	place  int
	before rating.Rating
}

// ratingsOf reads the all-maps ratings of mode of users, and what game id changed of them.
func (e *env) ratingsOf(id int, mode game.RatingMode, users ...int) map[int]storedRating {
	e.t.Helper()
	out := map[int]storedRating{}
	for _, u := range users {
		var r storedRating
		err := e.db.QueryRowContext(e.ctx, `SELECT r.mu, r.sigma, r.games, c.place, c.mu_before, c.sigma_before
			FROM ratings r JOIN rating_changes c ON c.user_id = r.user_id AND c.mode = r.mode AND c.family = r.family
			WHERE r.user_id = $1 AND r.mode = $2 AND r.family = '' AND c.game_id = $3 AND c.mu_after = r.mu AND c.sigma_after = r.sigma`,
			u, mode, id).Scan(&r.Mu, &r.Sigma, &r.games, &r.place, &r.before.Mu, &r.before.Sigma)
		if err != nil {
			e.t.Fatalf("the %s rating of user %d after game %d: %v", mode, u, id, err)
		}
		out[u] = r
	}
	return out
}

// checkRated checks that game id changed the ratings of teams (users), placed as places among the rated,
// from before as package rating says.
func checkRated(t *testing.T, got map[int]storedRating, teams [][]int, places []int, before map[int]rating.Rating, games int) {
	t.Helper()
	ratings := make([][]rating.Rating, len(teams))
	for i, team := range teams {
		for _, u := range team {
			ratings[i] = append(ratings[i], before[u])
		}
	}
	want, err := rating.Rate(ratings, places)
	if err != nil {
		t.Fatal(err)
	}
	for i, team := range teams {
		for j, u := range team {
			g := got[u]
			if math.Abs(g.Mu-want[i][j].Mu) > 1e-9 || math.Abs(g.Sigma-want[i][j].Sigma) > 1e-9 || g.before != before[u] ||
				g.place != places[i] || g.games != games {
				t.Errorf("user %d: rated %+v from %+v at place %d after %d games; want %+v from %+v at place %d after %d",
					u, g.Rating, g.before, g.place, g.games, want[i][j], before[u], places[i], games)
			}
		}
	}
}

// TestRatedFreeForAll: a rated free-for-all ranks its players by when they went out, the survivor first,
// and writes their ratings and the changes in the transaction that ends it; the next rated game starts
// from them; a duel is a mode of its own; an unrated game changes nothing.
func TestRatedFreeForAll(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol, dave := e.user("alice"), e.user("bob"), e.user("carol"), e.user("dave")
	users := []int{alice, bob, carol, dave}
	rated := func(claim rules.ClaimStrategy, seats ...int) int {
		return dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(seats...), Start: true, Claim: claim, Rated: true}).GameID
	}
	bySeat := func(seats ...int) map[rules.PlayerID]int {
		m := map[rules.PlayerID]int{}
		for i, u := range seats {
			m[rules.PlayerID(i)] = u
		}
		return m
	}
	// Seats resign in the order of the list; the last one left plays out the game.
	resignInOrder := func(id int, order ...int) {
		for _, u := range order {
			if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(u), Command: rules.Resign{}}); err != nil {
				t.Fatalf("user %d resigning: %v", u, err)
			}
		}
	}

	id := rated(rules.ClaimRandom, users...)
	resignInOrder(id, dave, bob, carol)
	if s := e.state(id); s.Phase() != rules.PhaseOver || s.Winner() != 0 {
		t.Fatalf("game %d: phase %s, winner %d; want over, won by alice", id, s.Phase(), s.Winner())
	}
	initial := map[int]rating.Rating{alice: rating.Initial, bob: rating.Initial, carol: rating.Initial, dave: rating.Initial}
	first := e.ratingsOf(id, game.RatingFFA, users...)
	checkRated(t, first, [][]int{{alice}, {carol}, {bob}, {dave}}, []int{1, 2, 3, 4}, initial, 1)
	if !(first[alice].Public() > first[carol].Public() && first[carol].Public() > first[bob].Public() && first[bob].Public() > first[dave].Public()) {
		t.Errorf("public numbers out of the places' order: %v", first)
	}

	// The next free-for-all starts from the ratings the first left.
	id2 := rated(rules.ClaimRandom, bob, carol, alice)
	resignInOrder(id2, alice, carol)
	before := map[int]rating.Rating{alice: first[alice].Rating, bob: first[bob].Rating, carol: first[carol].Rating}
	checkRated(t, e.ratingsOf(id2, game.RatingFFA, alice, bob, carol), [][]int{{bob}, {carol}, {alice}}, []int{1, 2, 3}, before, 2)

	// A duel is rated in its own mode, from the initial rating.
	duel := rated(rules.ClaimRandom, dave, alice)
	resignInOrder(duel, alice)
	checkRated(t, e.ratingsOf(duel, game.RatingDuel, dave, alice), [][]int{{dave}, {alice}}, []int{1, 2}, initial, 1)

	// An unrated game changes no rating.
	unrated := e.started(rules.ClaimRandom, rules.CardsClassic, alice, bob)
	resignAllBut(t, e, unrated, bySeat(alice, bob), 1)
	if n := e.count(`SELECT count(*) FROM rating_changes WHERE game_id = $1`, unrated); n != 0 {
		t.Errorf("an unrated game wrote %d rating changes", n)
	}
	// Each rating twice: on all maps, and on the classic family.
	if n := e.count(`SELECT count(*) FROM ratings`); n != 12 {
		t.Errorf("%d ratings, want 12: four free-for-all, two duel, each all maps and classic", n)
	}
	if n := e.count(`SELECT count(*) FROM rating_changes`); n != 18 {
		t.Errorf("%d rating changes, want 18", n)
	}
	if n := e.count(`SELECT count(*) FROM ratings r JOIN ratings c ON c.user_id = r.user_id AND c.mode = r.mode
		AND c.family = 'classic' AND c.mu = r.mu AND c.sigma = r.sigma AND c.games = r.games WHERE r.family = ''`); n != 6 {
		t.Errorf("%d classic ratings equal to the all-maps ones, want all 6 (every game on the classic map)", n)
	}
}

// TestRatedGameWithCPUs: a CPU is neither rated nor an opponent; the humans are ranked among themselves,
// here with the CPU the winner.
func TestRatedGameWithCPUs(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob := e.user("alice"), e.user("bob")
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Start: true, Claim: rules.ClaimRandom, Rated: true,
		Seats: []dbtest.SeatOpts{{User: alice}, {CPU: true}, {User: bob}}}).GameID
	for _, u := range []int{bob, alice} {
		if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(u), Command: rules.Resign{}}); err != nil {
			t.Fatalf("user %d resigning: %v", u, err)
		}
	}
	for n := 0; e.state(id).Phase() != rules.PhaseOver; n++ { // the CPU survivor plays out the game in CPU turns
		if n > 100 {
			t.Fatalf("game %d did not end", id)
		}
		if _, err := e.svc.TurnPlay(e.ctx, e.playInput(e.svc, id)); err != nil {
			t.Fatal(err)
		}
	}
	initial := map[int]rating.Rating{alice: rating.Initial, bob: rating.Initial}
	// Three seats: a free-for-all, though only two are rated.
	checkRated(t, e.ratingsOf(id, game.RatingFFA, alice, bob), [][]int{{alice}, {bob}}, []int{1, 2}, initial, 1)
	if n := e.count(`SELECT count(*) FROM rating_changes WHERE game_id = $1 AND family = ''`, id); n != 2 {
		t.Errorf("%d rating changes, want the two humans'", n)
	}
}

// TestRatedTeamGame: a team game rates its teams, the winning team first, each player with their team.
func TestRatedTeamGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	users := map[rules.PlayerID]int{}
	var seats []dbtest.SeatOpts
	for i, team := range []int{0, 1, 1, 0} {
		users[rules.PlayerID(i)] = e.user(string(rune('a' + i)))
		seats = append(seats, dbtest.SeatOpts{User: users[rules.PlayerID(i)], Team: team})
	}
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: seats, Start: true, Claim: rules.ClaimRandom, Rated: true,
		Teams: []game.Team{{Name: "red"}, {Name: "blue"}}}).GameID
	resignAllBut(t, e, id, users, 3) // seat 3 plays on for red (seats 0 and 3) and wins
	initial := map[int]rating.Rating{}
	for _, u := range users {
		initial[u] = rating.Initial
	}
	red, blue := []int{users[0], users[3]}, []int{users[1], users[2]}
	checkRated(t, e.ratingsOf(id, game.RatingTeams, users[0], users[1], users[2], users[3]), [][]int{red, blue}, []int{1, 2}, initial, 1)
}

// TestRatedGameWaitsForTheRating: the end of a rated game locks its players' ratings before reading them,
// so that a change another transaction is making (another game of the player ending) is waited for and
// built on, never lost.
func TestRatedGameWaitsForTheRating(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob := e.user("alice"), e.user("bob")
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO ratings (created_at, updated_at, user_id, mode, mu, sigma, games,
		season_games, ordinal, public_rating) VALUES (now(), now(), $1, 'duel', 30, 5, 3, 3, 15, 1720)`, alice); err != nil {
		t.Fatal(err)
	}
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(alice, bob), Start: true,
		Claim: rules.ClaimRandom, Rated: true}).GameID

	// Another transaction holds alice's rating, as another game's end would.
	other, err := e.db.BeginTx(e.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Rollback()
	if _, err := other.ExecContext(e.ctx, `SELECT 1 FROM ratings WHERE user_id = $1 AND family = '' FOR UPDATE`, alice); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(bob), Command: rules.Resign{}})
		done <- err
	}()
	// The game's end waits for the lock.
	var waiting bool
	for deadline := time.Now().Add(time.Minute); !waiting && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("the game ended (error %v) without waiting for the rating another transaction holds", err)
		default:
		}
		waiting = e.count(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`) > 0
	}
	if !waiting {
		t.Fatal("the game's end never waited for the lock")
	}
	if _, err := other.ExecContext(e.ctx, `UPDATE ratings SET mu = 31, sigma = 4.5, games = 4 WHERE user_id = $1 AND family = ''`, alice); err != nil {
		t.Fatal(err)
	}
	if err := other.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := e.ratingsOf(id, game.RatingDuel, alice)[alice]
	if got.before != (rating.Rating{Mu: 31, Sigma: 4.5}) || got.games != 5 {
		t.Errorf("alice's duel rating went from %+v after %d games, want from the other transaction's {31 4.5} after 5", got.before, got.games)
	}
}

// TestModeRatings: the all-maps ratings of a mode of several users, read at once: a stored rating as
// stored, the initial rating for a user without one in the mode, and neither another mode's nor a map
// family's.
func TestModeRatings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	for _, r := range []struct {
		user      int
		mode, fam string
		mu, sigma float64
	}{{alice, "duel", "", 30, 5}, {alice, "duel", "classic", 40, 2}, {alice, "ffa", "", 20, 6}, {carol, "ffa", "", 28, 3}} {
		if _, err := e.db.ExecContext(e.ctx, `INSERT INTO ratings (created_at, updated_at, user_id, mode, family, mu, sigma, games,
			season_games, ordinal, public_rating) VALUES (now(), now(), $1, $2, $3, $4::float8, $5::float8, 3, 3, $4::float8 - 3 * $5::float8, 1500)`,
			r.user, r.mode, r.fam, r.mu, r.sigma); err != nil {
			t.Fatal(err)
		}
	}
	got, err := e.svc.ModeRatings(e.ctx, nil, game.RatingDuel, []int{alice, bob, carol})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]rating.Rating{alice: {Mu: 30, Sigma: 5}, bob: rating.Initial, carol: rating.Initial}
	if !maps.Equal(got, want) {
		t.Errorf("duel ratings %v, want %v", got, want)
	}
	// In a caller's transaction, which sees its own writes.
	tx, err := e.db.BeginTx(e.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(e.ctx, `UPDATE ratings SET mu = 29 WHERE user_id = $1 AND mode = 'ffa'`, carol); err != nil {
		t.Fatal(err)
	}
	if got, err = e.svc.ModeRatings(e.ctx, tx, game.RatingFFA, []int{carol, bob}); err != nil {
		t.Fatal(err)
	}
	if want = (map[int]rating.Rating{carol: {Mu: 29, Sigma: 3}, bob: rating.Initial}); !maps.Equal(got, want) {
		t.Errorf("ffa ratings in a transaction %v, want %v", got, want)
	}
	if got, err = e.svc.ModeRatings(e.ctx, nil, game.RatingDuel, nil); err != nil || len(got) != 0 {
		t.Errorf("the ratings of no users: %v, %v", got, err)
	}
}

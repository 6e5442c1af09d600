package game_test

import (
	"sync"
	"testing"

	"rout/game"
	"rout/rules"
)

// keyedInput is a game of users, created and started at once under key.
func keyedInput(key string, users ...int) game.CreateInput {
	in := game.CreateInput{CreatorID: users[0], MapKey: "classic", Start: true, Key: key}
	for i, u := range users {
		in.Seats = append(in.Seats, game.SeatSpec{Kind: game.SeatUser, UserID: u, Color: []string{"red", "blue", "green"}[i]})
	}
	return in
}

// A game created with Start is started in the creation's transaction: the effects hear the start, the
// first turn runs, and the game is active.
func TestGameCreateStarted(t *testing.T) {
	t.Parallel()
	rec := &changes{}
	e := newEnv(t, rec)
	alice, bob := e.user("alice"), e.user("bob")
	created, err := e.svc.GameCreate(e.ctx, keyedInput("", alice, bob))
	if err != nil {
		t.Fatal(err)
	}
	if created.Existing {
		t.Error("a new game is Existing")
	}
	if s := e.state(created.GameID); s.Phase() == rules.PhaseSetup || s.Turn() == 0 {
		t.Errorf("the game is in phase %s, turn %d: not started", s.Phase(), s.Turn())
	}
	if n := e.count(`SELECT count(*) FROM games WHERE id = $1 AND status = 'active' AND started_at IS NOT NULL AND create_key IS NULL`, created.GameID); n != 1 {
		t.Errorf("the game is not active, with its start time and no key")
	}
	if len(rec.all) != 1 || rec.all[0].GameID != created.GameID || rec.all[0].Seat != rules.NoPlayer {
		t.Errorf("the effects heard %d changes, want the start of game %d", len(rec.all), created.GameID)
	}

	// A seat left open cannot start: nothing is created.
	in := keyedInput("open-seat", alice)
	in.Seats = append(in.Seats, game.SeatSpec{Kind: game.SeatOpen, Color: "blue"})
	if _, err := e.svc.GameCreate(e.ctx, in); code(err) != string(game.CodeConflict) {
		t.Errorf("a game with an open seat started at its creation: %v, want CONFLICT", err)
	}
	if n := e.count(`SELECT count(*) FROM games WHERE create_key = 'open-seat'`); n != 0 {
		t.Errorf("the refused creation left %d games", n)
	}
}

// A creation key makes GameCreate idempotent: a retry returns the first game, at once or later, and calls
// at the same time create one game; the key reused for another game is refused.
func TestGameCreateKey(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	first, err := e.svc.GameCreate(e.ctx, keyedInput("tournament:1:1:0", alice, bob))
	if err != nil {
		t.Fatal(err)
	}
	again, err := e.svc.GameCreate(e.ctx, keyedInput("tournament:1:1:0", alice, bob))
	if err != nil {
		t.Fatal(err)
	}
	if again.GameID != first.GameID || !again.Existing {
		t.Errorf("the retry = %+v, want game %d, Existing", again, first.GameID)
	}
	if _, err := e.svc.GameCreate(e.ctx, keyedInput("tournament:1:1:0", alice, carol)); code(err) != string(game.CodeKeyReused) {
		t.Errorf("the key reused for other seats: %v, want %s", err, game.CodeKeyReused)
	}
	long := keyedInput(string(make([]byte, game.MaxCreateKey+1)), alice, bob)
	if _, err := e.svc.GameCreate(e.ctx, long); code(err) != string(game.CodeBadInput) {
		t.Errorf("a key of %d bytes: %v, want BAD_USER_INPUT", game.MaxCreateKey+1, err)
	}

	const calls = 4
	ids := make([]int, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			c, err := e.svc.GameCreate(e.ctx, keyedInput("at-once", alice, bob, carol))
			if err != nil {
				t.Error(err)
			}
			ids[i] = c.GameID
		})
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] || id == 0 {
			t.Fatalf("calls at once returned games %v, want one", ids)
		}
	}
	if n := e.count(`SELECT count(*) FROM games WHERE create_key = 'at-once'`); n != 1 {
		t.Errorf("calls at once created %d games", n)
	}
	if err := e.svc.GameVerify(e.ctx, ids[0]); err != nil {
		t.Error(err)
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND kind = 'game_started'`, ids[0]); n != 1 {
		t.Errorf("the game created at once was started %d times", n)
	}
}

package game_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/rules"
)

// TestEngineStateWithoutRoundIsCountedFromTheRecord: a game whose engine state was stored before the
// engine counted rounds (and the armies traded in a turn) is read with both counted from its record, and
// its next command stores them.
func TestEngineStateWithoutRoundIsCountedFromTheRecord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, id := e.twoPlayers()
	users := map[rules.PlayerID]int{0: alice, 1: bob}
	r := rand.New(rand.NewPCG(uint64(id), 3))
	s := e.state(id)
	for n := 0; s.Round() < 3 || s.Phase() != rules.PhaseAttack; n++ {
		if n > 2000 || s.Phase() == rules.PhaseOver {
			t.Fatalf("game %d: round %d in phase %s after %d commands", id, s.Round(), s.Phase(), n)
		}
		p := s.Current()
		if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: ai.Random(s, p, r)}); err != nil {
			t.Fatal(err)
		}
		s = e.state(id)
	}
	if _, err := e.db.ExecContext(e.ctx, `UPDATE games SET engine = (engine::jsonb - 'round' - 'traded')::json WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	fresh, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, PlayTime: time.Minute}) // a cache without the game
	if err != nil {
		t.Fatal(err)
	}
	got, err := fresh.GameState(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got.Round() != s.Round() || got.TradedArmies() != s.TradedArmies() {
		t.Errorf("R10 read without the round: round %d, traded %d; the record says %d, %d", got.Round(), got.TradedArmies(),
			s.Round(), s.TradedArmies())
	}
	if err := fresh.GameVerify(e.ctx, id); err != nil {
		t.Error(err)
	}
	p := got.Current()
	if _, err := fresh.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: rules.EndTurn{}}); err != nil {
		t.Fatal(err)
	}
	if n := e.count(`SELECT count(*) FROM games WHERE id = $1 AND engine::jsonb ? 'round' AND engine::jsonb ? 'traded'`, id); n != 1 {
		t.Error("the next command did not store the round")
	}
}

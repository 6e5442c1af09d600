package game_test

import (
	"testing"

	"rout/dbtest"
	"rout/game"
	"rout/rules"
)

// A game keeps the fog it was created with: in its row, in its engine state, rebuilt from its rows, and
// in its record, whose replay carries it (docs/rules.md R76).
func TestGameKeepsItsFog(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ada, bo := e.user("ada"), e.user("bo")
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(ada, bo), Start: true,
		Fog: rules.FogHeavy}).GameID
	snap, err := e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Fog != rules.FogHeavy || snap.State.Config().Fog != rules.FogHeavy {
		t.Errorf("the game's fog: row %s, state %s, want heavy", snap.Fog, snap.State.Config().Fog)
	}
	if got := e.state(id).Config().Fog; got != rules.FogHeavy {
		t.Errorf("the game rebuilt from its record has fog %s, want heavy", got)
	}
	if got := e.count(`SELECT count(*) FROM games WHERE id = $1 AND fog = 'heavy'`, id); got != 1 {
		t.Errorf("%d rows of the game with fog heavy, want 1", got)
	}
	rec, err := e.svc.GameRecord(e.ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Settings.Fog != "heavy" {
		t.Errorf("the record's fog is %q, want heavy", rec.Settings.Fog)
	}
	replayed, err := game.Replay(rec) // just started: no card drawn, nothing hidden
	if err != nil {
		t.Fatal(err)
	}
	if replayed.Config().Fog != rules.FogHeavy {
		t.Errorf("the replayed record has fog %s, want heavy", replayed.Config().Fog)
	}
	plain := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(ada, bo), Start: true}).GameID
	if got := e.state(plain).Config().Fog; got != rules.FogNone {
		t.Errorf("a game created without fog has fog %s", got)
	}
}

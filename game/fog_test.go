package game_test

import (
	"reflect"
	"testing"

	"rout/dbtest"
	"rout/game"
	"rout/rules"
)

// A game keeps the fog it was created with: in its row, in its engine state, rebuilt from its rows, and
// in its record, whose replay carries it once the game is over (docs/rules.md R76); until then a
// player's record is their own view, which does not replay.
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
	if _, err := game.Replay(rec); err == nil {
		t.Error("the record of a running fog game, seat 0's view, replays")
	}
	// The fog lifts at the end: the record is whole, and replays with its fog.
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(bo), Command: rules.Resign{}}); err != nil {
		t.Fatal(err)
	}
	if rec, err = e.svc.GameRecord(e.ctx, id, 0); err != nil {
		t.Fatal(err)
	}
	replayed, err := game.Replay(rec)
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

// Every viewer of a fog game keeps a record of their own, written with the events: numbered from 1
// without gaps, exactly rules.Watch of the game's events from its start for that viewer (each seat's view
// of the start included), with games.view_seqs holding each record's last number; a command's expected
// version is the viewer's number, which moves only with what they see. A game without fog keeps none.
func TestFogGameKeepsEachViewersRecord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ada := e.user("ada")
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: []dbtest.SeatOpts{{User: ada}, {CPU: true}, {CPU: true}},
		Start: true, Fog: rules.FogNormal}).GameID
	for range 9 {
		snap, err := e.svc.GameSnapshot(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if snap.Status != game.StatusActive {
			break
		}
		if _, err := e.svc.TurnPlay(e.ctx, e.playInput(e.svc, id)); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Status != game.StatusActive {
		t.Skip("the game ended before the check") // a fog lifted at the end shows everything
	}
	events, err := e.svc.Events(e.ctx, id, 0, 100000)
	if err != nil {
		t.Fatal(err)
	}
	plain := make([]rules.Event, len(events))
	for i, ev := range events {
		plain[i] = ev.Event
	}
	initial, err := rules.New(snap.State.Board(), snap.State.Config())
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.ViewSeqs) != 4 {
		t.Fatalf("view_seqs %v, want 3 seats and the spectators", snap.ViewSeqs)
	}
	for _, viewer := range []rules.PlayerID{0, 1, 2, rules.NoPlayer} {
		want, err := rules.Watch(initial, plain, viewer)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.svc.SeenEvents(e.ctx, id, viewer, 0, 100000)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) || int64(len(got)) != game.ViewSeq(snap.ViewSeqs, viewer) {
			t.Fatalf("viewer %d: %d seen events, view_seqs %v; rules.Watch gives %d", viewer, len(got), snap.ViewSeqs, len(want))
		}
		if len(got) >= len(events) {
			t.Errorf("viewer %d saw %d of %d events under normal fog: nothing hidden", viewer, len(got), len(events))
		}
		for i, w := range want {
			g := got[i]
			if g.Seq != int64(i+1) {
				t.Fatalf("viewer %d: event %d numbered %d", viewer, i+1, g.Seq)
			}
			kind := game.ViewChanged
			if w.Event != nil {
				kind = w.Event.Kind()
			}
			if g.Kind != kind || g.After.Phase != w.Phase.String() || len(g.After.Territories) != len(w.Changed) {
				t.Fatalf("viewer %d, event %d: %s %+v, want %s after which %s with %d territories", viewer, i+1, g.Kind, g.After, kind, w.Phase, len(w.Changed))
			}
		}
		if viewer == 0 {
			if snap.VersionFor(0) != int64(len(got)) {
				t.Errorf("seat 0's version %d, want %d", snap.VersionFor(0), len(got))
			}
		}
	}
	if got := e.count(`SELECT count(*) FROM seen_events WHERE game_id <> $1`, id); got != 0 {
		t.Errorf("%d seen events of other games", got)
	}
}

// A command in a fog game comes back with its events as the actor's record shows them, from its own
// write: what SeenOf reads back from the record. A replay of it reads the record.
func TestFogCommandAnswersTheActorsRecord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	users := []int{e.user("ada"), e.user("bo"), e.user("cy")}
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(users...), Start: true, Fog: rules.FogNormal}).GameID
	snap, err := e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	s := snap.State
	p := s.Current()
	mine := rules.TerritoryID(-1)
	for t := range s.Board().Len() {
		if s.Owner(rules.TerritoryID(t)) == p {
			mine = rules.TerritoryID(t)
		}
	}
	for _, c := range []rules.Command{rules.Place{Placements: []rules.Placement{{Territory: mine, Armies: s.Reserve()}}}, rules.EndAttack{}, rules.EndTurn{}} {
		in := game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: c, IdempotencyKey: c.Kind()}
		res, err := e.svc.TurnSubmit(e.ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		want, err := e.svc.SeenOf(e.ctx, id, p, res.Events)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 || !reflect.DeepEqual(res.Seen, want) {
			t.Errorf("%s: seen %+v, want the record's %+v", c.Kind(), res.Seen, want)
		}
		if replayed, err := e.svc.TurnSubmit(e.ctx, in); err != nil || !replayed.Replayed || replayed.Seen != nil {
			t.Errorf("%s again: replayed %v with seen %+v, %v; want a replay without them", c.Kind(), replayed.Replayed, replayed.Seen, err)
		}
	}
}

// A CPU seat of a fog game decides from what its seat remembers (docs/rules.md, R80), read from the seat's
// own record: exactly the memory rules.Memory folds from the game's events as that seat sees them (as
// rout sim folds it), and not the same for every seat.
func TestCPUSeatRemembersItsRecord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id := dbtest.Game(t, e.db, dbtest.GameOpts{Service: e.svc, Seats: []dbtest.SeatOpts{{CPU: true}, {CPU: true}, {CPU: true}},
		Start: true, Fog: rules.FogNormal}).GameID
	for range 12 {
		snap, err := e.svc.GameSnapshot(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if snap.Status != game.StatusActive {
			break
		}
		if _, err := e.svc.TurnPlay(e.ctx, e.playInput(e.svc, id)); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Status != game.StatusActive {
		t.Skip("the game ended before the check")
	}
	events, err := e.svc.Events(e.ctx, id, 0, 100000)
	if err != nil {
		t.Fatal(err)
	}
	plain := make([]rules.Event, len(events))
	for i, ev := range events {
		plain[i] = ev.Event
	}
	initial, err := rules.New(snap.State.Board(), snap.State.Config())
	if err != nil {
		t.Fatal(err)
	}
	var memories []rules.Memory
	for seat := range rules.PlayerID(3) {
		want := rules.NewMemory(initial.Board())
		if err := want.Watch(initial, plain, seat); err != nil {
			t.Fatal(err)
		}
		got, err := e.svc.Recall(e.ctx, id, snap.State, seat)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("seat %d remembers from its record\n%+v\nwant, from the events it saw,\n%+v", seat, got, want)
		}
		memories = append(memories, got)
	}
	if reflect.DeepEqual(memories[0].Owners, memories[1].Owners) {
		t.Error("seats 0 and 1 remember the same owners under normal fog")
	}
}

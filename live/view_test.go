package live_test

import (
	"testing"
	"time"

	"rout/dbtest"
	"rout/game"
	"rout/live"
	"rout/rules"
)

// fogGame starts a fog game of n users on the test's service.
func (e *env) fogGame(n int, fog rules.Fog) int {
	e.t.Helper()
	e.users = nil
	for range n {
		e.users = append(e.users, int(dbtest.User(e.t, e.db, dbtest.UserOpts{})))
	}
	return dbtest.Game(e.t, e.db, dbtest.GameOpts{Service: e.svc, Seats: dbtest.Users(e.users...), Start: true, Fog: fog}).GameID
}

// viewSeq returns the last number of viewer's record of game id.
func (e *env) viewSeq(id int, viewer rules.PlayerID) int64 {
	e.t.Helper()
	n, err := e.svc.ViewSeq(e.ctx, id, viewer)
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// The subscribers of a fog game follow their own record (docs/live.md, "Fog of war"): each seat and the
// spectators get the entries of their record after the number they gave, live as commands commit (also
// commands whose notification was lost, through the head check), in order without gaps, exactly the
// record's entries; a seat's subscriber gets none of the events only others see.
func TestViewTopicsFollowEachViewersRecord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, live.Opts{HeadCheckInterval: 50 * time.Millisecond, Buffer: 256}) // read after all commands
	id := e.fogGame(3, rules.FogNormal)
	e.play(e.svc, id, 3)
	viewers := []rules.PlayerID{0, 1, 2, rules.NoPlayer}
	subs := make([]*live.Subscription[*live.Event], len(viewers))
	starts := make([]int64, len(viewers))
	for i, v := range viewers {
		starts[i] = e.viewSeq(id, v)
		sub, err := e.hub.ViewEvents(e.ctx, id, v, starts[i])
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(sub.Close)
		subs[i] = sub
	}
	e.play(e.svc, id, 40)
	silent, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet, SkipNotify: true})
	if err != nil {
		t.Fatal(err)
	}
	e.play(silent, id, 10) // heard of only through the head check
	seqs := e.seq(id)
	for i, v := range viewers {
		upTo := e.viewSeq(id, v)
		if upTo >= seqs && v >= 0 {
			t.Errorf("viewer %d's record holds %d entries of the game's %d events under normal fog", v, upTo, seqs)
		}
		got := collect(t, subs[i], starts[i], upTo)
		want, err := e.svc.SeenEvents(e.ctx, id, v, starts[i], int(upTo-starts[i]))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("viewer %d: %d entries live, %d in the record", v, len(got), len(want))
		}
		for j := range got {
			if got[j].Kind != want[j].Kind || string(got[j].Payload) != string(want[j].Payload) || len(got[j].Territories) != len(want[j].After.Territories) {
				t.Fatalf("viewer %d, entry %d: live %s %s, record %s %s", v, got[j].Seq, got[j].Kind, got[j].Payload, want[j].Kind, want[j].Payload)
			}
		}
	}
}

package game_test

import (
	"testing"
	"time"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
	"rout/rules"
)

// endTurn plays the current turn of user's seat with the Normal CPU's commands sent as the user's, and
// returns the state after it.
func (e *env) endTurn(id, user int) rules.State {
	e.t.Helper()
	s := e.state(id)
	seat, turn := s.Current(), s.Turn()
	for s.Phase() != rules.PhaseOver && s.Turn() == turn {
		res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), Command: ai.Normal(s, seat, nil)})
		if err != nil {
			e.t.Fatal(err)
		}
		s = res.Game.State
	}
	return s
}

// last is the last change recorded.
func (c *changes) last() game.Change {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.all[len(c.all)-1]
}

// TestDelegationIsDecidedWhenTheTurnStarts: a delegation made during the seat's own turn takes effect
// from its next turn (Change.Delegate), a reclaim during a turn the CPU began leaves that turn to the CPU,
// and the seat's next turn is its player's again; a delegation whose time has passed when the turn starts
// is cleared and the turn is the player's.
func TestDelegationIsDecidedWhenTheTurnStarts(t *testing.T) {
	rec := &changes{}
	e := newEnv(t, rec)
	alice, bob, id := e.twoPlayers()
	users := map[rules.PlayerID]int{0: alice, 1: bob}
	s := e.state(id)
	me, other := s.Current(), 1-s.Current()
	if _, err := e.svc.SeatDelegate(e.ctx, game.DelegateInput{GameID: id, UserID: users[me], Difficulty: "easy"}); err != nil {
		t.Fatal(err)
	}
	// My own turn stays mine; the next of mine is the CPU's.
	e.endTurn(id, users[me])
	if d := rec.last().Delegate; d != "" {
		t.Errorf("the other's turn started with delegate %q", d)
	}
	s = e.endTurn(id, users[other])
	if s.Current() != me || rec.last().Delegate != "easy" {
		t.Fatalf("my next turn started with delegate %q, want easy", rec.last().Delegate)
	}
	snap, err := e.svc.SeatReclaim(e.ctx, id, users[me])
	if err != nil {
		t.Fatal(err)
	}
	if snap.Seats[me].Delegation != nil {
		t.Errorf("still delegated after the reclaim: %+v", snap.Seats[me].Delegation)
	}
	// The turn the CPU began is its to finish.
	played, err := e.svc.TurnPlay(e.ctx, game.PlayInput{GameID: id, Seat: int(me), Turn: s.Turn(), Cause: game.CauseDelegate, Difficulty: "easy"})
	if err != nil || !played.Done {
		t.Fatalf("the delegate's turn after the reclaim: %+v, %v", played, err)
	}
	for _, ev := range played.Events {
		if ev.Cause != game.CauseDelegate {
			t.Errorf("event %d of the delegate's turn has cause %s", ev.Seq, ev.Cause)
		}
	}
	e.endTurn(id, users[other])
	if d := rec.last().Delegate; d != "" {
		t.Errorf("my turn after the reclaim started with delegate %q", d)
	}
	// A delegation until a time that has passed when the turn starts: cleared, the turn is mine.
	e.endTurn(id, users[me])
	until := e.now().Add(time.Hour)
	if _, err := e.svc.SeatDelegate(e.ctx, game.DelegateInput{GameID: id, UserID: users[me], Difficulty: "normal", Until: &until}); err != nil {
		t.Fatal(err)
	}
	e.advance(time.Hour + time.Second) // the service's clock passes until: the delegation ends there
	e.endTurn(id, users[other])
	if d := rec.last().Delegate; d != "" {
		t.Errorf("a turn after the delegation's end started with delegate %q", d)
	}
	if n := e.count(`SELECT count(*) FROM players WHERE game_id = $1 AND seat = $2 AND delegate IS NULL`, id, int(me)); n != 1 {
		t.Errorf("the ended delegation was not cleared")
	}
	if err := e.svc.GameVerify(e.ctx, id); err != nil {
		t.Errorf("verify: %v", err)
	}
}

// TestResignedSeatIsNotDelegated: a player who resigned from a game that goes on can neither hand their
// seat to a CPU nor reclaim it (SEAT_NOT_ACTIVE), on the replica that played the resignation as on one
// that reads the seat from its row; and the seat shows resigned on both.
func TestResignedSeatIsNotDelegated(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	alice, bob, carol := e.user("alice"), e.user("bob"), e.user("carol")
	id := e.started(rules.ClaimRandom, rules.CardsClassic, alice, bob, carol)
	users := []int{alice, bob, carol}
	quitter := users[(int(e.state(id).Current())+1)%3] // not the seat to move: the game goes on
	res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(quitter), Command: rules.Resign{}})
	if err != nil {
		t.Fatal(err)
	}
	seat := res.Seat
	if got := res.Game.Seats[seat].Status; got != game.SeatStatusResigned {
		t.Errorf("the resignation's answer shows the seat %s, want resigned", got)
	}
	other, err := game.New(game.Opts{DB: e.db, Accounts: dbtest.Accounts(t, e.db), Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		name string
		svc  *game.Service
	}{{"the replica that resigned", e.svc}, {"another replica", other}} {
		name, svc := r.name, r.svc
		snap, err := svc.GameSnapshot(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got := snap.Seats[seat].Status; got != game.SeatStatusResigned {
			t.Errorf("%s shows the seat %s, want resigned", name, got)
		}
		if _, err := svc.SeatDelegate(e.ctx, game.DelegateInput{GameID: id, UserID: quitter, Difficulty: "easy"}); code(err) != "SEAT_NOT_ACTIVE" {
			t.Errorf("%s: delegating the resigned seat: %v, want SEAT_NOT_ACTIVE", name, err)
		}
		if _, err := svc.SeatReclaim(e.ctx, id, quitter); code(err) != "SEAT_NOT_ACTIVE" {
			t.Errorf("%s: reclaiming the resigned seat: %v, want SEAT_NOT_ACTIVE", name, err)
		}
	}
	if v := e.version(id); v != res.Game.Version {
		t.Errorf("the refused calls moved the game from version %d to %d", res.Game.Version, v)
	}
}

package jobs_test

import (
	"errors"
	"testing"
	"time"

	"rout/ai"
	"rout/game"
	"rout/jobs"
	"rout/rules"
)

// playOwnTurn plays the current turn of user's seat with the Normal CPU's commands, sent as the user's.
func (e *env) playOwnTurn(svc *game.Service, id, user int) {
	e.t.Helper()
	s, err := svc.GameState(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	seat, turn := s.Current(), s.Turn()
	for s.Phase() != rules.PhaseOver && s.Turn() == turn {
		res, err := svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), Command: ai.Normal(s, seat, nil)})
		if err != nil {
			e.t.Fatal(err)
		}
		s = res.Game.State
	}
}

// seatOf is user's seat in game id.
func (e *env) seatOf(id, user int) int {
	return e.count(`SELECT seat FROM players WHERE game_id = $1 AND user_id = $2`, id, user)
}

// waitForOwnTurn waits until it is seat's turn in game id with its deadline job waiting (the player's to
// play), and returns the turn.
func (e *env) waitForOwnTurn(id, seat, after int) int {
	e.t.Helper()
	var turn int
	e.waitFor("the seat's own turn", 2*time.Minute, func() bool {
		turn = e.gameInt(id, "turn")
		return turn > after && e.gameInt(id, "current_seat") == seat && e.count(`SELECT count(*) FROM river_job
			WHERE kind = $1 AND (args->>'game_id')::int = $2 AND (args->>'turn')::int = $3 AND state = 'scheduled'`,
			jobs.KindTurnDeadline, id, turn) == 1
	})
	return turn
}

// TestDelegatedSeatIsPlayedAtOnce hands alice's seat to the Normal CPU for two turns: each of those turns
// is played at once when it starts, recorded with the cause delegate, and the turn after them is hers
// again, with its deadline and your_turn notice.
func TestDelegatedSeatIsPlayedAtOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	alice := e.user("alice", "none")
	id := e.createGame(r.svc, alice, human(alice), cpu("easy"))
	seat := e.seatOf(id, alice)
	first := e.waitForOwnTurn(id, seat, -1)
	two := 2
	if _, err := r.svc.SeatDelegate(e.ctx, game.DelegateInput{GameID: id, UserID: alice, Difficulty: "normal", Turns: &two}); err != nil {
		t.Fatal(err)
	}
	// Her current turn stays hers.
	e.playOwnTurn(r.svc, id, alice)
	back := e.waitForOwnTurn(id, seat, first)
	if n := e.count(`SELECT count(DISTINCT turn) FROM events WHERE game_id = $1 AND seat = $2 AND cause = 'delegate'
		AND kind <> 'turn_started' AND turn > $3 AND turn < $4`, id, seat, first, back); n != 2 {
		t.Errorf("turns of alice played by her delegate between turns %d and %d: %d, want 2", first, back, n)
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seat = $2 AND cause NOT IN ('player', 'delegate')
		AND kind <> 'turn_started'`, id, seat); n != 0 {
		t.Errorf("%d events of alice's seat with another cause (a takeover?)", n)
	}
	if n := e.count(`SELECT count(*) FROM players WHERE game_id = $1 AND seat = $2 AND delegate IS NULL`, id, seat); n != 1 {
		t.Errorf("the delegation is still there after its two turns")
	}
	if n := e.notices(alice, id, back, "your_turn"); n != 1 {
		t.Errorf("your_turn notices for her turn %d back: %d, want 1", back, n)
	}
	rec, err := r.svc.GameRecord(e.ctx, id, seat)
	if err != nil {
		t.Fatal(err)
	}
	causes := map[string]int{}
	for _, ev := range rec.Events {
		causes[ev.Cause]++
	}
	if causes["delegate"] == 0 || causes["cpu"] == 0 || causes["player"] == 0 {
		t.Errorf("causes in the record: %v; want player, cpu and delegate", causes)
	}
	if err := r.svc.GameVerify(e.ctx, id); err != nil {
		t.Errorf("the game's rows differ from its record: %v", err)
	}
}

// TestReclaimedSeatIsThePlayersFromItsNextTurn hands alice's seat to a CPU for the rest of the game, lets
// it play one of her turns, and takes it back: her next turn is hers.
func TestReclaimedSeatIsThePlayersFromItsNextTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	alice := e.user("alice", "none")
	id := e.createGame(r.svc, alice, human(alice), cpu("easy"))
	seat := e.seatOf(id, alice)
	first := e.waitForOwnTurn(id, seat, -1)
	var ge *game.Error
	if _, err := r.svc.SeatReclaim(e.ctx, id, alice); !errors.As(err, &ge) || ge.Code != game.CodeNotDelegated {
		t.Errorf("reclaiming a seat she plays: %v, want %s", err, game.CodeNotDelegated)
	}
	if _, err := r.svc.SeatDelegate(e.ctx, game.DelegateInput{GameID: id, UserID: alice, Difficulty: "cautious"}); err != nil {
		t.Fatal(err)
	}
	e.playOwnTurn(r.svc, id, alice)
	e.waitFor("the delegate to play a turn of alice's", 2*time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seat = $2 AND cause = 'delegate' AND kind = 'turn_started'`,
			id, seat) > 0
	})
	snap, err := r.svc.SeatReclaim(e.ctx, id, alice)
	if err != nil {
		t.Fatal(err)
	}
	if d := snap.Seats[seat].Delegation; d != nil {
		t.Errorf("the seat is still delegated: %+v", d)
	}
	reclaimed := snap.State.Turn()
	back := e.waitForOwnTurn(id, seat, max(first, reclaimed))
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND turn = $2 AND cause = 'delegate'
		AND kind <> 'turn_started'`, id, back); n != 0 {
		t.Errorf("%d events of her turn %d after the reclaim by the delegate", n, back)
	}
}

// TestThreeTakeoversHandTheSeatToTheCPU lets three of alice's turns in a row run out: her seat is handed
// to the CPU until she comes back, she is told once, the CPU then plays her turns at once, and her
// reclaim gives her the seat back.
func TestThreeTakeoversHandTheSeatToTheCPU(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	alice := e.user("alice", "email")
	e.deadlineIn(time.Second)
	id := e.createGame(r.svc, alice, human(alice), cpu("easy"))
	seat := e.seatOf(id, alice)
	e.waitFor("alice's seat to be handed to the CPU", 2*time.Minute, func() bool {
		return e.notices(alice, id, -1, "seat_delegated") > 0
	})
	if n := e.notices(alice, id, -1, "seat_delegated"); n != 1 {
		t.Errorf("seat_delegated notices: %d, want 1", n)
	}
	if n := e.notices(alice, id, -1, "cpu_played"); n != game.AutoDelegateTakeovers {
		t.Errorf("cpu_played notices: %d, want %d", n, game.AutoDelegateTakeovers)
	}
	if n := e.count(`SELECT count(*) FROM players WHERE game_id = $1 AND seat = $2 AND delegate = $3 AND delegate_auto
		AND takeovers = $4`, id, seat, game.AutoDelegate, game.AutoDelegateTakeovers); n != 1 {
		t.Errorf("the seat is not handed to %s after %d takeovers", game.AutoDelegate, game.AutoDelegateTakeovers)
	}
	e.waitFor("the CPU to play a turn of alice's at once", 2*time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seat = $2 AND cause = 'delegate' AND kind = 'turn_started'`,
			id, seat) > 0
	})
	if n := e.count(`SELECT count(DISTINCT turn) FROM events WHERE game_id = $1 AND seat = $2 AND cause = 'takeover'
		AND kind <> 'turn_started'`, id, seat); n != game.AutoDelegateTakeovers {
		t.Errorf("turns taken over: %d, want %d (then the delegate plays)", n, game.AutoDelegateTakeovers)
	}
	e.offset.Store(0) // her next turns end an hour from now
	snap, err := r.svc.SeatReclaim(e.ctx, id, alice)
	if err != nil {
		t.Fatal(err)
	}
	if st := snap.Seats[seat]; st.Delegation != nil || st.Takeovers != 0 {
		t.Errorf("after the reclaim: delegation %+v, takeovers %d", st.Delegation, st.Takeovers)
	}
	e.waitForOwnTurn(id, seat, snap.State.Turn())
}

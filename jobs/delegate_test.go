package jobs_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"rout/ai"
	"rout/game"
	"rout/internal/testwait"
	"rout/jobs"
	"rout/rules"
)

// playOwnTurn plays the current turn of user's seat with the Normal CPU's commands, sent as the user's.
func (e *env) playOwnTurn(svc *game.Service, id, user int) {
	e.t.Helper()
	e.playTurn(svc, id, user, func(s rules.State, p rules.PlayerID) rules.Command { return ai.Normal(s, p, nil) })
}

// passive is the Normal CPU's command with its attacks left out: a seat played so neither wins the game
// nor ends it.
func passive(s rules.State, p rules.PlayerID) rules.Command {
	cmd := ai.Normal(s, p, nil)
	if _, attack := cmd.(rules.Attack); attack {
		return rules.EndAttack{}
	}
	return cmd
}

// playTurn plays the current turn of user's seat with decide's commands, sent as the user's.
func (e *env) playTurn(svc *game.Service, id, user int, decide func(rules.State, rules.PlayerID) rules.Command) {
	e.t.Helper()
	s, err := svc.GameState(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	seat, turn := s.Current(), s.Turn()
	for s.Phase() != rules.PhaseOver && s.Turn() == turn {
		res, err := svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(user), Command: decide(s, seat)})
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

// waitForOwnTurn waits until it is seat's turn in game id, a turn after after, with its deadline job
// waiting (the player's to play), and returns the turn.
func (e *env) waitForOwnTurn(id, seat, after int) int {
	e.t.Helper()
	var turn int
	if !testwait.Until(2*time.Minute, func() bool {
		turn = e.gameInt(id, "turn")
		return turn > after && e.gameInt(id, "current_seat") == seat && e.count(`SELECT count(*) FROM river_job
			WHERE kind = $1 AND (args->>'game_id')::int = $2 AND (args->>'turn')::int = $3 AND state = 'scheduled'`,
			jobs.KindTurnDeadline, id, turn) == 1
	}) {
		e.t.Fatalf("waited 2m for a turn of seat %d after turn %d with its deadline job scheduled; %s", seat, after, e.describe(id))
	}
	return turn
}

// describe says where game id is and which of its timer and CPU jobs wait, for a failure's message.
func (e *env) describe(id int) string {
	e.t.Helper()
	var status string
	var turn, current int
	if err := e.db.QueryRow(`SELECT status, turn, COALESCE(current_seat, -1) FROM games WHERE id = $1`, id).Scan(&status, &turn, &current); err != nil {
		return fmt.Sprintf("game %d: %v", id, err)
	}
	var waiting string
	if err := e.db.QueryRow(`SELECT COALESCE(string_agg(kind || ' of turn ' || (args->>'turn') || ' ' || state, ', '), 'none')
		FROM river_job WHERE (args->>'game_id')::int = $1 AND state NOT IN ('completed', 'cancelled', 'discarded')`, id).Scan(&waiting); err != nil {
		return fmt.Sprintf("game %d: %v", id, err)
	}
	return fmt.Sprintf("game %d is %s at turn %d with seat %d to move; its jobs not done: %s", id, status, turn, current, waiting)
}

// playTurnsOf plays user's turns in game id without attacking (passive) until it is seat's turn or the
// game is over: the game then waits for seat, whose turns the test plays, lets run out or hands to a CPU.
// A player who never attacks cannot win, and the few turns a CPU plays for seat cannot take all of their
// armies, so the game goes on for as long as the test needs (a Normal player here once won at turn 9).
func (e *env) playTurnsOf(svc *game.Service, id, user, seat int) {
	e.t.Helper()
	for e.gameInt(id, "current_seat") != seat && e.gameInt(id, "winner_seat") < 0 {
		e.playTurn(svc, id, user, passive)
	}
}

// takeOver works the deadline job of turn of game id now, as River works it at the turn's deadline, and
// checks that the turn is over.
func (e *env) takeOver(j *jobs.Jobs, id, turn int) {
	e.t.Helper()
	var raw []byte
	if err := e.db.QueryRow(`SELECT args FROM river_job WHERE kind = $1 AND (args->>'game_id')::int = $2
		AND (args->>'turn')::int = $3 AND state = 'scheduled'`, jobs.KindTurnDeadline, id, turn).Scan(&raw); err != nil {
		e.t.Fatalf("reading the deadline job of turn %d: %v; %s", turn, err, e.describe(id))
	}
	var args jobs.TurnDeadlineArgs
	if err := json.Unmarshal(raw, &args); err != nil {
		e.t.Fatal(err)
	}
	if err := j.WorkDeadline(e.ctx, args); err != nil {
		e.t.Fatalf("working the deadline job of turn %d: %v", turn, err)
	}
	if now := e.gameInt(id, "turn"); now == turn {
		e.t.Fatalf("turn %d is still on after its deadline job; %s", turn, e.describe(id))
	}
}

// waitForDelegate waits until a CPU has played a turn of seat after turn after as its delegate (cause
// delegate), and the game waits for another seat or is over.
func (e *env) waitForDelegate(id, seat, after int) {
	e.t.Helper()
	if !testwait.Until(2*time.Minute, func() bool {
		return e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seat = $2 AND cause = 'delegate'
			AND kind <> 'turn_started' AND turn > $3`, id, seat, after) > 0 && e.gameInt(id, "current_seat") != seat
	}) {
		e.t.Fatalf("waited 2m for the delegate to play a turn of seat %d after turn %d; %s", seat, after, e.describe(id))
	}
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
// it play one of her turns, and takes it back: her next turn is hers. Bob's turns are played by the test,
// so that the game waits for the reclaim instead of racing the CPU to its end.
func TestReclaimedSeatIsThePlayersFromItsNextTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	alice, bob := e.user("alice", "none"), e.user("bob", "none")
	id := e.createGame(r.svc, alice, human(alice), human(bob))
	seat := e.seatOf(id, alice)
	e.playTurnsOf(r.svc, id, bob, seat)
	first := e.waitForOwnTurn(id, seat, -1)
	var ge *game.Error
	if _, err := r.svc.SeatReclaim(e.ctx, id, alice); !errors.As(err, &ge) || ge.Code != game.CodeNotDelegated {
		t.Errorf("reclaiming a seat she plays: %v, want %s", err, game.CodeNotDelegated)
	}
	if _, err := r.svc.SeatDelegate(e.ctx, game.DelegateInput{GameID: id, UserID: alice, Difficulty: "cautious"}); err != nil {
		t.Fatal(err)
	}
	e.playOwnTurn(r.svc, id, alice)
	e.playTurnsOf(r.svc, id, bob, seat)
	e.waitForDelegate(id, seat, first)
	snap, err := r.svc.SeatReclaim(e.ctx, id, alice)
	if err != nil {
		t.Fatal(err)
	}
	if d := snap.Seats[seat].Delegation; d != nil {
		t.Errorf("the seat is still delegated: %+v", d)
	}
	reclaimed := snap.State.Turn()
	e.playTurnsOf(r.svc, id, bob, seat)
	back := e.waitForOwnTurn(id, seat, reclaimed)
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND turn = $2 AND cause = 'delegate'
		AND kind <> 'turn_started'`, id, back); n != 0 {
		t.Errorf("%d events of her turn %d after the reclaim by the delegate", n, back)
	}
}

// TestThreeTakeoversHandTheSeatToTheCPU lets three of alice's turns in a row run out: her seat is handed
// to the CPU until she comes back, she is told once, the CPU then plays her turns at once, and her
// reclaim gives her the seat back. Her turns end when the test works their deadline jobs (as River does
// at their time, which other tests wait for), and bob's turns are played by the test: nothing waits for
// the wall clock, and the game waits for the reclaim instead of racing the CPU to its end.
func TestThreeTakeoversHandTheSeatToTheCPU(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.replica(testConfig(), nil)
	alice, bob := e.user("alice", "email"), e.user("bob", "none")
	id := e.createGame(r.svc, alice, human(alice), human(bob))
	seat := e.seatOf(id, alice)
	turn := -1
	for range game.AutoDelegateTakeovers {
		e.playTurnsOf(r.svc, id, bob, seat)
		turn = e.waitForOwnTurn(id, seat, turn)
		e.takeOver(r.jobs, id, turn)
	}
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
	e.playTurnsOf(r.svc, id, bob, seat)
	e.waitForDelegate(id, seat, turn)
	if n := e.count(`SELECT count(DISTINCT turn) FROM events WHERE game_id = $1 AND seat = $2 AND cause = 'takeover'
		AND kind <> 'turn_started'`, id, seat); n != game.AutoDelegateTakeovers {
		t.Errorf("turns taken over: %d, want %d (then the delegate plays)", n, game.AutoDelegateTakeovers)
	}
	snap, err := r.svc.SeatReclaim(e.ctx, id, alice)
	if err != nil {
		t.Fatal(err)
	}
	if st := snap.Seats[seat]; st.Delegation != nil || st.Takeovers != 0 {
		t.Errorf("after the reclaim: delegation %+v, takeovers %d", st.Delegation, st.Takeovers)
	}
	e.playTurnsOf(r.svc, id, bob, seat)
	e.waitForOwnTurn(id, seat, snap.State.Turn())
}

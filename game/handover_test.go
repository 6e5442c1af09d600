package game_test

import (
	"errors"
	"slices"
	"testing"

	"rout/ai"
	"rout/game"
	"rout/rules"
)

// playTurnAs plays the current turn of game id with the Normal CPU's commands sent by actor, and returns
// the state after it.
func (e *env) playTurnAs(id int, actor game.Actor) rules.State {
	e.t.Helper()
	s := e.state(id)
	seat, turn := s.Current(), s.Turn()
	for s.Phase() != rules.PhaseOver && s.Turn() == turn {
		res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: actor, Command: ai.Normal(s, seat, nil)})
		if err != nil {
			e.t.Fatalf("seat %d's turn %d: %v", seat, turn, err)
		}
		if res.Events[0].Seat != seat || res.Events[0].Cause != game.CausePlayer {
			e.t.Fatalf("a command for seat %d was recorded for seat %d, cause %s", seat, res.Events[0].Seat, res.Events[0].Cause)
		}
		s = res.Game.State
	}
	return s
}

// playUntil plays game id's turns, each by whoever plays the seat (its player, or for a handed-over seat
// the teammate who plays it), until seat p is to move at the start of its turn; the CPU plays a handed-over
// seat no teammate plays, as its job would.
func (e *env) playUntil(id int, users map[rules.PlayerID]int, p rules.PlayerID) rules.State {
	e.t.Helper()
	for range 20 {
		snap, err := e.svc.GameSnapshot(e.ctx, id)
		if err != nil {
			e.t.Fatal(err)
		}
		s := snap.State
		if s.Current() == p || s.Phase() == rules.PhaseOver {
			return s
		}
		if by := game.PlayedBy(s, snap.Seats, s.Current()); by != rules.NoPlayer {
			e.playTurnAs(id, game.UserFor(users[by], int(s.Current())))
		} else if _, err := e.svc.TurnPlay(e.ctx, game.PlayInput{GameID: id, Seat: int(s.Current()), Turn: s.Turn(),
			Cause: game.CauseDelegate, Difficulty: game.HandoverCPU}); err != nil {
			e.t.Fatal(err)
		}
	}
	e.t.Fatalf("seat %d never got to move", p)
	return rules.State{}
}

// turnUser returns the user whose turn game id's row says it is (games.turn_user_id, Row.TurnUser), 0 for
// none, after checking that the game's snapshot says the same.
func (e *env) turnUser(id int) int {
	e.t.Helper()
	snap, err := e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	u := e.count(`SELECT COALESCE(turn_user_id, 0) FROM games WHERE id = $1`, id)
	if snap.TurnUser != u {
		e.t.Fatalf("game %d's snapshot says it is user %d's turn, its row user %d's", id, snap.TurnUser, u)
	}
	return u
}

// resign sends actor's resignation in game id.
func (e *env) resign(id int, actor game.Actor) (game.Result, error) {
	return e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: actor, Command: rules.Resign{}})
}

// isForbidden reports whether err is the service's FORBIDDEN.
func isForbidden(err error) bool {
	var ge *game.Error
	return errors.As(err, &ge) && ge.Code == game.CodeForbidden
}

// TestHandoverToTeammate (R90, `handover: teammate`): a player who resigns while it is not their turn
// leaves their seat in the game, territories and cards included, played by their teammate; the player who
// left can no longer act, an opponent cannot act for the seat, and the teammate plays its turn through
// UserFor, recorded as the seat's own commands. When the teammate leaves too, during the seat's turn, the
// CPU plays both seats, the current turn included (Change.Delegate). The record replays throughout.
func TestHandoverToTeammate(t *testing.T) {
	t.Parallel()
	rec := &changes{}
	e := newEnv(t, rec)
	id, users := e.teamGame(rules.TeamRules{Handover: rules.HandoverTeammate}, 0, 1, 0, 1)
	s := e.state(id)
	// x resigns while not current; y is x's teammate.
	x := (s.Current() + 1) % 4
	y, opp := (x+2)%4, (x+1)%4
	before := s.Player(x)
	res, err := e.resign(id, game.User(users[x]))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Events) != 1 || res.Events[0].Event != (rules.SeatHandedOver{Player: x}) {
		t.Fatalf("the resignation gave %+v", res.Events)
	}
	s = e.state(id)
	if p := s.Player(x); p.Status != rules.Active || p.Territories != before.Territories || !slices.Equal(p.Hand, before.Hand) {
		t.Errorf("the handed-over seat is %+v, was %+v", p, before)
	}
	snap, err := e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if by := game.PlayedBy(s, snap.Seats, x); by != y {
		t.Errorf("seat %d is played by %d, want its teammate %d", x, by, y)
	}
	if got := game.PlaysFor(s, snap.Seats, y); !slices.Equal(got, []rules.PlayerID{x}) {
		t.Errorf("seat %d plays for %v", y, got)
	}
	if _, err := e.resign(id, game.User(users[x])); !isForbidden(err) {
		t.Errorf("the player who left resigned again: %v", err)
	}
	if _, err := e.resign(id, game.UserFor(users[opp], int(x))); !isForbidden(err) {
		t.Errorf("an opponent acted for the handed-over seat: %v", err)
	}
	var re *rules.Error
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.UserFor(users[y], int(x)), Command: rules.EndTurn{}}); !errors.As(err, &re) || re.Code != rules.CodeNotYourTurn {
		t.Errorf("the teammate ended another seat's turn for the handed-over seat: %v", err)
	}

	// x's turn: no CPU is scheduled, its teammate plays it.
	s = e.playUntil(id, users, x)
	if s.Phase() == rules.PhaseOver {
		t.Skip("the game ended before the handed-over seat's turn")
	}
	if d := rec.last().Delegate; d != "" {
		t.Errorf("the handed-over seat's turn started with the CPU %q", d)
	}
	if u := e.turnUser(id); u != users[y] {
		t.Errorf("the handed-over seat's turn is user %d's to play, want the teammate %d", u, users[y])
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.UserFor(users[opp], int(x)), Command: ai.Normal(s, x, nil)}); !isForbidden(err) {
		t.Errorf("an opponent played the handed-over seat's turn: %v", err)
	}
	res, err = e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.UserFor(users[y], int(x)), Command: ai.Normal(s, x, nil)})
	if err != nil || res.Events[0].Seat != x || res.Seat != y {
		t.Fatalf("the teammate's command for the seat: %+v, %v", res, err)
	}

	// y leaves too, mid-x's turn: nobody of the team is left, so the CPU plays both, the current turn at once.
	if _, err := e.resign(id, game.User(users[y])); err != nil {
		t.Fatal(err)
	}
	s = e.state(id)
	snap, err = e.svc.GameSnapshot(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if s.Current() != x || game.PlayedBy(s, snap.Seats, x) != rules.NoPlayer || game.PlayedBy(s, snap.Seats, y) != rules.NoPlayer {
		t.Fatalf("after the teammate left, seat %d (current %d) is played by %d and %d by %d", x, s.Current(),
			game.PlayedBy(s, snap.Seats, x), y, game.PlayedBy(s, snap.Seats, y))
	}
	if d := rec.last().Delegate; d != game.HandoverCPU {
		t.Errorf("the turn of the seat left to the CPU is played by %q, want %q", d, game.HandoverCPU)
	}
	if u := e.turnUser(id); u != 0 {
		t.Errorf("the turn the CPU plays is user %d's to play", u)
	}
	played, err := e.svc.TurnPlay(e.ctx, game.PlayInput{GameID: id, Seat: int(x), Turn: s.Turn(), Cause: game.CauseDelegate, Difficulty: game.HandoverCPU})
	if err != nil || !played.Done {
		t.Fatalf("the CPU's turn for the seat: %+v, %v", played, err)
	}
	e.state(id) // verifies the record
}

// TestHandoverToCPU (R90, `handover: cpu`): a player who resigns on their own turn leaves the seat to the
// CPU, which plays the rest of that turn at once (Change.Delegate) and every turn of the seat after it,
// when it starts; a player who resigns while it is not their turn schedules nothing until the seat's turn.
func TestHandoverToCPU(t *testing.T) {
	t.Parallel()
	rec := &changes{}
	e := newEnv(t, rec)
	tr := rules.TeamRules{Handover: rules.HandoverCPU}
	id, users := e.teamGame(tr, 0, 1, 0, 1)
	if snap, err := e.svc.GameSnapshot(e.ctx, id); err != nil || snap.TeamRules != tr {
		t.Fatalf("the game's options %+v (%v), want %+v", snap.TeamRules, err, tr)
	}
	s := e.state(id)
	cur := s.Current()
	if _, err := e.resign(id, game.User(users[cur])); err != nil {
		t.Fatal(err)
	}
	if d := rec.last().Delegate; d != game.HandoverCPU {
		t.Fatalf("the current turn left to the CPU is played by %q", d)
	}
	if _, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.UserFor(users[(cur+2)%4], int(cur)), Command: rules.EndTurn{}}); !isForbidden(err) {
		t.Errorf("a teammate acted for a seat the CPU plays: %v", err)
	}
	played, err := e.svc.TurnPlay(e.ctx, game.PlayInput{GameID: id, Seat: int(cur), Turn: s.Turn(), Cause: game.CauseDelegate, Difficulty: game.HandoverCPU})
	if err != nil || !played.Done {
		t.Fatalf("the CPU's turn: %+v, %v", played, err)
	}
	next := played.Game.State.Current()
	other := (next + 1) % 4 // not current: its resignation schedules nothing now
	if other == cur {
		other = (other + 1) % 4
	}
	if _, err := e.resign(id, game.User(users[other])); err != nil {
		t.Fatal(err)
	}
	if d := rec.last().Delegate; d != "" {
		t.Errorf("a resignation out of turn scheduled the CPU %q", d)
	}
	s = e.playUntil(id, users, other)
	if s.Phase() == rules.PhaseOver {
		t.Skip("the game ended first")
	}
	if d := rec.last().Delegate; d != game.HandoverCPU {
		t.Errorf("the handed-over seat's turn started with %q, want the CPU", d)
	}
	e.state(id) // verifies the record
}

// TestHandoverToTeammateOnTurn (R90, `handover: teammate`): a player who resigns on their own turn leaves
// that turn to their teammate, who finishes it for the seat; no CPU is scheduled for it.
func TestHandoverToTeammateOnTurn(t *testing.T) {
	t.Parallel()
	rec := &changes{}
	e := newEnv(t, rec)
	id, users := e.teamGame(rules.TeamRules{Handover: rules.HandoverTeammate}, 0, 1, 0, 1)
	s := e.state(id)
	cur, mate := s.Current(), (s.Current()+2)%4
	if _, err := e.resign(id, game.User(users[cur])); err != nil {
		t.Fatal(err)
	}
	if d := rec.last().Delegate; d != "" {
		t.Errorf("the turn left to the teammate is played by the CPU %q", d)
	}
	if s = e.state(id); s.Current() != cur || !s.HandedOver(cur) {
		t.Fatalf("seat %d to move after the resignation of %d, handed over %t", s.Current(), cur, s.HandedOver(cur))
	}
	s = e.playTurnAs(id, game.UserFor(users[mate], int(cur)))
	if s.Current() == cur && s.Phase() != rules.PhaseOver {
		t.Errorf("the teammate did not finish the seat's turn")
	}
}

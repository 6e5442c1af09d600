package game_test

import (
	"testing"

	"rout/ai"
	"rout/game"
	"rout/rules"
)

// TestCauseIsRecordedWithTheCommand checks that a command's cause is a field of its input, handed to
// Effects and recorded with its events, and that a cause that does not go with the actor is refused.
func TestCauseIsRecordedWithTheCommand(t *testing.T) {
	rec := &changes{}
	e := newEnv(t, rec)
	alice, bob, id := e.twoPlayers()
	users := map[rules.PlayerID]int{0: alice, 1: bob}
	for _, c := range []struct {
		name string
		in   func(s rules.State) game.CommandInput
	}{
		{"a user's command with a system cause", func(s rules.State) game.CommandInput {
			return game.CommandInput{GameID: id, Actor: game.User(users[s.Current()]), Command: rules.EndTurn{}, Cause: game.CauseTakeover}
		}},
		{"a system command with the player's cause", func(s rules.State) game.CommandInput {
			return game.CommandInput{GameID: id, Actor: game.Actor{Seat: int(s.Current())}, Command: rules.EndTurn{}}
		}},
		{"an unknown cause", func(s rules.State) game.CommandInput {
			return game.CommandInput{GameID: id, Actor: game.Actor{Seat: int(s.Current())}, Command: rules.EndTurn{}, Cause: 99}
		}},
	} {
		if _, err := e.svc.TurnSubmit(e.ctx, c.in(e.state(id))); code(err) != "BAD_USER_INPUT" {
			t.Errorf("%s: got %v, want BAD_USER_INPUT", c.name, err)
		}
	}
	s := e.state(id)
	p := s.Current()
	res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: ai.Normal(s, p, nil)})
	if err != nil {
		t.Fatal(err)
	}
	s = res.Game.State
	p = s.Current()
	res2, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.Actor{Seat: int(p)}, Command: ai.Normal(s, p, nil),
		Cause: game.CauseTakeover})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		res  game.Result
		want string
	}{{res, "player"}, {res2, "takeover"}} {
		first, last := c.res.Events[0].Seq, c.res.Events[len(c.res.Events)-1].Seq
		if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq BETWEEN $2 AND $3 AND cause = $4`,
			id, first, last, c.want); n != int(last-first+1) {
			t.Errorf("%d of events %d to %d are recorded with cause %s, want all", n, first, last, c.want)
		}
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq = 1 AND cause = 'player'`, id); n != 1 {
		t.Errorf("the start of the game is not recorded as the player's")
	}
	rec.mu.Lock()
	heard := rec.all
	rec.mu.Unlock()
	if n := len(heard); n < 2 || heard[n-2].Cause != game.CausePlayer || heard[n-1].Cause != game.CauseTakeover || heard[n-1].Seat != p {
		t.Errorf("the Effects did not hear the causes and seat of the commands")
	}
	var back game.Cause
	if err := back.UnmarshalText([]byte("survivor")); err != nil || back != game.CauseSurvivor || back.String() != "survivor" {
		t.Errorf("cause survivor reads back as %v, %v", back, err)
	}
}

package game_test

import (
	"math/rand/v2"
	"testing"

	"rout/ai"
	"rout/game"
	"rout/rules"
)

// TestSeatColumnsKeepTheirConventions plays a game until a card is in a hand and checks the seat columns
// as the schema describes them: events.seat is a seat or -1 (the start of the game), games.current_seat
// a seat or -1, and cards.holder_seat a seat exactly for the cards in a hand. (Stopped at a fixed count
// of commands, a game may have no card in a hand: each player may just have traded its set.)
func TestSeatColumnsKeepTheirConventions(t *testing.T) {
	e := newEnv(t, nil)
	alice, bob, id := e.twoPlayers()
	users := map[rules.PlayerID]int{0: alice, 1: bob}
	s := e.state(id)
	r := rand.New(rand.NewPCG(uint64(id), 1))
	holdsCard := func(s rules.State) bool {
		for q := range s.Players() {
			if len(s.Player(rules.PlayerID(q)).Hand) > 0 {
				return true
			}
		}
		return false
	}
	for n := 0; n < 300 && s.Phase() != rules.PhaseOver && !holdsCard(s); n++ {
		p := s.Current()
		res, err := e.svc.TurnSubmit(e.ctx, game.CommandInput{GameID: id, Actor: game.User(users[p]), Command: ai.Normal(s, p, r)})
		if err != nil {
			t.Fatalf("command %d: %v", n, err)
		}
		s = res.Game.State
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seq = 1 AND seat = -1`, id); n != 1 {
		t.Errorf("the start of the game is recorded for seat -1 %d times, want once", n)
	}
	start, err := e.svc.Events(e.ctx, id, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(start) != 1 || start[0].Seat != rules.NoPlayer {
		t.Errorf("the start of the game reads back as %+v, want one event of rules.NoPlayer", start)
	}
	if n := e.count(`SELECT count(*) FROM events WHERE game_id = $1 AND seat < -1`, id); n != 0 {
		t.Errorf("%d events are recorded for a seat below -1", n)
	}
	if n := e.count(`SELECT count(*) FROM games WHERE id = $1 AND current_seat < -1`, id); n != 0 {
		t.Errorf("the game's current seat is below -1")
	}
	if n := e.count(`SELECT count(*) FROM cards WHERE game_id = $1 AND (location = 'hand') <> (holder_seat IS NOT NULL)`, id); n != 0 {
		t.Errorf("%d cards have a holder exactly when they are not in a hand", n)
	}
	if n := e.count(`SELECT count(*) FROM cards WHERE game_id = $1 AND location = 'hand'`, id); n == 0 {
		t.Errorf("no card reached a hand in %d turns: the test checks nothing of cards.holder_seat", s.Turn())
	}
	if got := e.state(id); got.Turn() != s.Turn() || got.Current() != s.Current() {
		t.Errorf("the game reads back at turn %d, seat %d; want turn %d, seat %d", got.Turn(), got.Current(), s.Turn(), s.Current())
	}
}

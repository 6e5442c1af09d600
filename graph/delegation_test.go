package graph_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"rout/ai"
	"rout/dbtest"
	"rout/game"
)

// seatPayload is the data of delegateSeat and reclaimSeat: the seats and the userErrors.
type seatPayload struct {
	Game *struct {
		Seats []struct {
			Seat       int    `json:"seat"`
			UserName   string `json:"userName"`
			PlayedBy   string `json:"playedBy"`
			Takeovers  int    `json:"takeovers"`
			Delegation *struct {
				Difficulty string  `json:"difficulty"`
				TurnsLeft  *int    `json:"turnsLeft"`
				Until      *string `json:"until"`
				Automatic  bool    `json:"automatic"`
			} `json:"delegation"`
		} `json:"seats"`
	} `json:"game"`
	UserErrors []userError `json:"userErrors"`
}

// seatMutation runs delegateSeat or reclaimSeat as token.
func (e *env) seatMutation(token, name string, input map[string]any) seatPayload {
	e.t.Helper()
	typ := map[string]string{"delegateSeat": "DelegateSeatInput", "reclaimSeat": "ReclaimSeatInput"}[name]
	q := fmt.Sprintf(`mutation($input: %s!) { %s(input: $input) { game { seats { seat userName playedBy takeovers
		delegation { difficulty turnsLeft until automatic } } } userErrors { code field message } } }`, typ, name)
	var out map[string]seatPayload
	e.gql(token, q, map[string]any{"input": input}).decode(e.t, &out)
	return out[name]
}

// TestDelegateSeatThroughTheAPI hands a seat to a CPU and takes it back through the API: bad input and
// strangers get userErrors with stable codes, the seats panel shows the delegation, and the events of the
// game say who played them.
func TestDelegateSeatThroughTheAPI(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	svc := newService(t, db, nil)
	e, _ := serveAPI(t, db, svc, nil, settings(nil))
	current, other, id := e.startedPair()
	stranger, _ := e.signUp("zed")
	gid := e.count(`SELECT max(id) FROM games`)

	past := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	for _, c := range []struct {
		token string
		input map[string]any
		code  string
		field []string
	}{
		{other, map[string]any{"gameId": id, "difficulty": "grandmaster"}, "UNKNOWN_DIFFICULTY", []string{"input", "difficulty"}},
		{other, map[string]any{"gameId": id, "difficulty": "normal", "turns": 0}, "INVALID_TURNS", []string{"input", "turns"}},
		{other, map[string]any{"gameId": id, "difficulty": "normal", "until": past}, "INVALID_UNTIL", []string{"input", "until"}},
		{stranger, map[string]any{"gameId": id, "difficulty": "normal"}, "NOT_A_PLAYER", nil},
	} {
		p := e.seatMutation(c.token, "delegateSeat", c.input)
		if len(p.UserErrors) != 1 || p.UserErrors[0].Code != c.code || fmt.Sprint(p.UserErrors[0].Field) != fmt.Sprint(c.field) {
			t.Errorf("delegateSeat(%v): userErrors %+v, want %s on %v", c.input, p.UserErrors, c.code, c.field)
		}
	}
	if p := e.seatMutation(other, "reclaimSeat", map[string]any{"gameId": id}); len(p.UserErrors) != 1 || p.UserErrors[0].Code != "NOT_DELEGATED" {
		t.Errorf("reclaimSeat of a seat its player plays: %+v, want NOT_DELEGATED", p.UserErrors)
	}
	if n := e.count(`SELECT count(*) FROM players WHERE game_id = $1 AND delegate IS NOT NULL`, gid); n != 0 {
		t.Fatalf("%d seats delegated by refused calls", n)
	}

	p := e.seatMutation(other, "delegateSeat", map[string]any{"gameId": id, "difficulty": "normal", "turns": 1})
	if len(p.UserErrors) != 0 || p.Game == nil {
		t.Fatalf("delegateSeat: %+v", p.UserErrors)
	}
	otherSeat := e.count(`SELECT seat FROM players WHERE game_id = $1 AND seat <> (SELECT current_seat FROM games WHERE id = $1)`, gid)
	for _, s := range p.Game.Seats {
		switch {
		case s.Seat == otherSeat && (s.PlayedBy != "DELEGATE" || s.Delegation == nil || s.Delegation.Difficulty != "normal" ||
			s.Delegation.TurnsLeft == nil || *s.Delegation.TurnsLeft != 1 || s.Delegation.Automatic):
			t.Errorf("the delegated seat: %+v", s)
		case s.Seat != otherSeat && (s.PlayedBy != "PLAYER" || s.Delegation != nil):
			t.Errorf("the other seat: %+v", s)
		}
	}

	// The player to move plays their turn; the next is the delegate's (played here as its CPU turn job
	// would: the API's service has no jobs).
	ctx := context.Background()
	curUser := e.count(`SELECT user_id FROM players WHERE game_id = $1 AND seat <> $2`, gid, otherSeat)
	s, err := svc.GameState(ctx, gid)
	if err != nil {
		t.Fatal(err)
	}
	turn := s.Turn()
	for s.Turn() == turn {
		res, err := svc.TurnSubmit(ctx, game.CommandInput{GameID: gid, Actor: game.User(curUser), Command: ai.Normal(s, s.Current(), nil)})
		if err != nil {
			t.Fatal(err)
		}
		s = res.Game.State
	}
	if int(s.Current()) != otherSeat {
		t.Fatalf("seat %d to move, want %d", s.Current(), otherSeat)
	}
	played, err := svc.TurnPlay(ctx, game.PlayInput{GameID: gid, Seat: otherSeat, Turn: s.Turn(), Cause: game.CauseDelegate, Difficulty: "normal"})
	if err != nil || !played.Done {
		t.Fatalf("the delegate's turn: %+v, %v", played, err)
	}
	causes := map[string]int{}
	for _, ev := range e.allEventsWithCause(current, id) {
		c, _ := ev["cause"].(string)
		causes[c]++
		if c == "delegate" && ev["kind"] != "turn_started" && int(ev["seat"].(float64)) != otherSeat {
			t.Errorf("a delegate's event of seat %v: %v", ev["seat"], ev)
		}
	}
	if causes["delegate"] == 0 || causes["player"] == 0 {
		t.Errorf("the events' causes: %v; want player and delegate", causes)
	}
	// Its one turn played, the delegation is over; the seat is its player's.
	view := e.seatMutation(other, "reclaimSeat", map[string]any{"gameId": id})
	if len(view.UserErrors) != 1 || view.UserErrors[0].Code != "NOT_DELEGATED" {
		t.Errorf("reclaimSeat after the delegation's last turn: %+v, want NOT_DELEGATED", view.UserErrors)
	}

	// For the rest of the game, then taken back.
	if p := e.seatMutation(other, "delegateSeat", map[string]any{"gameId": id, "difficulty": "cautious"}); len(p.UserErrors) != 0 {
		t.Fatalf("delegateSeat: %+v", p.UserErrors)
	}
	back := e.seatMutation(other, "reclaimSeat", map[string]any{"gameId": id})
	if len(back.UserErrors) != 0 || back.Game.Seats[otherSeat].PlayedBy != "PLAYER" || back.Game.Seats[otherSeat].Delegation != nil {
		t.Errorf("reclaimSeat: %+v", back)
	}
}

// TestResignedSeatIsNotDelegatedThroughTheAPI: a player who resigned from a game that goes on gets
// SEAT_NOT_ACTIVE from delegateSeat and reclaimSeat, on the server that played the resignation (whose
// cache holds the game) as on a fresh one, and the game does not move.
func TestResignedSeatIsNotDelegatedThroughTheAPI(t *testing.T) {
	t.Parallel()
	db := dbtest.Migrated(t)
	e, _ := serveAPI(t, db, newService(t, db, nil), nil, settings(nil))
	tokens := map[string]string{}
	for _, name := range []string{"ada", "bea", "cy"} {
		tokens[name], _ = e.signUp(name)
	}
	started := e.startedGame("random", tokens["ada"], tokens["bea"], tokens["cy"])
	id := started.Game.ID
	quitter := started.Game.Seats[(*started.Game.CurrentSeat+1)%3].UserName // not the seat to move: the game goes on
	noUserErrors(t, "resign", e.gameMutation(tokens[quitter], "resign", map[string]any{"gameId": id}))
	version := e.gameAs(tokens["ada"], id).Version
	fresh, _ := serveAPI(t, db, newService(t, db, nil), nil, settings(nil))
	for _, server := range []struct {
		name string
		e    *env
	}{{"the server that resigned", e}, {"a fresh server", fresh}} {
		for _, m := range []string{"delegateSeat", "reclaimSeat"} {
			input := map[string]any{"gameId": id}
			if m == "delegateSeat" {
				input["difficulty"] = "easy"
			}
			p := server.e.seatMutation(tokens[quitter], m, input)
			if len(p.UserErrors) != 1 || p.UserErrors[0].Code != "SEAT_NOT_ACTIVE" {
				t.Errorf("%s: %s of the resigned seat: %+v, want SEAT_NOT_ACTIVE", server.name, m, p)
			}
		}
	}
	if v := e.gameAs(tokens["ada"], id).Version; v != version {
		t.Errorf("the refused calls moved the game from version %d to %d", version, v)
	}
}

// allEventsWithCause pages through a game's events, with their causes, as token.
func (e *env) allEventsWithCause(token, id string) []map[string]any {
	e.t.Helper()
	var all []map[string]any
	for after := 0; ; {
		var out struct {
			Game struct {
				Events []map[string]any `json:"events"`
			} `json:"game"`
		}
		e.gql(token, `query($id: ID!, $after: Int) { game(id: $id) { events(after: $after, first: 100) { seq kind seat cause } } }`,
			map[string]any{"id": id, "after": after}).decode(e.t, &out)
		if len(out.Game.Events) == 0 {
			return all
		}
		all = append(all, out.Game.Events...)
		after = int(out.Game.Events[len(out.Game.Events)-1]["seq"].(float64))
	}
}

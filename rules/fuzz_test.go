package rules

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"
)

// The fuzzers start from a few real positions: fixtures and snapshots of seeded random games. Apply must
// never panic, must refuse with a documented code and must keep the invariants; Evolve must never panic
// and must refuse a misfit event with INVALID_EVENT.

// fuzzPositionFixtures are positions no random game reaches reliably.
var fuzzPositionFixtures = []string{
	"board: a-b-c-d-e-f-a\nplayers: 2",
	"board: a-b-c-d-e-f-a\nplayers: 2\nclaim: round_robin\nphase: claim\npos: a:0/1 b:1/1\nunplaced: 0=7 1=7",
	`board: a-b-c-d-e-f-a
	players: 2
	phase: occupy
	pending: a b 2
	pos: a:0/5 b:0/0 c:1/1 d:1/1 e:1/2 f:0/1
	conquered: yes
	hand 0: a b c`,
	`board: a-b-c-d-e-f-a g-h-i-a
	players: 3
	cards: fixed_ttb 10
	phase: attack
	forced: yes
	conquered: yes
	pos: a:0/9 b:0/1 c:1/1 d:1/3 e:0/1 f:0/2 g:n/2 h:1/1 i:0/1
	status: 2=eliminated
	hand 0: a b c d e f *0`,
	`board: a-b-c-d-e-f-a
	players: 2
	cards: classic_scaling_ttb
	phase: reinforce
	reserve: 3
	pos: a:0/2 b:0/1 c:1/1 d:1/3 e:1/1 f:n/2
	hand 0: a b c d e
	deck:`,
	"board: a-b-c-d-e-f\nplayers: 2\nphase: over\nwinner: 0\npos: a:0/1 b:0/1 c:0/1 d:0/1 e:0/1 f:0/1\nstatus: 1=eliminated",
}

// fuzzBoardText is the board of the random games the fuzzers take positions from.
const fuzzBoardText = `
	board: a-b-c-d-e-f-a g-h-i-j-k-l-g a-g d-j b-h m-n-o a-m f-o
	areas: ring=2:a,b,c,d,e,f west=3:g,h,i,j,k,l pair=-1:a,g tail=0:m,n,o
`

// randomCommand picks a command for p in s the way a careless but decisive player would: it places all it
// may at once, attacks until the territory falls four times in five, and otherwise picks uniformly among
// the legal commands (never resigning unless resign is set) with a uniform amount.
func randomCommand(s State, p PlayerID, r *rand.Rand, resign bool) Command {
	actions := LegalCommands(s, p)
	if n := len(actions); !resign && n > 0 {
		if _, ok := actions[n-1].Command.(Resign); ok { // listed last, when allowed
			actions = actions[:n-1]
		}
	}
	if len(actions) == 0 {
		return nil
	}
	var attacks []Action
	for _, a := range actions {
		if _, ok := a.Command.(Attack); ok {
			attacks = append(attacks, a)
		}
	}
	if len(attacks) > 0 && r.IntN(5) > 0 {
		c := attacks[r.IntN(len(attacks))].Command.(Attack)
		c.Repeat = true
		return c
	}
	a := actions[r.IntN(len(actions))]
	amount := a.Min + r.IntN(a.Max-a.Min+1)
	switch c := a.Command.(type) {
	case Attack:
		c.Dice = amount
		return c
	case Occupy:
		return Occupy{Armies: amount}
	case Fortify:
		c.Armies = amount
		return c
	default:
		return c
	}
}

// randomGame plays a seeded game with randomCommand and calls visit with every state and the events that
// led to it. It stops at the end of the game or after limit commands, and returns an error when the engine
// refuses one of its commands.
func randomGame(b *Board, cfg Config, seed uint64, limit int, visit func(State, []Event)) (State, error) {
	var key [32]byte
	key[0], key[1] = byte(seed), byte(seed>>8)
	return randomGameWith(b, cfg, NewDice(key), seed, limit, visit)
}

// randomGameWith is randomGame on dice.
func randomGameWith(b *Board, cfg Config, dice Dice, seed uint64, limit int, visit func(State, []Event)) (State, error) {
	r := rand.New(rand.NewPCG(seed, 7))
	s, err := New(b, cfg)
	if err != nil {
		return s, err
	}
	s, events, err := Apply(s, 0, StartGame{}, dice)
	if err != nil {
		return s, err
	}
	if err := CheckInvariants(s); err != nil {
		return s, err
	}
	visit(s, events)
	for range limit {
		if s.phase == PhaseOver {
			break
		}
		p := s.current
		if r.IntN(200) == 0 {
			p = PlayerID(r.IntN(len(s.players))) // a resignation out of turn, now and then
		}
		c := randomCommand(s, p, r, r.IntN(100) == 0)
		if c == nil {
			continue
		}
		next, events, err := Apply(s, p, c, dice)
		if err != nil {
			return s, fmt.Errorf("seed %d: p%d %s: %w", seed, p, formatCommand(b, c), err)
		}
		if err := CheckInvariants(next); err != nil {
			return s, fmt.Errorf("seed %d: p%d %s: %w", seed, p, formatCommand(b, c), err)
		}
		s = next
		visit(s, events)
	}
	return s, nil
}

// fuzzPositions returns the starting positions of the fuzzers and, for each, the events that followed it in
// its game (or none).
var fuzzPositions = sync.OnceValues(func() ([]State, [][]Event) {
	var states []State
	var next [][]Event
	for _, text := range fuzzPositionFixtures {
		s, err := parseGame(text)
		if err != nil {
			panic(err)
		}
		states, next = append(states, s), append(next, nil)
	}
	g, err := parseGame(fuzzBoardText + "players: 3")
	if err != nil {
		panic(err)
	}
	for seed := range uint64(4) {
		cfg := Config{Seats: []Seat{{Color: "r"}, {Color: "g"}, {Color: "b"}}, Claim: ClaimStrategy(seed % 2), Cards: CardSystem(seed)}
		n := 0
		_, err := randomGame(g.board, cfg, seed, 400, func(s State, events []Event) {
			if len(states) > 0 && n%37 == 1 {
				next[len(next)-1] = events
			}
			if n%37 == 0 {
				states, next = append(states, s), append(next, nil)
			}
			n++
		})
		if err != nil {
			panic(err)
		}
	}
	return states, next
})

// allowedApplyCodes are the codes Apply may refuse a command with.
var allowedApplyCodes = []Code{
	CodeUnknownCommand, CodeAlreadyStarted, CodeNotStarted, CodeGameOver, CodeUnknownPlayer, CodeNotActive,
	CodeNotYourTurn, CodeWrongPhase, CodeUnknownTerritory, CodeAlreadyClaimed, CodeNotOwner, CodeOwnTerritory,
	CodeNotAdjacent, CodeTooFewArmies, CodeInvalidDice, CodeInvalidAmount, CodeUnknownCard, CodeNotHolder,
	CodeInvalidSet, CodeMustTrade, CodeMustPlace, CodeMustOccupy,
}

// checkFuzzApply applies c and checks the outcome.
func checkFuzzApply(t *testing.T, s State, p PlayerID, c Command, seed uint64) {
	var key [32]byte
	key[0], key[1], key[2] = byte(seed), byte(seed>>8), byte(seed>>16)
	next, events, err := Apply(s, p, c, NewDice(key))
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || !slices.Contains(allowedApplyCodes, e.Code) {
			t.Fatalf("p%d %s: error %v is not a documented refusal", p, formatCommand(s.board, c), err)
		}
		if next.phase != s.phase || next.turn != s.turn || events != nil {
			t.Fatalf("p%d %s: refused, yet the state changed", p, formatCommand(s.board, c))
		}
		return
	}
	if len(events) == 0 {
		t.Fatalf("p%d %s: accepted without an event", p, formatCommand(s.board, c))
	}
	if err := checkApplied(s, next, events, NewFixedDice()); err != nil {
		t.Fatalf("p%d %s: %v", p, formatCommand(s.board, c), err)
	}
}

// fuzzCommand builds a command of kind k from the fuzzer's numbers.
func fuzzCommand(k uint8, a, b, c, d int, repeat bool) Command {
	switch k % 11 {
	case 0:
		return StartGame{}
	case 1:
		return Claim{Territory: TerritoryID(a)}
	case 2:
		pl := []Placement{{Territory: TerritoryID(a), Armies: b}}
		if c != 0 {
			pl = append(pl, Placement{Territory: TerritoryID(c), Armies: d})
		}
		return Place{Placements: pl}
	case 3:
		return Trade{Cards: [3]CardID{CardID(a), CardID(b), CardID(c)}}
	case 4:
		return Attack{From: TerritoryID(a), To: TerritoryID(b), Dice: c, Repeat: repeat, StopAt: d}
	case 5:
		return Occupy{Armies: a}
	case 6:
		return EndAttack{}
	case 7:
		return Fortify{From: TerritoryID(a), To: TerritoryID(b), Armies: c}
	case 8:
		return EndTurn{}
	case 9:
		return Resign{}
	default:
		return nil
	}
}

func FuzzDecide(f *testing.F) {
	states, _ := fuzzPositions()
	for i, s := range states {
		for j, a := range LegalCommands(s, s.current) {
			if j%3 != 0 {
				continue
			}
			switch c := a.Command.(type) {
			case Claim:
				f.Add(uint8(i), int8(s.current), uint8(1), int(c.Territory), 0, 0, 0, false, uint64(j))
			case Place:
				f.Add(uint8(i), int8(s.current), uint8(2), int(c.Placements[0].Territory), a.Min, 0, 0, false, uint64(j))
			case Trade:
				f.Add(uint8(i), int8(s.current), uint8(3), int(c.Cards[0]), int(c.Cards[1]), int(c.Cards[2]), 0, false, uint64(j))
			case Attack:
				f.Add(uint8(i), int8(s.current), uint8(4), int(c.From), int(c.To), c.Dice, 2, true, uint64(j))
			case Occupy:
				f.Add(uint8(i), int8(s.current), uint8(5), a.Min, 0, 0, 0, false, uint64(j))
			case Fortify:
				f.Add(uint8(i), int8(s.current), uint8(7), int(c.From), int(c.To), a.Max, 0, false, uint64(j))
			}
		}
		f.Add(uint8(i), int8(1), uint8(9), 0, 0, 0, 0, false, uint64(0))
		f.Add(uint8(i), int8(0), uint8(8), 0, 0, 0, 0, false, uint64(0))
	}
	f.Fuzz(func(t *testing.T, pos uint8, p int8, k uint8, a, b, c, d int, repeat bool, seed uint64) {
		s := states[int(pos)%len(states)]
		checkFuzzApply(t, s, PlayerID(p), fuzzCommand(k, a, b, c, d, repeat), seed)
	})
}

func FuzzUnmarshalCommand(f *testing.F) {
	states, _ := fuzzPositions()
	for i, s := range states {
		for j, a := range LegalCommands(s, s.current) {
			if j%4 == 0 {
				data, err := MarshalCommand(a.Command)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(uint8(i), int8(s.current), data)
			}
		}
	}
	f.Add(uint8(0), int8(0), []byte(`{"kind":"start_game"}`))
	f.Add(uint8(3), int8(0), []byte(`{"kind":"attack","from":0,"to":1,"dice":3,"repeat":true,"stopAt":2}`))
	f.Fuzz(func(t *testing.T, pos uint8, p int8, data []byte) {
		c, err := UnmarshalCommand(data)
		if err != nil {
			return
		}
		again, err := MarshalCommand(c)
		if err != nil {
			t.Fatalf("%s: error encoding the decoded command: %v", data, err)
		}
		c2, err := UnmarshalCommand(again)
		if err != nil || !reflect.DeepEqual(c, c2) {
			t.Fatalf("%s: the command does not survive a round trip: %#v, %#v, %v", data, c, c2, err)
		}
		s := states[int(pos)%len(states)]
		checkFuzzApply(t, s, PlayerID(p), c, uint64(len(data)))
	})
}

// checkFuzzEvolve folds the events into s until one is refused, checking that a refusal is INVALID_EVENT
// and that nothing panics on the states reached, however odd.
func checkFuzzEvolve(t *testing.T, s State, events []Event) {
	for _, e := range events {
		next, err := Evolve(s, e)
		if err != nil {
			var ee *Error
			if !errors.As(err, &ee) || ee.Code != CodeInvalidEvent {
				t.Fatalf("%T: error %v, want INVALID_EVENT", e, err)
			}
			if dumpState(next) != dumpState(s) {
				t.Fatalf("%T: refused, yet the state changed", e)
			}
			return
		}
		s = next
		_ = CheckInvariants(s)
		for p := range len(s.players) {
			LegalCommands(s, PlayerID(p))
		}
	}
}

func FuzzUnmarshalEvent(f *testing.F) {
	states, next := fuzzPositions()
	for i, events := range next {
		var buf bytes.Buffer
		for _, e := range events {
			data, err := MarshalEvent(e)
			if err != nil {
				f.Fatal(err)
			}
			buf.Write(data)
			buf.WriteByte('\n')
		}
		f.Add(uint8(i), buf.Bytes())
	}
	f.Add(uint8(0), []byte(`{"kind":"player_eliminated","player":0,"by":-3}`))
	f.Add(uint8(1), []byte(`{"kind":"game_over","winner":1}`))
	f.Fuzz(func(t *testing.T, pos uint8, data []byte) {
		var events []Event
		for _, line := range bytes.Split(data, []byte("\n")) {
			e, err := UnmarshalEvent(line)
			if err != nil {
				continue
			}
			again, err := MarshalEvent(e)
			if err != nil {
				t.Fatalf("%s: error encoding the decoded event: %v", line, err)
			}
			e2, err := UnmarshalEvent(again)
			if err != nil {
				t.Fatalf("%s: the event does not decode again: %v", again, err)
			}
			if again2, _ := MarshalEvent(e2); !bytes.Equal(again, again2) {
				t.Fatalf("%s: the event does not survive a round trip: %s, %s", line, again, again2)
			}
			events = append(events, e)
		}
		checkFuzzEvolve(t, states[int(pos)%len(states)], events)
	})
}

// fuzzEvent builds an event of kind k from the fuzzer's numbers.
func fuzzEvent(k uint8, a, b, c, d int, flag bool) Event {
	ids := func(xs ...int) []PlayerID {
		out := make([]PlayerID, len(xs))
		for i, x := range xs {
			out[i] = PlayerID(x)
		}
		return out
	}
	dice := func(x int) []int {
		var out []int
		for x > 0 && len(out) < 4 {
			out = append(out, x%7)
			x /= 7
		}
		return out
	}
	switch k % 17 {
	case 0:
		return GameStarted{Order: ids(a, b, c)[:1+max(0, d%3)], StartingArmies: d}
	case 1:
		return TerritoriesDealt{Owners: ids(a, b, c, d, a, b)}
	case 2:
		return TurnStarted{Player: PlayerID(a), Turn: b, Phase: Phase(c), Armies: d}
	case 3:
		return PhaseChanged{Phase: Phase(a)}
	case 4:
		return TerritoryClaimed{Player: PlayerID(a), Territory: TerritoryID(b)}
	case 5:
		return ArmiesPlaced{Player: PlayerID(a), Placements: []Placement{{TerritoryID(b), c}, {TerritoryID(b), d}}, Starting: flag}
	case 6:
		return CardsTraded{Player: PlayerID(a), Cards: [3]CardID{CardID(b), CardID(c), CardID(d)}, Armies: a + b, Bonus: []TerritoryID{TerritoryID(b)}[:max(0, d%2)]}
	case 7:
		return BattleRolled{From: TerritoryID(a), To: TerritoryID(b), Attacker: PlayerID(c), Defender: PlayerID(d),
			AttackDice: dice(a + b), DefendDice: dice(c + d), AttackerLosses: a % 3, DefenderLosses: b % 3}
	case 8:
		return TerritoryConquered{From: TerritoryID(a), To: TerritoryID(b), Player: PlayerID(c), Previous: PlayerID(d), MinArmies: a - b}
	case 9:
		return PlayerEliminated{Player: PlayerID(a), By: PlayerID(b), Cards: []CardID{CardID(c)}[:max(0, d%2)]}
	case 10:
		return TerritoryOccupied{From: TerritoryID(a), To: TerritoryID(b), Armies: c}
	case 11:
		return Fortified{From: TerritoryID(a), To: TerritoryID(b), Armies: c}
	case 12:
		return DeckReshuffled{}
	case 13:
		return CardDrawn{Player: PlayerID(a), Card: CardID(b)}
	case 14:
		return PlayerResigned{Player: PlayerID(a), Cards: []CardID{CardID(b)}[:max(0, c%2)]}
	case 15:
		return SeatHandedOver{Player: PlayerID(a)}
	default:
		return GameOver{Winner: PlayerID(a)}
	}
}

func FuzzEvolve(f *testing.F) {
	states, _ := fuzzPositions()
	for i := range states {
		for k := range uint8(16) {
			f.Add(uint8(i), k, 0, 1, 2, 1, false)
		}
	}
	f.Add(uint8(0), uint8(9), 0, -3, 0, 0, false)
	f.Fuzz(func(t *testing.T, pos uint8, k uint8, a, b, c, d int, flag bool) {
		checkFuzzEvolve(t, states[int(pos)%len(states)], []Event{fuzzEvent(k, a, b, c, d, flag)})
	})
}

package rules

import (
	"errors"
	"math"
	"testing"
)

func TestRecords(t *testing.T) {
	t.Parallel()
	t.Run("R47 R48 R49 a game's events, encoded and decoded, replay into its state", func(t *testing.T) {
		b := mustGame(t, fuzzBoardText+"players: 3").board
		for seed := range uint64(4) {
			cfg := Config{Seats: []Seat{{Color: "r"}, {Color: "g"}, {Color: "b"}}, Claim: ClaimStrategy(seed % 2), Cards: CardSystem(seed)}
			var all []Event
			end, err := randomGame(b, cfg, seed, 2000, func(_ State, events []Event) { all = append(all, events...) })
			if err != nil {
				t.Fatal(err)
			}
			// R48 the record survives its JSON encoding
			for i, e := range all {
				data, err := MarshalEvent(e)
				if err != nil {
					t.Fatal(err)
				}
				if all[i], err = UnmarshalEvent(data); err != nil {
					t.Fatalf("%s: %v", data, err)
				}
			}
			replayed, err := Replay(b, cfg, all)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if got, want := dumpState(replayed), dumpState(end); got != want {
				t.Errorf("seed %d: replayed\n%s\nplayed\n%s", seed, got, want)
			}
			again, err := randomGame(b, cfg, seed, 2000, func(State, []Event) {})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := dumpState(again), dumpState(end); got != want {
				t.Errorf("R49 seed %d: the same dice gave another game", seed)
			}
		}
	})
	t.Run("R47 a refused command changes nothing", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/4 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1")
		before := dumpState(s)
		d := NewFixedDice(5, 5, 5, 0)
		next, events, err := Apply(s, 0, Attack{From: 0, To: 5, Dice: 4}, d)
		if err == nil || events != nil {
			t.Fatalf("got %v events and error %v, want a refusal", len(events), err)
		}
		if got := dumpState(next); got != before {
			t.Errorf("the state changed")
		}
		if got := dumpState(s); got != before {
			t.Errorf("the original state changed")
		}
		if got, want := d.Remaining(), 4; got != want {
			t.Errorf("R49 dice drawn by a refused command: got %v left, want %v", 4-got, 0)
		}
	})
	t.Run("R47 Apply leaves the state it was given untouched", func(t *testing.T) {
		s := mustGame(t, ring6+"phase: attack\npos: a:0/9 b:0/1 c:0/1 d:1/1 e:1/1 f:1/6\nhand 0: a")
		before := dumpState(s)
		next, _ := play(t, s, "p0 attack a f repeat | 6 6 6 1 1 6 6 6 1 1 6 6 6 1 1")
		next, _ = play(t, next, "p0 occupy 5")
		play(t, next, "p0 end_turn | r2")
		if got := dumpState(s); got != before {
			t.Errorf("the original state changed:\n%s\nwas\n%s", got, before)
		}
	})
}

func TestEvolveRefusesMisfits(t *testing.T) {
	t.Parallel()
	setup := ring6
	attack := ring6 + "phase: attack\npos: a:0/4 b:0/1 c:0/1 d:1/1 e:1/1 f:1/2\nhand 1: d"
	cases := []struct {
		name, game string
		event      Event
	}{
		{"R73 a turn before the start", setup, TurnStarted{Player: 0, Turn: 1, Phase: PhaseReinforce, Armies: 3}},
		{"R73 wrong starting armies", setup, GameStarted{Order: []PlayerID{0, 1}, StartingArmies: 7}},
		{"R73 a player twice in the order", setup, GameStarted{Order: []PlayerID{0, 0}, StartingArmies: 8}},
		{"R73 an elimination before the start", setup, PlayerEliminated{Player: 0, By: NoPlayer}},
		{"R73 an elimination of a player with territories", attack, PlayerEliminated{Player: 1, By: 0, Cards: []CardID{3}}},
		{"R73 an elimination outside a conquest", ring6 + "claim: round_robin\nphase: claim\npos: a:0/1\nunplaced: 0=7 1=8", PlayerEliminated{Player: 1, By: 0}},
		{"R73 a roll on one's own territory", attack, BattleRolled{From: 0, To: 1, Attacker: 0, Defender: 0, AttackDice: []int{6}, DefendDice: []int{1}, DefenderLosses: 1}},
		{"R73 losses that do not match the dice", attack, BattleRolled{From: 0, To: 5, Attacker: 0, Defender: 1, AttackDice: []int{6}, DefendDice: []int{1, 1}, AttackerLosses: 1}},
		{"R73 dice out of order", attack, BattleRolled{From: 0, To: 5, Attacker: 0, Defender: 1, AttackDice: []int{1, 6}, DefendDice: []int{1, 1}, AttackerLosses: 1, DefenderLosses: 1}},
		{"R73 a conquest of a territory with armies", attack, TerritoryConquered{From: 0, To: 5, Player: 0, Previous: 1, MinArmies: 1}},
		{"R73 an occupation without a conquest", attack, TerritoryOccupied{From: 0, To: 5, Armies: 1}},
		{"R73 a card drawn without a conquest", attack, CardDrawn{Player: 0, Card: 0}},
		{"R73 a reshuffle of a full deck", attack, DeckReshuffled{}},
		{"R73 a trade of cards not held", attack, CardsTraded{Player: 1, Cards: [3]CardID{0, 1, 2}, Armies: 4}},
		{"R73 a resignation with the wrong cards", attack, PlayerResigned{Player: 1}},
		{"R73 a winner who has not won", attack, GameOver{Winner: 0}},
		{"R73 a fortify move in the attack phase", attack, Fortified{From: 0, To: 1, Armies: 1}},
		{"R73 armies that overflow", attack + "\nreserve: 2", ArmiesPlaced{Player: 0, Placements: []Placement{{0, math.MaxInt}, {1, math.MaxInt}, {2, 4}}}},
		{"R73 an unknown player", attack, ArmiesPlaced{Player: 5, Placements: []Placement{{Territory: 0, Armies: 1}}}},
		{"R73 an unknown territory", attack, TerritoryClaimed{Player: 0, Territory: 99}},
		{"R73 an event of no known type", attack, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := mustGame(t, c.game)
			next, err := Evolve(s, c.event)
			var e *Error
			if !errors.As(err, &e) || e.Code != CodeInvalidEvent {
				t.Fatalf("%T: got %v, want %v", c.event, err, CodeInvalidEvent)
			}
			if dumpState(next) != dumpState(s) {
				t.Errorf("%T: refused, yet the state changed", c.event)
			}
		})
	}
	t.Run("R73 Replay names the misfit", func(t *testing.T) {
		b := mustGame(t, ring6).board
		cfg := Config{Seats: []Seat{{Color: "r"}, {Color: "g"}}}
		_, err := Replay(b, cfg, []Event{GameStarted{Order: []PlayerID{1, 0}, StartingArmies: 8}, DeckReshuffled{}})
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeInvalidEvent {
			t.Fatalf("got %v, want %v", err, CodeInvalidEvent)
		}
		if got, want := e.Message, "event 1 (deck_reshuffled): the deck is reshuffled only when it is empty and the discard pile is not"; got != want {
			t.Errorf("message: got %q, want %q", got, want)
		}
		_, err = Replay(b, Config{Seats: cfg.Seats[:1]}, nil)
		if !errors.As(err, &e) || e.Code != CodeInvalidConfig {
			t.Errorf("R50 replay with a bad config: got %v, want %v", err, CodeInvalidConfig)
		}
	})
}

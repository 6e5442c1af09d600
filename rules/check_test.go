package rules

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestReplayChecked(t *testing.T) {
	t.Parallel()
	t.Run("R74 the records of whole games replay checked, whatever the claim and the cards", func(t *testing.T) {
		b := mustGame(t, fuzzBoardText+"players: 3").board
		for seed := range uint64(16) {
			cfg := Config{Seats: []Seat{{Color: "r"}, {Color: "g"}, {Color: "b"}}, Claim: ClaimStrategy(seed % 2), Cards: CardSystem(seed % 4)}
			var all []Event
			var turns []int
			end, err := randomGame(b, cfg, seed, 5000, func(s State, events []Event) {
				all = append(all, events...)
				for range events {
					turns = append(turns, s.Turn())
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if end.Phase() != PhaseOver {
				t.Errorf("seed %d: the game did not end", seed)
			}
			got, origins, err := ReplayChecked(b, cfg, all)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if got, want := dumpState(got), dumpState(end); got != want {
				t.Errorf("seed %d: replayed\n%s\nplayed\n%s", seed, got, want)
			}
			if len(origins) != len(all) || origins[0].Player != NoPlayer {
				t.Fatalf("seed %d: %d origins for %d events, the first %v", seed, len(origins), len(all), origins[0])
			}
			// A command's events all have one player, and each event's turn is the one it leaves.
			for i, o := range origins {
				if i > 0 && o.Player < 0 && origins[i-1].Player >= 0 { // only start_game's events are nobody's
					t.Errorf("seed %d: event %d (%s) from player %d", seed, i, all[i].Kind(), o.Player)
				}
				if o.Turn > turns[i] {
					t.Errorf("seed %d: event %d (%s) in turn %d, after its command turn %d", seed, i, all[i].Kind(), o.Turn, turns[i])
				}
			}
		}
	})
	t.Run("R74 a mangled record is refused with a documented code, never a panic", func(t *testing.T) {
		b := mustGame(t, fuzzBoardText+"players: 3").board
		cfg := Config{Seats: []Seat{{Color: "r"}, {Color: "g"}, {Color: "b"}}, Claim: ClaimRoundRobin}
		var all []Event
		if _, err := randomGame(b, cfg, 3, 5000, func(_ State, events []Event) { all = append(all, events...) }); err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 4))
		for range 300 {
			events := slices.Clone(all)
			i := r.IntN(len(events) - 1)
			switch r.IntN(3) {
			case 0:
				events = slices.Delete(events, i, i+1)
			case 1:
				events = slices.Insert(events, i, events[i])
			default:
				events[i], events[i+1] = events[i+1], events[i]
			}
			_, _, err := ReplayChecked(b, cfg, events)
			var e *Error
			if err != nil && (!asError(err, &e) || (e.Code != CodeInvalidEvent && e.Code != CodeIllegalEvent)) {
				t.Fatalf("event %d mangled: %v", i, err)
			}
		}
	})
	const fortify = ring6 + `
		phase: fortify
		pos: a:0/5 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1
	`
	for _, tc := range []struct {
		name, position string
		events         []Event
		code           Code
		message        string
	}{
		{"R38 R74 three fortify moves in one turn", fortify,
			[]Event{Fortified{From: 0, To: 1, Armies: 1}, Fortified{From: 0, To: 1, Armies: 1}, Fortified{From: 0, To: 1, Armies: 1},
				TurnStarted{Player: 1, Turn: 2, Phase: PhaseReinforce, Armies: 3}},
			CodeIllegalEvent, "event 1 (fortified): fortify by player 0 gives turn_started here"},
		{"R35 R74 a card earned and never drawn", fortify + "conquered: yes",
			[]Event{TurnStarted{Player: 1, Turn: 2, Phase: PhaseReinforce, Armies: 3}},
			CodeIllegalEvent, "event 0 (turn_started): end_turn by player 0 gives card_drawn here"},
		{"R74 a card drawn by a player who earned none", fortify,
			[]Event{CardDrawn{Player: 0, Card: 3}, TurnStarted{Player: 1, Turn: 2, Phase: PhaseReinforce, Armies: 3}},
			CodeInvalidEvent, "event 0 (card_drawn): player 0 earned no card"},
		{"R11 R74 a turn that skips the next player", ring9 + "phase: fortify\npos: a:0/2 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1 g:2/1 h:2/1 i:2/1",
			[]Event{TurnStarted{Player: 2, Turn: 2, Phase: PhaseReinforce, Armies: 3}},
			CodeIllegalEvent, "event 0 (turn_started): end_turn by player 0 gives turn_started here"},
		{"R43 R74 a game over with neutral territories left", ring6 + "phase: fortify\nstatus: 1=resigned\npos: a:0/5 b:0/1 c:0/1 d:n/1 e:n/1 f:n/1",
			[]Event{GameOver{Winner: 0}},
			CodeInvalidEvent, "event 0 (game_over): player 0 has not won"},
		{"R74 a claim pick that takes two territories", ring6 + "claim: round_robin\nphase: claim\npos: a:0/1 b:1/1\nunplaced: 0=9 1=9",
			[]Event{TerritoryClaimed{Player: 0, Territory: 2}, TerritoryClaimed{Player: 0, Territory: 3}},
			CodeIllegalEvent, "event 1 (territory_claimed): claim by player 0 gives turn_started here"},
		{"R74 events cut short within a command", fortify,
			[]Event{Fortified{From: 0, To: 1, Armies: 1}},
			CodeIllegalEvent, "event 1: the record ends, but fortify by player 0 goes on with turn_started"},
		{"R74 an event that starts no command", fortify,
			[]Event{PhaseChanged{Phase: PhaseAttack}},
			CodeInvalidEvent, "event 0 (phase_changed): no change from phase fortify to attack here"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, err := checkEvents(mustGame(t, tc.position), tc.events, nil)
			var e *Error
			if !asError(err, &e) {
				t.Fatalf("got %v, want %s", err, tc.code)
			}
			if e.Code != tc.code || !strings.Contains(e.Message, tc.message) {
				t.Errorf("got %s: %s\nwant %s: %s", e.Code, e.Message, tc.code, tc.message)
			}
		})
	}
}

package game_test

import (
	"maps"
	"slices"
	"testing"

	"rout/game"
	"rout/rules"
)

// TestSinceLastTurn plays a game of alice and two CPUs turn by turn: at alice's first turn, SinceLastTurn
// says the game began; at a later turn of hers after others conquered territories, it tells each seat's
// conquests (by territory name), trades and eliminations of the turns since hers, as the played events
// were, and nothing of her own turn before.
func TestSinceLastTurn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	id := e.cpuGame(e.svc)
	alice := rules.PlayerID(e.count(`SELECT seat FROM players WHERE game_id = $1 AND user_id IS NOT NULL`, id))
	board, err := e.svc.Board(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	type deeds struct {
		took       []string
		traded     []int
		eliminated bool
	}
	var played []game.SeqEvent
	var aliceTurns []int
	for range 120 {
		snap, err := e.svc.GameSnapshot(e.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if snap.State.Phase() == rules.PhaseOver {
			break
		}
		if turn := snap.State.Turn(); snap.State.Current() == alice {
			aliceTurns = append(aliceTurns, turn)
			since, err := e.svc.SinceLastTurn(e.ctx, id, int(alice), turn)
			if err != nil {
				t.Fatal(err)
			}
			prev := -1
			if len(aliceTurns) > 1 {
				prev = aliceTurns[len(aliceTurns)-2]
			}
			if since.First != (len(aliceTurns) == 1) {
				t.Fatalf("turn %d, alice's turn number %d: First = %v", turn, len(aliceTurns), since.First)
			}
			want := map[int]deeds{}
			conquests := 0
			for _, ev := range played {
				if ev.Turn <= prev || ev.Turn > turn {
					continue
				}
				switch x := ev.Event.(type) {
				case rules.TerritoryConquered:
					d := want[int(x.Player)]
					d.took = append(d.took, board.Territory(x.To).Name)
					want[int(x.Player)] = d
					conquests++
				case rules.CardsTraded:
					d := want[int(x.Player)]
					d.traded = append(d.traded, x.Armies)
					want[int(x.Player)] = d
				case rules.PlayerEliminated:
					d := want[int(x.Player)]
					d.eliminated = true
					want[int(x.Player)] = d
				}
			}
			got := map[int]deeds{}
			for _, s := range since.Seats {
				if _, dup := got[s.Seat]; dup {
					t.Errorf("seat %d twice in %+v", s.Seat, since)
				}
				got[s.Seat] = deeds{took: s.Took, traded: s.Traded, eliminated: s.Eliminated}
				if s.Seat == int(alice) && (s.UserID == 0 || s.Name != "alice") || s.Seat != int(alice) && (s.UserID != 0 || s.Difficulty == "") {
					t.Errorf("seat %d named %q (user %d, difficulty %q)", s.Seat, s.Name, s.UserID, s.Difficulty)
				}
			}
			if !maps.EqualFunc(got, want, func(a, b deeds) bool {
				return slices.Equal(a.took, b.took) && slices.Equal(a.traded, b.traded) && a.eliminated == b.eliminated
			}) {
				t.Fatalf("turn %d (alice's last %d): since %+v, want %+v", turn, prev, got, want)
			}
			if conquests > 0 && !since.First {
				return // a later turn of alice's after conquests: what the test is after
			}
		}
		p, err := e.svc.TurnPlay(e.ctx, e.playInput(e.svc, id))
		if err != nil {
			t.Fatal(err)
		}
		played = append(played, p.Events...)
	}
	t.Fatalf("no conquest between two turns of alice in %d turns of hers", len(aliceTurns))
}

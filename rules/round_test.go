package rules

import (
	"slices"
	"testing"
)

// TestRoundsAndReinforcementsOfRandomGames plays seeded random games, in which players conquer, eliminate
// and resign at any moment, and checks at every state the counts the API shows: the round against its
// definition (a round ends when the next game turn goes to a player who has played in it), the
// reinforcement breakdown against what the engine granted, and the armies traded this turn against the
// trades. Replay and Restore must give all three back.
func TestRoundsAndReinforcementsOfRandomGames(t *testing.T) {
	t.Parallel()
	b := mustGame(t, fuzzBoardText+"players: 3").board
	midRound := 0 // eliminations and resignations of a player who had not yet played in the round
	for seed := range uint64(48) {
		players := 2 + int(seed%3)
		cfg := Config{Seats: []Seat{{Color: "r"}, {Color: "g"}, {Color: "b"}, {Color: "y"}}[:players],
			Claim: ClaimStrategy(seed % 2), Cards: CardSystem(seed % 4)}
		round, traded, granted := 0, 0, -1
		played := map[PlayerID]bool{}
		var all []Event
		end, err := randomGame(b, cfg, seed, 1500, func(s State, events []Event) {
			all = append(all, events...)
			for _, e := range events {
				switch e := e.(type) {
				case TurnStarted:
					traded, granted = 0, -1
					if e.Phase != PhaseReinforce {
						continue
					}
					if round == 0 || played[e.Player] {
						round++
						clear(played)
					}
					played[e.Player] = true
					granted = e.Armies
				case CardsTraded:
					traded += e.Armies
				case PlayerEliminated:
					if round > 0 && !played[e.Player] {
						midRound++
					}
				case PlayerResigned:
					if round > 0 && !played[e.Player] {
						midRound++
					}
				}
			}
			if got := s.Round(); got != round {
				t.Fatalf("R10 seed %d turn %d: round %d, want %d", seed, s.Turn(), got, round)
			}
			if s.Current() >= 0 {
				if got := s.TradedArmies(); got != traded {
					t.Fatalf("seed %d turn %d: %d armies traded this turn, want %d", seed, s.Turn(), got, traded)
				}
			}
			if s.Phase() == PhaseReinforce {
				if r := s.ReinforcementsOf(s.Current()); r.Total != granted {
					t.Fatalf("R12 seed %d turn %d: the breakdown %+v, the turn started with %d", seed, s.Turn(), r, granted)
				}
			}
			for p := range PlayerID(s.Players()) {
				r := s.ReinforcementsOf(p)
				if got := s.Reinforcements(p); got != r.Total {
					t.Fatalf("R12 seed %d turn %d: p%d receives %d, the breakdown says %+v", seed, s.Turn(), p, got, r)
				}
				sum := 0
				for _, a := range r.Areas {
					sum += b.Areas()[a].Bonus
				}
				if want := max(3, max(3, r.Territories/3)+sum); r.Total != want || r.FromTerritories != r.Territories/3 ||
					r.AreaBonus != sum || r.Minimum != 3 || r.Territories != s.Player(p).Territories {
					t.Fatalf("R12 seed %d turn %d: p%d's breakdown %+v does not add up to %d", seed, s.Turn(), p, r, want)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if end.Round() == 0 {
			t.Fatalf("seed %d: no game turn was played", seed)
		}
		replayed, err := Replay(b, cfg, all)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if d := Diff(replayed, end); d != "" {
			t.Fatalf("R47 seed %d: replayed %s", seed, d)
		}
		restored, err := Restore(b, cfg, end.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		if restored.Round() != end.Round() || restored.TradedArmies() != end.TradedArmies() {
			t.Fatalf("seed %d: restored round %d, traded %d; want %d, %d", seed,
				restored.Round(), restored.TradedArmies(), end.Round(), end.TradedArmies())
		}
	}
	if midRound == 0 {
		t.Error("no random game eliminated or resigned a player in the middle of a round")
	}
}

// TestReinforcementsOfATradingTurn checks that the breakdown stays what the turn started with while the
// player trades, and that TradedArmies counts the sets' armies but not their territory bonus.
func TestReinforcementsOfATradingTurn(t *testing.T) {
	t.Parallel()
	s := mustGame(t, ring6+`
		phase: reinforce
		reserve: 3
		pos: a:0/1 b:0/1 c:0/1 d:1/1 e:1/1 f:1/1
		hand 0: a b c d e f *0
	`)
	before := s.ReinforcementsOf(0)
	s, events := play(t, s, "p0 trade a b c")
	first := events[0].(CardsTraded)
	s, events = play(t, s, "p0 trade d e f")
	second := events[0].(CardsTraded)
	if got, want := s.TradedArmies(), first.Armies+second.Armies; got != want {
		t.Errorf("armies traded: got %v, want %v", got, want)
	}
	if got, want := s.Reserve(), 3+first.Armies+second.Armies; got != want {
		t.Errorf("reserve: got %v, want %v", got, want)
	}
	if got := s.ReinforcementsOf(0); !slices.Equal(got.Areas, before.Areas) || got.Total != before.Total {
		t.Errorf("R12 the breakdown changed with the trades: %+v, then %+v", before, got)
	}
}

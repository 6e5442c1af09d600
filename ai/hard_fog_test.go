package ai

import (
	"reflect"
	"testing"
	"time"

	"rout/rules"
)

// TestHardUnderNormalFog: under `normal` fog Hard plays fogStyle without its look-ahead, every decision
// of a game (its reinforcements too), and that style is not Hard's own (some decision differs), so the
// test fails if either is lost; with no fog its heuristic keeps Hard's own weights. fogStyle is careful
// (holdWeight 2) below fogPressShare of the territories and Hard's own price from there, without the
// pressure of a long game throughout, and a game to its end shows both.
func TestHardUnderNormalFog(t *testing.T) {
	t.Parallel()
	for _, fog := range []rules.Fog{rules.FogNone, rules.FogNormal} {
		s := startedGame(t, 4)
		s, err := rules.New(s.Board(), rules.Config{Seats: s.Config().Seats, Fog: fog})
		if err != nil {
			t.Fatal(err)
		}
		dice := rules.NewDice([32]byte{7})
		if s, _, err = rules.Apply(s, rules.NoPlayer, rules.StartGame{}, dice); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(time.Hour)
		decisions, differ := 0, 0
		var careful, pressing int
		for n := 0; n < 3000 && s.Phase() != rules.PhaseOver; n++ {
			p := s.Current()
			believed := rules.Believed(s, p)
			switch st, share := fogStyle(s, p), float64(s.Player(p).Territories)/float64(s.Board().Len()); {
			case st.pressureWeight != 0:
				t.Fatalf("seat %d with %.0f%% of the territories: pressureWeight %v", p, 100*share, st.pressureWeight)
			case share < 0.35 && st.holdWeight == 2:
				careful++
			case share >= 0.35 && st.holdWeight == hardStyle.holdWeight:
				pressing++
			default:
				t.Fatalf("seat %d with %.0f%% of the territories: holdWeight %v", p, 100*share, st.holdWeight)
			}
			if p == 0 {
				// With no fog Hard's look-ahead may overrule its heuristic: compare without it there.
				playouts := DefaultPlayouts
				if fog == rules.FogNone {
					playouts = -1
				}
				got := hardDecide(believed, p, deadline, playouts, uint64(n))
				fogged, own := decide(fogStyle(believed, p), believed, p, deadline), decide(hardStyle, believed, p, deadline)
				want := own
				if fog == rules.FogNormal {
					want = fogged
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("fog %s, command %d: Hard chose %#v, want %#v", fog, n, got, want)
				}
				decisions++
				if !reflect.DeepEqual(fogged, own) {
					differ++
				}
			}
			cmd := decide(normalStyle, believed, p, deadline)
			if cmd == nil {
				t.Fatalf("fog %s: no command for seat %d at command %d", fog, p, n)
			}
			if s, _, err = rules.Apply(s, p, cmd, dice); err != nil {
				t.Fatalf("fog %s: %v", fog, err)
			}
		}
		if decisions == 0 || differ == 0 {
			t.Errorf("fog %s: %d of Hard's %d decisions differ between fogStyle and Hard's own", fog, differ, decisions)
		}
		if careful == 0 || pressing == 0 {
			t.Errorf("fog %s: %d decisions careful and %d pressing, want both", fog, careful, pressing)
		}
	}
}

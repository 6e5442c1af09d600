package ai_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"rout/ai"
	"rout/internal/fogtest"
	"rout/rules"
)

// Every CPU decides from its seat's view and record (docs/rules.md, R80): a state and its twin, which
// differs only in what the seat to move cannot see (fogtest.Twin: hidden armies, owners and the others'
// cards), with the same record of the game so far, make every CPU level choose the same command, through
// the believed state the game service and rout sim hand them (rules.BelievedFrom with the seat's memory,
// folded from what it saw), at every fog level.
func TestCPUsDecideFromTheirSeatsView(t *testing.T) {
	t.Parallel()
	b := classicBoard(t)
	players := cpus()
	players["random"] = ai.Random
	samples, games := 0, long(8, 3)
	for seed := range uint64(games) {
		fog := rules.Fog(1 + seed%4)
		s, err := rules.New(b, rules.Config{Seats: seats(3 + int(seed%3)), Fog: fog})
		if err != nil {
			t.Fatal(err)
		}
		var key [32]byte
		key[0] = byte(seed)
		dice := rules.NewDice(key)
		memories := make([]rules.Memory, len(s.Config().Seats))
		for i := range memories {
			memories[i] = rules.NewMemory(b)
		}
		see := func(before rules.State, events []rules.Event) {
			for i := range memories {
				if err := memories[i].Watch(before, events, rules.PlayerID(i)); err != nil {
					t.Fatal(err)
				}
			}
		}
		started, events, err := rules.Apply(s, rules.NoPlayer, rules.StartGame{}, dice)
		if err != nil {
			t.Fatal(err)
		}
		see(s, events)
		s = started
		r := rand.New(rand.NewPCG(seed, 80))
		for n := 0; n < 400 && s.Phase() != rules.PhaseOver; n++ {
			me := s.Current()
			if n%23 == 0 && s.Player(me).Status == rules.Active {
				twin, err := fogtest.Twin(s, me, r, true)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(rules.Project(s, me), rules.Project(twin, me)) {
					t.Fatalf("seed %d: the twin shows to seat %d", seed, me)
				}
				for name, p := range players {
					a := p(rules.BelievedFrom(s, me, memories[me]), me, rand.New(rand.NewPCG(seed, uint64(n))))
					c := p(rules.BelievedFrom(twin, me, memories[me]), me, rand.New(rand.NewPCG(seed, uint64(n))))
					if fmt.Sprintf("%#v", a) != fmt.Sprintf("%#v", c) {
						t.Errorf("seed %d, %s fog, turn %d: %s chose %#v, and %#v in a state alike to seat %d", seed, fog, s.Turn(), name, a, c, me)
					}
				}
				samples++
			}
			c := ai.Normal(rules.BelievedFrom(s, me, memories[me]), me, r)
			next, events, err := rules.Apply(s, me, c, dice)
			if err != nil {
				t.Fatal(err)
			}
			see(s, events)
			s = next
		}
	}
	if samples < 10 {
		t.Errorf("only %d states checked", samples)
	}
}

package ai

import (
	"fmt"
	"testing"
	"time"

	"rout/maps"
	"rout/rules"
)

// TestPlayoutSpendsItsWork: a playout takes the work of its simulated decisions off the decision's
// allowance and gives up (not ok) once the allowance is spent, so that Hard's look-ahead is bounded by
// work rather than by the clock.
func TestPlayoutSpendsItsWork(t *testing.T) {
	t.Parallel()
	s := startedGame(t, 4)
	b := s.Board()
	p := s.Current()
	l := newLegal(s, p)
	if len(l.places) == 0 {
		t.Fatalf("no placement at the start of the game (phase %v)", s.Phase())
	}
	plan := rules.Place{Placements: []rules.Placement{{Territory: l.places[0].Command.(rules.Place).Placements[0].Territory, Armies: l.places[0].Max}}}
	far := time.Now().Add(time.Hour)

	work := hardWork
	if _, ok := playout(s, p, plan, 1, far, &work); !ok {
		t.Fatalf("a playout with the whole allowance gave up (%d of %d left)", work, hardWork)
	}
	if spent := hardWork - work; spent < commandWork*b.Len() {
		t.Errorf("a playout spent %d work; want at least one command's reading, %d", spent, commandWork*b.Len())
	}
	for _, allowance := range []int{0, 1} {
		work := allowance
		if _, ok := playout(s, p, plan, 1, far, &work); ok {
			t.Errorf("a playout with an allowance of %d played to its end (%d left); want it to give up", allowance, work)
		}
	}
}

// TestDecisionWorkGrowsWithTheBoard: a decision on a board of more than 200 territories may do work in
// proportion to the board, for every simulated command there costs a reading of the whole board.
func TestDecisionWorkGrowsWithTheBoard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		board *rules.Board
		want  int
	}{
		{startedGame(t, 4).Board(), hardWork},
		{generated(t, 1000, 1), 5 * hardWork},
	} {
		if got := decisionWork(tc.board); got != tc.want {
			t.Errorf("decisionWork on %d territories = %d; want %d", tc.board.Len(), got, tc.want)
		}
	}
}

// startedGame returns a game of the classic map for the given number of players, started (random
// claim: at the first player's reinforcement).
func startedGame(t *testing.T, players int) rules.State {
	t.Helper()
	m, ok := maps.Builtin(maps.ClassicID)
	if !ok {
		t.Fatal("no classic map")
	}
	b, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]rules.Seat, players)
	for i := range seats {
		seats[i] = rules.Seat{Color: fmt.Sprintf("color-%d", i)}
	}
	s, err := rules.New(b, rules.Config{Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	if s, _, err = rules.Apply(s, rules.NoPlayer, rules.StartGame{}, rules.NewDice([32]byte{1})); err != nil {
		t.Fatal(err)
	}
	return s
}

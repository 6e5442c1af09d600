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
// proportion to the board, for every simulated command there costs a reading of the whole board, and four
// times that up to 1,000 territories, where its playouts play the opponents' replies too.
func TestDecisionWorkGrowsWithTheBoard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		board *rules.Board
		want  int
	}{
		{startedGame(t, 4).Board(), hardWork},
		{generated(t, 1000, 1), 4 * 5 * hardWork},
		{generated(t, 2000, 1), 10 * hardWork},
	} {
		if got := decisionWork(tc.board); got != tc.want {
			t.Errorf("decisionWork on %d territories = %d; want %d", tc.board.Len(), got, tc.want)
		}
	}
}

// TestPlayoutPlaysTheRepliesUpTo1000Territories: up to 1,000 territories a playout plays the
// opponents' replies to the start of Hard's next turn; on a larger board it stops at the end of Hard's
// own turn, for the cost of reading the board at every simulated command.
func TestPlayoutPlaysTheRepliesUpTo1000Territories(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		territories int
		replies     bool
	}{{1000, true}, {1200, false}} {
		s := startedOn(t, generated(t, tc.territories, 1), 4)
		p := s.Current()
		l := newLegal(s, p)
		if len(l.places) == 0 {
			t.Fatalf("%d territories: no placement at the start of the game (phase %v)", tc.territories, s.Phase())
		}
		plan := rules.Place{Placements: []rules.Placement{{Territory: l.places[0].Command.(rules.Place).Placements[0].Territory, Armies: l.places[0].Max}}}
		dice := newPlayoutDice(1)
		next, _, err := rules.Apply(s, p, plan, dice)
		if err != nil {
			t.Fatal(err)
		}
		work := decisionWork(next.Board())
		end, ok := playOn(next, p, dice, time.Now().Add(time.Hour), &work)
		if !ok {
			t.Fatalf("%d territories: the playout ran out of its work (%d left)", tc.territories, work)
		}
		wantTurn, wantSeat := s.Turn()+1, rules.PlayerID(-1)
		if tc.replies {
			wantTurn, wantSeat = s.Turn()+s.ActivePlayers(), p
		}
		if end.Turn() != wantTurn || wantSeat >= 0 && end.Current() != wantSeat {
			t.Errorf("%d territories: the playout stopped at turn %d, seat %d; want turn %d (seat %d when it plays the replies), from turn %d",
				tc.territories, end.Turn(), end.Current(), wantTurn, wantSeat, s.Turn())
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
	return startedOn(t, b, players)
}

// startedOn returns a game of board b for the given number of players, started (random claim: at the
// first player's reinforcement).
func startedOn(t *testing.T, b *rules.Board, players int) rules.State {
	t.Helper()
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

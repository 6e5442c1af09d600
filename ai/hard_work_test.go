package ai

import (
	"fmt"
	"reflect"
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
// times that up to 1,000 territories, where its playouts play the opponents' replies too; and a decision
// with more playouts than DefaultPlayouts (a team game's) as many times more.
func TestDecisionWorkGrowsWithTheBoard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		board    *rules.Board
		playouts int
		want     int
	}{
		{startedGame(t, 4).Board(), DefaultPlayouts, hardWork},
		{startedGame(t, 4).Board(), 1, hardWork},
		{startedGame(t, 4).Board(), TeamPlayouts, TeamPlayouts / DefaultPlayouts * hardWork},
		{generated(t, 1000, 1), DefaultPlayouts, 4 * 5 * hardWork},
		{generated(t, 2000, 1), DefaultPlayouts, 10 * hardWork},
		{generated(t, 2000, 1), 3, 2 * 10 * hardWork},
	} {
		if got := decisionWork(tc.board, tc.playouts); got != tc.want {
			t.Errorf("decisionWork on %d territories with %d playouts = %d; want %d", tc.board.Len(), tc.playouts, got, tc.want)
		}
	}
}

// TestTeamGamesPlayMorePlayouts: Hard plays TeamPlayouts a plan in a team game on a board of up to 200
// territories and DefaultPlayouts in a free-for-all or on a larger board, unless its options set the
// number.
func TestTeamGamesPlayMorePlayouts(t *testing.T) {
	t.Parallel()
	classic := classicMap(t)
	ffa := startedGame(t, 4)
	teams := teamStarted(t, classic)
	for _, tc := range []struct {
		name   string
		s      rules.State
		option int
		want   int
	}{
		{"free-for-all", ffa, 0, DefaultPlayouts},
		{"team game", teams, 0, TeamPlayouts},
		{"team game on 1,000 territories", teamStarted(t, generated(t, 1000, 1)), 0, DefaultPlayouts},
		{"team game, set", teams, 3, 3},
		{"free-for-all, none", ffa, -1, -1},
	} {
		if got := playoutsIn(tc.s, tc.option); got != tc.want {
			t.Errorf("%s with the option %d: %d playouts; want %d", tc.name, tc.option, got, tc.want)
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
		work := decisionWork(next.Board(), DefaultPlayouts)
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
	return startedOn(t, classicMap(t), players)
}

// classicMap returns the classic map's board.
func classicMap(t *testing.T) *rules.Board {
	t.Helper()
	m, ok := maps.Builtin(maps.ClassicID)
	if !ok {
		t.Fatal("no classic map")
	}
	b, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// teamStarted returns a 2v2 game of board b, started.
func teamStarted(t *testing.T, b *rules.Board) rules.State {
	t.Helper()
	cfg := rules.Config{Seats: colours(4), Teams: []rules.Team{{Name: "A"}, {Name: "B"}}}
	for i := range cfg.Seats {
		cfg.Seats[i].Team = i % 2
	}
	return startedWith(t, b, cfg)
}

// startedOn returns a game of board b for the given number of players, started (random claim: at the
// first player's reinforcement).
func startedOn(t *testing.T, b *rules.Board, players int) rules.State {
	t.Helper()
	return startedWith(t, b, rules.Config{Seats: colours(players)})
}

// startedWith returns a game of board b and config cfg, started.
func startedWith(t *testing.T, b *rules.Board, cfg rules.Config) rules.State {
	t.Helper()
	s, err := rules.New(b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s, _, err = rules.Apply(s, rules.NoPlayer, rules.StartGame{}, rules.NewDice([32]byte{1})); err != nil {
		t.Fatal(err)
	}
	return s
}

// colours returns n seats with colours of their own.
func colours(n int) []rules.Seat {
	seats := make([]rules.Seat, n)
	for i := range seats {
		seats[i] = rules.Seat{Color: fmt.Sprintf("color-%d", i)}
	}
	return seats
}

// TestHardPlaysTeamPlayoutsInATeamGame: in a team game Hard's decisions are those of TeamPlayouts a plan,
// and at some reinforcement of a game they differ from those of DefaultPlayouts.
func TestHardPlaysTeamPlayoutsInATeamGame(t *testing.T) {
	t.Parallel()
	s := teamStarted(t, classicMap(t))
	hard := NewHard(HardOpts{Budget: time.Hour})
	dice := rules.NewDice([32]byte{2})
	far := time.Now().Add(time.Hour)
	compared := 0
	for n := 0; n < 3000 && s.Phase() != rules.PhaseOver; n++ {
		p := s.Current()
		cmd := decide(normalStyle, s, p, far)
		if s.Phase() == rules.PhaseReinforce && s.ActivePlayers() > 2 && s.Reserve() > 0 {
			seed := uint64(s.Turn())<<8 | uint64(p) // NewHard's seed without a *rand.Rand
			got, team := hard(s, p, nil), hardDecide(s, p, far, TeamPlayouts, seed)
			if !reflect.DeepEqual(got, team) {
				t.Fatalf("turn %d: Hard chose %#v; with %d playouts a plan, %#v", s.Turn(), got, TeamPlayouts, team)
			}
			compared++
			if two := hardDecide(s, p, far, DefaultPlayouts, seed); !reflect.DeepEqual(team, two) {
				return
			}
			cmd = team
		}
		next, _, err := rules.Apply(s, p, cmd, dice)
		if err != nil {
			t.Fatal(err)
		}
		s = next
	}
	t.Fatalf("in %d reinforcements Hard chose with %d playouts a plan as with %d", compared, TeamPlayouts, DefaultPlayouts)
}

package rules_test

import (
	"fmt"
	"slices"
	"testing"

	"rout/rules"
)

func TestStartGame(t *testing.T) {
	t.Parallel()
	b := lineBoard(t, 9)
	t.Run("R5 a new game", func(t *testing.T) {
		s, err := rules.New(b, rules.Config{Seats: seats(3)})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := [3]any{s.Phase(), s.Current(), s.Winner()}, [3]any{rules.PhaseSetup, rules.NoPlayer, rules.NoPlayer}; got != want {
			t.Errorf("phase, current, winner: got %v, want %v", got, want)
		}
		for tt := range rules.TerritoryID(b.Len()) {
			if got, want := s.Owner(tt), rules.Unclaimed; got != want {
				t.Errorf("owner of t%d: got %v, want %v", tt, got, want)
			}
		}
		for p := range rules.PlayerID(3) {
			if got, want := s.Player(p).Status, rules.Active; got != want {
				t.Errorf("p%d: got %v, want %v", p, got, want)
			}
		}
		if err := rules.CheckInvariants(s); err != nil {
			t.Error(err)
		}
		for _, c := range []rules.Command{rules.Claim{}, rules.EndTurn{}, rules.Resign{}, rules.Place{}} {
			if _, _, err := rules.Apply(s, 0, c, rules.NewFixedDice()); codeOf(err) != rules.CodeNotStarted {
				t.Errorf("R53 %s before the start: got %v, want %v", c.Kind(), err, rules.CodeNotStarted)
			}
		}
	})
	t.Run("R5 any seat id may start the game, once", func(t *testing.T) {
		s, err := rules.New(b, rules.Config{Seats: seats(3), Claim: rules.ClaimRoundRobin})
		if err != nil {
			t.Fatal(err)
		}
		s, _ = mustApply(t, s, 17, rules.StartGame{}, 2, 1)
		if _, _, err := rules.Apply(s, 0, rules.StartGame{}, rules.NewFixedDice()); codeOf(err) != rules.CodeAlreadyStarted {
			t.Errorf("R52 a second start: got %v, want %v", err, rules.CodeAlreadyStarted)
		}
	})
	t.Run("R5 the turn order is a Fisher-Yates shuffle: each draw gives its own order", func(t *testing.T) {
		s, err := rules.New(b, rules.Config{Seats: seats(3), Claim: rules.ClaimRoundRobin})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for first := range 3 {
			for second := range 2 {
				next, events := mustApply(t, s, 0, rules.StartGame{}, first, second)
				order := fmt.Sprint(next.Order())
				if seen[order] {
					t.Errorf("dice %d %d: order %s again", first, second, order)
				}
				seen[order] = true
				if got, want := events[0].(rules.GameStarted).Order, next.Order(); !slices.Equal(got, want) {
					t.Errorf("recorded order: got %v, want %v", got, want)
				}
				if got, want := next.Current(), next.Order()[0]; got != want {
					t.Errorf("R8 first pick: got %v, want %v", got, want)
				}
			}
		}
		if got, want := len(seen), 6; got != want {
			t.Errorf("orders: got %v, want %v", got, want)
		}
	})
}

func TestRandomClaim(t *testing.T) {
	t.Parallel()
	b := lineBoard(t, 42)
	for players := 2; players <= 6; players++ {
		t.Run(fmt.Sprintf("R6 R7 %d players", players), func(t *testing.T) {
			s, err := rules.New(b, rules.Config{Seats: seats(players)})
			if err != nil {
				t.Fatal(err)
			}
			var seed [32]byte
			seed[0] = byte(players)
			s, events, err := rules.Apply(s, 0, rules.StartGame{}, rules.NewDice(seed))
			if err != nil {
				t.Fatal(err)
			}
			if err := rules.CheckInvariants(s); err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, e := range events {
				kinds = append(kinds, e.Kind())
			}
			want := []string{"game_started", "territories_dealt"}
			for range players {
				want = append(want, "armies_placed")
			}
			want = append(want, "turn_started")
			if !slices.Equal(kinds, want) {
				t.Errorf("events: got %v, want %v", kinds, want)
			}
			for i, p := range s.Order() {
				share := 42 / players
				if i < 42%players {
					share++
				}
				pl := s.Player(p)
				if pl.Territories != share {
					t.Errorf("p%d, %d in the order: %d territories, want %d", p, i, pl.Territories, share)
				}
				if got, want := pl.Armies, rules.StartingArmies(42, players); got != want {
					t.Errorf("p%d: %d armies on the board, want %d", p, got, want)
				}
				if got, want := pl.Unplaced, 0; got != want {
					t.Errorf("p%d: %d armies unplaced, want %d", p, got, want)
				}
			}
			if got, want := [3]any{s.Phase(), s.Current(), s.Turn()}, [3]any{rules.PhaseReinforce, s.Order()[0], 1}; got != want {
				t.Errorf("phase, current, turn: got %v, want %v", got, want)
			}
			if got, want := s.Reserve(), s.Reinforcements(s.Order()[0]); got != want {
				t.Errorf("R12 reserve: got %v, want %v", got, want)
			}
		})
	}
	t.Run("R7 the deal and the placements follow the dice", func(t *testing.T) {
		b := lineBoard(t, 6)
		s, err := rules.New(b, rules.Config{Seats: seats(2)})
		if err != nil {
			t.Fatal(err)
		}
		// order 1 0; the deal shuffle leaves t0..t5 as they are: t0 to p1, t1 to p0, ...; p1's five armies
		// all on its first territory, p0's on its last.
		dice := []int{0, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2}
		s, events := mustApply(t, s, 0, rules.StartGame{}, dice...)
		if got, want := events[1].(rules.TerritoriesDealt).Owners, []rules.PlayerID{1, 0, 1, 0, 1, 0}; !slices.Equal(got, want) {
			t.Errorf("owners: got %v, want %v", got, want)
		}
		var armies []int
		for tt := range rules.TerritoryID(6) {
			armies = append(armies, s.Armies(tt))
		}
		if got, want := armies, []int{6, 1, 1, 1, 1, 6}; !slices.Equal(got, want) {
			t.Errorf("armies: got %v, want %v", got, want)
		}
		if got, want := s.Current(), rules.PlayerID(1); got != want {
			t.Errorf("current: got %v, want %v", got, want)
		}
		if _, _, err := rules.Apply(s, 1, rules.Claim{Territory: 0}, rules.NewFixedDice()); codeOf(err) != rules.CodeWrongPhase {
			t.Errorf("R8 R58 claim in a random-claim game: got %v, want %v", err, rules.CodeWrongPhase)
		}
	})
}

func TestRoundRobinClaim(t *testing.T) {
	t.Parallel()
	t.Run("R8 R9 R10 picks in turn order, placement turns, the first game turn", func(t *testing.T) {
		b := lineBoard(t, 9)
		s, err := rules.New(b, rules.Config{Seats: seats(3), Claim: rules.ClaimRoundRobin})
		if err != nil {
			t.Fatal(err)
		}
		s, _ = mustApply(t, s, 0, rules.StartGame{}, 0, 0) // order 1 2 0
		if got, want := s.Order(), []rules.PlayerID{1, 2, 0}; !slices.Equal(got, want) {
			t.Fatalf("order: got %v, want %v", got, want)
		}
		turn := s.Turn()
		for i := range 9 {
			p := s.Order()[i%3]
			if got := s.Current(); got != p {
				t.Fatalf("pick %d: current %v, want %v", i, got, p)
			}
			if got, want := s.Phase(), rules.PhaseClaim; got != want {
				t.Fatalf("pick %d: phase %v, want %v", i, got, want)
			}
			if i > 0 {
				if _, _, err := rules.Apply(s, p, rules.Claim{Territory: 0}, rules.NewFixedDice()); codeOf(err) != rules.CodeAlreadyClaimed {
					t.Errorf("R60 claiming t0 again: got %v, want %v", err, rules.CodeAlreadyClaimed)
				}
			}
			var events []rules.Event
			s, events = mustApply(t, s, p, rules.Claim{Territory: rules.TerritoryID(i)})
			started := events[len(events)-1].(rules.TurnStarted)
			if got, want := started.Turn, turn+1; got != want {
				t.Errorf("R10 turn: got %v, want %v", got, want)
			}
			turn = started.Turn
		}
		// 7 starting armies, 3 claimed: each player has a placement turn for 4, in turn order.
		for _, p := range s.Order() {
			if got, want := [3]any{s.Phase(), s.Current(), s.Reserve()}, [3]any{rules.PhasePlacement, p, 4}; got != want {
				t.Fatalf("placement turn: got %v, want %v", got, want)
			}
			if _, _, err := rules.Apply(s, p, rules.EndTurn{}, rules.NewFixedDice()); codeOf(err) != rules.CodeWrongPhase {
				t.Errorf("R9 end_turn in a placement turn: got %v, want %v", err, rules.CodeWrongPhase)
			}
			own := rules.TerritoryID(slices.Index(s.Order(), p))
			s, _ = mustApply(t, s, p, rules.Place{Placements: []rules.Placement{{Territory: own, Armies: 1}}})
			s, _ = mustApply(t, s, p, rules.Place{Placements: []rules.Placement{{Territory: own + 3, Armies: 3}}})
		}
		if got, want := [3]any{s.Phase(), s.Current(), s.Turn()}, [3]any{rules.PhaseReinforce, rules.PlayerID(1), 13}; got != want {
			t.Errorf("first game turn: got %v, want %v", got, want)
		}
		for p := range rules.PlayerID(3) {
			if got, want := s.Player(p).Armies, 7; got != want {
				t.Errorf("R6 p%d's armies: got %v, want %v", p, got, want)
			}
		}
	})
	t.Run("R9 nobody has armies left to place: the first game turn follows the last pick", func(t *testing.T) {
		b := lineBoard(t, 27)
		var picks []rules.TerritoryID
		for i := range 26 {
			picks = append(picks, rules.TerritoryID(i))
		}
		s := claimGame(t, b, 9, picks...)
		if got, want := rules.StartingArmies(27, 9), 3; got != want {
			t.Fatalf("starting armies: got %v, want %v", got, want)
		}
		_, events := mustApply(t, s, s.Current(), rules.Claim{Territory: 26})
		started := events[len(events)-1].(rules.TurnStarted)
		if got, want := [2]any{started.Phase, started.Player}, [2]any{rules.PhaseReinforce, rules.PlayerID(0)}; got != want {
			t.Errorf("after the last pick: got %v, want %v", got, want)
		}
	})
	t.Run("R9 a player with nothing left is skipped", func(t *testing.T) {
		// 28 territories, 9 players: 4 starting armies each. p0 picks a fourth territory and has nothing
		// left to place; the others place one army each, then p0 plays the first game turn.
		b := lineBoard(t, 28)
		var picks []rules.TerritoryID
		for i := range 28 {
			picks = append(picks, rules.TerritoryID(i))
		}
		s := claimGame(t, b, 9, picks...)
		for p := rules.PlayerID(1); p < 9; p++ {
			if got, want := [3]any{s.Phase(), s.Current(), s.Reserve()}, [3]any{rules.PhasePlacement, p, 1}; got != want {
				t.Fatalf("placement turn: got %v, want %v", got, want)
			}
			s, _ = mustApply(t, s, p, rules.Place{Placements: []rules.Placement{{Territory: rules.TerritoryID(p), Armies: 1}}})
		}
		if got, want := [2]any{s.Phase(), s.Current()}, [2]any{rules.PhaseReinforce, rules.PlayerID(0)}; got != want {
			t.Errorf("first game turn: got %v, want %v", got, want)
		}
	})
}

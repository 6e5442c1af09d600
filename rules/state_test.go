package rules_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rout/rules"
)

// seats returns n seats with distinct colors.
func seats(n int) []rules.Seat {
	out := make([]rules.Seat, n)
	for i := range out {
		out[i] = rules.Seat{Color: fmt.Sprintf("color%d", i)}
	}
	return out
}

// identityOrder returns the dice values that make start_game keep the seats' order for n players: the
// shuffle draws Intn(i+1) for i = n-1 down to 1, and drawing i swaps nothing.
func identityOrder(n int) []int {
	var out []int
	for i := n - 1; i > 0; i-- {
		out = append(out, i)
	}
	return out
}

// mustApply applies a command that must be accepted, with dice that must be used up, and checks the
// invariants.
func mustApply(t testing.TB, s rules.State, p rules.PlayerID, c rules.Command, dice ...int) (rules.State, []rules.Event) {
	t.Helper()
	d := rules.NewFixedDice(dice...)
	next, events, err := rules.Apply(s, p, c, d)
	if err != nil {
		t.Fatalf("p%d %s: %v", p, c.Kind(), err)
	}
	if err := d.Err(); err != nil {
		t.Fatalf("p%d %s: %v", p, c.Kind(), err)
	}
	if n := d.Remaining(); n != 0 {
		t.Fatalf("p%d %s: %d dice values unused", p, c.Kind(), n)
	}
	if err := rules.CheckInvariants(next); err != nil {
		t.Fatalf("p%d %s: %v", p, c.Kind(), err)
	}
	return next, events
}

// codeOf returns the code of a *rules.Error, or "" for any other error.
func codeOf(err error) rules.Code {
	var e *rules.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// claimGame starts a round-robin game on b with n players in seat order and has them claim the given
// territories, in turn order.
func claimGame(t testing.TB, b *rules.Board, n int, picks ...rules.TerritoryID) rules.State {
	t.Helper()
	s, err := rules.New(b, rules.Config{Seats: seats(n), Claim: rules.ClaimRoundRobin})
	if err != nil {
		t.Fatal(err)
	}
	s, _ = mustApply(t, s, 0, rules.StartGame{}, identityOrder(n)...)
	for _, pick := range picks {
		s, _ = mustApply(t, s, s.Current(), rules.Claim{Territory: pick})
	}
	return s
}

func TestConfig(t *testing.T) {
	t.Parallel()
	classic := lineBoard(t, 42)
	cases := []struct {
		name  string
		board *rules.Board
		cfg   rules.Config
		ok    bool
	}{
		{"R3 two players", classic, rules.Config{Seats: seats(2)}, true},
		{"R3 R50 one player", classic, rules.Config{Seats: seats(1)}, false},
		{"R3 14 players on 42 territories", classic, rules.Config{Seats: seats(14)}, true},
		{"R3 R50 15 players on 42 territories", classic, rules.Config{Seats: seats(15)}, false},
		{"R3 24 players on 72 territories", lineBoard(t, 72), rules.Config{Seats: seats(24)}, true},
		{"R3 R50 25 players on 300 territories", lineBoard(t, 300), rules.Config{Seats: seats(25)}, false},
		{"R3 R50 2 players on 5 territories", lineBoard(t, 5), rules.Config{Seats: seats(2)}, false},
		{"R3 2 players on 6 territories", lineBoard(t, 6), rules.Config{Seats: seats(2)}, true},
		{"R3 R50 no color", classic, rules.Config{Seats: []rules.Seat{{Color: "red"}, {}}}, false},
		{"R3 R50 the same color twice", classic, rules.Config{Seats: []rules.Seat{{Color: "red"}, {Color: "red"}}}, false},
		{"R4 round robin", classic, rules.Config{Seats: seats(2), Claim: rules.ClaimRoundRobin}, true},
		{"R4 R50 an unknown claim strategy", classic, rules.Config{Seats: seats(2), Claim: 2}, false},
		{"R4 classic scaling TTB", classic, rules.Config{Seats: seats(2), Cards: rules.CardsClassicScalingTTB}, true},
		{"R4 R50 an unknown card system", classic, rules.Config{Seats: seats(2), Cards: 4}, false},
		{"R4 TTB 4", classic, rules.Config{Seats: seats(2), Cards: rules.CardsFixedTTB, TTBPercent: 4}, true},
		{"R4 TTB 10", classic, rules.Config{Seats: seats(2), Cards: rules.CardsFixedTTB, TTBPercent: 10}, true},
		{"R4 R50 TTB 3", classic, rules.Config{Seats: seats(2), Cards: rules.CardsFixedTTB, TTBPercent: 3}, false},
		{"R4 R50 TTB 11", classic, rules.Config{Seats: seats(2), Cards: rules.CardsFixedTTB, TTBPercent: 11}, false},
		{"R4 R50 TTB -6", classic, rules.Config{Seats: seats(2), Cards: rules.CardsFixedTTB, TTBPercent: -6}, false},
		{"R4 R50 TTB checked whatever the system", classic, rules.Config{Seats: seats(2), TTBPercent: 12}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := rules.New(c.board, c.cfg)
			if c.ok && err != nil {
				t.Errorf("got %v, want no error", err)
			}
			if !c.ok && codeOf(err) != rules.CodeInvalidConfig {
				t.Errorf("got %v, want %v", err, rules.CodeInvalidConfig)
			}
		})
	}
	t.Run("R4 settings by name", func(t *testing.T) {
		for _, name := range []string{"classic", "fixed", "fixed_ttb", "classic_scaling_ttb"} {
			var c rules.CardSystem
			if err := c.UnmarshalText([]byte(name)); err != nil || c.String() != name {
				t.Errorf("card system %q: got %v %v", name, c, err)
			}
		}
		for _, name := range []string{"random", "round_robin"} {
			var c rules.ClaimStrategy
			if err := c.UnmarshalText([]byte(name)); err != nil || c.String() != name {
				t.Errorf("claim strategy %q: got %v %v", name, c, err)
			}
		}
		var c rules.CardSystem
		if err := c.UnmarshalText([]byte("bonus")); err == nil {
			t.Errorf("card system bonus: accepted")
		}
	})
}

func TestStartingArmies(t *testing.T) {
	t.Parallel()
	for players, want := range map[int]int{2: 40, 3: 35, 4: 30, 5: 25, 6: 20} {
		if got := rules.StartingArmies(42, players); got != want {
			t.Errorf("R6 classic map, %d players: got %v, want %v", players, got, want)
		}
	}
	cases := []struct{ territories, players, want int }{
		{6, 2, 8},         // 8 × round(0.72)
		{9, 3, 7},         // 7 × round(1.08)
		{27, 9, 3},        // 1 × round(3.24), and a fair share of 3
		{42, 14, 5},       // 1 × round(5.04)
		{72, 24, 9},       // 1 × round(8.64)
		{100, 2, 96},      // 8 × 12
		{100, 30, 12},     // 1 × 12
		{1000, 24, 120},   // 1 × 120 beats a share of 42
		{10000, 24, 1200}, // 1 × 1200 beats a share of 417
	}
	for _, c := range cases {
		share := (c.territories + c.players - 1) / c.players
		formula := max(share, max(1, 10-c.players)*int(0.12*float64(c.territories)+0.5))
		if formula != c.want {
			t.Fatalf("the table is wrong for %d territories, %d players: the formula gives %d", c.territories, c.players, formula)
		}
		if got := rules.StartingArmies(c.territories, c.players); got != c.want {
			t.Errorf("R6 %d territories, %d players: got %v, want %v", c.territories, c.players, got, c.want)
		}
	}
	for territories := 6; territories <= 300; territories++ {
		for players := 2; players <= min(24, territories/3); players++ {
			share := (territories + players - 1) / players
			if got := rules.StartingArmies(territories, players); got < share {
				t.Errorf("R6 %d territories, %d players: %d armies, less than a share of %d", territories, players, got, share)
			}
		}
	}
}

func TestReinforcements(t *testing.T) {
	t.Parallel()
	// p0 claims t0, t1, ... and p1 claims from the other end.
	b := lineBoard(t, 30,
		rules.BonusArea{Key: "a", Bonus: 2, Territories: []rules.TerritoryID{0, 1}},
		rules.BonusArea{Key: "b", Bonus: 3, Territories: []rules.TerritoryID{1, 2}},
		rules.BonusArea{Key: "zero", Bonus: 0, Territories: []rules.TerritoryID{3}},
		rules.BonusArea{Key: "minus", Bonus: -2, Territories: []rules.TerritoryID{4, 5}},
		rules.BonusArea{Key: "big", Bonus: 5, Territories: []rules.TerritoryID{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}},
		rules.BonusArea{Key: "sink", Bonus: -10, Territories: []rules.TerritoryID{29, 28}},
	)
	var picks []rules.TerritoryID
	for i := range 12 {
		picks = append(picks, rules.TerritoryID(i), rules.TerritoryID(29-i))
	}
	// areas0 and areas1 are the keys of the areas each player holds, as ReinforcementsOf lists them.
	cases := []struct {
		name           string
		owned          int
		p0, p1         int
		areas0, areas1 string
	}{
		{"R12 at least 3", 1, 3, 3, "", ""},
		{"R12 a bonus area", 2, 5, 3, "a", "sink"},
		{"R12 overlapping areas both count; a negative bonus never brings the total below 3", 3, 8, 3, "a b", "sink"},
		{"R12 a zero bonus adds nothing", 4, 8, 3, "a b zero", "sink"},
		{"R12 half of an area adds nothing", 5, 8, 3, "a b zero", "sink"},
		{"R12 a negative bonus subtracts", 6, 6, 3, "a b zero minus", "sink"},
		{"R12 a large area", 10, 11, 3, "a b zero minus big", "sink"},
		{"R12 one army per three territories; p1's -10 area keeps it at 3", 12, 12, 3, "a b zero minus big", "sink"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := claimGame(t, b, 2, picks[:2*c.owned]...)
			for _, want := range []struct {
				p     rules.PlayerID
				total int
				areas string
			}{{0, c.p0, c.areas0}, {1, c.p1, c.areas1}} {
				if got := s.Reinforcements(want.p); got != want.total {
					t.Errorf("p%d with %d territories: got %v, want %v", want.p, c.owned, got, want.total)
				}
				r := s.ReinforcementsOf(want.p)
				var keys []string
				bonus := 0
				for _, a := range r.Areas {
					keys = append(keys, b.Areas()[a].Key)
					bonus += b.Areas()[a].Bonus
				}
				if got := strings.Join(keys, " "); got != want.areas {
					t.Errorf("p%d's areas: got %q, want %q", want.p, got, want.areas)
				}
				wantR := rules.Reinforcement{Player: want.p, Territories: c.owned, FromTerritories: c.owned / 3,
					Areas: r.Areas, AreaBonus: bonus, Minimum: 3, Total: want.total}
				if !reflect.DeepEqual(r, wantR) {
					t.Errorf("p%d's breakdown: got %+v, want %+v", want.p, r, wantR)
				}
			}
		})
	}
}

// TestEnumsMarshalAsText checks that the enums the tables store by name round-trip through
// MarshalText and UnmarshalText, as JSON strings too, so that no other package keeps their names.
func TestEnumsMarshalAsText(t *testing.T) {
	t.Parallel()
	type textEnum interface {
		encoding.TextMarshaler
		String() string
	}
	check := func(v textEnum, back encoding.TextUnmarshaler, name string) {
		t.Helper()
		b, err := v.MarshalText()
		if err != nil || string(b) != name || v.String() != name {
			t.Errorf("%T %v: marshals as %q (%v), want %q", v, v, b, err, name)
			return
		}
		if err := back.UnmarshalText(b); err != nil {
			t.Errorf("%T %q: %v", back, name, err)
		}
		j, err := json.Marshal(v)
		if err != nil || string(j) != `"`+name+`"` {
			t.Errorf("%T %v: JSON %s (%v), want %q", v, v, j, err, name)
		}
	}
	for i, name := range []string{"active", "eliminated", "resigned"} {
		var back rules.Status
		check(rules.Status(i), &back, name)
		if back != rules.Status(i) {
			t.Errorf("status %q reads back as %v", name, back)
		}
	}
	for i, name := range []string{"deck", "discard", "hand"} {
		var back rules.CardLocation
		check(rules.CardLocation(i), &back, name)
		if back != rules.CardLocation(i) {
			t.Errorf("card location %q reads back as %v", name, back)
		}
	}
	for i, name := range []string{"setup", "claim", "placement", "reinforce", "attack", "occupy", "fortify", "over"} {
		var back rules.Phase
		check(rules.Phase(i), &back, name)
		if back != rules.Phase(i) {
			t.Errorf("phase %q reads back as %v", name, back)
		}
	}
	var st rules.Status
	if err := st.UnmarshalText([]byte("winning")); err == nil {
		t.Errorf("status winning: accepted")
	}
	if _, err := rules.CardLocation(7).MarshalText(); err == nil {
		t.Errorf("card location 7: marshalled")
	}
}

// TestRounds plays game turns on a round-robin game of three players (turn order 0, 1, 2), each placing
// its armies and ending its turn, and checks the round of every turn; player 2 resigns in the middle of
// round 2, before its turn.
func TestRounds(t *testing.T) {
	t.Parallel()
	b := lineBoard(t, 9)
	s := claimGame(t, b, 3)
	if got := s.Round(); got != 0 {
		t.Fatalf("R10 round %d before the first claim, want 0", got)
	}
	// placeAll places the whole reserve of the player to move on a territory of theirs.
	placeAll := func(s rules.State) rules.State {
		t.Helper()
		p := s.Current()
		for i := range b.Len() {
			if s.Owner(rules.TerritoryID(i)) == p {
				s, _ = mustApply(t, s, p, rules.Place{Placements: []rules.Placement{{Territory: rules.TerritoryID(i), Armies: s.Reserve()}}})
				return s
			}
		}
		t.Fatalf("p%d owns nothing", p)
		return s
	}
	for i := range b.Len() {
		s, _ = mustApply(t, s, s.Current(), rules.Claim{Territory: rules.TerritoryID(i)})
		if got := s.Round(); got != 0 {
			t.Fatalf("R10 round %d during the claim, want 0", got)
		}
	}
	for s.Phase() == rules.PhasePlacement {
		if got := s.Round(); got != 0 {
			t.Fatalf("R10 round %d during the placement turns, want 0", got)
		}
		s = placeAll(s)
	}
	type turn struct {
		player rules.PlayerID
		round  int
	}
	var got []turn
	for range 9 {
		if s.Turn() == 16 { // the fourth game turn: player 0's in round 2
			s, _ = mustApply(t, s, 2, rules.Resign{})
		}
		got = append(got, turn{s.Current(), s.Round()})
		s = placeAll(s)
		s, _ = mustApply(t, s, s.Current(), rules.EndTurn{})
	}
	want := []turn{{0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}, {0, 4}, {1, 4}}
	if !slices.Equal(got, want) {
		t.Errorf("R10 R11 turns (player, round): got %v, want %v", got, want)
	}
}

package rules_test

import (
	"fmt"
	"slices"
	"testing"

	"rout/rules"
)

// territories returns n territories keyed t0, t1, ... with symbols infantry, cavalry, artillery in turn.
func territories(n int) []rules.Territory {
	ts := make([]rules.Territory, n)
	for i := range ts {
		ts[i] = rules.Territory{Key: fmt.Sprintf("t%d", i), Name: fmt.Sprintf("T%d", i), Symbol: rules.Symbol(i % 3)}
	}
	return ts
}

// lineBoard returns a board of n territories in a line, t0-t1-...-t(n-1), with the given bonus areas.
func lineBoard(t testing.TB, n int, areas ...rules.BonusArea) *rules.Board {
	t.Helper()
	var borders [][2]rules.TerritoryID
	for i := 1; i < n; i++ {
		borders = append(borders, [2]rules.TerritoryID{rules.TerritoryID(i - 1), rules.TerritoryID(i)})
	}
	b, err := rules.NewBoard(territories(n), borders, areas)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestNewBoard(t *testing.T) {
	t.Parallel()
	wild := territories(3)
	wild[1].Symbol = rules.Wild
	dup := territories(3)
	dup[2].Key = "t0"
	bad := []struct {
		name    string
		ts      []rules.Territory
		borders [][2]rules.TerritoryID
		areas   []rules.BonusArea
	}{
		{"R1 one territory", territories(1), nil, nil},
		{"R1 too many territories", territories(rules.MaxTerritories + 1), nil, nil},
		{"R1 R2 a wild territory card", wild, nil, nil},
		{"R1 a duplicate key", dup, nil, nil},
		{"R1 a border out of range", territories(3), [][2]rules.TerritoryID{{0, 3}}, nil},
		{"R1 a negative border", territories(3), [][2]rules.TerritoryID{{-1, 2}}, nil},
		{"R1 a territory bordering itself", territories(3), [][2]rules.TerritoryID{{1, 1}}, nil},
		{"R1 an empty bonus area", territories(3), nil, []rules.BonusArea{{Key: "x", Bonus: 1}}},
		{"R1 a bonus area out of range", territories(3), nil, []rules.BonusArea{{Key: "x", Territories: []rules.TerritoryID{0, 3}}}},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if _, err := rules.NewBoard(c.ts, c.borders, c.areas); err == nil {
				t.Errorf("accepted, want an error")
			}
		})
	}
	t.Run("R1 borders are undirected and counted once", func(t *testing.T) {
		b, err := rules.NewBoard(territories(4), [][2]rules.TerritoryID{{2, 0}, {0, 2}, {0, 1}, {3, 0}, {1, 0}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := b.Neighbors(0), []rules.TerritoryID{1, 2, 3}; !slices.Equal(got, want) {
			t.Errorf("neighbors of t0: got %v, want %v", got, want)
		}
		for _, pair := range [][2]rules.TerritoryID{{0, 2}, {2, 0}, {1, 0}} {
			if got, want := b.Adjacent(pair[0], pair[1]), true; got != want {
				t.Errorf("adjacent %v: got %v, want %v", pair, got, want)
			}
		}
		if got, want := b.Adjacent(1, 2), false; got != want {
			t.Errorf("adjacent t1 t2: got %v, want %v", got, want)
		}
	})
	t.Run("R1 bonus areas may overlap, with any bonus", func(t *testing.T) {
		b := lineBoard(t, 6,
			rules.BonusArea{Key: "a", Bonus: 3, Territories: []rules.TerritoryID{0, 1, 1}},
			rules.BonusArea{Key: "b", Bonus: 0, Territories: []rules.TerritoryID{1, 2}},
			rules.BonusArea{Key: "c", Bonus: -2, Territories: []rules.TerritoryID{1}})
		if got, want := b.AreasOf(1), []int{0, 1, 2}; !slices.Equal(got, want) {
			t.Errorf("areas of t1: got %v, want %v", got, want)
		}
		if got, want := b.Areas()[0].Territories, []rules.TerritoryID{0, 1}; !slices.Equal(got, want) {
			t.Errorf("members of a: got %v, want %v", got, want)
		}
		if id, ok := b.Lookup("t4"); !ok || id != 4 {
			t.Errorf("lookup t4: got %v %v, want 4 true", id, ok)
		}
	})
}

func TestDeck(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ territories, wilds int }{
		{2, 2}, {6, 2}, {42, 2}, {52, 2}, {53, 3}, {73, 3}, {74, 4}, {420, 20}, {10000, 476},
	} {
		t.Run(fmt.Sprintf("R2 %d territories", c.territories), func(t *testing.T) {
			b := lineBoard(t, c.territories)
			if got, want := b.Cards(), c.territories+c.wilds; got != want {
				t.Errorf("cards: got %v, want %v", got, want)
			}
		})
	}
	t.Run("R2 a card per territory, then the wilds", func(t *testing.T) {
		b := lineBoard(t, 6)
		for c := range rules.CardID(b.Cards()) {
			card := b.Card(c)
			want := rules.Card{Symbol: rules.Wild, Territory: -1}
			if int(c) < b.Len() {
				want = rules.Card{Symbol: b.Territory(rules.TerritoryID(c)).Symbol, Territory: rules.TerritoryID(c)}
			}
			if card != want {
				t.Errorf("card %d: got %+v, want %+v", c, card, want)
			}
		}
		s, err := rules.New(b, rules.Config{Seats: []rules.Seat{{Color: "red"}, {Color: "blue"}}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := [2]int{s.DeckSize(), s.DiscardSize()}, [2]int{8, 0}; got != want {
			t.Errorf("deck and discard of a new game: got %v, want %v", got, want)
		}
	})
}

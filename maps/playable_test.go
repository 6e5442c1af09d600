package maps

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestCheckPlayable(t *testing.T) {
	t.Parallel()
	for _, m := range Builtins() {
		if err := m.CheckPlayable(); err != nil {
			t.Errorf("CheckPlayable() of built-in %s = %v", m.ID, err)
		}
	}
	// ring returns a connected map of n territories in a ring.
	ring := func(n int) *Map {
		m := &Map{ID: "ring", Name: "Ring", Version: 1}
		for i := range n {
			m.Territories = append(m.Territories, Territory{ID: fmt.Sprint("t", i), Name: fmt.Sprint("T", i), X: float64(i), Y: 1})
			if i > 0 {
				m.Borders = append(m.Borders, Border{fmt.Sprint("t", i-1), fmt.Sprint("t", i)})
			}
		}
		return m
	}
	star := ring(2)
	for i := 2; i < MaxNeighbours+3; i++ {
		star.Territories = append(star.Territories, Territory{ID: fmt.Sprint("t", i), Name: fmt.Sprint("T", i), X: 1, Y: 1})
		star.Borders = append(star.Borders, Border{"t0", fmt.Sprint("t", i)})
	}
	big := ring(6)
	big.BonusAreas = []BonusArea{
		{ID: "a", Name: "A", Bonus: MaxAreaBonus(2), Territories: []string{"t0", "t1"}},
		{ID: "b", Name: "B", Bonus: MaxAreaBonus(2) + 1, Territories: []string{"t2", "t3"}},
		{ID: "c", Name: "C", Bonus: MinAreaBonus(2) - 1, Territories: []string{"t4", "t5"}},
		{ID: "d", Name: "D", Bonus: MinAreaBonus(1), Territories: []string{"t4"}},
	}
	for _, tc := range []struct {
		name  string
		m     *Map
		paths []string
		codes []string
	}{
		{"six", ring(6), nil, nil},
		{"five", ring(5), []string{"territories"}, []string{CodeCannotSeat}},
		{"bonuses", big, []string{"bonusAreas[1].bonus", "bonusAreas[2].bonus"}, []string{CodeBonusOutOfProportion, CodeBonusOutOfProportion}},
		{"star", star, []string{"territories[0]"}, []string{CodeTooManyNeighbours}},
		{"invalid", &Map{ID: "x"}, nil, []string{CodeRequired}},
	} {
		err := tc.m.CheckPlayable()
		var ve *ValidationError
		if tc.codes == nil {
			if err != nil {
				t.Errorf("%s: CheckPlayable() = %v, want nil", tc.name, err)
			}
			continue
		}
		if !errors.As(err, &ve) {
			t.Fatalf("%s: CheckPlayable() = %v, want a *ValidationError", tc.name, err)
		}
		var paths, codes []string
		for _, p := range ve.Problems {
			paths, codes = append(paths, p.Path), append(codes, p.Code)
		}
		if tc.paths != nil && !slices.Equal(paths, tc.paths) || !slices.Contains(codes, tc.codes[0]) || tc.paths != nil && !slices.Equal(codes, tc.codes) {
			t.Errorf("%s: CheckPlayable() problems = %v, want paths %v, codes %v", tc.name, ve.Problems, tc.paths, tc.codes)
		}
	}
}

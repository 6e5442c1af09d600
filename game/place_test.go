package game_test

import (
	"maps"
	"testing"

	"rout/game"
)

func TestPlacesRankTheWinnerFirstAndTheLastOutSecond(t *testing.T) {
	for _, c := range []struct {
		name    string
		winners []int
		outs    []game.Out
		want    map[int]int
	}{
		{"two players", []int{1}, []game.Out{{Seat: 0, Seq: 40}}, map[int]int{1: 1, 0: 2}},
		{"four players, out in order 2, 0, 3", []int{1}, []game.Out{{Seat: 2, Seq: 10}, {Seat: 0, Seq: 20}, {Seat: 3, Seq: 30}},
			map[int]int{1: 1, 3: 2, 0: 3, 2: 4}},
		{"outs in any order", []int{1}, []game.Out{{Seat: 3, Seq: 30}, {Seat: 2, Seq: 10}, {Seat: 0, Seq: 20}},
			map[int]int{1: 1, 3: 2, 0: 3, 2: 4}},
		{"a resigned seat eliminated later counts when it resigned", []int{0},
			[]game.Out{{Seat: 1, Seq: 5}, {Seat: 2, Seq: 9}, {Seat: 1, Seq: 12}}, map[int]int{0: 1, 2: 2, 1: 3}},
		{"a seat that never went out has no place", []int{0}, []game.Out{{Seat: 1, Seq: 5}}, map[int]int{0: 1, 1: 2}},
		{"a winning team: every winner 1, an eliminated one too, and the last out of the others 2", []int{0, 2},
			[]game.Out{{Seat: 1, Seq: 5}, {Seat: 2, Seq: 9}, {Seat: 3, Seq: 12}}, map[int]int{0: 1, 2: 1, 3: 2, 1: 3}},
		{"no winner: no places", nil, []game.Out{{Seat: 1, Seq: 5}}, nil},
	} {
		if got := game.Places(c.winners, c.outs); !maps.Equal(got, c.want) {
			t.Errorf("%s: places %v, want %v", c.name, got, c.want)
		}
	}
}

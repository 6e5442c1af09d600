package game_test

import (
	"maps"
	"testing"

	"rout/game"
)

func TestPlacesRankTheWinnerFirstAndTheLastOutSecond(t *testing.T) {
	for _, c := range []struct {
		name   string
		winner int
		outs   []game.Out
		want   map[int]int
	}{
		{"two players", 1, []game.Out{{Seat: 0, Seq: 40}}, map[int]int{1: 1, 0: 2}},
		{"four players, out in order 2, 0, 3", 1, []game.Out{{Seat: 2, Seq: 10}, {Seat: 0, Seq: 20}, {Seat: 3, Seq: 30}},
			map[int]int{1: 1, 3: 2, 0: 3, 2: 4}},
		{"outs in any order", 1, []game.Out{{Seat: 3, Seq: 30}, {Seat: 2, Seq: 10}, {Seat: 0, Seq: 20}},
			map[int]int{1: 1, 3: 2, 0: 3, 2: 4}},
		{"a resigned seat eliminated later counts when it resigned", 0,
			[]game.Out{{Seat: 1, Seq: 5}, {Seat: 2, Seq: 9}, {Seat: 1, Seq: 12}}, map[int]int{0: 1, 2: 2, 1: 3}},
		{"a seat that never went out has no place", 0, []game.Out{{Seat: 1, Seq: 5}}, map[int]int{0: 1, 1: 2}},
		{"no winner: no places", -1, []game.Out{{Seat: 1, Seq: 5}}, nil},
	} {
		if got := game.Places(c.winner, c.outs); !maps.Equal(got, c.want) {
			t.Errorf("%s: places %v, want %v", c.name, got, c.want)
		}
	}
}

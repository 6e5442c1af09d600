package game

import (
	"reflect"
	"testing"
)

func TestRatedEntries(t *testing.T) {
	t.Parallel()
	human := func(seat, user, team int) Seat { return Seat{Seat: seat, UserID: user, Team: team} }
	cpu := func(seat, team int) Seat { return Seat{Seat: seat, CPU: true, Team: team} }
	for _, c := range []struct {
		name     string
		seats    []Seat
		places   map[int]int
		teamGame bool
		want     []ratedEntry
	}{
		{"a free-for-all by places", []Seat{human(0, 10, 0), human(1, 11, 0), human(2, 12, 0)}, map[int]int{0: 3, 1: 1, 2: 2}, false,
			[]ratedEntry{{3, []int{10}}, {1, []int{11}}, {2, []int{12}}}},
		{"CPUs left out, the humans among themselves", []Seat{cpu(0, 0), human(1, 11, 0), cpu(2, 0), human(3, 13, 0)},
			map[int]int{0: 1, 1: 4, 2: 2, 3: 3}, false, []ratedEntry{{4, []int{11}}, {3, []int{13}}}},
		{"one human: not rated", []Seat{cpu(0, 0), human(1, 11, 0)}, map[int]int{0: 1, 1: 2}, false, nil},
		{"no places: not rated", []Seat{human(0, 10, 0), human(1, 11, 0)}, nil, false, nil},
		{"a seat without a place left out", []Seat{human(0, 10, 0), human(1, 11, 0), human(2, 12, 0)}, map[int]int{0: 1, 2: 2}, false,
			[]ratedEntry{{1, []int{10}}, {2, []int{12}}}},
		{"a user in two seats: not rated", []Seat{human(0, 10, 0), human(1, 10, 0), human(2, 12, 0)}, map[int]int{0: 1, 1: 2, 2: 3}, false, nil},
		{"teams at their best seat's place, a CPU's included", []Seat{human(0, 10, 0), cpu(1, 1), human(2, 12, 0), human(3, 13, 1), human(4, 14, 2), cpu(5, 2)},
			map[int]int{0: 4, 1: 2, 2: 1, 3: 5, 4: 6, 5: 3}, true,
			[]ratedEntry{{1, []int{10, 12}}, {2, []int{13}}, {3, []int{14}}}},
		{"a team of CPUs only: not an entry", []Seat{human(0, 10, 0), human(1, 11, 1), cpu(2, 2)}, map[int]int{0: 2, 1: 3, 2: 1}, true,
			[]ratedEntry{{2, []int{10}}, {3, []int{11}}}},
		{"one team of humans: not rated", []Seat{human(0, 10, 0), human(1, 11, 0), cpu(2, 1)}, map[int]int{0: 1, 1: 1, 2: 2}, true, nil},
	} {
		if got := ratedEntries(c.seats, c.places, c.teamGame); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: ratedEntries = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestRatingModeOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		seats    int
		teamGame bool
		want     RatingMode
	}{{2, false, RatingDuel}, {3, false, RatingFFA}, {6, false, RatingFFA}, {2, true, RatingTeams}, {4, true, RatingTeams}} {
		if got := ratingModeOf(c.seats, c.teamGame); got != c.want {
			t.Errorf("ratingModeOf(%d, %v) = %s, want %s", c.seats, c.teamGame, got, c.want)
		}
	}
}

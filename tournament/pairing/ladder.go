package pairing

import (
	"cmp"
	"slices"
)

// Seeker is a player waiting in a ladder's queue for a game.
type Seeker struct {
	ID     int
	Rating float64
	// Gap is the widest rating difference the seeker accepts now: the caller widens it the longer they
	// wait.
	Gap float64
}

// Ladder seats seekers at full tables of seats, each player at one table at most: in rating order, each
// seeker not yet seated opens a table and takes, in rating order, the next seekers whose rating is within
// the gap of everyone at the table, both ways, and who have not just played any of them (recent reports
// that of two IDs); a table that cannot be filled is dropped and its seekers wait for the next round.
func Ladder(seekers []Seeker, seats int, recent func(a, b int) bool) ([]Table, error) {
	if err := CheckSeats(seats); err != nil {
		return nil, err
	}
	order := slices.Clone(seekers)
	slices.SortFunc(order, func(a, b Seeker) int {
		if c := cmp.Compare(a.Rating, b.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	seated := make([]bool, len(order))
	var tables []Table
	for i := range order {
		if seated[i] {
			continue
		}
		at := []int{i}
		for j := i + 1; j < len(order) && len(at) < seats; j++ {
			if order[j].Rating-order[i].Rating > order[i].Gap {
				break // further seekers are further from i
			}
			if !seated[j] && fits(order, at, j, recent) {
				at = append(at, j)
			}
		}
		if len(at) < seats {
			continue
		}
		t := make(Table, len(at))
		for k, s := range at {
			t[k], seated[s] = order[s].ID, true
		}
		tables = append(tables, t)
	}
	return tables, nil
}

// fits reports whether seeker j of order may join the seekers at: within everyone's gap, both ways, and
// not just played with any of them.
func fits(order []Seeker, at []int, j int, recent func(a, b int) bool) bool {
	for _, k := range at {
		d := order[j].Rating - order[k].Rating
		if d < 0 {
			d = -d
		}
		if d > order[j].Gap || d > order[k].Gap || recent(order[j].ID, order[k].ID) {
			return false
		}
	}
	return true
}

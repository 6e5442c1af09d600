package pairing

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// MinSeats and MaxSeats bound the seats of a tournament's tables.
const (
	MinSeats = 2
	MaxSeats = 6
)

// Entrant is one entrant of a tournament: the caller's ID (a user's) and a seed that orders entrants
// before any result, the higher first (the rating at entry).
type Entrant struct {
	ID   int
	Seed float64
}

// Table is one game of a round: the IDs of the entrants seated at it.
type Table []int

// Result is a finished table: its entrants and each one's place, Places[i] being the place of
// Entrants[i]: 1 for the winner, and equal places for entrants eliminated together. A bye is a result of
// one entrant, at place 1.
type Result struct {
	Entrants []int
	Places   []int
}

// Validate reports what is wrong with r: no entrant, places that do not match them, an entrant twice, a
// place out of 1 to n, or no winner.
func (r Result) Validate() error {
	n := len(r.Entrants)
	switch {
	case n == 0:
		return errors.New("a table has entrants")
	case len(r.Places) != n:
		return fmt.Errorf("a table of %d entrants has %d places", n, len(r.Places))
	}
	winners := 0
	for i, id := range r.Entrants {
		if slices.Index(r.Entrants, id) != i {
			return fmt.Errorf("entrant %d sits twice at one table", id)
		}
		p := r.Places[i]
		if p < 1 || p > n {
			return fmt.Errorf("entrant %d has place %d at a table of %d", id, p, n)
		}
		if p == 1 {
			winners++
		}
	}
	if winners == 0 {
		return errors.New("a table has a winner (place 1)")
	}
	return nil
}

// Points returns the points each entrant of r scores, in the order of r.Entrants, at a tournament of
// tables of seats (see the package's documentation).
func (r Result) Points(seats int) []float64 {
	out := make([]float64, len(r.Entrants))
	for i := range out {
		out[i] = r.points(i, seats)
	}
	return out
}

// points returns the points of the entrant at index i of r, at a tournament of tables of seats (see the
// package's documentation): the points of the places they share with those of equal place, averaged.
func (r Result) points(i, seats int) float64 {
	n := len(r.Entrants)
	if n == 1 {
		return float64(seats - 1) // a bye scores a win
	}
	behind, tied := 0, 0
	for j, p := range r.Places {
		switch {
		case p > r.Places[i]:
			behind++
		case p == r.Places[i] && j != i:
			tied++
		}
	}
	// The tied share the places from behind+1 to behind+tied+1 from the bottom: points behind..behind+tied.
	return (float64(behind) + float64(tied)/2) * float64(seats-1) / float64(n-1)
}

// Sizes returns the sizes of the tables of a round of n entrants at tables of at most seats: ceil(n/seats)
// tables as even as they can be, the larger first, and for duels of an odd n, a last "table" of one: the
// bye. It is nil for fewer than two entrants.
func Sizes(n, seats int) []int {
	if n < MinSeats {
		return nil
	}
	if seats == 2 && n%2 == 1 {
		return append(Sizes(n-1, 2), 1)
	}
	t := (n + seats - 1) / seats
	sizes := make([]int, t)
	for i := range sizes {
		sizes[i] = n / t
		if i < n%t {
			sizes[i]++
		}
	}
	return sizes
}

// CheckSeats refuses a number of seats a table cannot have.
func CheckSeats(seats int) error {
	if seats < MinSeats || seats > MaxSeats {
		return fmt.Errorf("a table has %d to %d seats, not %d", MinSeats, MaxSeats, seats)
	}
	return nil
}

// Standing is an entrant's place in a tournament's standings.
type Standing struct {
	Entrant
	// Rank is 1 for the first of the standings.
	Rank int
	// Points is the sum of the points of the entrant's tables; Buchholz the sum of the points of everyone
	// they shared a table with; Wins the tables they won; Played the tables they finished.
	Points, Buchholz float64
	Wins, Played     int
}

// Standings ranks entrants by the results of their finished tables at a tournament of tables of seats
// (see the package's documentation). Results of entrants not among entrants are refused, as are invalid
// results.
func Standings(entrants []Entrant, results []Result, seats int) ([]Standing, error) {
	if err := CheckSeats(seats); err != nil {
		return nil, err
	}
	index := make(map[int]int, len(entrants))
	out := make([]Standing, len(entrants))
	for i, e := range entrants {
		if _, ok := index[e.ID]; ok {
			return nil, fmt.Errorf("entrant %d is entered twice", e.ID)
		}
		index[e.ID] = i
		out[i].Entrant = e
	}
	for _, r := range results {
		if err := r.Validate(); err != nil {
			return nil, err
		}
		for i, id := range r.Entrants {
			k, ok := index[id]
			if !ok {
				return nil, fmt.Errorf("entrant %d of a result is not entered", id)
			}
			out[k].Points += r.points(i, seats)
			out[k].Played++
			if r.Places[i] == 1 {
				out[k].Wins++
			}
		}
	}
	for _, r := range results {
		total := 0.0
		for _, id := range r.Entrants {
			total += out[index[id]].Points
		}
		for _, id := range r.Entrants {
			s := &out[index[id]]
			s.Buchholz += total - s.Points
		}
	}
	slices.SortFunc(out, compareStandings)
	for i := range out {
		out[i].Rank = i + 1
	}
	return out, nil
}

// compareStandings orders standings: points, Buchholz, wins and seed, each the higher first, then the
// lower ID.
func compareStandings(a, b Standing) int {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Buchholz, a.Buchholz); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
		return c
	}
	return compareSeeds(a.Entrant, b.Entrant)
}

// compareSeeds orders entrants by seed, the higher first, then by the lower ID.
func compareSeeds(a, b Entrant) int {
	if c := cmp.Compare(b.Seed, a.Seed); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

package pairing

import (
	"fmt"
	"slices"
)

// MaxRoundRobin is the most entrants of a round robin: beyond it a round robin has too many rounds to play.
const MaxRoundRobin = 16

// RoundRobin returns every round of a round robin of 2 to MaxRoundRobin entrants at tables of at most
// seats: over the rounds, every two entrants share a table at least once. Duels follow the circle method:
// n − 1 rounds for an even n, n rounds for an odd n with a bye for each entrant once (the round's last
// table, of one), every pair meeting exactly once. Larger tables are seated greedily, round by round, until every pair has met: each
// table takes the entrant with the most others still to meet, then, seat by seat, the entrant who has
// not yet met the most of those at the table (more still to meet, then the higher seed, on equal counts).
func RoundRobin(entrants []Entrant, seats int) ([][]Table, error) {
	if err := CheckSeats(seats); err != nil {
		return nil, err
	}
	if n := len(entrants); n < MinSeats || n > MaxRoundRobin {
		return nil, fmt.Errorf("a round robin has %d to %d entrants, not %d", MinSeats, MaxRoundRobin, n)
	}
	order := slices.Clone(entrants)
	slices.SortFunc(order, compareSeeds)
	if seats == 2 {
		return circle(order), nil
	}
	return coverPairs(order, seats), nil
}

// circle returns the rounds of duels of the circle method: the first entrant stays, the others turn one
// place a round; with an odd number, an empty place (−1) turns with them and its partner has the bye.
func circle(order []Entrant) [][]Table {
	ring := make([]int, 0, len(order)+1) // indices in order
	for i := range order {
		ring = append(ring, i)
	}
	if len(ring)%2 == 1 {
		ring = append(ring, -1)
	}
	n := len(ring)
	rounds := make([][]Table, 0, n-1)
	for range n - 1 {
		var round []Table
		bye := -1
		for i := range n / 2 {
			switch a, b := ring[i], ring[n-1-i]; {
			case a < 0:
				bye = b
			case b < 0:
				bye = a
			default:
				round = append(round, Table{order[a].ID, order[b].ID})
			}
		}
		if bye >= 0 {
			round = append(round, Table{order[bye].ID})
		}
		rounds = append(rounds, round)
		// Turn every place but the first: the last comes second.
		last := ring[n-1]
		copy(ring[2:], ring[1:n-1])
		ring[1] = last
	}
	return rounds
}

// coverPairs seats rounds greedily until every two entrants of order have shared a table (RoundRobin).
func coverPairs(order []Entrant, seats int) [][]Table {
	n := len(order)
	met := make([][]bool, n) // by index in order
	for i := range met {
		met[i] = make([]bool, n)
		met[i][i] = true
	}
	unmet := func(i int) int {
		c := 0
		for _, m := range met[i] {
			if !m {
				c++
			}
		}
		return c
	}
	var rounds [][]Table
	for pairsLeft := n * (n - 1) / 2; pairsLeft > 0; {
		seated := make([]bool, n)
		var round []Table
		for _, size := range Sizes(n, seats) {
			var at []int
			for len(at) < size {
				best, bestNew, bestUnmet := -1, -1, -1
				for i := range n {
					if seated[i] {
						continue
					}
					fresh := 0
					for _, j := range at {
						if !met[i][j] {
							fresh++
						}
					}
					if u := unmet(i); fresh > bestNew || fresh == bestNew && u > bestUnmet {
						best, bestNew, bestUnmet = i, fresh, u
					}
				}
				at = append(at, best)
				seated[best] = true
			}
			t := make(Table, len(at))
			for k, i := range at {
				t[k] = order[i].ID
				for _, j := range at[:k] {
					if !met[i][j] {
						met[i][j], met[j][i] = true, true
						pairsLeft--
					}
				}
			}
			round = append(round, t)
		}
		rounds = append(rounds, round)
	}
	return rounds
}

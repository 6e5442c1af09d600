package pairing

import "slices"

// Elimination seats a round of single elimination: entrants (the whole field in the first round, the
// winners of the round before after it) at tables of at most seats, seeded so that the strongest meet
// last: in seed order, dealt to the tables in a snake (the first to the first table, the second to the
// second, and so on, then back from the last table), the larger tables first; in duels of an odd number,
// the highest seed has the bye (the last table, of one). One entrant left is the champion: no table.
func Elimination(entrants []Entrant, seats int) ([]Table, error) {
	if err := CheckSeats(seats); err != nil {
		return nil, err
	}
	if len(entrants) < MinSeats {
		return nil, nil
	}
	order := slices.Clone(entrants)
	slices.SortFunc(order, compareSeeds)
	sizes := Sizes(len(order), seats)
	var bye []Table
	if sizes[len(sizes)-1] == 1 { // the highest seed has the bye
		bye = []Table{{order[0].ID}}
		order, sizes = order[1:], sizes[:len(sizes)-1]
	}
	tables := make([]Table, len(sizes))
	for i, size := range sizes {
		tables[i] = make(Table, 0, size)
	}
	t, step := 0, 1
	for _, e := range order {
		for len(tables[t]) == sizes[t] {
			t, step = next(t, step, len(tables))
		}
		tables[t] = append(tables[t], e.ID)
		t, step = next(t, step, len(tables))
	}
	return append(tables, bye...), nil
}

// next returns the table after t in a snake over n tables going step (1 or −1), and the step after it.
func next(t, step, n int) (int, int) {
	if t+step < 0 || t+step >= n {
		return t, -step
	}
	return t + step, step
}

// Winners returns who advances from each result, in the order of results: its winner, or of entrants
// sharing first place, the first in seat order.
func Winners(results []Result) []int {
	out := make([]int, 0, len(results))
	for _, r := range results {
		out = append(out, r.Entrants[slices.Index(r.Places, 1)])
	}
	return out
}

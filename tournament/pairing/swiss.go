package pairing

// window is how many of the next entrants in the standings Swiss looks at for a seat, per seat of the
// table: the further it looks, the fewer repeat meetings, and the less the tables follow the standings.
const window = 4

// SwissRounds is the number of Swiss rounds that lets a single entrant win every round of n at tables of
// seats: the smallest r with seats^r ≥ n, and at least one.
func SwissRounds(n, seats int) int {
	r, reach := 1, seats
	for reach < n {
		r++
		reach *= seats
	}
	return r
}

// meetings counts how many times two entrants shared a table.
type meetings map[[2]int]int

// newMeetings counts the meetings of results.
func newMeetings(results []Result) meetings {
	m := make(meetings)
	for _, r := range results {
		for i, a := range r.Entrants {
			for _, b := range r.Entrants[i+1:] {
				m[pair(a, b)]++
			}
		}
	}
	return m
}

// pair is the key of the meeting of a and b.
func pair(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// repeats counts the earlier meetings of id with the entrants of t.
func (m meetings) repeats(id int, t Table) int {
	n := 0
	for _, o := range t {
		n += m[pair(id, o)]
	}
	return n
}

// Swiss seats the next Swiss round: standings (as Standings returns them, in order) at tables of at most
// seats, given the results so far. Tables are filled from the top of the standings, the larger tables
// first: each table takes the first entrant left, then for each further seat the entrant among the next
// few left (window per seat) who met those already at the table the fewest times, the higher in the
// standings on equal counts. Then entrants of tables with repeat meetings change places with entrants of
// the tables beside them wherever that lowers the repeats. So tables group entrants of close standing and
// avoid repeat meetings where the standings allow. In duels of an odd number, the bye (the last table, of
// one) goes to the lowest in the standings who has not had one.
func Swiss(standings []Standing, results []Result, seats int) ([]Table, error) {
	if err := CheckSeats(seats); err != nil {
		return nil, err
	}
	met := newMeetings(results)
	left := make([]int, len(standings))
	for i, s := range standings {
		left[i] = s.ID
	}
	sizes := Sizes(len(left), seats)
	taken := make([]bool, len(left))
	var bye []Table
	if len(sizes) > 0 && sizes[len(sizes)-1] == 1 {
		sizes = sizes[:len(sizes)-1]
		byes := make(map[int]bool)
		for _, r := range results {
			if len(r.Entrants) == 1 {
				byes[r.Entrants[0]] = true
			}
		}
		i := len(left) - 1
		for i > 0 && byes[left[i]] {
			i--
		}
		bye, taken[i] = []Table{{left[i]}}, true
	}
	tables := make([]Table, 0, len(sizes)+1)
	head := 0 // the first entrant not taken
	for _, size := range sizes {
		for taken[head] {
			head++
		}
		t := make(Table, 1, size)
		t[0], taken[head] = left[head], true
		for len(t) < size {
			best, bestRepeats := -1, 0
			seen := 0
			for i := head; i < len(left) && seen < window*seats; i++ {
				if taken[i] {
					continue
				}
				seen++
				r := met.repeats(left[i], t)
				if best < 0 || r < bestRepeats {
					best, bestRepeats = i, r
				}
				if r == 0 {
					break
				}
			}
			t = append(t, left[best])
			taken[best] = true
		}
		tables = append(tables, t)
	}
	met.repair(tables)
	return append(tables, bye...), nil
}

// reach is how many tables on each side of a table with repeat meetings repair looks at for a swap.
const reach = 2

// repair swaps entrants between tables no further apart than reach wherever a swap lowers the repeat
// meetings of the two tables, until no swap does (or after a few passes).
func (m meetings) repair(tables []Table) {
	for range 4 {
		swapped := false
		for ti, t := range tables {
			for ai, a := range t {
				if m.repeatsBut(a, t, ai) == 0 {
					continue
				}
				for tj := max(0, ti-reach); tj <= min(len(tables)-1, ti+reach); tj++ {
					if tj == ti || m.repeatsBut(a, t, ai) == 0 {
						continue
					}
					u := tables[tj]
					for bi, b := range u {
						before := m.repeatsBut(a, t, ai) + m.repeatsBut(b, u, bi)
						t[ai], u[bi] = b, a
						after := m.repeatsBut(b, t, ai) + m.repeatsBut(a, u, bi)
						if after < before {
							swapped = true
							a = b
							break
						}
						t[ai], u[bi] = a, b
					}
				}
			}
		}
		if !swapped {
			return
		}
	}
}

// repeatsBut counts the earlier meetings of id with the entrants of t but the one at index skip.
func (m meetings) repeatsBut(id int, t Table, skip int) int {
	n := 0
	for i, o := range t {
		if i != skip {
			n += m[pair(id, o)]
		}
	}
	return n
}

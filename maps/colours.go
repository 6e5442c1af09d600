package maps

// AreaColours gives each bonus area of m an index from 0 to n-1 into a palette of n area colours, such
// that no two neighbouring areas share one whenever n colours allow it: two areas neighbour when a border
// joins a territory of one to a territory of the other. Areas are taken in map order and each gets the
// lowest index none of its earlier neighbours holds; an area whose neighbours hold every index gets its
// own position modulo n. The result is the same for the same map and n; n must be positive.
func (m *Map) AreaColours(n int) []int {
	index := make(map[string]int, len(m.Territories))
	for i, t := range m.Territories {
		index[t.ID] = i
	}
	areasOf := make([][]int, len(m.Territories))
	for ai, a := range m.BonusAreas {
		for _, id := range a.Territories {
			areasOf[index[id]] = append(areasOf[index[id]], ai)
		}
	}
	neighbours := make([]map[int]bool, len(m.BonusAreas))
	for i := range neighbours {
		neighbours[i] = make(map[int]bool)
	}
	for _, b := range m.Borders {
		for _, x := range areasOf[index[b[0]]] {
			for _, y := range areasOf[index[b[1]]] {
				if x != y {
					neighbours[x][y], neighbours[y][x] = true, true
				}
			}
		}
	}
	colours := make([]int, len(m.BonusAreas))
	for ai := range colours {
		// The lowest free index is at most the number of neighbours, so larger ones need no mark.
		taken := make([]bool, min(n, len(neighbours[ai])+1))
		for nb := range neighbours[ai] {
			if nb < ai && colours[nb] < len(taken) {
				taken[colours[nb]] = true
			}
		}
		colours[ai] = ai % n
		for c, t := range taken {
			if !t {
				colours[ai] = c
				break
			}
		}
	}
	return colours
}

package maps

import (
	"fmt"
	"testing"
)

// checkAreaColours fails t when an index of colours is outside 0..n-1 or when two areas that neighbour
// across a border of m share one.
func checkAreaColours(t *testing.T, m *Map, n int, colours []int) {
	t.Helper()
	if len(colours) != len(m.BonusAreas) {
		t.Fatalf("%s: %d colours for %d areas", m.ID, len(colours), len(m.BonusAreas))
	}
	for ai, c := range colours {
		if c < 0 || c >= n {
			t.Errorf("%s: area %s has colour %d, outside 0..%d", m.ID, m.BonusAreas[ai].ID, c, n-1)
		}
	}
	areasOf := map[string][]int{}
	for ai, a := range m.BonusAreas {
		for _, id := range a.Territories {
			areasOf[id] = append(areasOf[id], ai)
		}
	}
	for _, b := range m.Borders {
		for _, x := range areasOf[b[0]] {
			for _, y := range areasOf[b[1]] {
				if x != y && colours[x] == colours[y] {
					t.Errorf("%s: areas %s and %s meet at %s-%s and share colour %d",
						m.ID, m.BonusAreas[x].ID, m.BonusAreas[y].ID, b[0], b[1], colours[x])
				}
			}
		}
	}
}

// ringOfAreas is a map of k territories in a ring, each its own area: area i neighbours areas i-1 and i+1,
// and the last neighbours the first.
func ringOfAreas(k int) *Map {
	m := &Map{ID: fmt.Sprintf("ring-%d", k), Name: "Ring", Version: 1}
	for i := range k {
		id := fmt.Sprintf("t%d", i)
		m.Territories = append(m.Territories, Territory{ID: id, Name: id, X: float64(10 * i), Y: 10})
		m.Borders = append(m.Borders, Border{id, fmt.Sprintf("t%d", (i+1)%k)})
		m.BonusAreas = append(m.BonusAreas, BonusArea{ID: "a" + id, Name: "A" + id, Bonus: 1, Territories: []string{id}})
	}
	return m
}

// TestAreaColoursNeighboursApart checks the built-in maps of more than 12 areas (the preview palette's size,
// which colours in turn would give to areas 12 apart) and a ring of 13 areas, where the last area
// neighbours the first: colouring by an area's position modulo 12 gives those two the same colour.
func TestAreaColoursNeighboursApart(t *testing.T) {
	t.Parallel()
	const n = 12
	ring := ringOfAreas(13)
	if err := ring.Validate(); err != nil {
		t.Fatal(err)
	}
	checkAreaColours(t, ring, n, ring.AreaColours(n))
	large := 0
	for _, m := range Builtins() {
		if len(m.BonusAreas) <= n || (testing.Short() && len(m.Territories) > 1000) {
			continue
		}
		large++
		checkAreaColours(t, m, n, m.AreaColours(n))
	}
	if large < 3 {
		t.Errorf("%d built-in maps of more than %d areas checked, want at least 3", large, n)
	}
}

// TestAreaColoursFewColours checks small palettes: an odd ring needs three colours and gets them, a
// palette of two cannot part every neighbour but stays in range, and overlapping areas that share a
// territory count as neighbours of the areas across its borders.
func TestAreaColoursFewColours(t *testing.T) {
	t.Parallel()
	ring := ringOfAreas(7)
	checkAreaColours(t, ring, 3, ring.AreaColours(3))
	for ai, c := range ring.AreaColours(2) {
		if c < 0 || c > 1 {
			t.Errorf("a palette of 2: area %d has colour %d", ai, c)
		}
	}
	if got := ring.AreaColours(1); len(got) != 7 || got[6] != 0 {
		t.Errorf("a palette of 1: colours %v, want seven zeros", got)
	}

	m, err := Parse([]byte(tinyJSON))
	if err != nil {
		t.Fatal(err)
	}
	// west (a, b), east (c, d) and all (every territory) all neighbour across b-c.
	checkAreaColours(t, m, 12, m.AreaColours(12))
	if got := m.AreaColours(12); got[0] == got[1] || got[1] == got[2] || got[0] == got[2] {
		t.Errorf("tiny's overlapping areas: colours %v, want three different", got)
	}
}

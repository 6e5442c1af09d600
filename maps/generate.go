package maps

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// DefaultAreaSize is the number of territories of a generated bonus area when GenerateOpts.AreaSize is 0.
const DefaultAreaSize = 8

// The layout of a generated map: territories sit in the cells of a grid of cellSize units, about
// gridAspect times as wide as it is high, jittered by up to jitter units from the cell's centre.
const (
	cellSize   = 60
	gridAspect = 5.0 / 3.0
	jitter     = 18
	keepEdge   = 0.85 // chance that a grid border outside the spanning tree is kept
	addDiag    = 0.3  // chance that a grid square gets one diagonal border
)

// GenerateOpts configures Generate.
type GenerateOpts struct {
	// Territories is the number of territories, from MinTerritories to MaxTerritories.
	Territories int
	// AreaSize is the usual number of territories of a bonus area; 0 means DefaultAreaSize. It must be
	// large enough that no more than MaxAreas areas can form: Territories / ceil(AreaSize/2) <= MaxAreas.
	AreaSize int
	// Seed selects the map: the same options always give the same map.
	Seed uint64
	// ID is the map's id; empty means "generated-<territories>-<seed>".
	ID string
}

// Generate builds a random map for a seed. Territories sit on a jittered grid; each borders its grid
// neighbours (a random spanning tree of the grid keeps the map connected, and most other grid borders are
// kept) and some diagonal neighbours, never crossing another border, so most territories have 2 to 6
// neighbours. Bonus areas are contiguous groups of about AreaSize territories that cover the map without
// overlapping; an area's bonus is (size + border territories + 1) / 3, at least 1, where a border
// territory is one with a neighbour outside the area. Cards follow the positional assignment of
// CardSymbol. The map is valid and the same options always give the same map.
func Generate(opts GenerateOpts) (*Map, error) {
	n := opts.Territories
	if n < MinTerritories || n > MaxTerritories {
		return nil, fmt.Errorf("territories must be from %d to %d, not %d", MinTerritories, MaxTerritories, n)
	}
	size := opts.AreaSize
	if size == 0 {
		size = DefaultAreaSize
	}
	if size < 0 {
		return nil, fmt.Errorf("area size must be positive, not %d", size)
	}
	if worst := n / ((size + 1) / 2); worst > MaxAreas {
		return nil, fmt.Errorf("area size %d is too small for %d territories: up to %d bonus areas could form, more than %d",
			size, n, worst, MaxAreas)
	}
	id := opts.ID
	if id == "" {
		id = fmt.Sprintf("generated-%d-%d", n, opts.Seed)
	}
	if !idPattern.MatchString(id) || len(id) > MaxIDLength {
		return nil, fmt.Errorf("id %q must be 1 to %d characters of a-z, 0-9, '_' and '-', starting with a letter or digit", id, MaxIDLength)
	}

	rng := rand.New(rand.NewPCG(opts.Seed, 0x9e3779b97f4a7c15))
	cols := max(1, int(math.Round(math.Sqrt(float64(n)*gridAspect))))
	rows := (n + cols - 1) / cols
	m := &Map{
		ID:          id,
		Name:        fmt.Sprintf("Generated %d (seed %d)", n, opts.Seed),
		Version:     1,
		Description: fmt.Sprintf("A generated map of %d territories in bonus areas of about %d.", n, size),
		Width:       cols * cellSize,
		Height:      rows * cellSize,
	}

	names := newNamer(rng)
	m.Territories = make([]Territory, n)
	for i := range m.Territories {
		r, c := i/cols, i%cols
		m.Territories[i] = Territory{
			ID:   "t" + strconv.Itoa(i+1),
			Name: names.next(),
			X:    float64(c*cellSize + cellSize/2 + rng.IntN(2*jitter+1) - jitter),
			Y:    float64(r*cellSize + cellSize/2 + rng.IntN(2*jitter+1) - jitter),
		}
	}

	edges := gridEdges(n, cols, rows, rng)
	adj := make([][]int, n)
	m.Borders = make([]Border, len(edges))
	for i, e := range edges {
		m.Borders[i] = Border{m.Territories[e[0]].ID, m.Territories[e[1]].ID}
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	for _, a := range adj {
		slices.Sort(a)
	}

	areas := growAreas(adj, size, rng)
	inArea := make([]int, n)
	for a, members := range areas {
		for _, t := range members {
			inArea[t] = a
		}
	}
	m.BonusAreas = make([]BonusArea, len(areas))
	for a, members := range areas {
		frontier := 0
		ids := make([]string, len(members))
		for j, t := range members {
			ids[j] = m.Territories[t].ID
			if slices.ContainsFunc(adj[t], func(u int) bool { return inArea[u] != a }) {
				frontier++
			}
		}
		m.BonusAreas[a] = BonusArea{
			ID:          "a" + strconv.Itoa(a+1),
			Name:        m.Territories[members[0]].Name + " " + areaSuffixes[a%len(areaSuffixes)],
			Bonus:       min(MaxBonus, max(1, (len(members)+frontier+1)/3)),
			Territories: ids,
		}
	}

	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("error validating generated map: %w", err)
	}
	return m, nil
}

// gridEdges returns the borders of the first n cells of a grid, filled row by row, as sorted pairs of
// indexes in increasing order: a random spanning tree of the grid, most other grid edges, and at most one
// diagonal per grid square.
func gridEdges(n, cols, rows int, rng *rand.Rand) [][2]int {
	var grid [][2]int
	for i := range n {
		if (i+1)%cols != 0 && i+1 < n {
			grid = append(grid, [2]int{i, i + 1})
		}
		if i+cols < n {
			grid = append(grid, [2]int{i, i + cols})
		}
	}
	rng.Shuffle(len(grid), func(i, j int) { grid[i], grid[j] = grid[j], grid[i] })
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	var edges [][2]int
	for _, e := range grid {
		ra, rb := find(e[0]), find(e[1])
		if ra != rb {
			parent[ra] = rb
			edges = append(edges, e)
		} else if rng.Float64() < keepEdge {
			edges = append(edges, e)
		}
	}
	for r := range rows - 1 {
		for c := range cols - 1 {
			tl, tr, bl, br := r*cols+c, r*cols+c+1, (r+1)*cols+c, (r+1)*cols+c+1
			if rng.Float64() >= addDiag {
				continue
			}
			if rng.IntN(2) == 0 && br < n {
				edges = append(edges, [2]int{tl, br})
			} else if bl < n {
				edges = append(edges, [2]int{tr, bl})
			}
		}
	}
	slices.SortFunc(edges, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return edges
}

// growAreas splits a connected graph into contiguous areas: from each not yet covered territory, in random
// order, a breadth-first search over uncovered territories takes up to size of them. An area left smaller
// than ceil(size/2) (boxed in by others) joins its smallest neighbouring area. Members come out sorted.
func growAreas(adj [][]int, size int, rng *rand.Rand) [][]int {
	n := len(adj)
	owner := make([]int, n)
	for i := range owner {
		owner[i] = -1
	}
	var areas [][]int
	for _, seed := range rng.Perm(n) {
		if owner[seed] >= 0 {
			continue
		}
		a := len(areas)
		owner[seed] = a
		members := []int{seed}
		for q := 0; q < len(members) && len(members) < size; q++ {
			for _, u := range adj[members[q]] {
				if owner[u] < 0 && len(members) < size {
					owner[u] = a
					members = append(members, u)
				}
			}
		}
		areas = append(areas, members)
	}

	minSize := (size + 1) / 2
	for a, members := range areas {
		if len(members) == 0 || len(members) >= minSize || len(areas) == 1 {
			continue
		}
		best := -1
		for _, t := range members {
			for _, u := range adj[t] {
				if b := owner[u]; b != a && (best < 0 || len(areas[b]) < len(areas[best]) || len(areas[b]) == len(areas[best]) && b < best) {
					best = b
				}
			}
		}
		if best < 0 {
			continue // cannot happen on a connected graph with more than one area
		}
		for _, t := range members {
			owner[t] = best
		}
		areas[best] = append(areas[best], members...)
		areas[a] = nil
	}
	areas = slices.DeleteFunc(areas, func(members []int) bool { return len(members) == 0 })
	for _, members := range areas {
		slices.Sort(members)
	}
	// Order the areas by their first territory, so that they read top-left to bottom-right.
	slices.SortFunc(areas, func(a, b []int) int { return a[0] - b[0] })
	return areas
}

var areaSuffixes = []string{"Reach", "Marches", "Vale", "Coast", "Highlands", "Basin", "Expanse", "Downs"}

var syllables = strings.Fields("ar bel cor dun el fen gal hal ir jor kal lun mor nar or pel quin ros sar tal ul ven wyn yor zan bra dre gri tho" +
	" vel ka mi no ra si te vo")

// namer makes unique territory names from random syllables.
type namer struct {
	rng  *rand.Rand
	used map[string]bool
}

func newNamer(rng *rand.Rand) *namer { return &namer{rng: rng, used: map[string]bool{}} }

func (nm *namer) next() string {
	for range 8 {
		var b strings.Builder
		for range 2 + nm.rng.IntN(2) {
			b.WriteString(syllables[nm.rng.IntN(len(syllables))])
		}
		name := capitalize(b.String())
		if !nm.used[name] {
			nm.used[name] = true
			return name
		}
	}
	// Crowded: number the names of one stem apart.
	stem := capitalize(syllables[nm.rng.IntN(len(syllables))] + syllables[nm.rng.IntN(len(syllables))])
	for k := 2; ; k++ {
		name := stem + " " + strconv.Itoa(k)
		if !nm.used[name] {
			nm.used[name] = true
			return name
		}
	}
}

func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

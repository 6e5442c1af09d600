package maps

import (
	"bytes"
	"strings"
	"testing"

	"rout/rules"
)

// checkGenerated checks what every generated map promises: valid, connected, grid-like degrees and
// contiguous, non-overlapping bonus areas that cover the map.
func checkGenerated(t *testing.T, m *Map, opts GenerateOpts) {
	t.Helper()
	if err := m.Validate(); err != nil {
		t.Fatalf("Validate() error = %v", err)
	}
	b, err := m.Board()
	if err != nil {
		t.Fatalf("Board() error = %v", err)
	}
	n := opts.Territories
	if b.Len() != n {
		t.Fatalf("territories = %d, want %d", b.Len(), n)
	}
	if got := reachable(b, nil, 0); got != n {
		t.Errorf("%d of %d territories are reachable from the first", got, n)
	}
	degrees := 0
	for tid := range rules.TerritoryID(n) {
		d := len(b.Neighbors(tid))
		degrees += d
		if d < 1 || d > 8 {
			t.Errorf("%s has %d neighbours, want 1 to 8", b.Territory(tid).Key, d)
		}
	}
	if avg := float64(degrees) / float64(n); n >= 100 && (avg < 2.5 || avg > 5) {
		t.Errorf("average degree = %.2f, want 2.5 to 5", avg)
	}

	size := opts.AreaSize
	if size == 0 {
		size = DefaultAreaSize
	}
	areas := b.Areas()
	if len(areas) > MaxAreas {
		t.Errorf("areas = %d, want at most %d", len(areas), MaxAreas)
	}
	covered := make([]int, n)
	for _, a := range areas {
		if len(a.Territories) > n || (n >= size && len(a.Territories) < (size+1)/2) {
			t.Errorf("area %s has %d territories, want at least %d", a.Key, len(a.Territories), (size+1)/2)
		}
		if a.Bonus < 1 {
			t.Errorf("area %s has bonus %d, want at least 1", a.Key, a.Bonus)
		}
		member := make(map[rules.TerritoryID]bool, len(a.Territories))
		for _, tid := range a.Territories {
			member[tid] = true
			covered[tid]++
		}
		if got := reachable(b, member, a.Territories[0]); got != len(a.Territories) {
			t.Errorf("area %s is not contiguous: %d of %d territories reachable inside it", a.Key, got, len(a.Territories))
		}
	}
	for tid, c := range covered {
		if c != 1 {
			t.Errorf("%s is in %d areas, want 1", b.Territory(rules.TerritoryID(tid)).Key, c)
		}
	}
}

// reachable counts the territories reachable from start, staying inside within when it is not nil.
func reachable(b *rules.Board, within map[rules.TerritoryID]bool, start rules.TerritoryID) int {
	seen := map[rules.TerritoryID]bool{start: true}
	queue := []rules.TerritoryID{start}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, u := range b.Neighbors(t) {
			if !seen[u] && (within == nil || within[u]) {
				seen[u] = true
				queue = append(queue, u)
			}
		}
	}
	return len(seen)
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	tests := []GenerateOpts{
		{Territories: 2},
		{Territories: 3, Seed: 1},
		{Territories: 7, Seed: 2},
		{Territories: 42, Seed: 3},
		{Territories: 101, Seed: 4, AreaSize: 1},
		{Territories: 250, Seed: 5, AreaSize: 30},
		{Territories: 999, Seed: 6, AreaSize: 5},
		{Territories: 5000, Seed: 7},
		{Territories: 5000, Seed: 8, AreaSize: 2},
		{Territories: MaxTerritories, Seed: 9},
		{Territories: MaxTerritories, Seed: 10, AreaSize: 4},
		{Territories: 50, Seed: 11, AreaSize: 1000},
	}
	for _, opts := range tests {
		t.Run("", func(t *testing.T) {
			t.Parallel()
			m, err := Generate(opts)
			if err != nil {
				t.Fatalf("Generate(%+v) error = %v", opts, err)
			}
			checkGenerated(t, m, opts)
		})
	}
}

func TestGenerateSmallSizes(t *testing.T) {
	t.Parallel()
	for n := MinTerritories; n <= 60; n++ {
		for seed := range uint64(3) {
			opts := GenerateOpts{Territories: n, Seed: seed, AreaSize: 1 + n%9}
			m, err := Generate(opts)
			if err != nil {
				t.Fatalf("Generate(%+v) error = %v", opts, err)
			}
			checkGenerated(t, m, opts)
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	t.Parallel()
	encode := func(opts GenerateOpts) string {
		m, err := Generate(opts)
		if err != nil {
			t.Fatalf("Generate(%+v) error = %v", opts, err)
		}
		var b bytes.Buffer
		if err := Encode(&b, m); err != nil {
			t.Fatalf("Encode() error = %v", err)
		}
		return b.String()
	}
	opts := GenerateOpts{Territories: 5000, Seed: 42}
	first := encode(opts)
	if again := encode(opts); again != first {
		t.Errorf("Generate(%+v) gave two different maps", opts)
	}
	if other := encode(GenerateOpts{Territories: 5000, Seed: 43}); other == first {
		t.Errorf("Generate() gave the same map for seeds 42 and 43")
	}
}

func TestGenerateFields(t *testing.T) {
	t.Parallel()
	m, err := Generate(GenerateOpts{Territories: 20, Seed: 5})
	if err != nil {
		t.Fatalf("Generate() error = %v", err)
	}
	if got, want := m.ID, "generated-20-5"; got != want {
		t.Errorf("ID = %q, want %q", got, want)
	}
	if got, want := m.Version, 1; got != want {
		t.Errorf("Version = %d, want %d", got, want)
	}
	if m.Width <= 0 || m.Height <= 0 {
		t.Errorf("canvas = %dx%d, want a size", m.Width, m.Height)
	}
	if got, want := m.Territories[0].ID, "t1"; got != want {
		t.Errorf("first territory id = %q, want %q", got, want)
	}
	named, err := Generate(GenerateOpts{Territories: 20, Seed: 5, ID: "my-map"})
	if err != nil {
		t.Fatalf("Generate() error = %v", err)
	}
	if got, want := named.ID, "my-map"; got != want {
		t.Errorf("ID = %q, want %q", got, want)
	}
}

func TestGenerateErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		opts GenerateOpts
		want string
	}{
		{GenerateOpts{Territories: 0}, "territories must be from 2 to 10000, not 0"},
		{GenerateOpts{Territories: 1}, "territories must be from 2 to 10000, not 1"},
		{GenerateOpts{Territories: MaxTerritories + 1}, "territories must be from 2 to 10000, not 10001"},
		{GenerateOpts{Territories: 10, AreaSize: -1}, "area size must be positive"},
		{GenerateOpts{Territories: MaxTerritories, AreaSize: 2}, "area size 2 is too small"},
		{GenerateOpts{Territories: 10, ID: "Bad ID"}, `id "Bad ID" must be`},
		{GenerateOpts{Territories: 10, ID: strings.Repeat("x", MaxIDLength+1)}, "must be 1 to 64 characters"},
	}
	for _, tt := range tests {
		m, err := Generate(tt.opts)
		if m != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Generate(%+v) = %v, %v; want an error containing %q", tt.opts, m, err, tt.want)
		}
	}
}

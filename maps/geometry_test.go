package maps

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// shapePolygon reads a shape's vertices for the tests.
func shapePolygon(t *testing.T, shape string) []point {
	t.Helper()
	pts, msg := parsePath(shape)
	if msg != "" {
		t.Fatalf("shape %q does not parse: %s", shape, msg)
	}
	return pts.ends
}

func polygonArea(pts []point) float64 {
	var a float64
	for k, p := range pts {
		q := pts[(k+1)%len(pts)]
		a += p.x*q.y - q.x*p.y
	}
	return math.Abs(a) / 2
}

func segmentDistance(p, a, b point) float64 {
	dx, dy := b.x-a.x, b.y-a.y
	l := dx*dx + dy*dy
	t := 0.0
	if l > 0 {
		t = min(max(((p.x-a.x)*dx+(p.y-a.y)*dy)/l, 0), 1)
	}
	return math.Hypot(p.x-a.x-t*dx, p.y-a.y-t*dy)
}

// outlineDistance is the least distance between a vertex of one outline and an edge of the other.
func outlineDistance(a, b []point) float64 {
	best := math.Inf(1)
	for _, pair := range [][2][]point{{a, b}, {b, a}} {
		for _, p := range pair[0] {
			for k := range pair[1] {
				best = min(best, segmentDistance(p, pair[1][k], pair[1][(k+1)%len(pair[1])]))
			}
		}
	}
	return best
}

func insidePolygon(p point, pts []point) bool {
	in := false
	for k := range pts {
		a, b := pts[k], pts[(k+1)%len(pts)]
		if (a.y > p.y) != (b.y > p.y) && p.x < a.x+(p.y-a.y)*(b.x-a.x)/(b.y-a.y) {
			in = !in
		}
	}
	return in
}

// checkGeometry checks the invariants of a map's geometry: a non-empty shape within the canvas for every
// territory, each derived cell holding its label, and the shapes of the two territories of every border
// not marked as sea touching.
func checkGeometry(t *testing.T, m *Map, g *Geometry) {
	t.Helper()
	if len(g.Shapes) != len(m.Territories) {
		t.Fatalf("%s: %d shapes for %d territories", m.ID, len(g.Shapes), len(m.Territories))
	}
	polys := make([][]point, len(g.Shapes))
	for i, s := range g.Shapes {
		v := &validator{}
		v.checkShape(fieldAt("shape"), s, int(math.Ceil(g.Width)), int(math.Ceil(g.Height)))
		if len(v.problems) > 0 {
			t.Errorf("%s: shape of %s: %v", m.ID, m.Territories[i].ID, v.problems)
		}
		polys[i] = shapePolygon(t, s)
		if a := polygonArea(polys[i]); !(a > 0) {
			t.Errorf("%s: shape of %s %q has area %v", m.ID, m.Territories[i].ID, s, a)
		}
		for _, p := range polys[i] {
			if p.x < 0 || p.y < 0 || p.x > g.Width || p.y > g.Height {
				t.Errorf("%s: shape of %s has (%v, %v) outside %v × %v", m.ID, m.Territories[i].ID, p.x, p.y, g.Width, g.Height)
				break
			}
		}
		if m.Territories[i].Shape == "" {
			label := point{m.Territories[i].X, m.Territories[i].Y}
			if !insidePolygon(label, polys[i]) && outlineDistance([]point{label}, polys[i]) > 0.2 {
				t.Errorf("%s: the cell of %s %q does not hold its label %v", m.ID, m.Territories[i].ID, g.Shapes[i], label)
			}
		}
	}
	if !slices.IsSorted(g.Sea) {
		t.Errorf("%s: Sea = %v, want it sorted", m.ID, g.Sea)
	}
	index := map[string]int{}
	for i, tr := range m.Territories {
		index[tr.ID] = i
	}
	for bi, b := range m.Borders {
		if g.IsSea(bi) {
			continue
		}
		i, j := index[b[0]], index[b[1]]
		if d := outlineDistance(polys[i], polys[j]); d > 0.2 {
			t.Errorf("%s: border %v is not marked as sea, but its shapes are %v apart", m.ID, b, d)
		}
	}
}

// TestDeriveGeometryClassic checks the geometry of the classic map: Alaska–Kamchatka is a sea crossing,
// most borders are on land, and territories that do not border keep apart where their shapes are derived
// (9 of 83 borders were drawn as lines with derived cells; since version 2 the file's real outlines give
// every shape, and its sea crossings are the file's).
func TestDeriveGeometryClassic(t *testing.T) {
	t.Parallel()
	m, _ := Builtin(ClassicID)
	g, err := DeriveGeometry(m)
	if err != nil {
		t.Fatalf("DeriveGeometry() error = %v", err)
	}
	checkGeometry(t, m, g)
	if g.Width != 1000 || g.Height != 600 {
		t.Errorf("canvas = %v × %v, want the map's 1000 × 600", g.Width, g.Height)
	}
	sea := map[[2]string]bool{}
	for _, i := range g.Sea {
		sea[m.Borders[i]] = true
	}
	isSea := func(a, b string) bool { return sea[[2]string{a, b}] || sea[[2]string{b, a}] }
	for _, b := range [][2]string{{"alaska", "kamchatka"}} {
		if !isSea(b[0], b[1]) {
			t.Errorf("border %v is not marked as sea", b)
		}
	}
	for _, b := range [][2]string{{"alaska", "northwest_territory"}, {"peru", "argentina"}} {
		if isSea(b[0], b[1]) {
			t.Errorf("border %v is marked as sea", b)
		}
	}
	if len(g.Sea) > len(m.Borders)/3 {
		t.Errorf("%d of %d borders are sea crossings; want most on land", len(g.Sea), len(m.Borders))
	}
	// Territories without a border between them never share an edge, where the shapes are derived (the
	// file's real outlines keep the real coasts and straits).
	polys := make([][]point, len(g.Shapes))
	for i, s := range g.Shapes {
		polys[i] = shapePolygon(t, s)
	}
	for i := range polys {
		for j := i + 1; j < len(polys); j++ {
			a, b := m.Territories[i].ID, m.Territories[j].ID
			if _, ok := sea[[2]string{a, b}]; ok || slices.Contains(m.Borders, Border{a, b}) || slices.Contains(m.Borders, Border{b, a}) {
				continue
			}
			if m.Territories[i].Shape != "" && m.Territories[j].Shape != "" {
				continue
			}
			if d := outlineDistance(polys[i], polys[j]); d < 1 {
				t.Errorf("%s and %s do not border each other, but their shapes are %v apart", a, b, d)
			}
		}
	}
	again, err := DeriveGeometry(m.Clone())
	if err != nil || !reflect.DeepEqual(g, again) {
		t.Errorf("DeriveGeometry() of the same map differs: %v", err)
	}
}

func TestDeriveGeometryGenerated(t *testing.T) {
	t.Parallel()
	sizes := []int{2, 200, 1000, 5000}
	if testing.Short() {
		sizes = []int{2, 200, 1000}
	}
	for _, n := range sizes {
		m, err := Generate(GenerateOpts{Territories: n, Seed: 7})
		if err != nil {
			t.Fatalf("Generate(%d) error = %v", n, err)
		}
		g, err := DeriveGeometry(m)
		if err != nil {
			t.Fatalf("DeriveGeometry(%d) error = %v", n, err)
		}
		checkGeometry(t, m, g)
		if n >= 200 && len(g.Sea) > len(m.Borders)/4 {
			t.Errorf("%d territories: %d of %d borders are sea crossings", n, len(g.Sea), len(m.Borders))
		}
	}
}

func TestDeriveGeometryEdgeCases(t *testing.T) {
	t.Parallel()
	for name, m := range map[string]*Map{
		"no canvas": {ID: "a", Name: "A", Version: 1,
			Territories: []Territory{{ID: "a", Name: "A", X: 10, Y: 10}, {ID: "b", Name: "B", X: 900, Y: 700}},
			Borders:     []Border{{"a", "b"}}},
		"same place": {ID: "a", Name: "A", Version: 1, Width: 100, Height: 100,
			Territories: []Territory{{ID: "a", Name: "A", X: 50, Y: 50}, {ID: "b", Name: "B", X: 50, Y: 50},
				{ID: "c", Name: "C", X: 50, Y: 50}, {ID: "d", Name: "D", X: 0, Y: 100}},
			Borders: []Border{{"a", "b"}, {"b", "c"}, {"c", "d"}}},
		"on the edge": {ID: "a", Name: "A", Version: 1, Width: 100, Height: 100,
			Territories: []Territory{{ID: "a", Name: "A", X: 0, Y: 0}, {ID: "b", Name: "B", X: 100, Y: 100}},
			Borders:     []Border{{"a", "b"}}},
		"given shapes": {ID: "a", Name: "A", Version: 1, Width: 100, Height: 100,
			Territories: []Territory{
				{ID: "a", Name: "A", X: 25, Y: 50, Shape: "M0 0 H50 V100 H0 Z"},
				{ID: "b", Name: "B", X: 75, Y: 50, Shape: "m50 0 l50 0 0 100 -50 0z"},
				{ID: "c", Name: "C", X: 75, Y: 90},
			},
			Borders: []Border{{"a", "b"}, {"b", "c"}}},
	} {
		g, err := DeriveGeometry(m)
		if err != nil {
			t.Fatalf("%s: DeriveGeometry() error = %v", name, err)
		}
		checkGeometry(t, m, g)
		if name == "given shapes" {
			if g.Shapes[0] != m.Territories[0].Shape || g.IsSea(0) {
				t.Errorf("%s: shapes %q, sea %v; want the file's shape and a land border", name, g.Shapes, g.Sea)
			}
		}
	}
	if _, err := DeriveGeometry(&Map{ID: "x"}); err == nil {
		t.Errorf("DeriveGeometry() of an invalid map error = nil")
	}
}

func TestShapeValidation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		shape, code string
	}{
		{"M0 0 L10 10 Z", ""},
		{"M0,0 10,10 20,0z", ""},
		{"m1 1 h10 v10 c1 1 2 2 3 3 s1 1 2 2 q1 1 2 2 t1 1 a5 5 0 1 0 10 10 Z", ""},
		{"M.5.5 1e1 1E-1Z", ""},
		{"M0 0 A5 5 0 110 10", ""},
		{"L0 0", CodeBadShape},
		{"M0", CodeBadShape},
		{"M0 0 Z 1 1", CodeBadShape},
		{"M0 0 X1 1", CodeBadShape},
		{"M0 0 L<script>", CodeBadShape},
		{"M0 0 L200 0", CodeBadShape},
		{"M0 0 l-1 0", CodeBadShape},
		{"M0 0 C0 0 500 500 10 10", CodeBadShape},
		{"M0 0 A-5 5 0 1 0 10 10", CodeBadShape},
		{"M0 0 A5 5 0 2 0 10 10", CodeBadShape},
		{"M0 0" + strings.Repeat(" L1 1", MaxShapeLength/5), CodeTooLong},
		{"   ", CodeBadShape},
	} {
		v := &validator{}
		v.checkShape(fieldAt("shape"), tc.shape, 100, 100)
		got := ""
		if len(v.problems) > 0 {
			got = v.problems[0].Code
		}
		if got != tc.code {
			t.Errorf("checkShape(%.40q) = %v, want code %q", tc.shape, v.problems, tc.code)
		}
	}
	m := &Map{ID: "a", Name: "A", Version: 1, Width: 100, Height: 100, Territories: []Territory{
		{ID: "a", Name: "A", X: 1, Y: 1, Shape: "M0 0 L101 0 Z"}, {ID: "b", Name: "B", X: 2, Y: 2}},
		Borders: []Border{{"a", "b"}}}
	err := m.Validate()
	if err == nil || !strings.Contains(err.Error(), "territories[0].shape: BAD_SHAPE") {
		t.Errorf("Validate() = %v, want territories[0].shape: BAD_SHAPE", err)
	}
}

// BenchmarkDeriveGeometry derives the geometry of the classic map and of the 5,000-territory world; the
// validation of the same large map (which DeriveGeometry does first) is the baseline of docs/benchmarks.md.
func BenchmarkDeriveGeometry(b *testing.B) {
	for _, id := range []string{ClassicID, "world-5000"} {
		m, ok := Builtin(id)
		if !ok {
			b.Fatalf("no built-in map %s", id)
		}
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				if _, err := DeriveGeometry(m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	m, _ := Builtin("world-5000")
	b.Run("validate-world-5000", func(b *testing.B) {
		for b.Loop() {
			if err := m.Validate(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestDeriveGeometryEurope checks the derived shapes of the europe map: its ten sea crossings (the file's
// sea) are drawn as lines and, where the shapes are derived, their countries' shapes keep apart (the
// file's real outlines keep the real straits: Denmark and Sweden all but touch at the Øresund), and most
// land borders follow a shared edge (19 of 89 did not when the lobes came; 29 before them; none since
// version 2 has real outlines).
func TestDeriveGeometryEurope(t *testing.T) {
	t.Parallel()
	m, _ := Builtin("europe")
	g, err := DeriveGeometry(m)
	if err != nil {
		t.Fatal(err)
	}
	checkGeometry(t, m, g)
	if len(m.Sea) != 10 {
		t.Fatalf("europe marks %d sea crossings, want 10", len(m.Sea))
	}
	index := map[string]int{}
	for i, tr := range m.Territories {
		index[tr.ID] = i
	}
	water := map[Border]bool{}
	for _, b := range m.Sea {
		water[b], water[Border{b[1], b[0]}] = true, true
	}
	landAtSea := 0
	for bi, b := range m.Borders {
		switch {
		case water[b] && !g.IsSea(bi):
			t.Errorf("the sea crossing %v is drawn as land", b)
		case water[b] && m.Territories[index[b[0]]].Shape == "" && m.Territories[index[b[1]]].Shape == "":
			a, c := shapePolygon(t, g.Shapes[index[b[0]]]), shapePolygon(t, g.Shapes[index[b[1]]])
			if d := outlineDistance(a, c); d < 1 {
				t.Errorf("the shapes of the sea crossing %v are %v apart", b, d)
			}
		case g.IsSea(bi):
			landAtSea++
		}
	}
	t.Logf("europe: %d of %d land borders drawn as sea crossings", landAtSea, len(m.Borders)-len(m.Sea))
	if landAtSea > 19 {
		t.Errorf("%d of %d land borders are drawn as sea crossings, want at most 19", landAtSea, len(m.Borders)-len(m.Sea))
	}
}

func TestDeriveGeometryBuiltins(t *testing.T) {
	t.Parallel()
	for _, m := range Builtins() {
		if testing.Short() && len(m.Territories) > 1000 {
			continue
		}
		g, err := DeriveGeometry(m)
		if err != nil {
			t.Fatalf("DeriveGeometry(%s) error = %v", m.ID, err)
		}
		checkGeometry(t, m, g)
		t.Logf("%s: %d territories, %d of %d borders at sea", m.ID, len(m.Territories), len(g.Sea), len(m.Borders))
	}
}

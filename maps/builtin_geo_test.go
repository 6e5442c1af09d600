package maps

import (
	"math"
	"slices"
	"testing"

	"rout/rules"
)

// centroid is the approximate geographic centre of a state or country, in degrees (north and east are
// positive). The labels of the maps of real geography are these points, projected.
type centroid struct {
	id       string
	lat, lon float64
}

var europeCentroids = []centroid{
	{"iceland", 64.9, -18.6},
	{"ireland", 53.2, -8.0},
	{"united_kingdom", 53.5, -1.8},
	{"portugal", 39.6, -8.0},
	{"spain", 40.2, -3.6},
	{"france", 46.6, 2.4},
	{"belgium", 50.6, 4.6},
	{"netherlands", 52.2, 5.6},
	{"luxembourg", 49.8, 6.1},
	{"germany", 51.1, 10.4},
	{"denmark", 56.0, 9.3},
	{"norway", 62.0, 9.5},
	{"sweden", 62.0, 15.5},
	{"finland", 63.5, 26.0},
	{"estonia", 58.7, 25.5},
	{"latvia", 56.9, 24.9},
	{"lithuania", 55.3, 23.9},
	{"kaliningrad", 54.7, 21.3},
	{"poland", 52.1, 19.4},
	{"czechia", 49.8, 15.5},
	{"slovakia", 48.7, 19.7},
	{"hungary", 47.2, 19.4},
	{"austria", 47.6, 14.1},
	{"switzerland", 46.8, 8.2},
	{"italy", 42.8, 12.6},
	{"malta", 35.9, 14.4},
	{"slovenia", 46.1, 14.8},
	{"croatia", 45.4, 16.0},
	{"bosnia_and_herzegovina", 44.2, 17.8},
	{"serbia", 44.0, 20.9},
	{"montenegro", 42.8, 19.3},
	{"kosovo", 42.6, 20.9},
	{"albania", 41.1, 20.0},
	{"north_macedonia", 41.6, 21.7},
	{"greece", 39.3, 22.0},
	{"bulgaria", 42.7, 25.3},
	{"romania", 45.9, 24.9},
	{"moldova", 47.2, 28.5},
	{"ukraine", 49.0, 31.3},
	{"belarus", 53.7, 28.0},
	{"russia", 57.0, 42.0},
	{"turkey", 39.0, 35.2},
	{"georgia", 42.2, 43.5},
	{"armenia", 40.2, 45.0},
	{"azerbaijan", 40.3, 47.7},
}

// laeaEurope projects a point with the Lambert azimuthal equal-area projection centred on 52N 10E (the
// centre of the European grid ETRS89-LAEA) on the unit sphere.
func laeaEurope(lat, lon float64) (x, y float64) {
	rad := func(d float64) float64 { return d * math.Pi / 180 }
	p, l, p0, l0 := rad(lat), rad(lon), rad(52), rad(10)
	k := math.Sqrt(2 / (1 + math.Sin(p0)*math.Sin(p) + math.Cos(p0)*math.Cos(p)*math.Cos(l-l0)))
	return k * math.Cos(p) * math.Sin(l-l0), k * (math.Cos(p0)*math.Sin(p) - math.Sin(p0)*math.Cos(p)*math.Cos(l-l0))
}

// fitCanvas scales projected points uniformly into a width x height canvas, keeping margin units free on
// the tighter side and centring the other, with y growing downwards.
func fitCanvas(xs, ys []float64, width, height, margin float64) (cx, cy []float64) {
	minX, maxX, minY, maxY := slices.Min(xs), slices.Max(xs), slices.Min(ys), slices.Max(ys)
	s := min((width-2*margin)/(maxX-minX), (height-2*margin)/(maxY-minY))
	midX, midY := (minX+maxX)/2, (minY+maxY)/2
	for i := range xs {
		cx = append(cx, width/2+(xs[i]-midX)*s)
		cy = append(cy, height/2-(ys[i]-midY)*s)
	}
	return cx, cy
}

// TestGeographyLabels checks that every label of the maps of real geography without generated outlines
// is its territory's centroid in the map's projection, to the 0.1 unit the files round to. The labels of
// maps with outlines are the outlines' centroids (TestBuiltinShapes).
func TestGeographyLabels(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		id        string
		centroids []centroid
		project   func(lat, lon float64) (x, y float64)
		margin    float64
	}{
		{"europe", europeCentroids, laeaEurope, 50},
	} {
		m, ok := Builtin(tt.id)
		if !ok {
			t.Fatalf("Builtin(%q) not found", tt.id)
		}
		if len(m.Territories) != len(tt.centroids) {
			t.Fatalf("%s has %d territories, want %d", tt.id, len(m.Territories), len(tt.centroids))
		}
		var xs, ys []float64
		for _, c := range tt.centroids {
			x, y := tt.project(c.lat, c.lon)
			xs, ys = append(xs, x), append(ys, y)
		}
		cx, cy := fitCanvas(xs, ys, float64(m.Width), float64(m.Height), tt.margin)
		for i, tr := range m.Territories {
			if tr.ID != tt.centroids[i].id {
				t.Fatalf("%s territory %d is %s, want %s", tt.id, i, tr.ID, tt.centroids[i].id)
			}
			if math.Abs(tr.X-cx[i]) > 0.051 || math.Abs(tr.Y-cy[i]) > 0.051 {
				t.Errorf("%s: %s is at (%v, %v), want (%.1f, %.1f)", tt.id, tr.ID, tr.X, tr.Y, cx[i], cy[i])
			}
		}
	}
}

// geoBoard returns the board of a built-in map and a function that reports whether two territories,
// named by id, border each other.
func geoBoard(t *testing.T, id string) (*Map, *rules.Board, func(a, c string) bool) {
	t.Helper()
	m, ok := Builtin(id)
	if !ok {
		t.Fatalf("Builtin(%q) not found", id)
	}
	b, err := m.Board()
	if err != nil {
		t.Fatalf("Board() error = %v", err)
	}
	return m, b, func(a, c string) bool {
		t.Helper()
		ta, okA := b.Lookup(a)
		tc, okC := b.Lookup(c)
		if !okA || !okC {
			t.Fatalf("%s: Lookup(%q) = %v, Lookup(%q) = %v; want both found", id, a, okA, c, okC)
		}
		return b.Adjacent(ta, tc)
	}
}

// areaMembers returns the members of each area of m by area id.
func areaMembers(m *Map) map[string][]string {
	out := make(map[string][]string)
	for _, a := range m.BonusAreas {
		out[a.ID] = a.Territories
	}
	return out
}

func TestUSStates(t *testing.T) {
	t.Parallel()
	m, b, adjacent := geoBoard(t, "us-states")
	if got, want := len(m.Territories), 48; got != want {
		t.Errorf("territories = %d, want %d", got, want)
	}
	if got, want := len(m.Borders), 105; got != want {
		t.Errorf("borders = %d, want %d", got, want)
	}
	for _, tt := range []struct {
		a, c string
		want bool
	}{
		{"michigan", "wisconsin", true},     // the Upper Peninsula
		{"delaware", "new_jersey", true},    // the Twelve-Mile Circle reaches the New Jersey shore
		{"maine", "new_hampshire", true},    // Maine's only neighbour
		{"utah", "new_mexico", false},       // Four Corners: a point, not a border
		{"arizona", "colorado", false},      // Four Corners
		{"michigan", "illinois", false},     // across Lake Michigan
		{"michigan", "minnesota", false},    // across Lake Superior
		{"new_york", "rhode_island", false}, // across Block Island Sound
		{"north_carolina", "georgia", true}, // a short land border in the mountains
		{"florida", "mississippi", false},   // Alabama lies between
		{"california", "washington", false}, // Oregon lies between
	} {
		if got := adjacent(tt.a, tt.c); got != tt.want {
			t.Errorf("Adjacent(%s, %s) = %v, want %v", tt.a, tt.c, got, tt.want)
		}
	}
	for id, want := range map[string]int{"tennessee": 8, "missouri": 8, "kentucky": 7, "maine": 1, "washington": 2, "texas": 4, "pennsylvania": 6} {
		tid, _ := b.Lookup(id)
		if got := len(b.Neighbors(tid)); got != want {
			t.Errorf("neighbours of %s = %d, want %d", id, got, want)
		}
	}

	// Each state is in one census division and one census region, and a region is its divisions.
	divisions := []string{"new_england", "middle_atlantic", "east_north_central", "west_north_central", "south_atlantic",
		"east_south_central", "west_south_central", "mountain", "pacific"}
	regions := map[string][]string{
		"northeast_region": {"new_england", "middle_atlantic"},
		"midwest_region":   {"east_north_central", "west_north_central"},
		"south_region":     {"south_atlantic", "east_south_central", "west_south_central"},
		"west_region":      {"mountain", "pacific"},
	}
	members := areaMembers(m)
	if got, want := len(members), len(divisions)+len(regions); got != want {
		t.Errorf("bonus areas = %d, want %d", got, want)
	}
	inDivision := make(map[string]int)
	for _, d := range divisions {
		for _, id := range members[d] {
			inDivision[id]++
		}
	}
	for _, tr := range m.Territories {
		if inDivision[tr.ID] != 1 {
			t.Errorf("%s is in %d census divisions, want 1", tr.ID, inDivision[tr.ID])
		}
	}
	for r, divs := range regions {
		var want []string
		for _, d := range divs {
			want = append(want, members[d]...)
		}
		slices.Sort(want)
		if got := slices.Sorted(slices.Values(members[r])); !slices.Equal(got, want) {
			t.Errorf("region %s = %v, want the states of %v", r, got, divs)
		}
	}
}

func TestEurope(t *testing.T) {
	t.Parallel()
	m, b, adjacent := geoBoard(t, "europe")
	if got, want := len(m.Territories), 45; got != want {
		t.Errorf("territories = %d, want %d", got, want)
	}
	if got, want := len(m.Borders), 99; got != want {
		t.Errorf("borders = %d, want %d", got, want)
	}
	for _, tt := range []struct {
		a, c string
		want bool
	}{
		// The sea crossings.
		{"united_kingdom", "france", true}, // the Channel Tunnel
		{"united_kingdom", "netherlands", true},
		{"ireland", "france", true},
		{"iceland", "denmark", true},
		{"denmark", "sweden", true}, // the Øresund Bridge
		{"denmark", "norway", true},
		{"finland", "estonia", true},
		{"italy", "greece", true},
		{"italy", "albania", true},
		{"italy", "malta", true},
		// Land borders.
		{"ireland", "united_kingdom", true}, // Northern Ireland
		{"kaliningrad", "poland", true},
		{"kaliningrad", "lithuania", true},
		{"finland", "norway", true},
		{"turkey", "bulgaria", true},
		{"kosovo", "serbia", true},
		// Not borders.
		{"kaliningrad", "russia", false}, // an exclave
		{"spain", "italy", false},
		{"germany", "hungary", false},
		{"greece", "serbia", false},
		{"sweden", "estonia", false},
	} {
		if got := adjacent(tt.a, tt.c); got != tt.want {
			t.Errorf("Adjacent(%s, %s) = %v, want %v", tt.a, tt.c, got, tt.want)
		}
	}
	for id, want := range map[string]int{"germany": 9, "iceland": 1, "malta": 1, "portugal": 1, "serbia": 8, "france": 8, "austria": 7} {
		tid, _ := b.Lookup(id)
		if got := len(b.Neighbors(tid)); got != want {
			t.Errorf("neighbours of %s = %d, want %d", id, got, want)
		}
	}
	// The regions partition the map.
	in := make(map[string]int)
	for _, a := range m.BonusAreas {
		for _, id := range a.Territories {
			in[id]++
		}
	}
	for _, tr := range m.Territories {
		if in[tr.ID] != 1 {
			t.Errorf("%s is in %d regions, want 1", tr.ID, in[tr.ID])
		}
	}
}

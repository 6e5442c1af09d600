package maps

import (
	"slices"
	"testing"

	"rout/rules"
)

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

package maps_test

import (
	"slices"
	"testing"

	"rout/maps"
)

// TestBuiltinFamilies: every built-in map is in a built-in family, and every built-in family has a map.
func TestBuiltinFamilies(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, m := range maps.Builtins() {
		f := maps.Family(m.ID, true)
		if !slices.Contains(maps.BuiltinFamilies(), f) {
			t.Errorf("built-in map %q: family %q, want a built-in family", m.ID, f)
		}
		seen[f] = true
	}
	for _, f := range maps.BuiltinFamilies() {
		if !seen[f] {
			t.Errorf("built-in family %q has no map", f)
		}
	}
	if !slices.IsSorted(maps.BuiltinFamilies()) {
		t.Errorf("BuiltinFamilies() = %v, want sorted", maps.BuiltinFamilies())
	}
}

// TestUploadedFamily: an uploaded map is its own family, even under a built-in map's key, and
// ValidFamily accepts the families Family makes and nothing else.
func TestUploadedFamily(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		key     string
		builtin bool
		want    string
	}{
		{"classic", true, "classic"},
		{"europe", true, "regional"},
		{"world-1000", true, "generated"},
		{"classic", false, "map:classic"},
		{"my-islands", false, "map:my-islands"},
	} {
		if got := maps.Family(c.key, c.builtin); got != c.want {
			t.Errorf("Family(%q, %v) = %q, want %q", c.key, c.builtin, got, c.want)
		}
		if !maps.ValidFamily(c.want) {
			t.Errorf("ValidFamily(%q) = false", c.want)
		}
	}
	for _, bad := range []string{"", "map:", "map:Bad Key", "world", "map:-x"} {
		if maps.ValidFamily(bad) {
			t.Errorf("ValidFamily(%q) = true", bad)
		}
	}
}

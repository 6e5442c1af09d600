package maps

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"rout/rules"
)

func TestBuiltinsParse(t *testing.T) {
	t.Parallel()
	list, err := readBuiltins(builtinFiles, "builtin")
	if err != nil {
		t.Fatalf("readBuiltins() error = %v", err)
	}
	if len(list) == 0 {
		t.Fatalf("readBuiltins() found no maps")
	}
	for _, m := range list {
		if _, err := m.Board(); err != nil {
			t.Errorf("Board() of built-in map %s error = %v", m.ID, err)
		}
	}
}

func TestBuiltins(t *testing.T) {
	t.Parallel()
	list := Builtins()
	ids := make([]string, len(list))
	for i, m := range list {
		ids[i] = m.ID
	}
	if !slices.IsSorted(ids) {
		t.Errorf("Builtins() ids = %v, want them sorted", ids)
	}
	if !slices.Contains(ids, ClassicID) {
		t.Errorf("Builtins() ids = %v, want %q among them", ids, ClassicID)
	}
	for _, m := range list {
		got, ok := Builtin(m.ID)
		if !ok || got != m {
			t.Errorf("Builtin(%q) = %p, %v; want %p, true", m.ID, got, ok, m)
		}
	}
	list[0] = nil
	if Builtins()[0] == nil {
		t.Errorf("changing the slice of Builtins() changed the next result")
	}
	for _, id := range []string{"", "Classic", "nowhere", "classic.json"} {
		if m, ok := Builtin(id); ok || m != nil {
			t.Errorf("Builtin(%q) = %v, %v; want nil, false", id, m, ok)
		}
	}
}

func TestClassic(t *testing.T) {
	t.Parallel()
	m, ok := Builtin(ClassicID)
	if !ok {
		t.Fatalf("Builtin(%q) not found", ClassicID)
	}
	b, err := m.Board()
	if err != nil {
		t.Fatalf("Board() error = %v", err)
	}
	if got, want := len(m.Territories), 42; got != want {
		t.Errorf("territories = %d, want %d", got, want)
	}
	if got, want := b.Len(), 42; got != want {
		t.Errorf("Board().Len() = %d, want %d", got, want)
	}
	if got, want := len(m.Borders), 83; got != want {
		t.Errorf("borders = %d, want %d", got, want)
	}
	if got, want := b.Cards(), 44; got != want {
		t.Errorf("Board().Cards() = %d, want %d", got, want)
	}

	// Adjacency is symmetric and counts each border twice.
	degrees := 0
	for a := range rules.TerritoryID(b.Len()) {
		for _, c := range b.Neighbors(a) {
			degrees++
			if !b.Adjacent(c, a) {
				t.Errorf("%s borders %s but not the other way round", b.Territory(a).Key, b.Territory(c).Key)
			}
		}
	}
	if got, want := degrees, 2*83; got != want {
		t.Errorf("sum of degrees = %d, want %d", got, want)
	}

	wantAreas := []struct {
		id, name    string
		bonus, size int
	}{
		{"north_america", "North America", 5, 9},
		{"south_america", "South America", 2, 4},
		{"europe", "Europe", 5, 7},
		{"africa", "Africa", 3, 6},
		{"asia", "Asia", 7, 12},
		{"australia", "Australia", 2, 4},
	}
	areas := b.Areas()
	if len(areas) != len(wantAreas) {
		t.Fatalf("areas = %d, want %d", len(areas), len(wantAreas))
	}
	inAreas := make(map[rules.TerritoryID]int)
	for i, want := range wantAreas {
		a := areas[i]
		if a.Key != want.id || a.Name != want.name || a.Bonus != want.bonus || len(a.Territories) != want.size {
			t.Errorf("area %d = %s %q bonus %d with %d territories, want %s %q bonus %d with %d",
				i, a.Key, a.Name, a.Bonus, len(a.Territories), want.id, want.name, want.bonus, want.size)
		}
		for _, tid := range a.Territories {
			inAreas[tid]++
		}
	}
	for tid := range rules.TerritoryID(b.Len()) {
		if inAreas[tid] != 1 {
			t.Errorf("%s is in %d continents, want 1", b.Territory(tid).Key, inAreas[tid])
		}
	}

	adjacent := func(a, c string) bool {
		ta, okA := b.Lookup(a)
		tc, okC := b.Lookup(c)
		if !okA || !okC {
			t.Fatalf("Lookup(%q) = %v, Lookup(%q) = %v; want both found", a, okA, c, okC)
		}
		return b.Adjacent(ta, tc)
	}
	for _, tt := range []struct {
		a, c string
		want bool
	}{
		{"alaska", "kamchatka", true},
		{"kamchatka", "alaska", true},
		{"brazil", "north_africa", true},
		{"greenland", "iceland", true},
		{"central_america", "venezuela", true},
		{"siam", "indonesia", true},
		{"egypt", "middle_east", true},
		{"east_africa", "middle_east", true},
		{"southern_europe", "middle_east", true},
		{"ukraine", "afghanistan", true},
		{"ural", "china", true},
		{"mongolia", "japan", true},
		{"western_europe", "north_africa", true},
		{"alaska", "greenland", false},
		{"north_africa", "south_africa", false},
		{"india", "indonesia", false},
	} {
		if got := adjacent(tt.a, tt.c); got != tt.want {
			t.Errorf("Adjacent(%s, %s) = %v, want %v", tt.a, tt.c, got, tt.want)
		}
	}

	degreeOf := map[string]int{"china": 6, "ukraine": 6, "argentina": 2, "japan": 2, "madagascar": 2, "ontario": 6, "kamchatka": 5}
	for id, want := range degreeOf {
		tid, _ := b.Lookup(id)
		if got := len(b.Neighbors(tid)); got != want {
			t.Errorf("neighbours of %s = %d, want %d", id, got, want)
		}
	}

	for i, tr := range m.Territories {
		if got, want := b.Territory(rules.TerritoryID(i)).Symbol, rules.Symbol(i%3); got != want {
			t.Errorf("symbol of %s = %v, want %v (round robin)", tr.ID, got, want)
		}
		if tr.X < 0 || tr.X > float64(m.Width) || tr.Y < 0 || tr.Y > float64(m.Height) {
			t.Errorf("%s at (%v, %v) is off the %dx%d canvas", tr.ID, tr.X, tr.Y, m.Width, m.Height)
		}
	}
}

func TestReadBuiltinsErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files fstest.MapFS
		want  string
	}{
		{"id differs from file name", fstest.MapFS{"b/other.json": {Data: []byte(tinyJSON)}}, `its id is "tiny", not "other"`},
		{"invalid map", fstest.MapFS{"b/tiny.json": {Data: []byte(`{"id": "tiny"}`)}}, "error parsing built-in map tiny.json"},
		{"missing folder", fstest.MapFS{}, "error reading built-in maps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := readBuiltins(tt.files, "b")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("readBuiltins() error = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestReadBuiltinsSkipsOtherFiles(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"b/tiny.json":    {Data: []byte(tinyJSON)},
		"b/README.md":    {Data: []byte("not a map")},
		"b/sub/x.json":   {Data: []byte("not a map either")},
		"b/classic.json": {Data: builtinJSON(t, ClassicID)},
	}
	list, err := readBuiltins(files, "b")
	if err != nil {
		t.Fatalf("readBuiltins() error = %v", err)
	}
	var ids []string
	for _, m := range list {
		ids = append(ids, m.ID)
	}
	if want := []string{"classic", "tiny"}; !slices.Equal(ids, want) {
		t.Errorf("readBuiltins() ids = %v, want %v", ids, want)
	}
}

// TestGeneratedWorldsArePinned pins each generated built-in map to the SHA-256 of its encoded form. A
// built-in map must not change under the same version, since games remember the version they were
// created with: when Generate changes and this test fails, store the old output as a file in builtin/ (the
// file then takes the generated entry's place) or raise the entry's version and update the hash.
func TestGeneratedWorldsArePinned(t *testing.T) {
	t.Parallel()
	want := map[string]string{
		"world-200":  "26cc3c85a42db98416bc9c27e6d54be797430aba4db3ec4bee80cfe0a83a9880",
		"world-1000": "0bad3723087115728c68115d8426be4d4f3eca008355c34ff8c673f8d9fa7f42",
		"world-5000": "7252e5a42881f4c82851bed833293005743d89ca7df296670798c7976640db6c",
	}
	if len(generatedWorlds) != len(want) {
		t.Errorf("%d generated worlds, want %d", len(generatedWorlds), len(want))
	}
	for _, w := range generatedWorlds {
		m, ok := Builtin(w.opts.ID)
		if !ok {
			t.Fatalf("Builtin(%q) not found", w.opts.ID)
		}
		var buf bytes.Buffer
		if err := Encode(&buf, m); err != nil {
			t.Fatalf("Encode(%s) error = %v", m.ID, err)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(buf.Bytes())); got != want[m.ID] {
			t.Errorf("%s (version %d) encodes to SHA-256 %s, want %s", m.ID, m.Version, got, want[m.ID])
		}
		if m.Name != w.name || m.Version != w.version || m.Description != w.description {
			t.Errorf("%s is %q version %d, want %q version %d with its description", m.ID, m.Name, m.Version, w.name, w.version)
		}
		if want := fmt.Sprintf(" in %d bonus areas ", len(m.BonusAreas)); !strings.Contains(m.Description, want) {
			t.Errorf("%s: description %q does not say %q", m.ID, m.Description, want)
		}
		if got := len(m.Territories); got != w.opts.Territories {
			t.Errorf("%s has %d territories, want %d", m.ID, got, w.opts.Territories)
		}
	}
}

func TestMergeBuiltins(t *testing.T) {
	t.Parallel()
	tiny, err := Parse([]byte(tinyJSON))
	if err != nil {
		t.Fatal(err)
	}
	var generated []*Map
	for _, w := range []generatedWorld{
		{opts: GenerateOpts{ID: "b-world", Territories: 20, Seed: 1}, name: "B", version: 3, description: "Second."},
		{opts: GenerateOpts{ID: "a-world", Territories: 10, Seed: 1}, name: "A", version: 1, description: "First."},
	} {
		m, err := generateWorld(w)
		if err != nil {
			t.Fatalf("generateWorld(%s) error = %v", w.opts.ID, err)
		}
		generated = append(generated, m)
	}
	if b := generated[0]; b.Name != "B" || b.Version != 3 || b.Description != "Second." || len(b.Territories) != 20 {
		t.Errorf("b-world = %q version %d %q with %d territories, want \"B\" version 3 \"Second.\" with 20", b.Name, b.Version, b.Description, len(b.Territories))
	}
	list, err := mergeBuiltins([]*Map{tiny}, generated)
	if err != nil {
		t.Fatalf("mergeBuiltins() error = %v", err)
	}
	var ids []string
	for _, m := range list {
		ids = append(ids, m.ID)
	}
	if want := []string{"a-world", "b-world", "tiny"}; !slices.Equal(ids, want) {
		t.Errorf("mergeBuiltins() ids = %v, want %v", ids, want)
	}

	twin, err := generateWorld(generatedWorld{opts: GenerateOpts{ID: "tiny", Territories: 5}, name: "T", version: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mergeBuiltins([]*Map{tiny}, []*Map{twin}); err == nil || !strings.Contains(err.Error(), `"tiny" is both a file and generated`) {
		t.Errorf("mergeBuiltins() of a twin error = %v, want it to name the id", err)
	}
	for _, tt := range []struct {
		name  string
		world generatedWorld
		want  string
	}{
		{"bad options", generatedWorld{opts: GenerateOpts{ID: "x", Territories: 1}, name: "X", version: 1}, `error generating built-in map "x"`},
		{"bad name", generatedWorld{opts: GenerateOpts{ID: "x", Territories: 5}, name: " X", version: 1}, `error validating built-in map "x"`},
	} {
		if _, err := generateWorld(tt.world); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: generateWorld() error = %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}

// BenchmarkBuiltinWorld compares generating the 5,000-territory world with parsing its JSON, the
// alternative of storing it as a file: go test -run XXX -bench BuiltinWorld ./maps
func BenchmarkBuiltinWorld(b *testing.B) {
	w := generatedWorlds[len(generatedWorlds)-1]
	m, err := generateWorld(w)
	if err != nil {
		b.Fatal(err)
	}
	var js bytes.Buffer
	if err := Encode(&js, m); err != nil {
		b.Fatal(err)
	}
	b.Run("parse-json", func(b *testing.B) {
		for b.Loop() {
			if _, err := Parse(js.Bytes()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("generate", func(b *testing.B) {
		for b.Loop() {
			if _, err := generateWorld(w); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestBuiltinLabelsApart checks that no two labels of a built-in map lie within 10 units of each other:
// shapes derived from the labels need room, and so do the labels themselves.
func TestBuiltinLabelsApart(t *testing.T) {
	t.Parallel()
	const minApart = 10
	for _, m := range Builtins() {
		if m.Width == 0 || m.Height == 0 {
			t.Errorf("%s has no canvas size", m.ID)
		}
		// Sorted by x, only the labels less than minApart to the right need comparing.
		ts := slices.Clone(m.Territories)
		slices.SortFunc(ts, func(a, b Territory) int { return cmp.Compare(a.X, b.X) })
		for i, a := range ts {
			for _, b := range ts[i+1:] {
				if b.X-a.X >= minApart {
					break
				}
				if d := math.Hypot(a.X-b.X, a.Y-b.Y); d < minApart {
					t.Errorf("%s: %s and %s are %.1f units apart, want at least %d", m.ID, a.ID, b.ID, d, minApart)
				}
			}
		}
	}
}

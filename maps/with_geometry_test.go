package maps_test

import (
	"slices"
	"testing"

	"rout/maps"
)

// TestWithGeometryCarriesTheDerivedGeometry checks that a map written with its geometry gives every
// territory a shape and, derived again, the same shapes and sea crossings: on built-in maps (shapes of
// their own, sea in the file) and on generated ones (every shape derived).
func TestWithGeometryCarriesTheDerivedGeometry(t *testing.T) {
	generated, err := maps.Generate(maps.GenerateOpts{Territories: 300, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	cases := []*maps.Map{generated}
	for _, id := range []string{"classic", "europe"} {
		m, ok := maps.Builtin(id)
		if !ok {
			t.Fatalf("no built-in map %s", id)
		}
		cases = append(cases, m)
	}
	for _, m := range cases {
		t.Run(m.ID, func(t *testing.T) {
			want, err := maps.DeriveGeometry(m.Clone())
			if err != nil {
				t.Fatal(err)
			}
			w, err := maps.WithGeometry(m)
			if err != nil {
				t.Fatal(err)
			}
			for i, tr := range w.Territories {
				if tr.Shape == "" {
					t.Fatalf("territory %s has no shape", tr.ID)
				}
				if tr.Shape != want.Shapes[i] {
					t.Fatalf("territory %s: shape %.40q, derived %.40q", tr.ID, tr.Shape, want.Shapes[i])
				}
			}
			if w.Width <= 0 || w.Height <= 0 {
				t.Errorf("canvas %d × %d", w.Width, w.Height)
			}
			// The copy is a valid map file whose geometry is the same.
			var buf writer
			if err := maps.Encode(&buf, w); err != nil {
				t.Fatal(err)
			}
			back, err := maps.Parse(buf.b)
			if err != nil {
				t.Fatalf("the written map does not parse: %v", err)
			}
			got, err := maps.DeriveGeometry(back)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got.Shapes, want.Shapes) {
				t.Error("the shapes derived again differ")
			}
			if !slices.Equal(got.Sea, want.Sea) {
				t.Errorf("sea crossings derived again: %v, want %v", got.Sea, want.Sea)
			}
		})
	}
}

type writer struct{ b []byte }

func (w *writer) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

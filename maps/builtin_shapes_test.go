package maps

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// shapeMaps are the built-in maps whose territories carry real outlines, written by the generator of
// maps/geo.
var shapeMaps = []string{"us-states", "europe", "classic"}

// rings reads the outline rings of a generated shape: path data of absolute moves, lines and closes.
func rings(t *testing.T, d string) [][]point {
	t.Helper()
	var out [][]point
	for _, ring := range strings.Split(d, "M")[1:] {
		var pts []point
		for _, pair := range strings.Split(strings.TrimSuffix(ring, "Z"), "L") {
			x, errX := strconv.ParseFloat(strings.Split(pair, ",")[0], 64)
			y, errY := strconv.ParseFloat(pair[strings.IndexByte(pair, ',')+1:], 64)
			if errX != nil || errY != nil || !strings.Contains(pair, ",") {
				t.Fatalf("shape %q: point %q is not x,y", d[:min(len(d), 40)], pair)
			}
			pts = append(pts, point{x, y})
		}
		out = append(out, pts)
	}
	return out
}

// inside reports whether p lies inside the rings by the even-odd rule, as SVG fills them.
func inside(rs [][]point, p point) bool {
	in := false
	for _, r := range rs {
		for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
			a, b := r[i], r[j]
			if (a.y > p.y) != (b.y > p.y) && p.x < a.x+(p.y-a.y)*(b.x-a.x)/(b.y-a.y) {
				in = !in
			}
		}
	}
	return in
}

// TestBuiltinShapes checks the real outlines of the built-in maps: every territory has one with its
// label inside, the shapes of two bordering territories touch (or the border is a sea crossing), and no
// two shapes overlap, sampled on a grid of the canvas.
func TestBuiltinShapes(t *testing.T) {
	t.Parallel()
	for _, id := range shapeMaps {
		m, ok := Builtin(id)
		if !ok {
			t.Fatalf("Builtin(%q) not found", id)
		}
		shapes := make([][][]point, len(m.Territories))
		index := map[string]int{}
		for i, tr := range m.Territories {
			if tr.Shape == "" {
				t.Fatalf("%s: %s has no shape", id, tr.ID)
			}
			shapes[i] = rings(t, tr.Shape)
			index[tr.ID] = i
			if !inside(shapes[i], point{tr.X, tr.Y}) {
				t.Errorf("%s: the label of %s at (%v, %v) is outside its shape", id, tr.ID, tr.X, tr.Y)
			}
		}
		sea := map[[2]string]bool{}
		for _, s := range m.Sea {
			sea[[2]string{s[0], s[1]}], sea[[2]string{s[1], s[0]}] = true, true
		}
		for _, b := range m.Borders {
			if sea[[2]string{b[0], b[1]}] {
				continue
			}
			if d := gap(shapes[index[b[0]]], shapes[index[b[1]]]); d > 0.5 {
				t.Errorf("%s: %s and %s border but their shapes are %.1f apart", id, b[0], b[1], d)
			}
		}
		const step = 2.0
		overlaps := 0
		for y := step / 2; y < float64(m.Height); y += step {
			for x := step / 2; x < float64(m.Width); x += step {
				n := 0
				for _, s := range shapes {
					if inside(s, point{x, y}) {
						n++
					}
				}
				if n > 1 {
					overlaps++
				}
			}
		}
		// Shared edges are rounded to 0.1 on both sides alike; a sample point may still fall on one.
		if overlaps > 5 {
			t.Errorf("%s: %d sample points lie in more than one shape", id, overlaps)
		}
	}
}

// gap is the least distance between a vertex of a and a vertex of b.
func gap(a, b [][]point) float64 {
	d := math.Inf(1)
	for _, ra := range a {
		for _, p := range ra {
			for _, rb := range b {
				for _, q := range rb {
					d = min(d, math.Hypot(p.x-q.x, p.y-q.y))
				}
			}
		}
	}
	return d
}

package mapsvg_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rout/maps"
	"rout/maps/mapsvg"
	"rout/rules"
)

// elements parses an SVG document strictly and counts its elements by name, collecting its text.
func elements(t *testing.T, doc []byte) (map[string]int, string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.Strict = true
	counts := map[string]int{}
	var text strings.Builder
	depth, roots := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v\n%.2000s", err, doc)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				if tk.Name.Local != "svg" || tk.Name.Space != "http://www.w3.org/2000/svg" {
					t.Errorf("root element %v, want svg in the SVG namespace", tk.Name)
				}
			}
			depth++
			counts[tk.Name.Local]++
		case xml.EndElement:
			depth--
		case xml.CharData:
			text.Write(tk)
		}
	}
	if roots != 1 {
		t.Errorf("%d root elements, want 1", roots)
	}
	return counts, text.String()
}

func TestMapPreview(t *testing.T) {
	t.Parallel()
	m, _ := maps.Builtin(maps.ClassicID)
	g, err := maps.DeriveGeometry(m)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := mapsvg.Map(&b, m, g); err != nil {
		t.Fatalf("Map() error = %v", err)
	}
	counts, text := elements(t, b.Bytes())
	if counts["path"] != 42 || counts["line"] != len(g.Sea) || counts["text"] != 42 {
		t.Errorf("elements = %v; want 42 paths, %d lines, 42 labels", counts, len(g.Sea))
	}
	if !strings.Contains(text, "Kamchatka") || !strings.Contains(text, "Classic World") {
		t.Errorf("the preview's text lacks names: %.200q", text)
	}
}

func TestNamesAreEscaped(t *testing.T) {
	t.Parallel()
	evil := `<script>alert("x")</script> & 'quotes'`
	m := &maps.Map{ID: "evil", Name: evil, Version: 1, Description: evil + "\nsecond line", Width: 300, Height: 100,
		Territories: []maps.Territory{
			{ID: "a", Name: evil, X: 50, Y: 50},
			{ID: "b", Name: "B]]>", X: 150, Y: 50, Shape: "M100 0 H200 V100 H100 Z"},
			{ID: "c", Name: "C", X: 250, Y: 50},
		},
		Borders:    []maps.Border{{"a", "b"}, {"b", "c"}},
		BonusAreas: []maps.BonusArea{{ID: "x", Name: evil, Bonus: 1, Territories: []string{"a"}}},
	}
	g, err := maps.DeriveGeometry(m)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := mapsvg.Map(&b, m, g); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "<script") {
		t.Errorf("the preview holds a raw <script>: %s", b.String())
	}
	_, text := elements(t, b.Bytes())
	if !strings.Contains(text, evil) || !strings.Contains(text, "B]]>") {
		t.Errorf("the escaped names do not read back: %q", text)
	}
}

func TestBoard(t *testing.T) {
	t.Parallel()
	m, _ := maps.Builtin(maps.ClassicID)
	g, _ := maps.DeriveGeometry(m)
	board, err := m.Board()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.New(board, rules.Config{Seats: []rules.Seat{{Color: "red"}, {Color: "#00f"}}})
	if err != nil {
		t.Fatal(err)
	}
	st, _, err = rules.Apply(st, rules.NoPlayer, rules.StartGame{}, rules.NewDice([32]byte{1}))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := mapsvg.Board(&b, m, g, st, rules.Project(st, rules.NoPlayer), []string{"red", `"/><script>`}); err != nil {
		t.Fatalf("Board() error = %v", err)
	}
	counts, _ := elements(t, b.Bytes())
	if counts["path"] != 42 || counts["circle"] != 42 {
		t.Errorf("elements = %v; want 42 paths and 42 army counts", counts)
	}
	out := b.String()
	if !strings.Contains(out, `fill="red"`) || strings.Contains(out, "<script") || !strings.Contains(out, `fill="#9e9e9e"`) {
		t.Errorf("owner colours: want red and grey for the unsafe colour")
	}
	other, _ := maps.Generate(maps.GenerateOpts{Territories: 10, Seed: 1})
	og, _ := maps.DeriveGeometry(other)
	if err := mapsvg.Board(&b, other, og, st, rules.Project(st, rules.NoPlayer), nil); err == nil {
		t.Errorf("Board() of a state on another map error = nil")
	}
}

// TestMapColoursNeighbouringAreasApart checks that the preview draws the areas in the colours of
// maps.Map.AreaColours: on a built-in map where areas 12 apart (the palette's size) neighbour, two
// territories across a border between different areas never share a colour.
func TestMapColoursNeighbouringAreasApart(t *testing.T) {
	t.Parallel()
	fill := regexp.MustCompile(`<path id="t-([^"]+)" d="[^"]*" fill="([^"]+)">`)
	const id = "world-1000"
	m, ok := maps.Builtin(id)
	if !ok {
		t.Fatalf("no built-in map %s", id)
	}
	g, err := maps.DeriveGeometry(m)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := mapsvg.Map(&b, m, g); err != nil {
		t.Fatal(err)
	}
	fills := map[string]string{}
	for _, f := range fill.FindAllStringSubmatch(b.String(), -1) {
		fills[f[1]] = f[2]
	}
	first := map[string]string{}
	for i := len(m.BonusAreas) - 1; i >= 0; i-- {
		for _, tid := range m.BonusAreas[i].Territories {
			first[tid] = m.BonusAreas[i].ID
		}
	}
	for _, br := range m.Borders {
		a, b := br[0], br[1]
		if first[a] != "" && first[b] != "" && first[a] != first[b] && fills[a] == fills[b] {
			t.Errorf("%s: %s (%s) and %s (%s) border each other and share the colour %s", id, a, first[a], b, first[b], fills[a])
		}
	}
}

// TestMapLabelsInsideTheCanvas checks that a name near the canvas' edge is drawn whole: its estimated box
// lies inside the canvas (it was centred on the label and cut off).
func TestMapLabelsInsideTheCanvas(t *testing.T) {
	t.Parallel()
	m := &maps.Map{ID: "edges", Name: "Edges", Version: 1, Width: 200, Height: 100,
		Territories: []maps.Territory{
			{ID: "w", Name: "Westernmost Marches", X: 2, Y: 50},
			{ID: "e", Name: "Easternmost Marches", X: 198, Y: 50},
			{ID: "n", Name: "North", X: 100, Y: 1},
		},
		Borders:    []maps.Border{{"w", "n"}, {"n", "e"}},
		BonusAreas: []maps.BonusArea{{ID: "all", Name: "All", Bonus: 1, Territories: []string{"w", "e", "n"}}},
	}
	g, err := maps.DeriveGeometry(m)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := mapsvg.Map(&b, m, g); err != nil {
		t.Fatal(err)
	}
	font, err := strconv.ParseFloat(regexp.MustCompile(`<g font-size="([0-9.]+)"`).FindStringSubmatch(b.String())[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range regexp.MustCompile(`<text x="([0-9.-]+)" y="([0-9.-]+)">([^<]+)</text>`).FindAllStringSubmatch(b.String(), -1) {
		x, _ := strconv.ParseFloat(l[1], 64)
		y, _ := strconv.ParseFloat(l[2], 64)
		half := 0.3 * font * float64(len([]rune(l[3])))
		if x-half < -0.01 || x+half > g.Width+0.01 || y-font/2 < -0.01 || y+font/2 > g.Height+0.01 {
			t.Errorf("label %q at (%v, %v), font %v, leaves the %v × %v canvas", l[3], x, y, font, g.Width, g.Height)
		}
	}
}

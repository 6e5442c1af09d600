package maps

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "import", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// noteList renders notes one per line, for comparing in tests.
func noteList(notes []ImportNote) string {
	var b strings.Builder
	for _, n := range notes {
		b.WriteString(n.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// problemCodes returns "path: CODE" of each problem of a *ValidationError, or fails the test.
func problemCodes(t *testing.T, err error) []string {
	t.Helper()
	var verr *ValidationError
	if !errors.As(err, &verr) {
		t.Fatalf("error = %v, want a *ValidationError", err)
	}
	var out []string
	for _, p := range verr.Problems {
		out = append(out, p.Path+": "+p.Code)
	}
	return out
}

// threeIsles is what both fixtures of the Three Isles map import to.
var threeIsles = struct {
	territories []Territory
	borders     []Border
	areas       []BonusArea
}{
	territories: []Territory{
		{ID: "harbour", Name: "Harbour", X: 100, Y: 80},
		{ID: "cliffs", Name: "Cliffs", X: 180, Y: 60},
		{ID: "moor", Name: "Moor", X: 140, Y: 140},
		{ID: "orchard", Name: "Orchard", X: 120, Y: 240},
		{ID: "mill", Name: "Mill", X: 200, Y: 230},
		{ID: "marsh", Name: "Marsh", X: 150, Y: 300},
		{ID: "dunes", Name: "Dunes", X: 230, Y: 310},
		{ID: "lighthouse", Name: "Lighthouse", X: 330, Y: 250},
		{ID: "cove", Name: "Cove", X: 340, Y: 150},
	},
	borders: []Border{
		{"harbour", "cliffs"}, {"harbour", "moor"}, {"cliffs", "moor"}, {"cliffs", "cove"}, {"moor", "orchard"},
		{"orchard", "mill"}, {"orchard", "marsh"}, {"mill", "marsh"}, {"mill", "dunes"}, {"marsh", "dunes"},
		{"dunes", "lighthouse"}, {"lighthouse", "cove"},
	},
	areas: []BonusArea{
		{ID: "north_isle", Name: "North Isle", Bonus: 2, Territories: []string{"harbour", "cliffs", "moor"}},
		{ID: "south_isle", Name: "South Isle", Bonus: 3, Territories: []string{"orchard", "mill", "marsh", "dunes"}},
		{ID: "east_isle", Name: "East Isle", Bonus: 1, Territories: []string{"lighthouse", "cove"}},
	},
}

// sortedBorders returns the borders with the ids of each in order, sorted.
func sortedBorders(borders []Border) []Border {
	out := make([]Border, len(borders))
	for i, b := range borders {
		if b[1] < b[0] {
			b[0], b[1] = b[1], b[0]
		}
		out[i] = b
	}
	slices.SortFunc(out, func(a, b Border) int { return strings.Compare(a[0]+" "+a[1], b[0]+" "+b[1]) })
	return out
}

func checkThreeIsles(t *testing.T, m *Map, areas int) {
	t.Helper()
	if !slices.Equal(m.Territories, threeIsles.territories) {
		t.Errorf("territories = %+v\nwant %+v", m.Territories, threeIsles.territories)
	}
	if got, want := sortedBorders(m.Borders), sortedBorders(threeIsles.borders); !slices.Equal(got, want) {
		t.Errorf("borders = %v\nwant %v", got, want)
	}
	if len(m.BonusAreas) != areas {
		t.Errorf("%d bonus areas, want %d", len(m.BonusAreas), areas)
	}
	for i, want := range threeIsles.areas {
		if i >= len(m.BonusAreas) {
			break
		}
		if got := m.BonusAreas[i]; got.ID != want.ID || got.Name != want.Name || got.Bonus != want.Bonus || !slices.Equal(got.Territories, want.Territories) {
			t.Errorf("bonusAreas[%d] = %+v, want %+v", i, got, want)
		}
	}
	if m.Width != 360 || m.Height != 330 {
		t.Errorf("canvas = %d x %d, want 360 x 330 (20 beyond the last labels)", m.Width, m.Height)
	}
	if _, err := m.Board(); err != nil {
		t.Errorf("Board() error = %v", err)
	}
}

func TestImportDomination(t *testing.T) {
	t.Parallel()
	m, notes, err := importZero(FormatDomination, readFixture(t, "three-isles.map"))
	if err != nil {
		t.Fatalf("importZero() error = %v", err)
	}
	checkThreeIsles(t, m, 3)
	if m.ID != "three_isles" || m.Name != "Three Isles" || m.Version != 1 || m.Description != "Imported from a Domination map file." {
		t.Errorf("map = %s %q version %d %q, want three_isles \"Three Isles\" version 1 and the import's description", m.ID, m.Name, m.Version, m.Description)
	}
	want := `line 4: IGNORED: the size of the army circles (20) is a drawing detail of Domination; it does not carry over
UNSUPPORTED: the [files] section (pic three_isles_pic.png; map three_isles_map.gif; crd three_isles.cards) does not carry over: Rout draws territories from their label positions and deals one card per territory, so the images and the cards file (and its missions) are not used
IGNORED: the continents' colours do not carry over
CANVAS: the file gives no canvas size; the canvas is 360 x 330, 20 units beyond the last labels
`
	if got := noteList(notes); got != want {
		t.Errorf("notes =\n%s\nwant\n%s", got, want)
	}
}

func TestImportConquerClub(t *testing.T) {
	t.Parallel()
	m, notes, err := ImportWith(FormatConquerClub, readFixture(t, "three-isles.xml"), ImportOpts{ID: "isles", Name: "The Isles"})
	if err != nil {
		t.Fatalf("ImportWith() error = %v", err)
	}
	checkThreeIsles(t, m, 3)
	if m.ID != "isles" || m.Name != "The Isles" || m.Description != "Imported from a Conquer Club map file." {
		t.Errorf("map = %s %q %q, want the id and name of the options", m.ID, m.Name, m.Description)
	}
	want := `IGNORED: labels use the large map's coordinates; the small map's do not carry over
CANVAS: the file gives no canvas size; the canvas is 360 x 330, 20 units beyond the last labels
`
	if got := noteList(notes); got != want {
		t.Errorf("notes =\n%s\nwant\n%s", got, want)
	}

	// Without a name in the file or the options, the map is "Imported map".
	m, _, err = importZero(FormatConquerClub, readFixture(t, "three-isles.xml"))
	if err != nil {
		t.Fatalf("importZero() error = %v", err)
	}
	if m.ID != "imported_map" || m.Name != "Imported map" {
		t.Errorf("map = %s %q, want imported_map \"Imported map\"", m.ID, m.Name)
	}
}

func TestImportConquerClubFeatures(t *testing.T) {
	t.Parallel()
	m, notes, err := importZero(FormatConquerClub, readFixture(t, "features.xml"))
	if err != nil {
		t.Fatalf("importZero() error = %v", err)
	}
	checkThreeIsles(t, m, 4)
	// A component continent becomes its territories; a continent paid for some of its components is left
	// out.
	if a := m.BonusAreas[3]; a.ID != "northeast" || a.Bonus != 4 || !slices.Equal(a.Territories, []string{"harbour", "cliffs", "moor", "lighthouse", "cove"}) {
		t.Errorf("bonusAreas[3] = %+v, want northeast, bonus 4, with the North and East Isles", a)
	}
	want := `<minreinforcement>: UNSUPPORTED: the minimum reinforcement does not carry over; Rout's is 3 armies a turn
<reinforcements>: UNSUPPORTED: the reinforcement table does not carry over; Rout gives a third of the territories held, at least 3
<positions>: UNSUPPORTED: the start positions do not carry over; Rout deals or claims every territory
<objective>: UNSUPPORTED: the objective does not carry over; a Rout game is won by holding every territory
territory "Harbour": UNSUPPORTED: starting neutral with 2 armies does not carry over; the territory is dealt like the others
territory "Harbour": UNSUPPORTED: the territory's own bonus of 1 armies a turn (autodeploy or decay) does not carry over
territory "Moor": UNSUPPORTED: bombardments (of "Orchard", "Mill") do not carry over: Rout attacks only across borders
territory "Cove": UNSUPPORTED: the border to "Cliffs" has attributes (condition="Harbour") Rout does not know; it is kept as a plain border
territory "Cove": UNSUPPORTED: killer neutral (turning neutral again with 3 armies) does not carry over
territory "Cove": IGNORED: the element <flag> is not one Rout knows; it is ignored
continent "Northeast": AREA: the component continent "North Isle" is replaced by its territories
continent "Northeast": AREA: the component continent "East Isle" is replaced by its territories
continent "Northeast": UNSUPPORTED: overriding "North Isle" (not paying its bonus when this one is paid) does not carry over; both pay
continent "Two Isles": AREA: the component continent "North Isle" is replaced by its territories
continent "Two Isles": AREA: the component continent "South Isle" is replaced by its territories
continent "Two Isles": AREA: the component continent "East Isle" is replaced by its territories
continent "Two Isles": UNSUPPORTED: the continent pays for 2 of its 3 components; Rout's areas pay only for all of them, so it is left out
IGNORED: labels use the large map's coordinates; the small map's do not carry over
CANVAS: the file gives no canvas size; the canvas is 360 x 330, 20 units beyond the last labels
`
	if got := noteList(notes); got != want {
		t.Errorf("notes =\n%s\nwant\n%s", got, want)
	}
}

func TestImportOneWayBorders(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		format, file string
		refused      []string // problems when refused
		notes        []string // ONE_WAY_BORDER notes when made two-way
		dropped      []string // problems when dropped
	}{
		{
			format:  FormatDomination,
			file:    "one-way.map",
			refused: []string{"line 31: ONE_WAY_BORDER", "line 36: ONE_WAY_BORDER"},
			notes: []string{
				`line 31: ONE_WAY_BORDER: "Moor" can attack "Orchard" but not the other way round; the border is made two-way`,
				`line 36: ONE_WAY_BORDER: "Lighthouse" can attack "Dunes" but not the other way round; the border is made two-way`,
			},
			// Without both straits the South Isle is cut off.
			dropped: []string{"borders: DISCONNECTED"},
		},
		{
			format:  FormatConquerClub,
			file:    "one-way.xml",
			refused: []string{`territory "Lighthouse": ONE_WAY_BORDER`},
			notes: []string{
				`territory "Lighthouse": ONE_WAY_BORDER: "Lighthouse" can attack "Dunes" but not the other way round; the border is made two-way`,
			},
		},
	} {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			data := readFixture(t, tt.file)
			_, _, err := importZero(tt.format, data)
			if got := problemCodes(t, err); !slices.Equal(got, tt.refused) {
				t.Errorf("importZero() problems = %q, want %q", got, tt.refused)
			}
			if !strings.Contains(err.Error(), "not the other way round") {
				t.Errorf("importZero() error = %v, want it to say which way the border goes", err)
			}

			m, notes, err := ImportWith(tt.format, data, ImportOpts{OneWay: OneWayTwoWay})
			if err != nil {
				t.Fatalf("ImportWith(two-way) error = %v", err)
			}
			checkThreeIsles(t, m, 3)
			var got []string
			for _, n := range notes {
				if n.Code == NoteOneWayBorder {
					got = append(got, n.String())
				}
			}
			if !slices.Equal(got, tt.notes) {
				t.Errorf("ImportWith(two-way) notes = %q, want %q", got, tt.notes)
			}

			m, notes, err = ImportWith(tt.format, data, ImportOpts{OneWay: OneWayDrop})
			if tt.dropped != nil {
				if got := problemCodes(t, err); !slices.Equal(got, tt.dropped) {
					t.Errorf("ImportWith(drop) problems = %q, want %q", got, tt.dropped)
				}
				return
			}
			if err != nil {
				t.Fatalf("ImportWith(drop) error = %v", err)
			}
			if got, want := len(m.Borders), len(threeIsles.borders)-len(tt.notes); got != want {
				t.Errorf("ImportWith(drop) kept %d borders, want %d", got, want)
			}
			if !slices.ContainsFunc(notes, func(n ImportNote) bool {
				return n.Code == NoteOneWayBorder && strings.HasSuffix(n.Message, "the border is left out")
			}) {
				t.Errorf("ImportWith(drop) notes = %q, want a note of the dropped border", noteList(notes))
			}
		})
	}
}

func TestParseOneWay(t *testing.T) {
	t.Parallel()
	for _, o := range []OneWay{OneWayRefuse, OneWayTwoWay, OneWayDrop} {
		if got, ok := ParseOneWay(o.String()); !ok || got != o {
			t.Errorf("ParseOneWay(%q) = %v, %v; want %v, true", o.String(), got, ok, o)
		}
	}
	if _, ok := ParseOneWay("both"); ok {
		t.Errorf("ParseOneWay(both) ok, want false")
	}
}

const dominationHead = "[continents]\nLand 1 red\n[countries]\n"

func TestImportDominationChanges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		data  string
		check func(t *testing.T, m *Map)
		notes string
	}{
		{
			name: "same name twice, a border twice, a self border, unknown lines",
			data: "author someone\n[continents]\nLand 1\nLand 2\n[countries]\n1 Hill 1 10 10\n2 Hill 2 20 20\n[borders]\n1 2 2 1\n2 1\n[kingdoms]\n1 2\n",
			check: func(t *testing.T, m *Map) {
				if m.Territories[1].Name != "Hill 2" || m.Territories[1].ID != "hill_2" {
					t.Errorf("territories[1] = %+v, want Hill 2", m.Territories[1])
				}
				if m.BonusAreas[1].Name != "Land 2" || m.BonusAreas[1].ID != "land_2" {
					t.Errorf("bonusAreas[1] = %+v, want Land 2", m.BonusAreas[1])
				}
				if len(m.Borders) != 1 {
					t.Errorf("borders = %v, want one", m.Borders)
				}
			},
			notes: `line 1: IGNORED: the header line "author someone" is not one Rout knows; it is ignored
line 4: RENAMED: another area is called "Land" already; this one is called "Land 2"
line 7: RENAMED: another territory is called "Hill" already; this one is called "Hill 2"
line 9: DUPLICATE_BORDER: the border from "Hill" to "Hill 2" is listed already (line 9); it is kept once
line 9: SELF_BORDER: "Hill" borders itself; the border is left out
line 11: IGNORED: the section [kingdoms] is not one Rout reads; its lines are ignored
CANVAS: the file gives no canvas size; the canvas is 40 x 40, 20 units beyond the last labels
`,
		},
		{
			name: "an empty continent, a negative coordinate, a bonus out of range, Latin-1",
			data: "name Caf\xe9s\n[continents]\nEmpty 3\nLand 5000\n[countries]\n1 Caf\xe9 2 -5 10\n2 Bar 2 20 20\n[borders]\n1 2\n2 1\n",
			check: func(t *testing.T, m *Map) {
				if m.Name != "Cafés" || m.ID != "caf_s" || m.Territories[0].Name != "Café" || m.Territories[0].X != 0 {
					t.Errorf("map = %s %q, territories[0] = %+v; want caf_s Cafés and Café at x 0", m.ID, m.Name, m.Territories[0])
				}
				if len(m.BonusAreas) != 1 || m.BonusAreas[0].Bonus != MaxAreaBonus(2) {
					t.Errorf("bonusAreas = %+v, want only Land with bonus %d", m.BonusAreas, MaxAreaBonus(2))
				}
			},
			notes: `line 1: ENCODING: the line is not UTF-8; it is read as Latin-1 (ISO 8859-1)
line 3: AREA: the area "Empty" has no territories; it is left out
line 4: BONUS: the bonus 5000 of "Land" is out of proportion for an area of 2 territories (Rout allows -2 to 10); it is 10
line 6: ENCODING: the line is not UTF-8; it is read as Latin-1 (ISO 8859-1)
line 6: COORDINATE: x -5 lies off the canvas; it is 0
CANVAS: the file gives no canvas size; the canvas is 40 x 40, 20 units beyond the last labels
`,
		},
		{
			name: "UTF-8 names beside one stray Latin-1 byte, CR line endings, a one-country capital worth 5",
			data: "name M\xc3\xbcnster\r[continents]\rCapital 5\rLand 2\r[countries]\r1 K\xc3\xb6ln 1 10 10\r2 Caf\xe9 2 20 20\r3 Z\xc3\xbcrich 2 30 30\r[borders]\r1 2\r2 1 3\r3 2\r",
			check: func(t *testing.T, m *Map) {
				if m.Name != "Münster" || m.Territories[0].Name != "Köln" || m.Territories[1].Name != "Café" || m.Territories[2].Name != "Zürich" {
					t.Errorf("names %q, %q, %q, %q; want Münster, Köln, Café, Zürich", m.Name, m.Territories[0].Name, m.Territories[1].Name, m.Territories[2].Name)
				}
				if len(m.BonusAreas) != 2 || m.BonusAreas[0].Bonus != 5 || len(m.Borders) != 2 {
					t.Errorf("areas %+v, borders %v; want Capital worth 5 and 2 borders", m.BonusAreas, m.Borders)
				}
			},
			notes: `line 7: ENCODING: the line is not UTF-8; it is read as Latin-1 (ISO 8859-1)
CANVAS: the file gives no canvas size; the canvas is 50 x 50, 20 units beyond the last labels
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, notes, err := importZero(FormatDomination, []byte(tt.data))
			if err != nil {
				t.Fatalf("importZero() error = %v", err)
			}
			tt.check(t, m)
			if got := noteList(notes); got != tt.notes {
				t.Errorf("notes =\n%s\nwant\n%s", got, tt.notes)
			}
		})
	}
}

func TestImportErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, format, data string
		want               []string
	}{
		{"dom: no sections", FormatDomination, "name Nothing\n", []string{": REQUIRED", ": REQUIRED", ": REQUIRED"}},
		{"dom: bad continent", FormatDomination, "[continents]\nLand\nSea x\n[countries]\n[borders]\n", []string{"line 2: SYNTAX", "line 3: SYNTAX"}},
		{"dom: numbering", FormatDomination, dominationHead + "1 A 1 0 0\n3 B 1 0 0\n[borders]\n", []string{"line 5: SYNTAX"}},
		{"dom: bad country line", FormatDomination, dominationHead + "1 A 1 0\n2 B x 0 0\n[borders]\n", []string{"line 4: SYNTAX", "line 5: SYNTAX"}},
		{"dom: unknown continent", FormatDomination, dominationHead + "1 A 2 0 0\n[borders]\n", []string{"line 4: SYNTAX"}},
		{"dom: unknown country", FormatDomination, dominationHead + "1 A 1 0 0\n2 B 1 0 0\n[borders]\n1 3\n9 1\n", []string{"line 7: SYNTAX", "line 8: SYNTAX"}},
		{"dom: disconnected", FormatDomination, dominationHead + "1 A 1 0 0\n2 B 1 0 0\n[borders]\n", []string{"borders: DISCONNECTED"}},
		{"dom: one territory", FormatDomination, dominationHead + "1 A 1 0 0\n[borders]\n", []string{"territories: TOO_FEW_TERRITORIES"}},
		{"cc: not XML", FormatConquerClub, "<map><territory>", []string{"line 1: SYNTAX"}},
		{"cc: empty", FormatConquerClub, "", []string{": SYNTAX"}},
		{"cc: not a map", FormatConquerClub, "<board></board>", []string{": SYNTAX"}},
		{"cc: encoding", FormatConquerClub, `<?xml version="1.0" encoding="koi8-r"?><map></map>`, []string{": SYNTAX"}},
		{
			"cc: territories", FormatConquerClub,
			`<map><territory><name>A</name><borders><border>Z</border></borders></territory>` +
				`<territory><name>A</name><coordinates><largex>1</largex><largey>x</largey></coordinates></territory>` +
				`<territory><coordinates><smallx>1</smallx><smally>1</smally></coordinates></territory></map>`,
			[]string{`territory "A": REQUIRED`, `territory "A": DUPLICATE_NAME`, `territory "A": REQUIRED`, `territory 3: REQUIRED`, `territory "A": UNKNOWN_TERRITORY`},
		},
		{
			"cc: continents", FormatConquerClub,
			`<map><continent><name>C</name><components><territory>Z</territory><continent>D</continent></components></continent>` +
				`<continent><name>D</name><bonus>x</bonus><required>y</required></continent>` +
				`<territory><name>A</name><coordinates><largex>1</largex><largey>1</largey></coordinates></territory></map>`,
			[]string{`continent "C": REQUIRED`, `continent "C": UNKNOWN_TERRITORY`, `continent "C": UNKNOWN_TERRITORY`, `continent "D": SYNTAX`, `continent "D": SYNTAX`},
		},
		{"too large", FormatDomination, strings.Repeat(";", MaxFileSize+1), []string{": TOO_LARGE"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, notes, err := importZero(tt.format, []byte(tt.data))
			if m != nil || notes != nil {
				t.Errorf("importZero() = %v, %v; want no map and no notes with the error", m, notes)
			}
			if got := problemCodes(t, err); !slices.Equal(got, tt.want) {
				t.Errorf("importZero() problems = %q, want %q (%v)", got, tt.want, err)
			}
		})
	}

	_, _, err := importZero("risk", []byte("x"))
	if !errors.Is(err, ErrUnknownFormat) || !strings.Contains(err.Error(), "domination, conquerclub") {
		t.Errorf("importZero(risk) error = %v, want ErrUnknownFormat naming the formats", err)
	}
}

func TestSlug(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"North America":          "north_america",
		"  Côte d'Ivoire! ":      "c_te_d_ivoire",
		"Москва":                 "",
		"A1-B2":                  "a1_b2",
		strings.Repeat("ab", 40): strings.Repeat("ab", 29),
	} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzImport checks that Import never panics and that whatever it accepts is a valid map.
func FuzzImport(f *testing.F) {
	for _, name := range []string{"three-isles.map", "one-way.map"} {
		f.Add(true, readFixture(f, name))
	}
	for _, name := range []string{"three-isles.xml", "one-way.xml", "features.xml"} {
		f.Add(false, readFixture(f, name))
	}
	f.Fuzz(func(t *testing.T, domination bool, data []byte) {
		format := FormatConquerClub
		if domination {
			format = FormatDomination
		}
		m, _, err := ImportWith(format, data, ImportOpts{OneWay: OneWayTwoWay})
		if err != nil {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("importZero() returned an invalid map: %v", err)
		}
	})
}

// toDomination writes m as a Domination .map file, borders listed both ways.
func toDomination(m *Map) []byte {
	var b strings.Builder
	index := make(map[string]int)
	fmt.Fprintf(&b, "name %s\n[continents]\n", m.Name)
	area := make(map[string]int)
	for i, a := range m.BonusAreas {
		fmt.Fprintf(&b, "%s %d\n", strings.ReplaceAll(a.Name, " ", "_"), a.Bonus)
		for _, t := range a.Territories {
			area[t] = i + 1
		}
	}
	b.WriteString("[countries]\n")
	for i, t := range m.Territories {
		index[t.ID] = i + 1
		fmt.Fprintf(&b, "%d %s %d %v %v\n", i+1, strings.ReplaceAll(t.Name, " ", "_"), area[t.ID], t.X, t.Y)
	}
	b.WriteString("[borders]\n")
	adj := make(map[int][]int)
	for _, br := range m.Borders {
		a, c := index[br[0]], index[br[1]]
		adj[a] = append(adj[a], c)
		adj[c] = append(adj[c], a)
	}
	for i := range m.Territories {
		fmt.Fprintf(&b, "%d", i+1)
		for _, n := range adj[i+1] {
			fmt.Fprintf(&b, " %d", n)
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// toConquerClub writes m as a Conquer Club map XML, borders listed both ways.
func toConquerClub(m *Map) []byte {
	var b strings.Builder
	name := make(map[string]string)
	for _, t := range m.Territories {
		name[t.ID] = t.Name
	}
	b.WriteString("<map>\n")
	for _, a := range m.BonusAreas {
		fmt.Fprintf(&b, "<continent><name>%s</name><bonus>%d</bonus><components>", a.Name, a.Bonus)
		for _, t := range a.Territories {
			fmt.Fprintf(&b, "<territory>%s</territory>", name[t])
		}
		b.WriteString("</components></continent>\n")
	}
	adj := make(map[string][]string)
	for _, br := range m.Borders {
		adj[br[0]] = append(adj[br[0]], br[1])
		adj[br[1]] = append(adj[br[1]], br[0])
	}
	for _, t := range m.Territories {
		fmt.Fprintf(&b, "<territory><name>%s</name><borders>", t.Name)
		for _, n := range adj[t.ID] {
			fmt.Fprintf(&b, "<border>%s</border>", name[n])
		}
		fmt.Fprintf(&b, "</borders><coordinates><smallx>0</smallx><smally>0</smally><largex>%v</largex><largey>%v</largey></coordinates></territory>\n", t.X, t.Y)
	}
	b.WriteString("</map>\n")
	return []byte(b.String())
}

// TestImportRoundTrip writes built-in maps in both formats and imports them back: every territory (name,
// position), border and bonus area (name, bonus, members) comes back, on maps up to 5,000 territories.
func TestImportRoundTrip(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"classic", "us-states", "europe", "world-5000"} {
		orig, ok := Builtin(id)
		if !ok {
			t.Fatalf("Builtin(%q) not found", id)
		}
		for _, format := range Formats() {
			t.Run(id+"/"+format, func(t *testing.T) {
				t.Parallel()
				if format == FormatDomination && id == "us-states" {
					t.Skip("a Domination country is in one continent; the regions of us-states overlap the divisions")
				}
				data := toDomination(orig)
				if format == FormatConquerClub {
					data = toConquerClub(orig)
				}
				m, notes, err := ImportWith(format, data, ImportOpts{Name: orig.Name})
				if err != nil {
					t.Fatalf("importZero() error = %v", err)
				}
				for _, n := range notes {
					if n.Code != NoteCanvas && n.Code != NoteIgnored {
						t.Errorf("unexpected note %s", n)
					}
				}
				if len(m.Territories) != len(orig.Territories) || len(m.Borders) != len(orig.Borders) || len(m.BonusAreas) != len(orig.BonusAreas) {
					t.Fatalf("imported %d territories, %d borders, %d areas; want %d, %d, %d", len(m.Territories), len(m.Borders),
						len(m.BonusAreas), len(orig.Territories), len(orig.Borders), len(orig.BonusAreas))
				}
				rename := make(map[string]string) // original id -> imported id
				for i, tr := range orig.Territories {
					got := m.Territories[i]
					if got.Name != tr.Name || got.X != tr.X || got.Y != tr.Y {
						t.Fatalf("territories[%d] = %+v, want %+v", i, got, tr)
					}
					rename[tr.ID] = got.ID
				}
				var want []Border
				for _, br := range orig.Borders {
					want = append(want, Border{rename[br[0]], rename[br[1]]})
				}
				if got, want := sortedBorders(m.Borders), sortedBorders(want); !slices.Equal(got, want) {
					t.Errorf("borders = %v\nwant %v", got, want)
				}
				for i, a := range orig.BonusAreas {
					got := m.BonusAreas[i]
					if got.Name != a.Name || got.Bonus != a.Bonus || len(got.Territories) != len(a.Territories) {
						t.Fatalf("bonusAreas[%d] = %s bonus %d with %d, want %s bonus %d with %d", i, got.Name, got.Bonus,
							len(got.Territories), a.Name, a.Bonus, len(a.Territories))
					}
					var want []string
					for _, tr := range a.Territories {
						want = append(want, rename[tr])
					}
					// A Domination continent lists its countries in the countries' order.
					if got, want := slices.Sorted(slices.Values(got.Territories)), slices.Sorted(slices.Values(want)); !slices.Equal(got, want) {
						t.Errorf("bonusAreas[%d].territories = %v, want %v", i, got, want)
					}
				}
			})
		}
	}
}

// BenchmarkImport imports the 5,000-territory world written in each format, beside Parse of its own JSON
// as the baseline: go test -run XXX -bench Import ./maps
func BenchmarkImport(b *testing.B) {
	m, _ := Builtin("world-5000")
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
	for _, format := range Formats() {
		data := toDomination(m)
		if format == FormatConquerClub {
			data = toConquerClub(m)
		}
		b.Run(format, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := importZero(format, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestImportLimitsLists(t *testing.T) {
	t.Parallel()
	body := dominationHead + "1 A 1 0 0\n2 B 1 0 0\n[borders]\n1 2\n2 1\n"

	// 1,100 unknown header lines and 3 more notes (the name fitted, the colour, the canvas): 1,000 notes and
	// one that counts the other 103.
	m, notes, err := importZero(FormatDomination, []byte("name\tTabbed   Map\n"+strings.Repeat("colour red\n", 1100)+body))
	if err != nil {
		t.Fatalf("importZero() error = %v", err)
	}
	if m.Name != "Tabbed Map" {
		t.Errorf("name = %q, want the header's, spaces fitted", m.Name)
	}
	if len(notes) != MaxNotes+1 || notes[MaxNotes].Code != NoteTooMany || notes[MaxNotes].Message != "103 more notes are not listed" {
		t.Errorf("%d notes, the last %v; want %d and a TOO_MANY_NOTES counting 103", len(notes), notes[len(notes)-1], MaxNotes+1)
	}

	// 1,100 bad continent lines: 1,000 problems and one that counts the rest.
	_, _, err = importZero(FormatDomination, []byte("[continents]\n"+strings.Repeat("Land\n", 1100)+"[countries]\n[borders]\n"))
	codes := problemCodes(t, err)
	if len(codes) != MaxProblems+1 || codes[MaxProblems] != ": TOO_MANY_PROBLEMS" {
		t.Errorf("%d problems, the last %q; want %d and TOO_MANY_PROBLEMS", len(codes), codes[len(codes)-1], MaxProblems+1)
	}
}

// importZero is ImportWith with the zero ImportOpts: one-way borders refused.
func importZero(format string, data []byte) (*Map, []ImportNote, error) {
	return ImportWith(format, data, ImportOpts{})
}

// TestImportNamesATruncatedFile checks that a Domination file cut inside [borders] (in the middle of a
// line) is named as cut off, at its last line, instead of blaming one-way borders on the intact lines.
func TestImportNamesATruncatedFile(t *testing.T) {
	t.Parallel()
	whole := "[continents]\nLand 2\n[countries]\n1 A 1 10 10\n2 B 1 20 20\n3 C 1 30 30\n4 D 1 40 40\n[borders]\n1 2 4\n2 1 3\n3 2 4\n4 3 1\n"
	if _, _, err := importZero(FormatDomination, []byte(whole)); err != nil {
		t.Fatalf("the whole file: %v", err)
	}
	cut := whole[:strings.Index(whole, "3 2 4")+3] // in the middle of country 3's line
	_, _, err := importZero(FormatDomination, []byte(cut))
	problems := problemsOf(t, err)
	if len(problems) != 1 || problems[0].Code != CodeTruncated || problems[0].Path != "line 11" {
		t.Fatalf("problems = %v, want one TRUNCATED at line 11", problems)
	}
}

// TestImportConquerClubOfNoXML checks that a file with no XML in it is named as not a Conquer Club map (it
// was "the file is empty"), with the format to use when it is a Domination map.
func TestImportConquerClubOfNoXML(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ data, want string }{
		{"", "the file is empty"},
		{"[continents]\nLand 2\n[countries]\n1 A 1 10 10\n", "it looks like a Domination map"},
		{"just some text", "it is not a Conquer Club map"},
	} {
		_, _, err := importZero(FormatConquerClub, []byte(tt.data))
		problems := problemsOf(t, err)
		if len(problems) != 1 || problems[0].Code != CodeSyntax || !strings.Contains(problems[0].Message, tt.want) {
			t.Errorf("import of %q: problems = %v, want one SYNTAX saying %q", tt.data, problems, tt.want)
		}
	}
}

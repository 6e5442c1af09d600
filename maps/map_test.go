package maps

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"rout/rules"
)

// tinyJSON is a small valid map file.
const tinyJSON = `{
  "id": "tiny",
  "name": "Tiny",
  "version": 3,
  "territories": [
    {"id": "a", "name": "A", "x": 10, "y": 20},
    {"id": "b", "name": "B", "x": 30, "y": 20, "card": "artillery"},
    {"id": "c", "name": "C", "x": 50, "y": 20},
    {"id": "d", "name": "D", "x": 70.5, "y": 40}
  ],
  "borders": [["a", "b"], ["c", "b"], ["c", "d"]],
  "bonusAreas": [
    {"id": "west", "name": "West", "bonus": 2, "territories": ["a", "b"]},
    {"id": "east", "name": "East", "bonus": 0, "territories": ["c", "d"]},
    {"id": "all", "name": "All", "bonus": -1, "territories": ["a", "b", "c", "d"]}
  ]
}`

// tinyMap returns the map of tinyJSON.
func tinyMap() *Map {
	return &Map{
		ID:      "tiny",
		Name:    "Tiny",
		Version: 3,
		Territories: []Territory{
			{ID: "a", Name: "A", X: 10, Y: 20},
			{ID: "b", Name: "B", X: 30, Y: 20, Card: "artillery"},
			{ID: "c", Name: "C", X: 50, Y: 20},
			{ID: "d", Name: "D", X: 70.5, Y: 40},
		},
		Borders: []Border{{"a", "b"}, {"c", "b"}, {"c", "d"}},
		BonusAreas: []BonusArea{
			{ID: "west", Name: "West", Bonus: 2, Territories: []string{"a", "b"}},
			{ID: "east", Name: "East", Bonus: 0, Territories: []string{"c", "d"}},
			{ID: "all", Name: "All", Bonus: -1, Territories: []string{"a", "b", "c", "d"}},
		},
	}
}

// equalMaps reports whether two maps have equal fields, treating nil and empty lists alike.
func equalMaps(a, b *Map) bool {
	return a.ID == b.ID && a.Name == b.Name && a.Version == b.Version && a.Description == b.Description &&
		a.Width == b.Width && a.Height == b.Height &&
		slices.Equal(a.Territories, b.Territories) && slices.Equal(a.Borders, b.Borders) && slices.Equal(a.Sea, b.Sea) &&
		slices.EqualFunc(a.BonusAreas, b.BonusAreas, func(x, y BonusArea) bool {
			return x.ID == y.ID && x.Name == y.Name && x.Bonus == y.Bonus && slices.Equal(x.Territories, y.Territories)
		})
}

// problemsOf returns the problems of a *ValidationError, or fails the test.
func problemsOf(t *testing.T, err error) []Problem {
	t.Helper()
	var verr *ValidationError
	if !errors.As(err, &verr) {
		t.Fatalf("error = %v (%T), want a *ValidationError", err, err)
	}
	return verr.Problems
}

// parseProblems parses input, which Parse must refuse, and returns the problems it names.
func parseProblems(t *testing.T, input string) []Problem {
	t.Helper()
	m, err := Parse([]byte(input))
	if m != nil {
		t.Errorf("Parse() map = %+v, want nil", m)
	}
	return problemsOf(t, err)
}

func TestParse(t *testing.T) {
	t.Parallel()
	m, err := Parse([]byte(tinyJSON))
	if err != nil {
		t.Fatalf("Parse() error = %v", err)
	}
	if want := tinyMap(); !equalMaps(m, want) {
		t.Errorf("Parse() = %+v, want %+v", m, want)
	}
}

func TestParseByteOrderMark(t *testing.T) {
	t.Parallel()
	if _, err := Parse([]byte("\xef\xbb\xbf" + tinyJSON)); err != nil {
		t.Errorf("Parse() error = %v", err)
	}
}

func TestParseDecodeProblems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, input, path, code, message string
	}{
		{"empty", "", "", CodeInvalidJSON, "empty"},
		{"white space", " \n ", "", CodeInvalidJSON, "empty"},
		{"cut short", `{"id": "x", "territories": [`, "", CodeInvalidJSON, "middle"},
		{"syntax", "{\n  \"id\" \"x\"\n}", "", CodeInvalidJSON, "line 2, column 8"},
		{"array", `[]`, "", CodeWrongType, "JSON object"},
		{"string", `"classic"`, "", CodeWrongType, "JSON object"},
		{"unknown field", `{"id": "x", "colour": "red"}`, "colour", CodeUnknownField, `"colour"`},
		{"unknown territory field", `{"territories": [{"id": "x", "owner": 1}]}`, "territories[0].owner", CodeUnknownField, `"owner"`},
		{"trailing object", tinyJSON + "\n{}", "", CodeTrailingData, "line 18, column 1"},
		{"trailing garbage", tinyJSON + " x", "", CodeTrailingData, "after the map"},
		{"version string", `{"version": "1"}`, "version", CodeWrongType, "must be a number, not string"},
		{"version fraction", `{"version": 1.5}`, "version", CodeWrongType, "whole number"},
		{"version huge", `{"version": 1e30}`, "version", CodeWrongType, "whole number"},
		{"x string", `{"territories": [{"x": "1"}]}`, "territories.x", CodeWrongType, "must be a number"},
		{"x overflow", `{"territories": [{"x": 1e999}]}`, "territories.x", CodeWrongType, "in range"},
		{"name number", `{"territories": [{"name": 5}]}`, "territories.name", CodeWrongType, "must be a string"},
		{"border number", `{"borders": [["a", 2]]}`, "borders", CodeWrongType, "must be a string"},
		{"borders object", `{"borders": {}}`, "borders", CodeWrongType, "must be an array"},
		{"bonus string", `{"bonusAreas": [{"bonus": "2"}]}`, "bonusAreas.bonus", CodeWrongType, "must be a number"},
		{"area territories string", `{"bonusAreas": [{"territories": "a"}]}`, "bonusAreas.territories", CodeWrongType, "must be an array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			problems := parseProblems(t, tt.input)
			if len(problems) != 1 {
				t.Fatalf("Parse() problems = %v, want one", problems)
			}
			p := problems[0]
			if p.Path != tt.path || p.Code != tt.code || !strings.Contains(p.Message, tt.message) {
				t.Errorf("Parse() problem = %q, want path %q, code %s, message containing %q", p, tt.path, tt.code, tt.message)
			}
		})
	}
}

func TestParseTooLarge(t *testing.T) {
	t.Parallel()
	data := bytes.Repeat([]byte(" "), MaxFileSize+1)
	problems := problemsOf(t, func() error { _, err := Parse(data); return err }())
	if len(problems) != 1 || problems[0].Code != CodeTooLarge {
		t.Errorf("Parse() problems = %v, want one %s", problems, CodeTooLarge)
	}
}

func TestDecode(t *testing.T) {
	t.Parallel()
	m, err := Decode(strings.NewReader(tinyJSON))
	if err != nil {
		t.Fatalf("Decode() error = %v", err)
	}
	if m.ID != "tiny" {
		t.Errorf("Decode() id = %q, want %q", m.ID, "tiny")
	}

	big := iotest.OneByteReader(bytes.NewReader(bytes.Repeat([]byte(" "), MaxFileSize+10)))
	problems := problemsOf(t, func() error { _, err := Decode(big); return err }())
	if len(problems) != 1 || problems[0].Code != CodeTooLarge {
		t.Errorf("Decode(too large) problems = %v, want one %s", problems, CodeTooLarge)
	}

	broken := errors.New("disk on fire")
	_, err = Decode(iotest.ErrReader(broken))
	if !errors.Is(err, broken) {
		t.Errorf("Decode(failing reader) error = %v, want it to wrap %v", err, broken)
	}
	var verr *ValidationError
	if errors.As(err, &verr) {
		t.Errorf("Decode(failing reader) error is a *ValidationError, want a read error")
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	t.Parallel()
	generated, err := Generate(GenerateOpts{Territories: 300, Seed: 9})
	if err != nil {
		t.Fatalf("Generate() error = %v", err)
	}
	described := tinyMap()
	described.Description = "Quotes \" and <tags> & backslashes \\ survive.\nSecond line."
	described.Width, described.Height = 100, 50
	described.Territories[0].Name = "Ā, with: punctuation"
	classic, _ := Builtin(ClassicID)
	europe, _ := Builtin("europe") // sea crossings of its own
	for _, m := range []*Map{tinyMap(), described, classic, europe, generated} {
		t.Run(m.ID, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			if err := Encode(&b, m); err != nil {
				t.Fatalf("Encode() error = %v", err)
			}
			got, err := Parse(b.Bytes())
			if err != nil {
				t.Fatalf("Parse(Encode()) error = %v\n%s", err, b.String())
			}
			if !equalMaps(got, m) {
				t.Errorf("Parse(Encode()) = %+v, want %+v", got, m)
			}
			var again bytes.Buffer
			if err := Encode(&again, got); err != nil {
				t.Fatalf("Encode() again error = %v", err)
			}
			if again.String() != b.String() {
				t.Errorf("Encode() is not stable:\n%s\nthen\n%s", b.String(), again.String())
			}
		})
	}
}

func TestEncodeLayout(t *testing.T) {
	t.Parallel()
	m := &Map{ID: "x", Name: "A & B", Version: 1, Territories: []Territory{{ID: "a", Name: "A", X: 1.5, Y: 2}}}
	var b bytes.Buffer
	if err := Encode(&b, m); err != nil {
		t.Fatalf("Encode() error = %v", err)
	}
	want := `{
  "id": "x",
  "name": "A & B",
  "version": 1,
  "territories": [
    {"id": "a", "name": "A", "x": 1.5, "y": 2}
  ],
  "borders": [],
  "bonusAreas": []
}
`
	if b.String() != want {
		t.Errorf("Encode() =\n%s\nwant\n%s", b.String(), want)
	}
}

func TestEncodeWriteError(t *testing.T) {
	t.Parallel()
	err := Encode(failingWriter{}, tinyMap())
	if err == nil || !strings.Contains(err.Error(), "error writing map") {
		t.Errorf("Encode(failing writer) error = %v, want a write error", err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space") }

func TestBoard(t *testing.T) {
	t.Parallel()
	m := tinyMap()
	b, err := m.Board()
	if err != nil {
		t.Fatalf("Board() error = %v", err)
	}
	if got, want := b.Len(), 4; got != want {
		t.Errorf("Len() = %d, want %d", got, want)
	}
	wantTerritories := []rules.Territory{
		{Key: "a", Name: "A", Symbol: rules.Infantry},
		{Key: "b", Name: "B", Symbol: rules.Artillery}, // from the file
		{Key: "c", Name: "C", Symbol: rules.Artillery}, // by position
		{Key: "d", Name: "D", Symbol: rules.Infantry},
	}
	for i, want := range wantTerritories {
		if got := b.Territory(rules.TerritoryID(i)); got != want {
			t.Errorf("Territory(%d) = %+v, want %+v", i, got, want)
		}
	}
	for _, tt := range []struct {
		a, c rules.TerritoryID
		want bool
	}{{0, 1, true}, {1, 0, true}, {1, 2, true}, {2, 3, true}, {0, 2, false}, {0, 3, false}, {1, 3, false}} {
		if got := b.Adjacent(tt.a, tt.c); got != tt.want {
			t.Errorf("Adjacent(%d, %d) = %v, want %v", tt.a, tt.c, got, tt.want)
		}
	}
	areas := b.Areas()
	if len(areas) != 3 {
		t.Fatalf("Areas() = %+v, want 3 areas", areas)
	}
	if got, want := areas[2].Territories, []rules.TerritoryID{0, 1, 2, 3}; !slices.Equal(got, want) {
		t.Errorf("Areas()[2].Territories = %v, want %v", got, want)
	}
	if got, want := areas[0].Bonus, 2; got != want {
		t.Errorf("Areas()[0].Bonus = %d, want %d", got, want)
	}
	if got, want := areas[2].Key, "all"; got != want {
		t.Errorf("Areas()[2].Key = %q, want %q", got, want)
	}
	again, _ := m.Board()
	if again != b {
		t.Errorf("Board() built a second board, want the cached one")
	}
}

func TestBoardInvalid(t *testing.T) {
	t.Parallel()
	m := tinyMap()
	m.Borders = append(m.Borders, Border{"a", "zz"})
	b, err := m.Board()
	if b != nil || err == nil {
		t.Fatalf("Board() = %v, %v; want an error", b, err)
	}
	if problems := problemsOf(t, err); len(problems) != 1 || problems[0].Code != CodeUnknownTerritory {
		t.Errorf("Board() problems = %v, want one %s", problems, CodeUnknownTerritory)
	}
	if !strings.Contains(err.Error(), "error building board") {
		t.Errorf("Board() error = %q, want it to say what failed", err)
	}
}

func TestBoardConcurrent(t *testing.T) {
	t.Parallel()
	m, _ := Builtin(ClassicID)
	boards := make(chan *rules.Board, 8)
	for range cap(boards) {
		go func() {
			b, _ := m.Board()
			boards <- b
		}()
	}
	first := <-boards
	for range cap(boards) - 1 {
		if b := <-boards; b != first || b == nil {
			t.Errorf("Board() = %p, want the shared board %p", b, first)
		}
	}
}

func TestCardSymbol(t *testing.T) {
	t.Parallel()
	tests := []struct {
		i    int
		card string
		want rules.Symbol
	}{
		{0, "", rules.Infantry},
		{1, "", rules.Cavalry},
		{2, "", rules.Artillery},
		{3, "", rules.Infantry},
		{41, "", rules.Artillery},
		{0, "artillery", rules.Artillery},
		{1, "infantry", rules.Infantry},
		{2, "cavalry", rules.Cavalry},
		{4, "wild", rules.Cavalry}, // not allowed in a file; falls back to the position
	}
	for _, tt := range tests {
		if got := CardSymbol(tt.i, tt.card); got != tt.want {
			t.Errorf("CardSymbol(%d, %q) = %v, want %v", tt.i, tt.card, got, tt.want)
		}
	}
}

func TestClone(t *testing.T) {
	t.Parallel()
	m := tinyMap()
	c := m.Clone()
	if !equalMaps(c, m) {
		t.Fatalf("Clone() = %+v, want %+v", c, m)
	}
	c.Territories[0].Name = "Changed"
	c.Borders[0][0] = "c"
	c.BonusAreas[0].Territories[0] = "c"
	if m.Territories[0].Name != "A" || m.Borders[0][0] != "a" || m.BonusAreas[0].Territories[0] != "a" {
		t.Errorf("changing the clone changed the original: %+v", m)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(tinyJSON))
	f.Add(builtinJSON(f, ClassicID))
	f.Add([]byte(`{"id":"x","name":"X","version":1,"territories":[{"id":"a","name":"A","x":0,"y":0},{"id":"a","name":"A"}],"borders":[["a"],["a","a","a"],[]],"bonusAreas":[{"territories":[]}]}`))
	f.Add([]byte(`{"territories":[{"x":-1,"y":1e308,"card":"wild"}],"width":-5}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"id":"x"} {"id":"y"}`))
	f.Add([]byte("\xef\xbb\xbf{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(data)
		if err != nil {
			if m != nil {
				t.Fatalf("Parse() returned a map with error %v", err)
			}
			for _, p := range problemsOf(t, err) {
				if p.Code == "" || p.Message == "" {
					t.Fatalf("Parse() problem %+v lacks a code or message", p)
				}
			}
			return
		}
		b, err := m.Board()
		if err != nil {
			t.Fatalf("Board() of a parsed map error = %v", err)
		}
		if b.Len() != len(m.Territories) {
			t.Fatalf("Board().Len() = %d, want %d", b.Len(), len(m.Territories))
		}
		var out bytes.Buffer
		if err := Encode(&out, m); err != nil {
			t.Fatalf("Encode() error = %v", err)
		}
		again, err := Parse(out.Bytes())
		if err != nil {
			t.Fatalf("Parse(Encode()) error = %v", err)
		}
		if !equalMaps(again, m) {
			t.Fatalf("Parse(Encode()) = %+v, want %+v", again, m)
		}
	})
}

// builtinJSON returns the embedded file of a built-in map.
func builtinJSON(tb testing.TB, id string) []byte {
	tb.Helper()
	data, err := builtinFiles.ReadFile("builtin/" + id + ".json")
	if err != nil {
		tb.Fatalf("error reading built-in map %s: %v", id, err)
	}
	return data
}

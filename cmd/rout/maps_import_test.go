package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rout/maps"
)

// importFixture is the path of a fixture of the maps package's import tests.
func importFixture(name string) string {
	return filepath.Join("..", "..", "maps", "testdata", "import", name)
}

func TestMapsImportDomination(t *testing.T) {
	t.Parallel()
	out, errOut, err := runRout(t, "maps", "import", "--format", "domination", importFixture("three-isles.map"))
	if err != nil {
		t.Fatalf("rout maps import: %v (stderr %q)", err, errOut)
	}
	m, err := maps.Parse([]byte(out))
	if err != nil {
		t.Fatalf("parsing the output: %v\n%s", err, out)
	}
	if m.ID != "three_isles" || m.Name != "Three Isles" || len(m.Territories) != 9 || len(m.Borders) != 12 || len(m.BonusAreas) != 3 {
		t.Errorf("imported %s %q with %d territories, %d borders, %d areas; want three_isles \"Three Isles\" with 9, 12, 3",
			m.ID, m.Name, len(m.Territories), len(m.Borders), len(m.BonusAreas))
	}
	for _, want := range []string{
		"note: line 4: IGNORED: the size of the army circles (20)",
		"note: UNSUPPORTED: the [files] section",
		"imported three_isles: 9 territories, 12 borders, 3 bonus areas; 4 notes\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr = %q, want it to contain %q", errOut, want)
		}
	}
}

func TestMapsImportToFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.json")
	out, errOut, err := runRout(t, "maps", "import", "--format=conquerclub", "--one-way", "two-way", "-o", path, importFixture("one-way.xml"))
	if err != nil {
		t.Fatalf("rout maps import: %v (stderr %q)", err, errOut)
	}
	if out != "" {
		t.Errorf("stdout = %q, want nothing: the map goes to the file", out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := maps.Parse(data)
	if err != nil {
		t.Fatalf("parsing %s: %v", path, err)
	}
	// Conquer Club's XML names no map: the file's name does.
	if m.ID != "one_way" || m.Name != "one-way" || len(m.Borders) != 12 {
		t.Errorf("imported %s %q with %d borders, want one_way \"one-way\" with 12", m.ID, m.Name, len(m.Borders))
	}
	if want := `note: territory "Lighthouse": ONE_WAY_BORDER: "Lighthouse" can attack "Dunes" but not the other way round; the border is made two-way`; !strings.Contains(errOut, want) {
		t.Errorf("stderr = %q, want it to contain %q", errOut, want)
	}
	// The validator agrees with the file the import wrote.
	if out, _, err := runRout(t, "maps", "validate", path); err != nil || out != "ok: one_way (9 territories)\n" {
		t.Errorf("rout maps validate = %q, %v; want ok", out, err)
	}
}

func TestMapsImportRefusesOneWayBorders(t *testing.T) {
	t.Parallel()
	file := importFixture("one-way.map")
	out, errOut, err := runRout(t, "maps", "import", "--format", "domination", file)
	var exit exitError
	if !errors.As(err, &exit) || exitCode(err) != 1 {
		t.Fatalf("rout maps import: error = %v, want exitError(1)", err)
	}
	want := `line 31: ONE_WAY_BORDER: "Moor" can attack "Orchard" but not the other way round; Rout's borders go both ways (import with two-way or drop)
line 36: ONE_WAY_BORDER: "Lighthouse" can attack "Dunes" but not the other way round; Rout's borders go both ways (import with two-way or drop)
`
	if out != want {
		t.Errorf("stdout =\n%s\nwant\n%s", out, want)
	}
	if want := file + ": cannot import: 2 problems\n"; errOut != want {
		t.Errorf("stderr = %q, want %q", errOut, want)
	}
}

func TestMapsImportUsage(t *testing.T) {
	t.Parallel()
	file := importFixture("three-isles.map")
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string // in the error or stderr
	}{
		{"no format", []string{file}, 2, "--format is required"},
		{"unknown format", []string{"--format", "risk", file}, 2, `unknown map format "risk"`},
		{"bad one-way", []string{"--format", "domination", "--one-way", "both", file}, 2, "--one-way must be refuse, two-way or drop"},
		{"no file", []string{"--format", "domination"}, 2, "want 1 arguments, got 0"},
		{"bad flag", []string{"--colour", "red", file}, 2, "flag provided but not defined"},
		{"missing file", []string{"--format", "domination", "nowhere.map"}, 1, "error opening map file"},
		{"wrong format", []string{"--format", "conquerclub", file}, 1, "cannot import: 1 problem"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, errOut, err := runRout(t, append([]string{"maps", "import"}, tt.args...)...)
			if err == nil || exitCode(err) != tt.code {
				t.Fatalf("rout maps import %v: error = %v, want exit status %d", tt.args, err, tt.code)
			}
			if !strings.Contains(err.Error()+errOut, tt.want) {
				t.Errorf("rout maps import %v: error %q, stderr %q; want %q", tt.args, err, errOut, tt.want)
			}
		})
	}
}

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"rout/maps"
)

func mapsNoEnv(string) string { return "" }

// runRout runs the binary's run with args and returns what it printed.
func runRout(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, mapsNoEnv, &out, &errOut)
	return out.String(), errOut.String(), err
}

// writeMapFile writes data to a file in a fresh temporary folder and returns its path.
func writeMapFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatalf("error writing %s: %v", path, err)
	}
	return path
}

func TestMapsList(t *testing.T) {
	t.Parallel()
	out, errOut, err := runRout(t, "maps", "list")
	if err != nil {
		t.Fatalf("rout maps list: %v (stderr %q)", err, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got, want := len(lines), 1+len(maps.Builtins()); got != want {
		t.Fatalf("rout maps list printed %d lines, want %d:\n%s", got, want, out)
	}
	if got := strings.Fields(lines[0]); strings.Join(got, " ") != "ID NAME TERRITORIES BONUS AREAS" {
		t.Errorf("header = %q, want the column names", lines[0])
	}
	var classic string
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "classic ") {
			classic = l
		}
	}
	if got, want := strings.Join(strings.Fields(classic), " "), "classic Classic World 42 6"; got != want {
		t.Errorf("classic line = %q, want fields %q", classic, want)
	}
	// Tab-aligned: every column starts at the same offset on every line.
	if col := strings.Index(lines[0], "NAME"); strings.Index(classic, "Classic") != col {
		t.Errorf("columns are not aligned:\n%s", out)
	}
	if errOut != "" {
		t.Errorf("stderr = %q, want nothing", errOut)
	}
}

func TestMapsExport(t *testing.T) {
	t.Parallel()
	out, errOut, err := runRout(t, "maps", "export", "classic")
	if err != nil {
		t.Fatalf("rout maps export classic: %v (stderr %q)", err, errOut)
	}
	m, err := maps.Parse([]byte(out))
	if err != nil {
		t.Fatalf("parsing the export: %v", err)
	}
	if m.ID != "classic" || len(m.Territories) != 42 || len(m.Borders) != 83 {
		t.Errorf("export = %s with %d territories and %d borders, want classic with 42 and 83", m.ID, len(m.Territories), len(m.Borders))
	}
	if !strings.Contains(out, "\n  \"territories\": [\n    {") {
		t.Errorf("export is not indented:\n%.300s", out)
	}
}

func TestMapsValidate(t *testing.T) {
	t.Parallel()
	classic, _, err := runRout(t, "maps", "export", "classic")
	if err != nil {
		t.Fatalf("rout maps export classic: %v", err)
	}
	path := writeMapFile(t, "classic.json", classic)
	out, errOut, err := runRout(t, "maps", "validate", path)
	if err != nil {
		t.Fatalf("rout maps validate: %v (stderr %q)", err, errOut)
	}
	if want := "ok: classic (42 territories)\n"; out != want {
		t.Errorf("stdout = %q, want %q", out, want)
	}
}

// TestMapsValidateChecksWhatAnUploadRefuses checks that validate reports a bonus out of proportion, as
// the upload does (it reported the map fine, and the upload refused it).
func TestMapsValidateChecksWhatAnUploadRefuses(t *testing.T) {
	t.Parallel()
	file := `{"id": "greedy", "name": "Greedy", "version": 1,
  "territories": [{"id": "a", "name": "A", "x": 1, "y": 1}, {"id": "b", "name": "B", "x": 2, "y": 1},
    {"id": "c", "name": "C", "x": 3, "y": 1}, {"id": "d", "name": "D", "x": 4, "y": 1},
    {"id": "e", "name": "E", "x": 5, "y": 1}, {"id": "f", "name": "F", "x": 6, "y": 1}],
  "borders": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"]],
  "bonusAreas": [{"id": "cap", "name": "Capital", "bonus": 11, "territories": ["a"]},
    {"id": "rest", "name": "Rest", "bonus": 5, "territories": ["b", "c", "d", "e", "f"]}]}`
	out, _, err := runRout(t, "maps", "validate", writeMapFile(t, "greedy.json", file))
	if exitCode(err) != 1 {
		t.Fatalf("rout maps validate: error = %v, want exit 1", err)
	}
	want := "bonusAreas[0].bonus: BONUS_OUT_OF_PROPORTION: a bonus of 11 makes no sense for an area of 1 territories: it must be from -1 to 10\n"
	if out != want {
		t.Errorf("stdout = %q, want %q", out, want)
	}
}

func TestMapsValidateProblems(t *testing.T) {
	t.Parallel()
	broken := `{
  "id": "Broken Map",
  "name": "Broken",
  "version": 0,
  "territories": [
    {"id": "a", "name": "A", "x": 1, "y": 1},
    {"id": "a", "name": "B", "x": 2, "y": 2, "card": "wild"},
    {"id": "c", "name": "C", "x": 3, "y": 3}
  ],
  "borders": [["a", "c"], ["c", "c"], ["a", "nowhere"]],
  "bonusAreas": [{"id": "all", "name": "All", "bonus": 1, "territories": []}]
}`
	path := writeMapFile(t, "broken.json", broken)
	out, errOut, err := runRout(t, "maps", "validate", path)
	var exit exitError
	if !errors.As(err, &exit) || exitCode(err) != 1 {
		t.Fatalf("rout maps validate: error = %v, want exitError(1)", err)
	}
	want := []string{
		`id: BAD_ID: id "Broken Map" must start with a lower-case letter or digit and hold only a-z, 0-9, '_' and '-'`,
		`version: BAD_VERSION: version must be a whole number from 1 to 2147483647, not 0`,
		`territories[1].id: DUPLICATE_ID: id "a" is already used by territories[0]`,
		`territories[1].card: BAD_CARD_SYMBOL: card "wild" must be infantry, cavalry or artillery`,
		`borders[1]: SELF_BORDER: territory "c" cannot border itself`,
		`borders[2][1]: UNKNOWN_TERRITORY: no territory has id "nowhere"`,
		`bonusAreas[0].territories: EMPTY_AREA: a bonus area needs at least one territory`,
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stdout =\n%s\nwant\n%s", out, strings.Join(want, "\n"))
	}
	if !strings.Contains(errOut, "invalid map: 7 problems") {
		t.Errorf("stderr = %q, want a count of the problems", errOut)
	}
}

func TestMapsValidateBadJSON(t *testing.T) {
	t.Parallel()
	path := writeMapFile(t, "bad.json", `{"id": "x",`)
	out, _, err := runRout(t, "maps", "validate", path)
	if exitCode(err) != 1 {
		t.Fatalf("rout maps validate: error = %v, want exit status 1", err)
	}
	if !strings.HasPrefix(out, "INVALID_JSON: ") {
		t.Errorf("stdout = %q, want an INVALID_JSON problem", out)
	}
}

func TestMapsValidateMissingFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "missing.json")
	out, _, err := runRout(t, "maps", "validate", path)
	var exit exitError
	if err == nil || errors.As(err, &exit) || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("rout maps validate: error = %v, want a not-exist error", err)
	}
	if exitCode(err) != 1 {
		t.Errorf("exit code = %d, want 1", exitCode(err))
	}
	if out != "" {
		t.Errorf("stdout = %q, want nothing", out)
	}
}

func TestMapsGenerate(t *testing.T) {
	t.Parallel()
	out, errOut, err := runRout(t, "maps", "generate", "--territories", "500", "--seed", "3", "--area-size", "10")
	if err != nil {
		t.Fatalf("rout maps generate: %v (stderr %q)", err, errOut)
	}
	m, err := maps.Parse([]byte(out))
	if err != nil {
		t.Fatalf("parsing the generated map: %v", err)
	}
	if m.ID != "generated-500-3" || len(m.Territories) != 500 {
		t.Errorf("generated %s with %d territories, want generated-500-3 with 500", m.ID, len(m.Territories))
	}
	again, _, err := runRout(t, "maps", "generate", "-territories=500", "-seed=3", "-area-size=10")
	if err != nil || again != out {
		t.Errorf("the same flags gave a different map (error %v)", err)
	}
	named, _, err := runRout(t, "maps", "generate", "--territories", "20", "--id", "my-map")
	if err != nil || !strings.Contains(named, `"id": "my-map"`) {
		t.Errorf("rout maps generate --id my-map: error %v, output %.100q", err, named)
	}
}

// TestMapsWithShapes checks --shapes on export and generate: every territory has a shape, the map file
// parses, and its geometry is the one the server derives (the sea crossings kept in the file).
func TestMapsWithShapes(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"maps", "export", "--shapes", "europe"},
		{"maps", "generate", "--territories", "200", "--seed", "5", "--shapes"},
	} {
		out, errOut, err := runRout(t, args...)
		if err != nil {
			t.Fatalf("rout %s: %v (stderr %q)", strings.Join(args, " "), err, errOut)
		}
		m, err := maps.Parse([]byte(out))
		if err != nil {
			t.Fatalf("rout %s: the output does not parse: %v", strings.Join(args, " "), err)
		}
		for _, tr := range m.Territories {
			if tr.Shape == "" {
				t.Fatalf("rout %s: %s has no shape", strings.Join(args, " "), tr.ID)
			}
		}
		if len(m.Sea) == 0 || m.Width == 0 || m.Height == 0 {
			t.Errorf("rout %s: %d sea crossings, canvas %d × %d", strings.Join(args, " "), len(m.Sea), m.Width, m.Height)
		}
	}
}

func TestMapsUsageErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args     []string
		code     int
		inStderr string
		inError  string
	}{
		{[]string{"maps"}, 2, "usage: rout maps", "no subcommand"},
		{[]string{"maps", "draw"}, 2, "usage: rout maps", `unknown subcommand "draw"`},
		{[]string{"maps", "list", "extra"}, 2, "usage: rout maps list", `unexpected argument "extra"`},
		{[]string{"maps", "list", "--verbose"}, 2, "flag provided but not defined", ""},
		{[]string{"maps", "export"}, 2, "usage: rout maps export [--shapes] NAME", "want 1 arguments, got 0"},
		{[]string{"maps", "export", "atlantis"}, 1, "", `unknown map "atlantis"; the built-in maps are: classic`},
		{[]string{"maps", "validate"}, 2, "usage: rout maps validate FILE", "want 1 arguments, got 0"},
		{[]string{"maps", "validate", "a.json", "b.json"}, 2, "usage: rout maps validate FILE", "want 1 arguments, got 2"},
		{[]string{"maps", "generate"}, 2, "usage: rout maps generate", "--territories is required"},
		{[]string{"maps", "generate", "--territories", "1"}, 2, "", "territories must be from 2 to 10000, not 1"},
		{[]string{"maps", "generate", "--territories", "10001"}, 2, "", "territories must be from 2 to 10000"},
		{[]string{"maps", "generate", "--territories", "ten"}, 2, "invalid value", ""},
		{[]string{"maps", "generate", "--territories", "10", "--seed", "-1"}, 2, "invalid value", ""},
		{[]string{"maps", "generate", "--territories", "10", "--area-size", "-3"}, 2, "", "area size must be positive"},
		{[]string{"maps", "generate", "--territories", "10", "--id", "No Good"}, 2, "", `id "No Good" must be`},
		{[]string{"maps", "generate", "--territories", "10", "extra"}, 2, "usage: rout maps generate", `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			out, errOut, err := runRout(t, tt.args...)
			if err == nil {
				t.Fatalf("error = nil, want exit status %d", tt.code)
			}
			if got := exitCode(err); got != tt.code {
				t.Errorf("exit code = %d, want %d (error %v)", got, tt.code, err)
			}
			if !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, tt.inStderr)
			}
			if !strings.Contains(err.Error(), tt.inError) {
				t.Errorf("error = %q, want it to contain %q", err, tt.inError)
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
		})
	}
}

func TestMapsHelp(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"maps", "help"}, {"maps", "-h"}, {"maps", "--help"}} {
		out, _, err := runRout(t, args...)
		if err != nil || !strings.Contains(out, "usage: rout maps") {
			t.Errorf("rout %s: error %v, stdout %q; want the usage", strings.Join(args, " "), err, out)
		}
	}
	for _, sub := range []string{"list", "export", "validate", "generate"} {
		_, errOut, err := runRout(t, "maps", sub, "-h")
		if err != nil || !strings.Contains(errOut, "usage: rout maps "+sub) {
			t.Errorf("rout maps %s -h: error %v, stderr %q; want the usage", sub, err, errOut)
		}
	}
}

// TestMapsValidateHostileFile: a 10 MB map file nested without end is refused at once with TOO_DEEP,
// and reading it allocates a small multiple of its size (a reader that recursed into it, building a
// path at every level, needed tens of gigabytes).
func TestMapsValidateHostileFile(t *testing.T) {
	path := writeMapFile(t, "deep.json", strings.Repeat("[", 10_000_000))
	var out string
	var err error
	n := allocated(func() { out, _, err = runRout(t, "maps", "validate", path) })
	if exitCode(err) != 1 || !strings.Contains(out, "TOO_DEEP: ") {
		t.Errorf("rout maps validate: %v, stdout %.300q; want exit status 1 and TOO_DEEP", err, out)
	}
	if limit := uint64(4*10_000_000 + 4<<20); n > limit {
		t.Errorf("rout maps validate allocated %d bytes, more than %d", n, limit)
	}
}

// allocated returns the bytes f allocates. The tests that call it are not parallel, so that the parallel
// tests wait meanwhile.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

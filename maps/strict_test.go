package maps

import (
	"strings"
	"testing"
)

// TestParseRefusesDuplicateKeys: encoding/json keeps the last of two equal keys; Parse refuses the
// file with one DUPLICATE_KEY problem per repeat, at the repeated key's path.
func TestParseRefusesDuplicateKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, input string
		paths       []string
	}{
		{"top level", strings.Replace(tinyJSON, `"name": "Tiny",`, `"name": "Tiny", "name": "Other",`, 1), []string{"name"}},
		{"in a territory", strings.Replace(tinyJSON, `{"id": "c", "name": "C",`, `{"id": "c", "name": "C", "id": "e",`, 1), []string{"territories[2].id"}},
		{"in an area, twice", strings.Replace(tinyJSON, `"bonus": 0,`, `"bonus": 0, "bonus": 9, "bonus": 8,`, 1), []string{"bonusAreas[1].bonus", "bonusAreas[1].bonus"}},
		{"lists", strings.Replace(tinyJSON, `"borders": [`, `"borders": [], "borders": [`, 1), []string{"borders"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			problems := parseProblems(t, tt.input)
			if len(problems) != len(tt.paths) {
				t.Fatalf("Parse() problems = %v, want %d", problems, len(tt.paths))
			}
			for i, p := range problems {
				if p.Code != CodeDuplicateKey || p.Path != tt.paths[i] || !strings.Contains(p.Message, "twice") {
					t.Errorf("problem %d = %q, want DUPLICATE_KEY at %s", i, p, tt.paths[i])
				}
			}
		})
	}
	// Equal keys in different objects are fine, and a syntax error is still reported as one.
	if _, err := Parse([]byte(tinyJSON)); err != nil {
		t.Errorf("Parse(tinyJSON) = %v", err)
	}
	problems := problemsOf(t, func() error { _, err := Parse([]byte(`{"id": "x", "id": }`)); return err }())
	if len(problems) != 1 || problems[0].Code != CodeInvalidJSON {
		t.Errorf("a syntax error after a repeated key: %v, want one INVALID_JSON", problems)
	}
}

// TestParseRefusesInvalidUTF8: encoding/json replaces bytes that are not UTF-8 with U+FFFD; Parse
// refuses the file, naming where the first such byte is.
func TestParseRefusesInvalidUTF8(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, input, where string }{
		{"in a name", strings.Replace(tinyJSON, `"name": "B"`, "\"name\": \"B\xff\"", 1), "line 7, column 27"},
		{"a lone continuation byte", "\x80" + tinyJSON, "line 1, column 1"},
		{"a cut sequence", strings.Replace(tinyJSON, `"Tiny"`, "\"Tiny\xe2\x82\"", 1), "line 3, column 16"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			problems := parseProblems(t, tt.input)
			if len(problems) != 1 || problems[0].Code != CodeInvalidUTF8 || problems[0].Path != "" ||
				!strings.Contains(problems[0].Message, tt.where) {
				t.Errorf("Parse() problems = %v, want one INVALID_UTF8 at %s", problems, tt.where)
			}
		})
	}
	// Escapes of half a surrogate pair: the decoder would make U+FFFD of them too.
	for _, esc := range []string{`\ud83d`, `\ude00`, `\ud83dx`, `\ud83d\u0041`} {
		problems := problemsOf(t, func() error {
			_, err := Parse([]byte(strings.Replace(tinyJSON, `"Tiny"`, `"Tiny`+esc+`"`, 1)))
			return err
		}())
		if len(problems) != 1 || problems[0].Code != CodeInvalidUTF8 || !strings.Contains(problems[0].Message, "line 3, column 16") {
			t.Errorf("name with %s: problems %v, want one INVALID_UTF8 at line 3, column 16", esc, problems)
		}
	}
	// A whole pair, an escaped backslash before a u, and other escapes are fine.
	for _, esc := range []string{`\ud83d\ude00`, `\\ud83d`, `\n\"\u00e9`} {
		in := strings.Replace(tinyJSON, `"Tiny",`, `"Tiny", "description": "a`+esc+`",`, 1)
		if _, err := Parse([]byte(in)); err != nil {
			t.Errorf("description with %s: %v", esc, err)
		}
	}
	// Valid multi-byte text still parses.
	if _, err := Parse([]byte(strings.Replace(tinyJSON, `"Tiny"`, `"Tiny – Ωmega 地图"`, 1))); err != nil {
		t.Errorf("Parse() of UTF-8 text: %v", err)
	}
}

// TestParseDepth: a file may nest MaxDepth arrays and objects; one level more is TOO_DEEP, at the path
// and position where the reading got there.
func TestParseDepth(t *testing.T) {
	t.Parallel()
	nested := func(levels int) string { // the map object and levels-1 arrays in its description
		return `{"description": ` + strings.Repeat("[", levels-1) + strings.Repeat("]", levels-1) + `}`
	}
	if problems := parseProblems(t, nested(MaxDepth)); problems[0].Code != CodeWrongType {
		t.Errorf("%d levels: %v, want WRONG_TYPE", MaxDepth, problems)
	}
	problems := parseProblems(t, nested(MaxDepth+1))
	want := "description" + strings.Repeat("[0]", MaxDepth-1)
	if len(problems) != 1 || problems[0].Code != CodeTooDeep || problems[0].Path != want ||
		!strings.Contains(problems[0].Message, "line 1, column 80") {
		t.Errorf("%d levels: %v, want one TOO_DEEP at %s, line 1, column 80", MaxDepth+1, problems, want)
	}
}

// TestParseMatchesKeysAsTheDecoderDoes: the decoder matches a key to a field without regard to ASCII
// case and after its escapes, so the check of repeated and unknown keys does too. A path spells the key
// as the file does, without its escapes.
func TestParseMatchesKeysAsTheDecoderDoes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ key, path string }{{`Name`, "Name"}, {`NAME`, "NAME"}, {`n\u0061me`, "name"}, {`\u004eame`, "Name"}} {
		key := tt.key
		in := strings.Replace(tinyJSON, `"name": "Tiny",`, `"name": "Tiny", "`+key+`": "Other",`, 1)
		problems := parseProblems(t, in)
		if len(problems) != 1 || problems[0].Code != CodeDuplicateKey || problems[0].Path != tt.path {
			t.Errorf("name and %s: %v, want one DUPLICATE_KEY at %s", key, problems, tt.path)
		}
		if _, err := Parse([]byte(strings.Replace(tinyJSON, `"name": "Tiny",`, `"`+key+`": "Tiny",`, 1))); err != nil {
			t.Errorf("%s alone: %v", key, err)
		}
	}
	problems := parseProblems(t, strings.Replace(tinyJSON, `"name": "Tiny",`, `"name": "Tiny", "nam\u00e9": 1,`, 1))
	if len(problems) != 1 || problems[0].Code != CodeUnknownField || problems[0].Path != "namé" {
		t.Errorf("nam\\u00e9: %v, want one UNKNOWN_FIELD at namé", problems)
	}
}

// TestValidateCountsAreaTerritories: the bonus areas of a map list at most MaxAreaTerritories
// territories in all, in a file and in a Map built in Go.
func TestValidateCountsAreaTerritories(t *testing.T) {
	t.Parallel()
	m, err := Parse([]byte(tinyJSON))
	if err != nil {
		t.Fatal(err)
	}
	m = m.Clone()
	ids := make([]string, MaxAreaTerritories/2+1)
	for i := range ids {
		ids[i] = m.Territories[0].ID
	}
	m.BonusAreas = append(m.BonusAreas, BonusArea{ID: "x", Name: "X", Territories: ids}, BonusArea{ID: "y", Name: "Y", Territories: ids})
	found := false
	for _, p := range problemsOf(t, m.Validate()) {
		found = found || p.Path == "bonusAreas" && p.Code == CodeTooManyTerritories
	}
	if !found {
		t.Errorf("Validate() does not count the areas' territories")
	}
}

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

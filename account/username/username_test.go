package username

import (
	"errors"
	"testing"
)

func TestEnforce(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, display, key string }{
		{"val27421", "val27421", "val27421"},
		{"Val27421", "Val27421", "val27421"},
		{"ＶＡＬ２７４２１", "VAL27421", "val27421"}, // fullwidth
		{"Ann Lee", "Ann Lee", "ann lee"},    // words
		{"Zoë", "Zoë", "zoë"},                // NFC
		{"Zoe\u0308", "Zoë", "zoë"},          // NFD in, NFC out
		{"Иван", "Иван", "иbah"},             // all Cyrillic: kept, keyed by look-alikes
		{"раypal", "", ""},                   // Cyrillic р and а with Latin: refused below
		{"ΗΑΤ", "ΗΑΤ", "hat"},                // all Greek capitals
		{"ОМЕГА", "ОМЕГА", "omeгa"},          // Cyrillic capitals
		{"a_b-c.d", "a_b-c.d", "a_b-c.d"},
		{"日本語", "日本語", "日本語"},
		{"שלום", "שלום", "שלום"},
	} {
		d, k, err := Enforce(tt.name)
		if tt.display == "" {
			if err == nil || !isError(err) {
				t.Errorf("Enforce(%q) = %q, %q, %v; want an *Error", tt.name, d, k, err)
			}
			continue
		}
		if err != nil || d != tt.display || k != tt.key {
			t.Errorf("Enforce(%q) = %q, %q, %v; want %q, %q", tt.name, d, k, err, tt.display, tt.key)
		}
		if k2, err := Key(d); err != nil || k2 != k {
			t.Errorf("Key(%q) = %q, %v; want %q (the key of a stored name is its own)", d, k2, err, k)
		}
	}
}

func TestEnforceRefuses(t *testing.T) {
	t.Parallel()
	for _, name := range []string{
		"", " ann", "ann ", "ann  lee", "\xffann",
		"val27421\u200b",               // zero-width space
		"val\u200d27421",               // zero-width joiner outside its context
		"val\ufeff27421",               // zero-width no-break space
		"a\u202eb",                     // right-to-left override
		"a\u2066b",                     // left-to-right isolate
		"v\u0430l27421",                // Cyrillic а among Latin letters
		"val\u03bf",                    // Greek ο among Latin letters
		"a\u0000b", "a\tb", "a\u3000b", // NUL, tab, ideographic space
		"😀", "ﬁ", "Ⅻ", // emoji, compatibility ligature and numeral
		"abcdefghijabcdefghijabcdefghijabcdefghijk", // 41 characters
	} {
		if d, k, err := Enforce(name); err == nil || !isError(err) {
			t.Errorf("Enforce(%q) = %q, %q, %v; want an *Error", name, d, k, err)
		}
	}
}

// TestConfusablesShareAKey: names that read alike have one key.
func TestConfusablesShareAKey(t *testing.T) {
	t.Parallel()
	for _, pair := range [][2]string{
		{"val27421", "VAL27421"},
		{"val27421", "ｖａｌ27421"},
		{"pop", "рор"},         // Cyrillic
		{"HAT", "ΗΑΤ"},         // Greek
		{"Hex", "Нех"},         // Cyrillic capital Н, х
		{"box", "вох"},         // Cyrillic в
		{"café", "cafe\u0301"}, // composed and decomposed
		{"ann lee", "Ann Lee"},
	} {
		a, err1 := Key(pair[0])
		b, err2 := Key(pair[1])
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("Key(%q) = %q, %v; Key(%q) = %q, %v; want one key", pair[0], a, err1, pair[1], b, err2)
		}
	}
	if a, _ := Key("val"); a == "" {
		t.Error("empty key")
	}
	if a, b := mustKey(t, "mall"), mustKey(t, "mali"); a == b {
		t.Errorf("mall and mali share the key %q", a)
	}
}

func mustKey(t *testing.T, name string) string {
	t.Helper()
	k, err := Key(name)
	if err != nil {
		t.Fatalf("Key(%q): %v", name, err)
	}
	return k
}

// isError reports whether err is an *Error.
func isError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

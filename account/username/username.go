// Package username is Rout's rule for user names: what a name may hold, the form it is stored in, and
// the key that keeps two names people could take for one another from both existing.
//
// A name is one or more words separated by single spaces (RFC 8265, section 3.5: "space-separated
// userparts"); each word must pass the PRECIS UsernameCasePreserved profile (RFC 8265), which refuses
// invisible and formatting characters (zero-width spaces and joiners outside their scripts' contexts,
// bidirectional overrides), control characters, symbols such as emoji and compatibility forms, maps
// fullwidth letters to their ordinary forms, normalizes to NFC and applies the Bidi rule. A word may not
// mix Latin, Cyrillic and Greek letters. The name is stored as the profile outputs it (case preserved).
//
// The key is the name's case-mapped form (the UsernameCaseMapped profile: lower case) with the letters of
// Cyrillic and Greek that look like Latin ones replaced by those (a small confusables skeleton, after
// Unicode TR 39, for the look-alikes of these three scripts only), normalized to NFC again. Two names
// with the same key are one name: the key is unique in the database, and signing in by name compares
// keys, so "VAL27421", "ｖａｌ27421" and "val27421" all sign in to val27421.
package username

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// MaxRunes is the most characters a name has (after the profile's mappings).
const MaxRunes = 40

// Error is why a name is refused, in words for the person who chose it.
type Error struct {
	Message string
}

func (e *Error) Error() string { return e.Message }

func refuse(format string, args ...any) error {
	return &Error{Message: fmt.Sprintf(format, args...)}
}

// Enforce checks a name and returns the form to store and its key, or an *Error.
func Enforce(name string) (display, key string, err error) {
	if !utf8.ValidString(name) {
		return "", "", refuse("a name must be valid UTF-8 text")
	}
	if name == "" {
		return "", "", refuse("a name has 1 to %d characters", MaxRunes)
	}
	if strings.TrimSpace(name) != name {
		return "", "", refuse("a name may not start or end with a space")
	}
	words := strings.Split(name, " ")
	shown := make([]string, len(words))
	keys := make([]string, len(words))
	for i, w := range words {
		if w == "" {
			return "", "", refuse("words of a name are separated by a single space")
		}
		s, err := precis.UsernameCasePreserved.String(w)
		if err != nil {
			return "", "", refuse("a name may hold letters, digits, punctuation and symbols of ordinary text, " +
				"without invisible, formatting or direction-changing characters, emoji or spaces other than single ones between words")
		}
		if mixesScripts(s) {
			return "", "", refuse("a word of a name may not mix Latin, Cyrillic and Greek letters")
		}
		k, err := precis.UsernameCaseMapped.String(s)
		if err != nil {
			return "", "", refuse("a name may hold letters, digits, punctuation and symbols of ordinary text")
		}
		shown[i], keys[i] = s, skeleton(k)
	}
	display = strings.Join(shown, " ")
	if n := utf8.RuneCountInString(display); n > MaxRunes {
		return "", "", refuse("a name has 1 to %d characters", MaxRunes)
	}
	return display, strings.Join(keys, " "), nil
}

// Key returns the key of name, or an error when name is not one Enforce accepts.
func Key(name string) (string, error) {
	_, key, err := Enforce(name)
	return key, err
}

// mixesScripts reports whether s has letters of more than one of Latin, Cyrillic and Greek.
func mixesScripts(s string) bool {
	var latin, cyrillic, greek bool
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Latin, r):
			latin = true
		case unicode.Is(unicode.Cyrillic, r):
			cyrillic = true
		case unicode.Is(unicode.Greek, r):
			greek = true
		}
	}
	n := 0
	for _, b := range []bool{latin, cyrillic, greek} {
		if b {
			n++
		}
	}
	return n > 1
}

// lookAlikes maps lower-case Cyrillic and Greek letters to the Latin letter they, or their capitals,
// look like. Where a letter's small and capital forms look like different Latin letters (Greek η and Η),
// the capital wins: keys are compared after case mapping, and a capital look-alike is the common trick.
var lookAlikes = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'ѕ': 's', 'і': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o',
	'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'ү': 'y', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w',
	'ӏ': 'l',
	// Latin: the single-storey g
	'ɡ': 'g',
	// Greek
	'α': 'a', 'β': 'b', 'ε': 'e', 'ζ': 'z', 'η': 'h', 'ι': 'i', 'κ': 'k', 'μ': 'm', 'ν': 'n', 'ο': 'o',
	'ρ': 'p', 'τ': 't', 'υ': 'y', 'χ': 'x', 'ϲ': 'c', 'ϳ': 'j',
}

// skeleton replaces look-alikes in a case-mapped word and normalizes the result to NFC (so that a
// Cyrillic е with a combining acute becomes the Latin é).
func skeleton(s string) string {
	return norm.NFC.String(strings.Map(func(r rune) rune {
		if l, ok := lookAlikes[r]; ok {
			return l
		}
		return r
	}, s))
}

package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxRunes is the longest message, in characters after Normalize.
const MaxRunes = 500

// Normalize returns a message's text as it is stored and shown: NFC, without control characters (but line
// breaks), bidirectional overrides, isolates and marks, or other invisible formatting characters; every
// line trimmed of spaces at its ends; no more than one blank line in a row; no blank lines at either end.
func Normalize(s string) string {
	s = norm.NFC.String(strings.ToValidUTF8(s, "\uFFFD"))
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteRune(r)
		case r == '\t' || r == '\r' || unicode.IsSpace(r) && r != '\n':
			b.WriteRune(' ')
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			// Cc and Cf: control characters, bidi embeddings, overrides, isolates and marks, zero widths.
		default:
			b.WriteRune(r)
		}
	}
	lines := strings.Split(b.String(), "\n")
	out := make([]string, 0, len(lines))
	blank := false
	for _, l := range lines {
		l = strings.Join(strings.Fields(l), " ")
		if l == "" {
			blank = len(out) > 0
			continue
		}
		if blank {
			out = append(out, "")
			blank = false
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// checkText refuses a normalised message that is empty or longer than MaxRunes.
func checkText(body string) error {
	switch n := utf8.RuneCountInString(body); {
	case n == 0:
		return &Error{Code: CodeEmpty, Message: "a message needs some text"}
	case n > MaxRunes:
		return &Error{Code: CodeTooLong, Message: "a message is at most 500 characters"}
	}
	return nil
}

package chat

import (
	"strings"
	"time"
	"unicode"

	"github.com/agnivade/levenshtein"
)

// The sending limits (docs/api.md, "Chat"), lichess's flood rule among them.
const (
	// FloodMessages messages a room within FloodWindow, per author.
	FloodMessages = 5
	FloodWindow   = 10 * time.Second
	// DailyMessages messages within DailyWindow, per author over all rooms.
	DailyMessages = 1000
	DailyWindow   = 24 * time.Hour
	// MaxRoomLines is the most lines a room holds: past it, a room takes no more messages (removals
	// still), and keeps its whole history.
	MaxRoomLines = 10000
	// RecentMessages is how many of an author's last messages in a room a new one may not be close to.
	RecentMessages = 2
)

// NearDuplicate tells whether two messages say nearly the same: once folded (lower case, letters and
// digits only), equal (texts without letters or digits, such as emoji: equal but for case), or for folded texts of 10 characters or more, at most one edit in twenty apart
// (Levenshtein distance).
func NearDuplicate(a, b string) bool {
	fa, fb := fold(a), fold(b)
	if fa == "" || fb == "" {
		return strings.EqualFold(a, b)
	}
	if fa == fb {
		return true
	}
	n := max(len([]rune(fa)), len([]rune(fb)))
	return n >= 10 && levenshtein.ComputeDistance(fa, fb)*20 <= n
}

// fold keeps of s its letters and digits, lower-cased.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

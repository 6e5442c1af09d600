package notifications

import (
	"strconv"
	"strings"
)

// Since is what happened in a game since the recipient's last turn, as every player may know it: your_turn
// and cpu_played messages say it in one line (Since.Line). The zero Since says nothing.
type Since struct {
	// First is true when the recipient had no turn before: the line then says what happened since the
	// game began, or "The game began."
	First bool
	// Players is what each player did, in the order of their first deed.
	Players []SincePlayer
}

// SincePlayer is what one player did, or underwent, since the recipient's last turn.
type SincePlayer struct {
	// Name is how the line calls the player: "Grace", "the normal CPU"; "you" for the recipient.
	Name string
	// Took names the territories the player conquered, in order.
	Took []string
	// Traded holds the armies of each set of cards the player traded in.
	Traded []int
	// Eliminated is true when the player lost their last territory; Resigned when they resigned.
	Eliminated, Resigned bool
}

// SinceStyle is how much a since line says, from the fullest to the shortest.
type SinceStyle int

// The styles of a since line.
const (
	// SinceFull names up to three territories a player took: "Grace took Alaska, Peru, Chile and 2 more"
	// (email).
	SinceFull SinceStyle = iota
	// SinceOne names one: "Grace took Alaska and 2 more" (SMS, when it fits).
	SinceOne
	// SinceCounts counts: "Grace took 3 territories, Bob traded for 8 armies".
	SinceCounts
	// SinceNoTrades counts conquests, eliminations and resignations only.
	SinceNoTrades
	// SinceTotals counts the conquests of all players together: "4 territories changed hands, Ivy was
	// eliminated".
	SinceTotals
	// SinceLosses says only who was eliminated or resigned.
	SinceLosses
)

// maxSinceName is the longest a since line keeps a name (a player's, a territory's) in SinceOne and
// shorter styles.
const maxSinceName = 20

// Empty reports whether s has nothing to say.
func (s Since) Empty() bool { return !s.First && len(s.Players) == 0 }

// Line returns the one line that says s in style: "Since your last turn: Grace took Alaska and 2 more,
// Bob traded cards for 8 armies, Ivy was eliminated.", "Since the game began: ...", "The game began.",
// or "" when there is nothing to say in that style.
func (s Since) Line(style SinceStyle) string {
	var clauses []string
	if style == SinceTotals {
		taken := 0
		for _, p := range s.Players {
			taken += len(p.Took)
		}
		switch {
		case taken == 1:
			clauses = append(clauses, "1 territory changed hands")
		case taken > 1:
			clauses = append(clauses, strconv.Itoa(taken)+" territories changed hands")
		}
	}
	for _, p := range s.Players {
		if c := p.clause(style); c != "" {
			clauses = append(clauses, c)
		}
	}
	if len(clauses) == 0 {
		if s.First && style <= SinceCounts {
			return "The game began."
		}
		return ""
	}
	prefix := "Since your last turn: "
	if s.First {
		prefix = "Since the game began: "
	}
	line := prefix + strings.Join(clauses, ", ") + "."
	if trimmed, ok := strings.CutSuffix(line, "...."); ok {
		line = trimmed + "..."
	}
	return line
}

// clause says what p did in style, or "" for nothing.
func (p SincePlayer) clause(style SinceStyle) string {
	name := oneLine(p.Name)
	if style >= SinceOne {
		name = shorten(name, maxSinceName)
	}
	var parts []string
	if len(p.Took) > 0 && style <= SinceNoTrades { // SinceTotals counts them in Line
		parts = append(parts, "took "+took(p.Took, style))
	}
	if len(p.Traded) > 0 && style <= SinceCounts {
		armies := 0
		for _, a := range p.Traded {
			armies += a
		}
		switch {
		case style == SinceCounts:
			parts = append(parts, "traded for "+plural(armies, "army", "armies"))
		case len(p.Traded) == 1:
			parts = append(parts, "traded cards for "+plural(armies, "army", "armies"))
		default:
			parts = append(parts, "traded "+strconv.Itoa(len(p.Traded))+" sets for "+plural(armies, "army", "armies"))
		}
	}
	switch {
	case p.Eliminated:
		parts = append(parts, "was eliminated")
	case p.Resigned:
		parts = append(parts, "resigned")
	}
	if len(parts) == 0 || name == "" {
		return ""
	}
	return name + " " + strings.Join(parts, " and ")
}

// took says the territories taken in style: "Alaska", "Alaska and 2 more", "Alaska, Peru, Chile and 2
// more", "3 territories".
func took(names []string, style SinceStyle) string {
	if style >= SinceCounts {
		return plural(len(names), "territory", "territories")
	}
	shown := 3
	if style == SinceOne {
		shown = 1
	}
	shown = min(shown, len(names))
	list := make([]string, shown)
	for i, n := range names[:shown] {
		list[i] = oneLine(n)
		if style == SinceOne {
			list[i] = shorten(list[i], maxSinceName)
		}
	}
	s := strings.Join(list, ", ")
	if more := len(names) - shown; more > 0 {
		return s + " and " + strconv.Itoa(more) + " more"
	}
	if shown > 1 {
		return strings.Join(list[:shown-1], ", ") + " and " + list[shown-1]
	}
	return s
}

// plural says n of a unit: "1 territory", "3 territories".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

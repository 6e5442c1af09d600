package maps

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The formats Import converts.
const (
	// FormatDomination is the .map text file of the game Domination: [continents], [countries] and
	// [borders] sections.
	FormatDomination = "domination"
	// FormatConquerClub is the map XML of Conquer Club: <continent> and <territory> elements.
	FormatConquerClub = "conquerclub"
)

// Formats lists the formats Import converts.
func Formats() []string { return []string{FormatDomination, FormatConquerClub} }

// ErrUnknownFormat is returned (wrapped) by Import for a format it does not know.
var ErrUnknownFormat = errors.New("unknown map format")

// The codes of the problems Import reports besides those of validation. They are stable.
const (
	CodeSyntax       = "SYNTAX"         // a line or element of the file cannot be read
	CodeOneWayBorder = "ONE_WAY_BORDER" // a border goes one way only, and the import refuses one-way borders
	CodeTruncated    = "TRUNCATED"      // the file ends in the middle of a section: it was cut off
)

// The codes of import notes. They are stable: clients may rely on them.
const (
	NoteUnsupported     = "UNSUPPORTED"      // a feature of the file that Rout does not have; it does not carry over
	NoteIgnored         = "IGNORED"          // something the file holds that a Rout map has no place for
	NoteOneWayBorder    = "ONE_WAY_BORDER"   // a one-way border that was made two-way or dropped, by option
	NoteDuplicateBorder = "DUPLICATE_BORDER" // a border the file lists twice; it is kept once
	NoteSelfBorder      = "SELF_BORDER"      // a territory that borders itself; dropped
	NoteRenamed         = "RENAMED"          // a name that was changed to fit Rout's rules (length, spaces, repeats)
	NoteCanvas          = "CANVAS"           // the canvas size, worked out from the label positions
	NoteCoordinate      = "COORDINATE"       // a coordinate moved onto the canvas
	NoteBonus           = "BONUS"            // a bonus brought into Rout's range
	NoteArea            = "AREA"             // a bonus area changed or left out
	NoteEncoding        = "ENCODING"         // a line that is not UTF-8, read as Latin-1
	NoteTooMany         = "TOO_MANY_NOTES"   // the list of notes was cut at MaxNotes
)

// MaxNotes is the number of notes an import lists; a last TOO_MANY_NOTES note counts the rest.
const MaxNotes = 1_000

// OneWay says what Import does with a border that the file gives in one direction only (A attacks B, B
// cannot attack A). The engine's borders are undirected.
type OneWay int

// The one-way border policies.
const (
	// OneWayRefuse refuses the file, with one ONE_WAY_BORDER problem per one-way border. The default.
	OneWayRefuse OneWay = iota
	// OneWayTwoWay makes every one-way border two-way, with one ONE_WAY_BORDER note each.
	OneWayTwoWay
	// OneWayDrop leaves every one-way border out, with one ONE_WAY_BORDER note each. The map may then
	// fall apart, which validation reports.
	OneWayDrop
)

// ParseOneWay returns the policy named "refuse", "two-way" or "drop".
func ParseOneWay(s string) (OneWay, bool) {
	switch s {
	case "refuse":
		return OneWayRefuse, true
	case "two-way":
		return OneWayTwoWay, true
	case "drop":
		return OneWayDrop, true
	}
	return 0, false
}

// String returns the policy's name as ParseOneWay reads it.
func (o OneWay) String() string {
	switch o {
	case OneWayTwoWay:
		return "two-way"
	case OneWayDrop:
		return "drop"
	default:
		return "refuse"
	}
}

// ImportOpts tunes ImportWith.
type ImportOpts struct {
	// OneWay is what to do with one-way borders; the zero value refuses them.
	OneWay OneWay
	// ID is the map's id; empty means one made from the map's name, or "imported".
	ID string
	// Name is the map's name; empty means the name the file gives, else FallbackName, else "Imported map".
	Name string
	// FallbackName is the map's name when Name is empty and the file names no map (Conquer Club's XML never
	// does), such as the file's name.
	FallbackName string
}

// ImportNote is one thing an import changed or could not carry over. Import never drops or changes
// anything without a note.
type ImportNote struct {
	// Where locates the source of the note in the file ("line 12", "territory \"Alaska\""); empty for the
	// whole file.
	Where string
	// Code is a stable upper-snake code, one of the Note constants.
	Code string
	// Message explains the note to a person.
	Message string
}

// String returns "where: CODE: message", or "CODE: message" when where is empty.
func (n ImportNote) String() string {
	if n.Where == "" {
		return n.Code + ": " + n.Message
	}
	return n.Where + ": " + n.Code + ": " + n.Message
}

// ImportWith converts a map file of another game (FormatDomination or FormatConquerClub) into a valid
// Rout map. The notes list, in the order of the file, every feature that does not carry over and every
// change made on the way (names fitted to Rout's rules, borders listed twice, one-way borders made two-way
// or dropped by opts). A file that cannot be read, that has one-way borders under OneWayRefuse, or whose
// result is not a valid map gets a *ValidationError listing every problem; an unknown format gets an error
// wrapping ErrUnknownFormat. ImportWith never panics.
func ImportWith(format string, data []byte, opts ImportOpts) (*Map, []ImportNote, error) {
	if len(data) > MaxFileSize {
		return nil, nil, problemError("", CodeTooLarge, fmt.Sprintf("the file is %d bytes; the limit is %d", len(data), MaxFileSize))
	}
	var d *draft
	var err error
	switch format {
	case FormatDomination:
		d, err = readDomination(data)
	case FormatConquerClub:
		d, err = readConquerClub(data)
	default:
		return nil, nil, fmt.Errorf("%w %q; the formats are %s", ErrUnknownFormat, format, strings.Join(Formats(), ", "))
	}
	if err != nil {
		return nil, nil, err
	}
	return d.finish(opts)
}

// draft is what a reader made of a file: territories, directed borders and areas by index, before Rout's
// rules are applied.
type draft struct {
	format      string // display name of the format, for the description
	name        string // the map's name in the file, if it has one
	territories []draftTerritory
	edges       []draftEdge
	areas       []draftArea
	notes       []ImportNote
	located     int // notes of a place in the file
	moreNotes   int // notes of a place in the file beyond MaxNotes
	problems    []Problem
	dropped     int // problems beyond MaxProblems
}

type draftTerritory struct {
	name  string
	where string
	x, y  float64
}

// draftEdge is a border in the direction the file gives: from can attack to.
type draftEdge struct {
	from, to int
	where    string
}

type draftArea struct {
	name    string
	where   string
	bonus   int
	members []int
}

// note adds a note; a note of a place in the file beyond MaxNotes is only counted (finish cuts the list
// at MaxNotes, and the notes of places come first).
func (d *draft) note(where, code, format string, args ...any) {
	if where != "" && d.skipNote() {
		return
	}
	if where != "" {
		d.located++
	}
	d.notes = append(d.notes, ImportNote{Where: where, Code: code, Message: fmt.Sprintf(format, args...)})
}

// skipNote counts a note of a place in the file and reports true when the list of such notes is full:
// a reader asks before working out the note.
func (d *draft) skipNote() bool {
	if d.located < MaxNotes {
		return false
	}
	d.moreNotes++
	return true
}

func (d *draft) problem(where, code, format string, args ...any) {
	if d.skipProblem() {
		return
	}
	d.problems = append(d.problems, Problem{Path: where, Code: code, Message: fmt.Sprintf(format, args...)})
}

// skipProblem counts a problem and reports true when the list of problems is full: a reader asks
// before working out the problem.
func (d *draft) skipProblem() bool {
	if len(d.problems) < MaxProblems {
		return false
	}
	d.dropped++
	return true
}

// edge adds a border in the direction the file gives; a file that gives more than twice MaxBorders
// (both directions of every border a map may have) is refused.
func (d *draft) edge(e draftEdge) error {
	if len(d.edges) >= 2*MaxBorders {
		d.problem(e.where, CodeTooManyBorders, "more than %d borders counted one way each; the limit is %d", 2*MaxBorders, 2*MaxBorders)
		return d.err()
	}
	d.edges = append(d.edges, e)
	return nil
}

func (d *draft) err() error {
	if len(d.problems) == 0 {
		return nil
	}
	if d.dropped > 0 {
		d.problems = append(d.problems, Problem{Code: CodeTooManyProblems, Message: fmt.Sprintf("%d more problems are not listed", d.dropped)})
	}
	return &ValidationError{Problems: d.problems}
}

// maxExcerpt is the most bytes of the file's text that a note or problem quotes.
const maxExcerpt = 200

// excerpt returns s, or its first characters up to maxExcerpt bytes followed by "...".
func excerpt(s string) string {
	if len(s) <= maxExcerpt {
		return s
	}
	cut := maxExcerpt
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// canvasMargin is the free space, in canvas units, kept right of and below the last label when the file
// gives no canvas size.
const canvasMargin = 20

// finish applies Rout's rules to the draft and returns the map and every note.
func (d *draft) finish(opts ImportOpts) (*Map, []ImportNote, error) {
	if len(d.territories) > MaxTerritories {
		return nil, nil, problemError("territories", CodeTooManyTerritories,
			fmt.Sprintf("the file has %d territories; the limit is %d", len(d.territories), MaxTerritories))
	}
	m := &Map{Version: 1}
	m.Name = opts.Name
	if m.Name == "" {
		m.Name = d.fitName("", "the map's name", d.name)
	}
	if m.Name == "" {
		m.Name = d.fitName("", "the fallback name", opts.FallbackName)
	}
	if m.Name == "" {
		m.Name = "Imported map"
	}
	m.ID = opts.ID
	if m.ID == "" {
		m.ID = slug(m.Name)
	}
	if m.ID == "" {
		m.ID = "imported"
	}
	m.Description = "Imported from a " + d.format + " map file."

	// Territories: names fitted and unique, ids from the names.
	names := make(map[string]bool)
	ids := make(map[string]bool)
	maxX, maxY := 0.0, 0.0
	m.Territories = make([]Territory, len(d.territories))
	for i, t := range d.territories {
		name := d.fitName(t.where, "the territory's name", t.name)
		if name == "" {
			name = "Territory " + strconv.Itoa(i+1)
			d.note(t.where, NoteRenamed, "the territory has no name; it is called %q", name)
		}
		name = unique(name, names, " ", func(n string) {
			d.note(t.where, NoteRenamed, "another territory is called %q already; this one is called %q", name, n)
		})
		id := slug(name)
		if id == "" {
			id = "t" + strconv.Itoa(i+1)
		}
		id = unique(id, ids, "_", nil)
		x, y := d.fitCoordinate(t.where, "x", t.x), d.fitCoordinate(t.where, "y", t.y)
		maxX, maxY = max(maxX, x), max(maxY, y)
		m.Territories[i] = Territory{ID: id, Name: name, X: x, Y: y}
	}
	m.Width = min(MaxCanvas, int(math.Ceil(maxX))+canvasMargin)
	m.Height = min(MaxCanvas, int(math.Ceil(maxY))+canvasMargin)

	if err := d.borders(m, opts.OneWay); err != nil {
		return nil, nil, err
	}
	d.bonusAreas(m)
	d.note("", NoteCanvas, "the file gives no canvas size; the canvas is %d x %d, %d units beyond the last labels",
		m.Width, m.Height, canvasMargin)
	if err := m.Validate(); err != nil {
		return nil, nil, err
	}
	// The notes of places in the file in the file's order, then those of the whole file, at most
	// MaxNotes.
	notes := slices.DeleteFunc(slices.Clone(d.notes), func(n ImportNote) bool { return n.Where == "" })
	slices.SortStableFunc(notes, func(a, b ImportNote) int { return lineOf(a.Where) - lineOf(b.Where) })
	for _, n := range d.notes {
		if n.Where == "" {
			notes = append(notes, n)
		}
	}
	if rest := len(notes) + d.moreNotes - MaxNotes; rest > 0 {
		notes = append(notes[:MaxNotes], ImportNote{Code: NoteTooMany, Message: fmt.Sprintf("%d more notes are not listed", rest)})
	}
	return m, notes, nil
}

// borders turns the directed edges into undirected borders, in the order of the file.
func (d *draft) borders(m *Map, oneWay OneWay) error {
	type pair struct{ a, b int }
	seen := make(map[pair]string)
	var order []pair
	for _, e := range d.edges {
		if e.from == e.to {
			d.note(e.where, NoteSelfBorder, "%q borders itself; the border is left out", m.Territories[e.from].Name)
			continue
		}
		p := pair{e.from, e.to}
		if first, ok := seen[p]; ok {
			d.note(e.where, NoteDuplicateBorder, "the border from %q to %q is listed already (%s); it is kept once",
				m.Territories[e.from].Name, m.Territories[e.to].Name, first)
			continue
		}
		seen[p] = e.where
		order = append(order, p)
	}
	done := make(map[pair]bool)
	var oneWays validator
	for _, p := range order {
		back := pair{p.b, p.a}
		if done[p] || done[back] {
			continue
		}
		done[p] = true
		a, b := m.Territories[p.a], m.Territories[p.b]
		if _, ok := seen[back]; !ok {
			where := seen[p]
			switch oneWay {
			case OneWayTwoWay:
				d.note(where, NoteOneWayBorder, "%q can attack %q but not the other way round; the border is made two-way", a.Name, b.Name)
			case OneWayDrop:
				d.note(where, NoteOneWayBorder, "%q can attack %q but not the other way round; the border is left out", a.Name, b.Name)
				continue
			default:
				oneWays.add(where, CodeOneWayBorder,
					"%q can attack %q but not the other way round; Rout's borders go both ways (import with two-way or drop)", a.Name, b.Name)
				continue
			}
		}
		m.Borders = append(m.Borders, Border{a.ID, b.ID})
	}
	return oneWays.err()
}

// bonusAreas adds the draft's areas with names fitted and unique, members listed once and bonuses in
// range; an area without territories is left out.
func (d *draft) bonusAreas(m *Map) {
	names := make(map[string]bool)
	ids := make(map[string]bool)
	for i, a := range d.areas {
		name := d.fitName(a.where, "the area's name", a.name)
		if name == "" {
			name = "Area " + strconv.Itoa(i+1)
			d.note(a.where, NoteRenamed, "the area has no name; it is called %q", name)
		}
		if len(a.members) == 0 {
			d.note(a.where, NoteArea, "the area %q has no territories; it is left out", name)
			continue
		}
		name = unique(name, names, " ", func(n string) {
			d.note(a.where, NoteRenamed, "another area is called %q already; this one is called %q", name, n)
		})
		id := slug(name)
		if id == "" {
			id = "a" + strconv.Itoa(i+1)
		}
		id = unique(id, ids, "_", nil)
		area := BonusArea{ID: id, Name: name}
		in := make(map[int]bool)
		for _, t := range a.members {
			if !in[t] {
				in[t] = true
				area.Territories = append(area.Territories, m.Territories[t].ID)
			}
		}
		// The bonus within what an upload allows for the area's size (CheckPlayable's rule), so that a map
		// that imports also uploads.
		size := len(area.Territories)
		area.Bonus = max(MinAreaBonus(size), min(MaxAreaBonus(size), a.bonus))
		if area.Bonus != a.bonus {
			d.note(a.where, NoteBonus, "the bonus %d of %q is out of proportion for an area of %d territories (Rout allows %d to %d); it is %d",
				a.bonus, name, size, MinAreaBonus(size), MaxAreaBonus(size), area.Bonus)
		}
		m.BonusAreas = append(m.BonusAreas, area)
	}
}

// fitName returns name with runs of white space as one space, control characters removed, no white
// space at the ends and at most MaxNameLength characters, noting any change but the trimming.
func (d *draft) fitName(where, what, name string) string {
	fields := strings.FieldsFunc(name, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) })
	fitted := strings.Join(fields, " ")
	if utf8.RuneCountInString(fitted) > MaxNameLength {
		fitted = strings.TrimSpace(string([]rune(fitted)[:MaxNameLength]))
	}
	if fitted != strings.TrimSpace(name) {
		d.note(where, NoteRenamed, "%s %q is changed to %q to fit Rout's rules for names", what, name, fitted)
	}
	return fitted
}

// fitCoordinate returns c on the canvas (0 to MaxCanvas), noting a change.
func (d *draft) fitCoordinate(where, axis string, c float64) float64 {
	fitted := c
	if math.IsNaN(c) || c < 0 {
		fitted = 0
	} else if c > MaxCanvas {
		fitted = MaxCanvas
	}
	if fitted != c {
		d.note(where, NoteCoordinate, "%s %v lies off the canvas; it is %v", axis, c, fitted)
	}
	return fitted
}

// unique returns s, or s with the first free suffix sep+2, sep+3, ... when s is taken, and marks the
// result taken; renamed is called with the new name when there was a suffix.
func unique(s string, taken map[string]bool, sep string, renamed func(string)) string {
	out := s
	for k := 2; taken[out]; k++ {
		out = s + sep + strconv.Itoa(k)
	}
	taken[out] = true
	if out != s && renamed != nil {
		renamed(out)
	}
	return out
}

// slug makes an id from a name: lower-case ASCII letters and digits, every other run of characters one
// '_', at most MaxIDLength bytes. It may be empty.
func slug(name string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(name) {
		if r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteRune(r)
			continue
		}
		gap = true
	}
	s := b.String()
	if len(s) > MaxIDLength-6 { // room for a suffix that makes it unique, up to "_10000"
		s = strings.TrimRight(s[:MaxIDLength-6], "_")
	}
	return s
}

// lineOf returns the line number of a place in a file written "line N" (Domination), or 0 for another
// place (Conquer Club's elements keep the order they were read in).
func lineOf(where string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(where, "line "))
	if err != nil || !strings.HasPrefix(where, "line ") {
		return 0
	}
	return n
}

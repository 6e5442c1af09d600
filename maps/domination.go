package maps

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// readDomination reads a Domination .map file: header lines ("name My Map"), then the sections [files]
// (images and the cards file), [continents] ("Name bonus colour", in order), [countries] ("index Name
// continent x y", indexes from 1 in order, continents counted from 1) and [borders] ("index neighbour
// ..."). Lines starting with ';' are comments; '_' in a name stands for a space. A border line lists
// whom a country can attack, so a border one line lists and the other does not is one-way.
func readDomination(data []byte) (*draft, error) {
	d := &draft{format: "Domination"}
	text := strings.TrimPrefix(string(data), "\ufeff")

	// A line's place in the file is written out only for what is kept or reported, and a line that
	// would only be noted or refused once the lists are full is only counted: no line costs memory for
	// its own sake.
	type borderLine struct {
		n    int // the line's number, from 1
		line string
	}
	var (
		section     string
		files       []string
		moreFiles   int
		colours     int
		areaOf      []int // continent number of each country, from 1
		areaWhere   []string
		borderLines []borderLine
		sections    = make(map[string]bool)
		fields      [6]string
	)
	for n := 1; text != ""; n++ {
		var line string
		line, text = cutLine(text)
		at := func() string { return "line " + strconv.Itoa(n) }
		if !utf8.ValidString(line) {
			// Older Domination maps are often Latin-1, whose bytes are the first 256 code points: a line
			// that is not UTF-8 is read as Latin-1, and only that line.
			line = latin1(line)
			if !d.skipNote() {
				d.note(at(), NoteEncoding, "the line is not UTF-8; it is read as Latin-1 (ISO 8859-1)")
			}
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, ";") {
			continue
		}
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			section = dominationSection(strings.TrimSpace(line[1 : len(line)-1]))
			if section != "other" {
				sections[section] = true
			} else if !d.skipNote() {
				d.note(at(), NoteIgnored, "the section %s is not one Rout reads; its lines are ignored", excerpt(line))
			}
			continue
		}
		count := splitFields(line, &fields)
		switch section {
		case "":
			key := fields[0]
			value := strings.TrimSpace(line[len(key):])
			switch {
			case strings.EqualFold(key, "name"):
				d.name = value
			case strings.EqualFold(key, "ver"):
				// The version of the file format, not of the map.
			case d.skipNote():
			case strings.EqualFold(key, "circle"):
				d.note(at(), NoteIgnored, "the size of the army circles (%s) is a drawing detail of Domination; it does not carry over", excerpt(value))
			case strings.EqualFold(key, "test"):
				d.note(at(), NoteIgnored, "the border test switch does not carry over; Rout always checks the borders")
			default:
				d.note(at(), NoteIgnored, "the header line %q is not one Rout knows; it is ignored", excerpt(line))
			}
		case "files":
			if len(files) < maxListedFiles {
				files = append(files, line)
			} else {
				moreFiles++
			}
		case "continents":
			if count < 2 || count > 3 {
				if !d.skipProblem() {
					d.problem(at(), CodeSyntax, "a continent line is NAME BONUS [COLOUR], not %q", excerpt(line))
				}
				continue
			}
			bonus, err := strconv.Atoi(fields[1])
			if err != nil {
				if !d.skipProblem() {
					d.problem(at(), CodeSyntax, "the bonus of continent %s must be a whole number, not %q", excerpt(fields[0]), excerpt(fields[1]))
				}
				continue
			}
			if len(d.areas) >= MaxAreas {
				d.problem(at(), CodeTooManyAreas, "more than %d continents; the limit is %d", MaxAreas, MaxAreas)
				return nil, d.err()
			}
			if count == 3 {
				colours++
			}
			d.areas = append(d.areas, draftArea{name: dominationName(fields[0]), where: at(), bonus: bonus})
		case "countries":
			if count != 5 {
				if !d.skipProblem() {
					d.problem(at(), CodeSyntax, "a country line is INDEX NAME CONTINENT X Y, not %q", excerpt(line))
				}
				continue
			}
			index, err := strconv.Atoi(fields[0])
			if want := len(d.territories) + 1; err != nil || index != want {
				if !d.skipProblem() {
					d.problem(at(), CodeSyntax, "countries must be numbered 1, 2, 3, ... in order: want %d, not %q", want, excerpt(fields[0]))
				}
				continue
			}
			continent, errC := strconv.Atoi(fields[2])
			x, errX := strconv.ParseFloat(fields[3], 64)
			y, errY := strconv.ParseFloat(fields[4], 64)
			if errC != nil || errX != nil || errY != nil || math.IsInf(x, 0) || math.IsInf(y, 0) {
				if !d.skipProblem() {
					d.problem(at(), CodeSyntax, "the continent, x and y of country %s must be numbers, not %q, %q and %q", excerpt(fields[1]), excerpt(fields[2]), excerpt(fields[3]), excerpt(fields[4]))
				}
				continue
			}
			if len(d.territories) >= MaxTerritories {
				d.problem(at(), CodeTooManyTerritories, "more than %d countries; the limit is %d", MaxTerritories, MaxTerritories)
				return nil, d.err()
			}
			where := at()
			d.territories = append(d.territories, draftTerritory{name: dominationName(fields[1]), where: where, x: x, y: y})
			areaOf = append(areaOf, continent)
			areaWhere = append(areaWhere, where)
		case "borders":
			if len(borderLines) >= MaxTerritories {
				d.problem(at(), CodeTooManyBorders, "more than %d border lines; a file has one per country, at most %d", MaxTerritories, MaxTerritories)
				return nil, d.err()
			}
			borderLines = append(borderLines, borderLine{n, line})
		}
	}
	for _, s := range []string{"continents", "countries", "borders"} {
		if !sections[s] {
			d.problem("", CodeRequired, "the file has no [%s] section", s)
		}
	}
	if len(files) > 0 {
		list := excerpt(strings.Join(files, "; "))
		if moreFiles > 0 {
			list += fmt.Sprintf(" and %d more", moreFiles)
		}
		d.note("", NoteUnsupported, "the [files] section (%s) does not carry over: Rout draws territories from their label positions and deals one card per territory, so the images and the cards file (and its missions) are not used", list)
	}
	if colours > 0 {
		d.note("", NoteIgnored, "the continents' colours do not carry over")
	}
	for i, c := range areaOf {
		if c < 1 || c > len(d.areas) {
			d.problem(areaWhere[i], CodeSyntax, "country %d names continent %d; the file has continents 1 to %d", i+1, c, len(d.areas))
			continue
		}
		d.areas[c-1].members = append(d.areas[c-1].members, i)
	}
	if cut := len(data) > 0 && data[len(data)-1] != '\n' && data[len(data)-1] != '\r'; cut &&
		section == "borders" && len(borderLines) > 0 && len(borderLines) < len(d.territories) {
		// The file ends inside [borders], in the middle of a line, before every country's line: it was
		// cut off. Its one-way borders would be blamed on the intact lines that name the missing countries.
		last := borderLines[len(borderLines)-1]
		if first, _, _ := strings.Cut(last.line, " "); first == strconv.Itoa(len(borderLines)) {
			d.problem("line "+strconv.Itoa(last.n), CodeTruncated,
				"the file ends inside [borders] after the line of country %d of %d: it looks cut off; the lines of countries %d to %d are missing",
				len(borderLines), len(d.territories), len(borderLines)+1, len(d.territories))
			return nil, d.err()
		}
	}
	borders := 0
	for _, bl := range borderLines {
		borders += splitFields(bl.line, &fields) - 1
	}
	d.edges = make([]draftEdge, 0, min(borders, 2*MaxBorders))
	for _, bl := range borderLines {
		where := "line " + strconv.Itoa(bl.n)
		from := -1
		for f := range strings.FieldsSeq(bl.line) {
			i, err := strconv.Atoi(f)
			if err != nil || i < 1 || i > len(d.territories) {
				if !d.skipProblem() {
					d.problem(where, CodeSyntax, "%q is not a country: the countries are numbered 1 to %d", excerpt(f), len(d.territories))
				}
				if from < 0 {
					break // the line's own country: the rest of the line means nothing
				}
				continue
			}
			if from < 0 {
				from = i - 1
				continue
			}
			if err := d.edge(draftEdge{from: from, to: i - 1, where: where}); err != nil {
				return nil, err
			}
		}
	}
	if err := d.err(); err != nil {
		return nil, err
	}
	return d, nil
}

// maxListedFiles is the number of lines of the [files] section a note lists.
const maxListedFiles = 10

// dominationSection returns the name of a section Rout reads ("files", "continents", "countries",
// "borders"), matched without regard to case, or "other" for another.
func dominationSection(name string) string {
	for _, s := range []string{"files", "continents", "countries", "borders"} {
		if strings.EqualFold(name, s) {
			return s
		}
	}
	return "other"
}

// splitFields puts the first fields of line, separated by white space, into out and returns how many
// fields the line has.
func splitFields(line string, out *[6]string) int {
	*out = [6]string{}
	n := 0
	for f := range strings.FieldsSeq(line) {
		if n < len(out) {
			out[n] = f
		}
		n++
	}
	return n
}

// dominationName turns a Domination name into a display name: '_' stands for a space.
func dominationName(s string) string { return strings.ReplaceAll(s, "_", " ") }

// cutLine returns the first line of text and the rest: a line ends at LF, CRLF or a lone CR (old Mac
// files, which Domination reads too).
func cutLine(text string) (line, rest string) {
	i := strings.IndexAny(text, "\r\n")
	if i < 0 {
		return text, ""
	}
	if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
		return text[:i], text[i+2:]
	}
	return text[:i], text[i+1:]
}

// latin1 reads the bytes of s as Latin-1 (ISO 8859-1): each byte is the code point of the same number.
func latin1(s string) string {
	var b strings.Builder
	b.Grow(2 * len(s))
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}

package maps

import (
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
	text := string(data)
	if !utf8.ValidString(text) {
		// Older Domination maps are often Latin-1, whose bytes are the first 256 code points.
		runes := make([]rune, len(data))
		for i, c := range data {
			runes[i] = rune(c)
		}
		text = string(runes)
		d.note("", NoteRenamed, "the file is not UTF-8; it is read as Latin-1 (ISO 8859-1)")
	}
	text = strings.TrimPrefix(text, "\ufeff")

	type borderLine struct {
		where  string
		fields []string
	}
	var (
		section     string
		files       []string
		colours     int
		areaOf      []int // continent number of each country, from 1
		areaWhere   []string
		borderLines []borderLine
		sections    = make(map[string]bool)
	)
	for n, line := range strings.Split(text, "\n") {
		where := "line " + strconv.Itoa(n+1)
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, ";") {
			continue
		}
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			section = strings.ToLower(strings.TrimSpace(line[1 : len(line)-1]))
			switch section {
			case "files", "continents", "countries", "borders":
				sections[section] = true
			default:
				d.note(where, NoteIgnored, "the section %s is not one Rout reads; its lines are ignored", line)
			}
			continue
		}
		fields := strings.Fields(line)
		switch section {
		case "":
			key := fields[0]
			value := strings.TrimSpace(line[len(key):])
			switch strings.ToLower(key) {
			case "name":
				d.name = value
			case "ver":
				// The version of the file format, not of the map.
			case "circle":
				d.note(where, NoteIgnored, "the size of the army circles (%s) is a drawing detail of Domination; it does not carry over", value)
			case "test":
				d.note(where, NoteIgnored, "the border test switch does not carry over; Rout always checks the borders")
			default:
				d.note(where, NoteIgnored, "the header line %q is not one Rout knows; it is ignored", line)
			}
		case "files":
			files = append(files, line)
		case "continents":
			if len(fields) < 2 || len(fields) > 3 {
				d.problem(where, CodeSyntax, "a continent line is NAME BONUS [COLOUR], not %q", line)
				continue
			}
			bonus, err := strconv.Atoi(fields[1])
			if err != nil {
				d.problem(where, CodeSyntax, "the bonus of continent %s must be a whole number, not %q", fields[0], fields[1])
				continue
			}
			if len(fields) == 3 {
				colours++
			}
			d.areas = append(d.areas, draftArea{name: dominationName(fields[0]), where: where, bonus: bonus})
		case "countries":
			if len(fields) != 5 {
				d.problem(where, CodeSyntax, "a country line is INDEX NAME CONTINENT X Y, not %q", line)
				continue
			}
			index, err := strconv.Atoi(fields[0])
			if want := len(d.territories) + 1; err != nil || index != want {
				d.problem(where, CodeSyntax, "countries must be numbered 1, 2, 3, ... in order: want %d, not %q", want, fields[0])
				continue
			}
			continent, errC := strconv.Atoi(fields[2])
			x, errX := strconv.ParseFloat(fields[3], 64)
			y, errY := strconv.ParseFloat(fields[4], 64)
			if errC != nil || errX != nil || errY != nil || math.IsInf(x, 0) || math.IsInf(y, 0) {
				d.problem(where, CodeSyntax, "the continent, x and y of country %s must be numbers, not %q, %q and %q", fields[1], fields[2], fields[3], fields[4])
				continue
			}
			if len(d.territories) >= MaxTerritories {
				d.problem(where, CodeTooManyTerritories, "more than %d countries; the limit is %d", MaxTerritories, MaxTerritories)
				return nil, d.err()
			}
			d.territories = append(d.territories, draftTerritory{name: dominationName(fields[1]), where: where, x: x, y: y})
			areaOf = append(areaOf, continent)
			areaWhere = append(areaWhere, where)
		case "borders":
			borderLines = append(borderLines, borderLine{where, fields})
		}
	}
	for _, s := range []string{"continents", "countries", "borders"} {
		if !sections[s] {
			d.problem("", CodeRequired, "the file has no [%s] section", s)
		}
	}
	if len(files) > 0 {
		d.note("", NoteUnsupported, "the [files] section (%s) does not carry over: Rout draws territories from their label positions and deals one card per territory, so the images and the cards file (and its missions) are not used",
			strings.Join(files, "; "))
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
	country := func(where, s string) (int, bool) {
		i, err := strconv.Atoi(s)
		if err != nil || i < 1 || i > len(d.territories) {
			d.problem(where, CodeSyntax, "%q is not a country: the countries are numbered 1 to %d", s, len(d.territories))
			return 0, false
		}
		return i - 1, true
	}
	for _, bl := range borderLines {
		from, ok := country(bl.where, bl.fields[0])
		if !ok {
			continue
		}
		for _, f := range bl.fields[1:] {
			if to, ok := country(bl.where, f); ok {
				d.edges = append(d.edges, draftEdge{from: from, to: to, where: bl.where})
			}
		}
	}
	if err := d.err(); err != nil {
		return nil, err
	}
	return d, nil
}

// dominationName turns a Domination name into a display name: '_' stands for a space.
func dominationName(s string) string { return strings.ReplaceAll(s, "_", " ") }

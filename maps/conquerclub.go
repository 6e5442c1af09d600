package maps

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// The parts of a Conquer Club map XML that Rout reads. Elements Rout has no use for land in the "any"
// fields, so that each is noted rather than dropped without a word.
type (
	ccMap struct {
		XMLName     xml.Name      `xml:"map"`
		Continents  []ccContinent `xml:"continent"`
		Territories []ccTerritory `xml:"territory"`
		Other       []ccElement   `xml:",any"`
	}
	ccElement struct {
		XMLName xml.Name
	}
	ccContinent struct {
		Name       string       `xml:"name"`
		Bonus      []string     `xml:"bonus"`
		Required   *string      `xml:"required"`
		Overrides  []string     `xml:"overrides>override"`
		Components ccComponents `xml:"components"`
		Other      []ccElement  `xml:",any"`
	}
	ccComponents struct {
		Territories []string    `xml:"territory"`
		Continents  []string    `xml:"continent"`
		Other       []ccElement `xml:",any"`
	}
	ccTerritory struct {
		Name         string         `xml:"name"`
		Borders      []ccBorder     `xml:"borders>border"`
		Bombardments []string       `xml:"bombardments>bombardment"`
		Coordinates  *ccCoordinates `xml:"coordinates"`
		Neutral      *ccNeutral     `xml:"neutral"`
		Bonus        *string        `xml:"bonus"`
		Other        []ccElement    `xml:",any"`
	}
	ccBorder struct {
		Name  string     `xml:",chardata"`
		Attrs []xml.Attr `xml:",any,attr"`
	}
	ccNeutral struct {
		Armies string `xml:",chardata"`
		Killer string `xml:"killer,attr"`
	}
	ccCoordinates struct {
		SmallX *string `xml:"smallx"`
		SmallY *string `xml:"smally"`
		LargeX *string `xml:"largex"`
		LargeY *string `xml:"largey"`
	}
)

// ccFeatures explains the top-level elements of the format that Rout does not have.
var ccFeatures = map[string]string{
	"minreinforcement": "the minimum reinforcement does not carry over; Rout's is 3 armies a turn",
	"reinforcements":   "the reinforcement table does not carry over; Rout gives a third of the territories held, at least 3",
	"positions":        "the start positions do not carry over; Rout deals or claims every territory",
	"objective":        "the objective does not carry over; a Rout game is won by holding every territory",
}

// readConquerClub reads a Conquer Club map XML: a <map> of <continent>s (name, bonus, components that
// are territories or earlier continents) and <territory>s (name, the borders it can attack, label
// coordinates on the small and the large map image). Borders are directed: a territory lists those it
// can assault, so a border one territory lists and the other does not is one-way.
func readConquerClub(data []byte) (*draft, error) {
	d := &draft{format: "Conquer Club"}
	if err := checkXML(data); err != nil {
		return nil, err
	}
	var f ccMap
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = func(charset string, input io.Reader) (io.Reader, error) {
		if strings.EqualFold(charset, "iso-8859-1") || strings.EqualFold(charset, "latin1") {
			return latin1Reader{input}, nil
		}
		return nil, fmt.Errorf("the encoding %q is not supported; use UTF-8", charset)
	}
	if err := dec.Decode(&f); err != nil {
		var syntax *xml.SyntaxError
		if errors.As(err, &syntax) {
			return nil, problemError("line "+strconv.Itoa(syntax.Line), CodeSyntax, "invalid XML: "+syntax.Msg)
		}
		if errors.Is(err, io.EOF) {
			if len(bytes.TrimSpace(data)) == 0 {
				return nil, problemError("", CodeSyntax, "the file is empty")
			}
			hint := ""
			if bytes.Contains(data, []byte("[countries]")) {
				hint = "; it looks like a Domination map: import it with the domination format"
			}
			return nil, problemError("", CodeSyntax, "the file holds no XML element: it is not a Conquer Club map (an XML file whose root is <map>)"+hint)
		}
		return nil, problemError("", CodeSyntax, "invalid map XML: "+strings.TrimPrefix(err.Error(), "xml: "))
	}
	for _, e := range f.Other {
		if why, ok := ccFeatures[e.XMLName.Local]; ok {
			d.note("<"+e.XMLName.Local+">", NoteUnsupported, "%s", why)
		} else {
			d.note("<"+e.XMLName.Local+">", NoteIgnored, "the element <%s> is not one Rout knows; it is ignored", e.XMLName.Local)
		}
	}

	index := make(map[string]int)
	if len(f.Territories) > MaxTerritories {
		return nil, problemError("", CodeTooManyTerritories, fmt.Sprintf("the file has %d territories; the limit is %d", len(f.Territories), MaxTerritories))
	}
	small := false
	for i, t := range f.Territories {
		name := strings.TrimSpace(t.Name)
		where := fmt.Sprintf("territory %q", name)
		if name == "" {
			where = fmt.Sprintf("territory %d", i+1)
			d.problem(where, CodeRequired, "the territory has no <name>")
		} else if j, ok := index[name]; ok {
			d.problem(where, CodeDuplicateName, "territory %d has the same name as territory %d", i+1, j+1)
		} else {
			index[name] = i
		}
		x, y, usedSmall, ok := ccCoordinatesOf(t.Coordinates)
		if !ok {
			d.problem(where, CodeRequired, "the territory needs <coordinates> with numbers in <largex> and <largey> (or <smallx> and <smally>)")
		}
		small = small || usedSmall
		d.territories = append(d.territories, draftTerritory{name: name, where: where, x: x, y: y})
	}
	if small {
		d.note("", NoteIgnored, "some territories give only small-map coordinates; their labels use those, so they may sit apart from the others")
	} else if len(f.Territories) > 0 {
		d.note("", NoteIgnored, "labels use the large map's coordinates; the small map's do not carry over")
	}

	borders := 0
	for _, t := range f.Territories {
		borders += len(t.Borders)
	}
	d.edges = make([]draftEdge, 0, min(borders, 2*MaxBorders))
	for i, t := range f.Territories {
		where := d.territories[i].where
		for _, b := range t.Borders {
			to, ok := index[strings.TrimSpace(b.Name)]
			if !ok {
				d.problem(where, CodeUnknownTerritory, "the border %q names no territory", strings.TrimSpace(b.Name))
				continue
			}
			if len(b.Attrs) > 0 {
				d.note(where, NoteUnsupported, "the border to %q has attributes (%s) Rout does not know; it is kept as a plain border",
					strings.TrimSpace(b.Name), ccAttrs(b.Attrs))
			}
			if err := d.edge(draftEdge{from: i, to: to, where: where}); err != nil {
				return nil, err
			}
		}
		if len(t.Bombardments) > 0 {
			d.note(where, NoteUnsupported, "bombardments (of %s) do not carry over: Rout attacks only across borders",
				quoteList(t.Bombardments))
		}
		if n := t.Neutral; n != nil {
			if strings.EqualFold(n.Killer, "yes") {
				d.note(where, NoteUnsupported, "killer neutral (turning neutral again with %s armies) does not carry over", strings.TrimSpace(n.Armies))
			} else {
				d.note(where, NoteUnsupported, "starting neutral with %s armies does not carry over; the territory is dealt like the others", strings.TrimSpace(n.Armies))
			}
		}
		if t.Bonus != nil {
			d.note(where, NoteUnsupported, "the territory's own bonus of %s armies a turn (autodeploy or decay) does not carry over", strings.TrimSpace(*t.Bonus))
		}
		for _, e := range t.Other {
			d.note(where, NoteIgnored, "the element <%s> is not one Rout knows; it is ignored", e.XMLName.Local)
		}
	}

	continents := make(map[string][]int) // members of the continents so far, by name
	listed := 0                          // members of the continents so far, all together
	for i, c := range f.Continents {
		name := strings.TrimSpace(c.Name)
		where := fmt.Sprintf("continent %q", name)
		if name == "" {
			where = fmt.Sprintf("continent %d", i+1)
		}
		bonus := 0
		switch {
		case len(c.Bonus) == 0:
			d.problem(where, CodeRequired, "the continent has no <bonus>")
		default:
			b, err := strconv.Atoi(strings.TrimSpace(c.Bonus[0]))
			if err != nil {
				d.problem(where, CodeSyntax, "the bonus must be a whole number, not %q", c.Bonus[0])
			}
			bonus = b
			if len(c.Bonus) > 1 {
				d.note(where, NoteUnsupported, "the continent has %d <bonus> elements; only the first, %d, carries over", len(c.Bonus), bonus)
			}
		}
		var members []int
		components := 0
		for _, tn := range c.Components.Territories {
			components++
			listed++
			if t, ok := index[strings.TrimSpace(tn)]; ok {
				members = append(members, t)
			} else {
				d.problem(where, CodeUnknownTerritory, "the component %q names no territory", strings.TrimSpace(tn))
			}
		}
		for _, cn := range c.Components.Continents {
			components++
			sub, ok := continents[strings.TrimSpace(cn)]
			if !ok {
				d.problem(where, CodeUnknownTerritory, "the component %q names no continent defined before this one", strings.TrimSpace(cn))
				continue
			}
			if listed += len(sub); listed > MaxAreaTerritories {
				// Continents made of earlier continents can double at every step.
				d.problem(where, CodeTooManyTerritories, "the continents list more than %d territories in all; the limit is %d", MaxAreaTerritories, MaxAreaTerritories)
				return nil, d.err()
			}
			members = append(members, sub...)
			d.note(where, NoteArea, "the component continent %q is replaced by its territories", strings.TrimSpace(cn))
		}
		for _, e := range c.Components.Other {
			d.note(where, NoteIgnored, "the component <%s> is not one Rout knows; it is ignored", e.XMLName.Local)
		}
		if _, ok := continents[name]; !ok {
			continents[name] = members
		}
		for _, o := range c.Overrides {
			d.note(where, NoteUnsupported, "overriding %q (not paying its bonus when this one is paid) does not carry over; both pay", strings.TrimSpace(o))
		}
		for _, e := range c.Other {
			d.note(where, NoteIgnored, "the element <%s> is not one Rout knows; it is ignored", e.XMLName.Local)
		}
		if c.Required != nil {
			req, err := strconv.Atoi(strings.TrimSpace(*c.Required))
			if err != nil {
				d.problem(where, CodeSyntax, "<required> must be a whole number, not %q", *c.Required)
			} else if req < components {
				d.note(where, NoteUnsupported, "the continent pays for %d of its %d components; Rout's areas pay only for all of them, so it is left out", req, components)
				continue
			}
		}
		d.areas = append(d.areas, draftArea{name: name, where: where, bonus: bonus, members: members})
	}
	if err := d.err(); err != nil {
		return nil, err
	}
	return d, nil
}

// MaxElements is the number of elements and attributes a Conquer Club map file may have together: a map
// of MaxTerritories territories with 6 borders each, every part written out, has fewer than 150,000. The
// XML decoder allocates a few hundred bytes for each.
const MaxElements = 200_000

// checkXML reads an XML file once, before it is decoded, and refuses nesting deeper than MaxDepth and
// more than MaxElements elements, as soon as the reading gets there. It allocates nothing. It reports
// no other error: markup it cannot follow is left to the decoder, which finds the first error no later.
func checkXML(data []byte) error {
	depth, elements := 0, 0
	for i := 0; i < len(data); {
		j := bytes.IndexByte(data[i:], '<')
		if j < 0 {
			return nil
		}
		i += j
		rest := data[i:]
		var end int
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			end = endOf(rest, "-->")
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			end = endOf(rest, "]]>")
		case bytes.HasPrefix(rest, []byte("<?")):
			end = endOf(rest, "?>")
		case bytes.HasPrefix(rest, []byte("<!")):
			end, _ = endOfTag(rest, true)
		case bytes.HasPrefix(rest, []byte("</")):
			end, _ = endOfTag(rest, false)
			depth--
		default:
			var attrs int
			end, attrs = endOfTag(rest, false)
			if end < 0 {
				return nil
			}
			if elements += 1 + attrs; elements > MaxElements {
				return problemError("line "+strconv.Itoa(line(data, i)), CodeTooLarge,
					fmt.Sprintf("the file has more than %d elements and attributes; the limit is %d", MaxElements, MaxElements))
			}
			if depth+1 > MaxDepth {
				return problemError("line "+strconv.Itoa(line(data, i)), CodeTooDeep,
					fmt.Sprintf("the file nests elements deeper than %d levels", MaxDepth))
			}
			if rest[end-2] != '/' {
				depth++
			}
		}
		if end < 0 {
			return nil
		}
		i += end
	}
	return nil
}

// endOf returns the offset just after the first sep in b, or -1.
func endOf(b []byte, sep string) int {
	if k := bytes.Index(b, []byte(sep)); k >= 0 {
		return k + len(sep)
	}
	return -1
}

// endOfTag returns the offset just after the '>' that ends the tag at the start of b, skipping quoted
// attribute values (and, for a declaration, the brackets of a document type's internal subset), or -1,
// and the number of attributes of the tag.
func endOfTag(b []byte, declaration bool) (end, attrs int) {
	var quote byte
	brackets := 0
	for k := 1; k < len(b); k++ {
		c := b[k]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '=':
			attrs++
		case declaration && c == '[':
			brackets++
		case declaration && c == ']':
			brackets--
		case c == '>' && brackets <= 0:
			return k + 1, attrs
		}
	}
	return -1, attrs
}

// line returns the number, from 1, of the line of data that offset is on.
func line(data []byte, offset int) int {
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// ccCoordinatesOf returns the label position of a territory: the large map's coordinates, or the small
// map's when the large are missing.
func ccCoordinatesOf(c *ccCoordinates) (x, y float64, small, ok bool) {
	if c == nil {
		return 0, 0, false, false
	}
	num := func(s *string) (float64, bool) {
		if s == nil {
			return 0, false
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(*s), 64)
		return v, err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
	}
	if x, okX := num(c.LargeX); okX {
		if y, okY := num(c.LargeY); okY {
			return x, y, false, true
		}
	}
	if x, okX := num(c.SmallX); okX {
		if y, okY := num(c.SmallY); okY {
			return x, y, true, true
		}
	}
	return 0, 0, false, false
}

func ccAttrs(attrs []xml.Attr) string {
	parts := make([]string, len(attrs))
	for i, a := range attrs {
		parts[i] = fmt.Sprintf("%s=%q", a.Name.Local, a.Value)
	}
	return strings.Join(parts, " ")
}

func quoteList(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = strconv.Quote(strings.TrimSpace(n))
	}
	return strings.Join(parts, ", ")
}

// latin1Reader decodes ISO 8859-1 into UTF-8.
type latin1Reader struct{ r io.Reader }

func (l latin1Reader) Read(p []byte) (int, error) {
	// Each input byte becomes at most two output bytes, so read at most half of p.
	if len(p) < 2 {
		return 0, io.ErrShortBuffer
	}
	buf := make([]byte, len(p)/2)
	n, err := l.r.Read(buf)
	out := p[:0]
	for _, c := range buf[:n] {
		out = append(out, string(rune(c))...)
	}
	return len(out), err
}

// Package mapsvg draws maps and game boards as SVG documents: the territories' shapes, the sea crossings
// as dashed lines, the bonus areas' colours (a map) or the owners' colours and the armies (a board).
//
// It is pure: it reads a maps.Map with its maps.Geometry (and, for a board, a rules.State) and writes
// SVG. Every text from a map file (names, the description) is escaped; shapes are the validated or derived
// SVG path data of the geometry, escaped as well; colours that are not a CSS name or a hex colour are
// drawn grey. The output is one <svg> element that encoding/xml reads.
package mapsvg

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"unicode/utf8"

	"rout/maps"
	"rout/rules"
)

// MaxLabels is the most territories whose names a map preview writes; larger maps show their shapes only.
const MaxLabels = 300

// The fixed colours of a drawing.
const (
	seaColour     = "#d7e6f2"
	outlineColour = "#3a3a3a"
	noAreaColour  = "#d9d4c7"
	neutralColour = "#9e9e9e"
	unownedColour = "#eeeeee"
	fogColour     = "#5c6370" // a territory whose owner the viewer does not see
	lineColour    = "#1f4e79"
)

// areaPalette colours the bonus areas (see maps.Map.AreaColours): light, distinct colours under dark text.
var areaPalette = []string{
	"#f4c27a", "#a8d5a2", "#f2a7a0", "#b5c7ea", "#e6d27a", "#c9b1e0", "#95d3cf", "#f0b6d4",
	"#cfd98a", "#f5cf9f", "#a9c4b8", "#dcb59b",
}

// Map writes the SVG preview of map m with its geometry g: each territory's shape in the colour of the
// first bonus area it belongs to (no two neighbouring areas share one), the sea crossings as dashed lines between the labels, and the
// territories' names when the map has at most MaxLabels territories.
func Map(w io.Writer, m *maps.Map, g *maps.Geometry) error {
	fills := make([]string, len(m.Territories))
	index := indexOf(m)
	for i := range fills {
		fills[i] = noAreaColour
	}
	colours := m.AreaColours(len(areaPalette))
	for ai := len(m.BonusAreas) - 1; ai >= 0; ai-- { // the first area wins
		for _, id := range m.BonusAreas[ai].Territories {
			fills[index[id]] = areaPalette[colours[ai]]
		}
	}
	labels := make([]string, len(m.Territories))
	if len(m.Territories) <= MaxLabels {
		for i, t := range m.Territories {
			labels[i] = t.Name
		}
	}
	return draw(w, m, g, fills, labels, nil)
}

// Board writes the SVG of a game's board as one viewer knows it (rules.Project): map m with its geometry g,
// each territory in its owner's colour (colors[seat], a CSS colour name or hex colour; neutral territories
// grey, those whose owner the viewer does not see dark) with its armies on its label ("?" where the viewer
// sees the owner but not the armies). st is the state v was projected from.
func Board(w io.Writer, m *maps.Map, g *maps.Geometry, st rules.State, v rules.View, colors []string) error {
	b := st.Board()
	if b == nil || b.Len() != len(m.Territories) || len(v.Owners) != b.Len() {
		return fmt.Errorf("error drawing the board: the state has another board than map %q", m.ID)
	}
	fills := make([]string, len(m.Territories))
	armies := make([]string, len(m.Territories))
	for i := range fills {
		switch o := v.Owners[i]; {
		case o == rules.Neutral:
			fills[i] = neutralColour
		case o == rules.UnknownPlayer:
			fills[i] = fogColour
		case o >= 0 && int(o) < len(colors):
			fills[i] = safeColour(colors[o])
		default:
			fills[i] = unownedColour
		}
		switch n := v.Armies[i]; {
		case n == rules.Unknown && v.Owners[i] != rules.UnknownPlayer:
			armies[i] = "?"
		case n > 0:
			armies[i] = strconv.Itoa(n)
		}
	}
	return draw(w, m, g, fills, nil, armies)
}

var colourPattern = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,30})$`)

// safeColour is c when it is a hex colour or a colour name, grey otherwise.
func safeColour(c string) string {
	if colourPattern.MatchString(c) {
		return c
	}
	return neutralColour
}

func indexOf(m *maps.Map) map[string]int {
	index := make(map[string]int, len(m.Territories))
	for i, t := range m.Territories {
		index[t.ID] = i
	}
	return index
}

// draw writes the document: the sea, the shapes, the sea crossings, then the labels and the armies.
func draw(out io.Writer, m *maps.Map, g *maps.Geometry, fills, labels, armies []string) error {
	if len(g.Shapes) != len(m.Territories) {
		return fmt.Errorf("error drawing map %q: %d shapes for %d territories", m.ID, len(g.Shapes), len(m.Territories))
	}
	w := bufio.NewWriterSize(out, 64<<10)
	width, height := num(g.Width), num(g.Height)
	// Sizes follow the territories' spacing, so that large maps stay readable when zoomed in.
	spacing := math.Sqrt(max(g.Width*g.Height, 1) / float64(len(m.Territories)))
	fontSize := math.Max(spacing/5, 1)
	font := num(fontSize)
	stroke := num(math.Max(spacing/60, 0.2))

	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="sans-serif">`+"\n",
		width, height, width, height)
	fmt.Fprintf(w, "<title>%s</title>\n", text(m.Name))
	if m.Description != "" {
		fmt.Fprintf(w, "<desc>%s</desc>\n", text(m.Description))
	}
	fmt.Fprintf(w, `<rect width="%s" height="%s" fill="%s"/>`+"\n", width, height, seaColour)
	fmt.Fprintf(w, `<g stroke="%s" stroke-width="%s" stroke-linejoin="round">`+"\n", outlineColour, stroke)
	for i, t := range m.Territories {
		fmt.Fprintf(w, `<path id="t-%s" d="%s" fill="%s"><title>%s</title></path>`+"\n",
			text(t.ID), text(g.Shapes[i]), text(fills[i]), text(t.Name))
	}
	_, _ = w.WriteString("</g>\n") // a bufio.Writer keeps its error for Flush
	index := indexOf(m)
	fmt.Fprintf(w, `<g stroke="%s" stroke-width="%s" stroke-dasharray="%s %s" fill="none">`+"\n",
		lineColour, num(math.Max(spacing/40, 0.3)), num(math.Max(spacing/12, 1)), num(math.Max(spacing/20, 0.5)))
	for _, bi := range g.Sea {
		if bi < 0 || bi >= len(m.Borders) {
			continue
		}
		a, b := m.Territories[index[m.Borders[bi][0]]], m.Territories[index[m.Borders[bi][1]]]
		fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(a.X), num(a.Y), num(b.X), num(b.Y))
	}
	_, _ = w.WriteString("</g>\n") // a bufio.Writer keeps its error for Flush
	fmt.Fprintf(w, `<g font-size="%s" text-anchor="middle" dominant-baseline="central" fill="#111">`+"\n", font)
	for i, t := range m.Territories {
		if labels != nil && labels[i] != "" {
			x, y := inside(t.X, t.Y, labels[i], fontSize, g.Width, g.Height)
			fmt.Fprintf(w, `<text x="%s" y="%s">%s</text>`+"\n", num(x), num(y), text(labels[i]))
		}
		if armies != nil && armies[i] != "" {
			fmt.Fprintf(w, `<circle cx="%s" cy="%s" r="%s" fill="#fff" stroke="%s" stroke-width="%s"/>`+
				`<text x="%s" y="%s">%s</text>`+"\n",
				num(t.X), num(t.Y), font, outlineColour, stroke, num(t.X), num(t.Y), armies[i])
		}
	}
	_, _ = w.WriteString("</g>\n</svg>\n") // a bufio.Writer keeps its error for Flush
	return w.Flush()
}

// inside moves the centre (x, y) of a label of font size font so that the label, about 0.6 em a character
// wide, lies inside a canvas of width × height: a name near the edge is drawn whole.
func inside(x, y float64, label string, font, width, height float64) (float64, float64) {
	half := 0.3 * font * float64(utf8.RuneCountInString(label))
	if 2*half < width {
		x = min(max(x, half), width-half)
	}
	if font < height {
		y = min(max(y, font/2), height-font/2)
	}
	return x, y
}

// num writes a coordinate with at most two decimals.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// text escapes s for XML character data and attribute values.
func text(s string) string {
	var b xmlBuffer
	_ = xml.EscapeText(&b, []byte(s)) // never fails on a buffer
	return string(b)
}

type xmlBuffer []byte

func (b *xmlBuffer) Write(p []byte) (int, error) {
	*b = append(*b, p...)
	return len(p), nil
}

package maps

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"sync"

	"rout/rules"
)

// Map is one map file: the territories of a board with their positions for drawing, the undirected borders
// between them and the bonus areas. Its fields mirror the JSON format described in docs/maps.md.
//
// A Map returned by Parse, Decode, Generate or Builtin is valid. Once Board has been called, or when the
// Map is shared (every built-in map is), it must not be modified: use Clone for a copy that may be changed.
type Map struct {
	// ID is the map's stable id, such as "classic" (lower-case letters, digits, '_' and '-').
	ID string `json:"id"`
	// Name is the map's display name.
	Name string `json:"name"`
	// Version is a positive number that grows with every published change of the map.
	Version int `json:"version"`
	// Description is an optional text shown to players choosing a map.
	Description string `json:"description,omitempty"`
	// Width and Height are the optional size of the drawing canvas the coordinates refer to; zero means
	// not given.
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
	// Territories lists the territories; a territory's index on the board is its position in this list.
	Territories []Territory `json:"territories"`
	// Borders lists the undirected borders, each as a pair of territory ids.
	Borders []Border `json:"borders"`
	// Sea lists the borders that cross water (each one of Borders, in either direction): their
	// territories' derived shapes never meet, and clients draw them as lines (see DeriveGeometry).
	Sea []Border `json:"sea,omitempty"`
	// BonusAreas lists the groups of territories whose owner earns a bonus each turn.
	BonusAreas []BonusArea `json:"bonusAreas"`

	boardOnce sync.Once
	board     *rules.Board
	boardErr  error
}

// Territory is one territory of a map.
type Territory struct {
	// ID is the territory's id, unique within the map; games and borders refer to it.
	ID string `json:"id"`
	// Name is the territory's display name, unique within the map.
	Name string `json:"name"`
	// X and Y place the territory's label on the drawing canvas (origin at the top left).
	X float64 `json:"x"`
	Y float64 `json:"y"`
	// Card is the symbol on the territory's card: "infantry", "cavalry" or "artillery". When empty the
	// symbol follows the territory's position in the list (see CardSymbol).
	Card string `json:"card,omitempty"`
	// Shape is the territory's outline as SVG path data in canvas coordinates, such as
	// "M10 10 L90 10 L50 80 Z"; when empty the server derives one (see DeriveGeometry).
	Shape string `json:"shape,omitempty"`
}

// Border is an undirected border between the two territories it names by id.
type Border [2]string

// BonusArea is a group of territories (a continent) whose owner earns Bonus extra armies each turn. Areas
// may overlap, and a bonus may be zero or negative.
type BonusArea struct {
	// ID is the area's id, unique among the map's areas.
	ID string `json:"id"`
	// Name is the area's display name, unique among the map's areas.
	Name string `json:"name"`
	// Bonus is the number of extra armies its owner earns each turn.
	Bonus int `json:"bonus"`
	// Territories lists the ids of the area's territories.
	Territories []string `json:"territories"`
}

// CardSymbol returns the symbol on the card of the territory at index i of a map: the territory's Card
// when it names one, otherwise infantry, cavalry and artillery in turn by position (index 0 infantry,
// 1 cavalry, 2 artillery, 3 infantry, ...), so that positions keep their symbol whichever other
// territories name one.
func CardSymbol(i int, card string) rules.Symbol {
	if s, ok := rules.ParseSymbol(card); ok && s != rules.Wild {
		return s
	}
	return rules.Symbol(i % 3)
}

// Parse decodes a map file and validates it. Every problem is reported at once in a *ValidationError: a
// file that is not JSON or not UTF-8, holds fields the format does not know, has data after the map or is
// larger than MaxFileSize gets a single problem; a file with keys repeated in an object gets one
// DUPLICATE_KEY problem per repeat; a file that decodes gets one problem per broken rule. Parse never
// panics.
func Parse(data []byte) (*Map, error) {
	if len(data) > MaxFileSize {
		return nil, problemError("", CodeTooLarge, fmt.Sprintf("the map file is %d bytes; the limit is %d", len(data), MaxFileSize))
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 byte order mark
	info, err := checkStrictJSON(data)
	if err != nil {
		return nil, err
	}
	var f fileMap
	f.presize(info)
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, decodeProblem(data, err)
	}
	m := f.toMap(info)
	if err := m.validate(info); err != nil {
		return nil, err
	}
	return m, nil
}

// Decode reads a map file of at most MaxFileSize bytes from r and parses it with Parse.
func Decode(r io.Reader) (*Map, error) {
	data, err := ReadLimited(r, MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("error reading map: %w", err)
	}
	return Parse(data)
}

// ReadLimited reads r to its end, but no more than limit bytes and one (so that the caller sees that the
// input is too large), into one buffer of the input's size when r tells it (a regular file, a
// bytes.Reader), rather than one that doubles as it fills.
func ReadLimited(r io.Reader, limit int) ([]byte, error) {
	var buf bytes.Buffer
	switch r := r.(type) {
	case interface{ Len() int }:
		buf.Grow(min(r.Len(), limit) + bytes.MinRead)
	case interface{ Stat() (fs.FileInfo, error) }:
		if info, err := r.Stat(); err == nil && info.Mode().IsRegular() {
			buf.Grow(int(min(info.Size(), int64(limit))) + bytes.MinRead)
		}
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, int64(limit)+1)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Encode writes m as indented JSON in the field order of the format, one territory, border or bonus area
// per line. Parse reads the output back into an equal Map.
func Encode(w io.Writer, m *Map) error {
	var b bytes.Buffer
	b.WriteString("{\n")
	writeField(&b, "id", m.ID)
	writeField(&b, "name", m.Name)
	writeField(&b, "version", m.Version)
	if m.Description != "" {
		writeField(&b, "description", m.Description)
	}
	if m.Width != 0 {
		writeField(&b, "width", m.Width)
	}
	if m.Height != 0 {
		writeField(&b, "height", m.Height)
	}
	if err := writeList(&b, "territories", m.Territories, false); err != nil {
		return fmt.Errorf("error encoding map: %w", err)
	}
	if err := writeList(&b, "borders", m.Borders, false); err != nil {
		return fmt.Errorf("error encoding map: %w", err)
	}
	if len(m.Sea) > 0 {
		if err := writeList(&b, "sea", m.Sea, false); err != nil {
			return fmt.Errorf("error encoding map: %w", err)
		}
	}
	if err := writeList(&b, "bonusAreas", m.BonusAreas, true); err != nil {
		return fmt.Errorf("error encoding map: %w", err)
	}
	b.WriteString("}\n")
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("error writing map: %w", err)
	}
	return nil
}

// Board returns the engine's board for the map: territory i of the board is Territories[i] (its Key is the
// territory's id), and borders and bonus areas refer to territories by index. The board is built once and
// shared by every later call; Board fails only when the map is not valid.
func (m *Map) Board() (*rules.Board, error) {
	m.boardOnce.Do(func() {
		m.board, m.boardErr = m.buildBoard()
		if m.boardErr != nil {
			m.boardErr = fmt.Errorf("error building board for map %q: %w", m.ID, m.boardErr)
		}
	})
	return m.board, m.boardErr
}

func (m *Map) buildBoard() (*rules.Board, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	index := make(map[string]rules.TerritoryID, len(m.Territories))
	territories := make([]rules.Territory, len(m.Territories))
	for i, t := range m.Territories {
		index[t.ID] = rules.TerritoryID(i)
		territories[i] = rules.Territory{Key: t.ID, Name: t.Name, Symbol: CardSymbol(i, t.Card)}
	}
	borders := make([][2]rules.TerritoryID, len(m.Borders))
	for i, b := range m.Borders {
		borders[i] = [2]rules.TerritoryID{index[b[0]], index[b[1]]}
	}
	areas := make([]rules.BonusArea, len(m.BonusAreas))
	for i, a := range m.BonusAreas {
		members := make([]rules.TerritoryID, len(a.Territories))
		for j, id := range a.Territories {
			members[j] = index[id]
		}
		areas[i] = rules.BonusArea{Key: a.ID, Name: a.Name, Bonus: a.Bonus, Territories: members}
	}
	return rules.NewBoard(territories, borders, areas)
}

// Clone returns a deep copy of m's fields, which the caller may modify. The copy builds its own board.
func (m *Map) Clone() *Map {
	c := &Map{
		ID:          m.ID,
		Name:        m.Name,
		Version:     m.Version,
		Description: m.Description,
		Width:       m.Width,
		Height:      m.Height,
		Territories: slices.Clone(m.Territories),
		Borders:     slices.Clone(m.Borders),
		Sea:         slices.Clone(m.Sea),
		BonusAreas:  slices.Clone(m.BonusAreas),
	}
	for i := range c.BonusAreas {
		c.BonusAreas[i].Territories = slices.Clone(c.BonusAreas[i].Territories)
	}
	return c
}

// fileMap is what Parse decodes: a Map whose territories keep what the Map types cannot hold (a missing
// coordinate), so that validation can report it. A border or sea crossing decodes into a pair whatever
// its length, which checkStrictJSON records.
type fileMap struct {
	Map
	Territories []fileTerritory `json:"territories"`
}

type fileTerritory struct {
	Territory
	X *float64 `json:"x"`
	Y *float64 `json:"y"`
}

// parseInfo is what Parse saw that a Map cannot hold: the missing coordinates the decoder saw, and what
// checkStrictJSON saw: the lengths of the borders and sea crossings, and of the map's lists by their
// limit.
type parseInfo struct {
	missingX, missingY []bool
	borderLen, seaLen  []int
	lengths            map[*listLimit]int
}

// presize makes the map's lists at the lengths checkStrictJSON counted, which the decoder fills rather
// than growing them an element at a time. A list of none is left to the decoder (nil or empty as the
// file has it).
func (f *fileMap) presize(info *parseInfo) {
	if n := info.lengths[&territoriesLimit]; n > 0 {
		f.Territories = make([]fileTerritory, 0, n)
	}
	if n := info.lengths[&bordersLimit]; n > 0 {
		f.Borders = make([]Border, 0, n)
	}
	if n := info.lengths[&seaLimit]; n > 0 {
		f.Sea = make([]Border, 0, n)
	}
	if n := info.lengths[&areasLimit]; n > 0 {
		f.BonusAreas = make([]BonusArea, 0, n)
	}
}

func (f *fileMap) toMap(info *parseInfo) *Map {
	m := &f.Map
	info.missingX = make([]bool, len(f.Territories))
	info.missingY = make([]bool, len(f.Territories))
	if f.Territories != nil {
		m.Territories = make([]Territory, len(f.Territories))
	}
	for i, t := range f.Territories {
		m.Territories[i] = t.Territory
		if t.X != nil {
			m.Territories[i].X = *t.X
		}
		if t.Y != nil {
			m.Territories[i].Y = *t.Y
		}
		info.missingX[i] = t.X == nil
		info.missingY[i] = t.Y == nil
	}
	return m
}

// decodeProblem turns an error of the JSON decoder into a ValidationError with one problem.
func decodeProblem(data []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return problemError("", CodeInvalidJSON, "the map file is empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return problemError("", CodeInvalidJSON, "the map file ends in the middle of the JSON document")
	case errors.As(err, &syntax):
		msg := strings.TrimPrefix(syntax.Error(), "json: ")
		return problemError("", CodeInvalidJSON, fmt.Sprintf("invalid JSON at %s: %s", position(data, syntax.Offset-1), msg))
	case errors.As(err, &typ):
		at := "near " + position(data, typ.Offset)
		if typ.Field == "" {
			return problemError("", CodeWrongType, fmt.Sprintf("the map must be a JSON object, not %s", typ.Value))
		}
		path := fieldPath(typ.Field)
		if kind := typ.Type.Kind(); (kind == reflect.Int || kind == reflect.Float64) && strings.HasPrefix(typ.Value, "number") {
			return problemError(path, CodeWrongType, fmt.Sprintf("%s %s is not %s", typ.Value, at, numberKind(typ.Type.Kind())))
		}
		return problemError(path, CodeWrongType, fmt.Sprintf("must be %s, not %s (%s)", typeName(typ.Type.Kind()), typ.Value, at))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return problemError("", CodeUnknownField, strings.TrimPrefix(err.Error(), "json: "))
	default:
		return problemError("", CodeInvalidJSON, strings.TrimPrefix(err.Error(), "json: "))
	}
}

// fieldPath turns the decoder's path of a field ("Map.territories.Territory.name") into the names the
// file uses ("territories.name").
func fieldPath(field string) string {
	parts := strings.Split(field, ".")
	parts = slices.DeleteFunc(parts, func(p string) bool { return p == "Map" || p == "Territory" })
	return strings.Join(parts, ".")
}

func typeName(kind reflect.Kind) string {
	switch kind {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct:
		return "an object"
	default:
		return kind.String()
	}
}

func numberKind(kind reflect.Kind) string {
	if kind == reflect.Int {
		return "a whole number in range"
	}
	return "a number in range"
}

// position describes a byte offset of data as a line and column, both counted from 1.
func position(data []byte, offset int64) string {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

func writeField(b *bytes.Buffer, name string, v any) {
	fmt.Fprintf(b, "  %q: ", name)
	data, _ := marshal(v) // strings and ints always encode
	b.Write(data)
	b.WriteString(",\n")
}

// writeList writes one list field, an element per line; last leaves out the trailing comma.
func writeList[E any](b *bytes.Buffer, name string, list []E, last bool) error {
	fmt.Fprintf(b, "  %q: [", name)
	for i, e := range list {
		data, err := marshal(e)
		if err != nil {
			return fmt.Errorf("error encoding %s[%d]: %w", name, i, err)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(spaced(data))
	}
	if len(list) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteByte(']')
	if !last {
		b.WriteByte(',')
	}
	b.WriteByte('\n')
	return nil
}

// marshal encodes v as compact JSON without escaping HTML characters.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// spaced adds a space after every ':' and ',' of compact JSON that is outside a string.
func spaced(data []byte) []byte {
	out := make([]byte, 0, len(data)+len(data)/8)
	inString, escaped := false, false
	for _, c := range data {
		out = append(out, c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ':' || c == ','):
			out = append(out, ' ')
		}
	}
	return out
}

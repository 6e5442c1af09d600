package maps

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth is the deepest a map file nests arrays and objects (JSON) or elements (Conquer Club's XML), and
// a game record its arrays and objects. A JSON map file needs 4 (the map, its bonusAreas, an area, its
// territories); files nested deeper are refused as soon as the reading gets there.
const MaxDepth = 64

// MaxAreaTerritories is the number of territories the bonus areas of a map list in all.
const MaxAreaTerritories = 100_000

// checkStrictJSON reads the whole file once, before it is decoded, and refuses what the decoder must not
// be given or would accept without a word: bytes that are not UTF-8 and \u escapes of a lone UTF-16
// surrogate (the decoder would replace both with U+FFFD), nesting deeper than MaxDepth, an object with the
// same key twice (the decoder would keep the last value), a field the format does not define, a list
// longer than its limit, and anything after the map. It returns the lengths of the borders and sea
// crossings, which the decoder does not keep, and of the map's lists. It allocates nothing per value read: the path of a value is
// built only for a problem. It reports no other syntax error: the decoder does, so that the message is
// the decoder's.
func checkStrictJSON(data []byte) (*parseInfo, error) {
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, size := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return nil, problemError("", CodeInvalidUTF8, fmt.Sprintf("the map file is not UTF-8: invalid byte 0x%02x at %s", data[off], position(data, int64(off))))
	}
	if off := loneSurrogate(data); off >= 0 {
		return nil, problemError("", CodeInvalidUTF8, fmt.Sprintf("the map file escapes half of a UTF-16 surrogate pair, which is no character, at %s", position(data, int64(off))))
	}
	s := &jsonScan{data: data, v: &validator{}, info: &parseInfo{lengths: make(map[*listLimit]int)}}
	s.skipSpace()
	if s.pos == len(data) {
		return nil, problemError("", CodeInvalidJSON, "the map file is empty")
	}
	s.value(mapShape)
	switch s.stop {
	case stopEOF:
		return nil, problemError("", CodeInvalidJSON, "the map file ends in the middle of the JSON document")
	case stopDeep:
		return nil, s.v.err()
	case stopSyntax:
		return s.info, nil // the decoder reports it
	}
	s.v.checkLength("bonusAreas", s.members, areaTerritoriesLimit)
	if s.skipSpace(); s.pos < len(data) {
		s.v.add("", CodeTrailingData, "unexpected data after the map at %s", position(data, int64(s.pos)))
	}
	return s.info, s.v.err()
}

// CheckDepth reads the JSON value at the start of data once, allocating nothing, and refuses it with a
// TOO_DEEP problem (a *ValidationError) as soon as it nests arrays and objects deeper than MaxDepth. It
// returns the number of elements of the value when it is an array, so that a decoder can make its list at
// the final length at once. It reports no other error: the decoder that follows does. Documents that
// carry a map file, such as game records, are checked with it before they are decoded.
func CheckDepth(data []byte) (elements int, err error) {
	s := &jsonScan{data: data, v: &validator{}, info: &parseInfo{}}
	if s.skipSpace(); s.pos < len(data) && data[s.pos] == '[' {
		s.pos++
		s.depth++
		elements = s.elements(nil)
	} else {
		s.value(nil)
	}
	if s.stop == stopDeep {
		return 0, s.v.err()
	}
	return elements, nil
}

// shape is what the format expects of a JSON value: an object with known fields, or an array of elements
// of one shape with a limit on their number. A nil shape accepts any value, whose size the decoder
// bounds (it skips a value of the wrong type without keeping it).
type shape struct {
	fields  []field    // an object's fields
	elem    *shape     // an array's elements
	limit   *listLimit // the most elements an array may have; nil for no limit of its own
	pair    pairList   // for a border or sea crossing: the list of lengths its length goes to
	members bool       // an area's territories, which count towards MaxAreaTerritories
}

type field struct {
	name  string
	shape *shape
}

// pairList names the list of parseInfo that records the length of each border or sea crossing.
type pairList int

const (
	notAPair pairList = iota
	borderPair
	seaPair
)

// The shapes of the map format.
var (
	areaShape = &shape{fields: []field{
		{"id", nil}, {"name", nil}, {"bonus", nil}, {"territories", &shape{members: true}},
	}}
	territoryShape = &shape{fields: []field{
		{"id", nil}, {"name", nil}, {"x", nil}, {"y", nil}, {"card", nil}, {"shape", nil},
	}}
	mapShape = &shape{fields: []field{
		{"id", nil}, {"name", nil}, {"version", nil}, {"description", nil}, {"width", nil}, {"height", nil},
		{"territories", &shape{elem: territoryShape, limit: &territoriesLimit}},
		{"borders", &shape{elem: &shape{pair: borderPair}, limit: &bordersLimit}},
		{"sea", &shape{elem: &shape{pair: seaPair}, limit: &seaLimit}},
		{"bonusAreas", &shape{elem: areaShape, limit: &areasLimit}},
	}}
)

// Why a scan stopped before the end of the value.
const (
	stopNone   = iota
	stopSyntax // not JSON: the decoder says why
	stopEOF    // the file ends inside the value
	stopDeep   // nested deeper than MaxDepth: reported
)

// jsonScan reads a JSON document byte by byte, keeping the keys and indexes of the values it is in.
type jsonScan struct {
	data    []byte
	pos     int
	stop    int
	v       *validator
	info    *parseInfo
	depth   int
	stack   [MaxDepth + 1]step // the path to the value being read; stack[:depth]
	key     [16]byte           // a key with escapes, unescaped to be matched
	members int                // territories listed by the bonus areas
}

// step is one level of a path: a key of an object (raw, as in the file) or an index of an array.
type step struct {
	key   []byte
	index int
	array bool
}

// value reads one value of shape sh.
func (s *jsonScan) value(sh *shape) {
	s.skipSpace()
	if s.pos == len(s.data) {
		s.stop = stopEOF
		return
	}
	switch c := s.data[s.pos]; {
	case c == '{' || c == '[':
		if s.depth == MaxDepth {
			s.v.add(s.path(), CodeTooDeep, "the JSON nests arrays and objects deeper than %d levels at %s", MaxDepth, position(s.data, int64(s.pos)))
			s.stop = stopDeep
			return
		}
		s.pos++
		if c == '{' {
			s.object(sh)
		} else {
			s.array(sh)
		}
	case c == '"':
		s.str()
	case c == '-' || c >= '0' && c <= '9':
		s.number()
	default:
		lit := "null"
		switch c {
		case 't':
			lit = "true"
		case 'f':
			lit = "false"
		}
		for i := 0; i < len(lit); i++ {
			switch {
			case s.pos == len(s.data):
				s.stop = stopEOF
				return
			case s.data[s.pos] != lit[i]:
				s.stop = stopSyntax
				return
			}
			s.pos++
		}
	}
}

// object reads the members of an object after its '{'.
func (s *jsonScan) object(sh *shape) {
	if sh != nil && sh.fields == nil {
		sh = nil // not the object the format expects: the decoder reports the type
	}
	s.depth++
	defer func() { s.depth-- }()
	var seen uint64 // the known fields read, by index
	for first := true; ; first = false {
		s.skipSpace()
		if s.pos == len(s.data) {
			s.stop = stopEOF
			return
		}
		if s.data[s.pos] == '}' && first {
			s.pos++
			return
		}
		if s.data[s.pos] != '"' {
			s.stop = stopSyntax
			return
		}
		start := s.pos + 1
		if !s.str() {
			return
		}
		key := s.data[start : s.pos-1]
		s.stack[s.depth-1] = step{key: key}
		s.skipSpace()
		if s.pos == len(s.data) {
			s.stop = stopEOF
			return
		}
		if s.data[s.pos] != ':' {
			s.stop = stopSyntax
			return
		}
		s.pos++
		var child *shape
		if sh != nil {
			i := s.field(sh, key)
			switch {
			case i < 0:
				s.keyProblem(CodeUnknownField, "unknown field %s", key)
			case seen&(1<<i) != 0:
				s.keyProblem(CodeDuplicateKey, "the key %s appears twice in this object", key)
			default:
				seen |= 1 << i
				child = sh.fields[i].shape
			}
		}
		if s.value(child); s.stop != stopNone {
			return
		}
		s.skipSpace()
		if s.pos == len(s.data) {
			s.stop = stopEOF
			return
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
		case '}':
			s.pos++
			return
		default:
			s.stop = stopSyntax
			return
		}
	}
}

// array reads the elements of an array after its '['.
func (s *jsonScan) array(sh *shape) {
	if sh != nil && sh.fields != nil {
		sh = nil // not the array the format expects: the decoder reports the type
	}
	var elem *shape
	if sh != nil {
		elem = sh.elem
	}
	s.depth++
	n := s.elements(elem)
	s.depth--
	if s.stop != stopNone || sh == nil {
		return
	}
	switch {
	case sh.limit != nil:
		s.v.checkLength(s.path(), n, *sh.limit)
		if s.depth == 1 { // a list of the map: the decoder makes it at this length
			s.info.lengths[sh.limit] = n
		}
	case sh.members:
		s.members += n
	case sh.pair != notAPair:
		s.pairLength(sh.pair, n)
	}
}

// elements reads the elements of an array, each of shape elem, and returns their number.
func (s *jsonScan) elements(elem *shape) int {
	for n := 0; ; n++ {
		s.skipSpace()
		if s.pos == len(s.data) {
			s.stop = stopEOF
			return n
		}
		if s.data[s.pos] == ']' && n == 0 {
			s.pos++
			return n
		}
		s.stack[s.depth-1] = step{index: n, array: true}
		if elem != nil && elem.pair != notAPair && s.data[s.pos] != '[' {
			s.pairLength(elem.pair, 0) // not a pair: the decoder reports the type
		}
		if s.value(elem); s.stop != stopNone {
			return n
		}
		s.skipSpace()
		if s.pos == len(s.data) {
			s.stop = stopEOF
			return n
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
		case ']':
			s.pos++
			return n + 1
		default:
			s.stop = stopSyntax
			return n
		}
	}
}

// pairLength records the length of a border or sea crossing, up to the most the map may list (a longer
// list is refused).
func (s *jsonScan) pairLength(list pairList, n int) {
	lengths, limit := &s.info.borderLen, bordersLimit.max
	if list == seaPair {
		lengths, limit = &s.info.seaLen, seaLimit.max
	}
	if len(*lengths) < limit {
		*lengths = append(*lengths, n)
	}
}

// keyProblem adds a problem at the current path whose message quotes the raw key.
func (s *jsonScan) keyProblem(code, format string, raw []byte) {
	if s.v.full() {
		s.v.dropped++
		return
	}
	s.v.add(s.path(), code, format, strconv.Quote(s.keyString(raw)))
}

// field returns the index in sh of the field named by the raw key, matched without regard to ASCII
// case as the decoder matches it, or -1.
func (s *jsonScan) field(sh *shape, raw []byte) int {
	key := raw
	if bytes.IndexByte(raw, '\\') >= 0 {
		k, ok := unescapeKey(raw, s.key[:0])
		if !ok {
			return -1 // longer than any field's name
		}
		key = k
	}
	for i, f := range sh.fields {
		if bytes.EqualFold(key, []byte(f.name)) {
			return i
		}
	}
	return -1
}

// str reads a string from its opening quote, checking its escapes and characters; it reports whether
// the scan goes on.
func (s *jsonScan) str() bool {
	s.pos++
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			s.pos++
			return true
		case c < 0x20:
			s.stop = stopSyntax
			return false
		case c == '\\':
			if s.pos+1 >= len(s.data) {
				s.stop = stopEOF
				return false
			}
			switch s.data[s.pos+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.pos += 2
			case 'u':
				for i := 2; i < 6; i++ {
					if s.pos+i >= len(s.data) {
						s.stop = stopEOF
						return false
					}
					if _, ok := hexDigit(s.data[s.pos+i]); !ok {
						s.stop = stopSyntax
						return false
					}
				}
				s.pos += 6
			default:
				s.stop = stopSyntax
				return false
			}
		default:
			s.pos++
		}
	}
	s.stop = stopEOF
	return false
}

// number reads a number: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
func (s *jsonScan) number() {
	digits := func() int {
		n := 0
		for s.pos < len(s.data) && s.data[s.pos] >= '0' && s.data[s.pos] <= '9' {
			s.pos++
			n++
		}
		return n
	}
	need := func() bool { // one digit or more
		if s.pos == len(s.data) {
			s.stop = stopEOF
			return false
		}
		if digits() == 0 {
			s.stop = stopSyntax
			return false
		}
		return true
	}
	if s.data[s.pos] == '-' {
		s.pos++
	}
	if s.pos < len(s.data) && s.data[s.pos] == '0' {
		s.pos++
	} else if !need() {
		return
	}
	if s.pos < len(s.data) && s.data[s.pos] == '.' {
		s.pos++
		if !need() {
			return
		}
	}
	if s.pos < len(s.data) && (s.data[s.pos] == 'e' || s.data[s.pos] == 'E') {
		s.pos++
		if s.pos < len(s.data) && (s.data[s.pos] == '+' || s.data[s.pos] == '-') {
			s.pos++
		}
		need()
	}
}

func (s *jsonScan) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\r', '\n':
			s.pos++
		default:
			return
		}
	}
}

// path returns the path of the value being read, such as "territories[2].id": built only for a problem.
func (s *jsonScan) path() string {
	if s.v.full() {
		return "" // the problem is only counted
	}
	var b strings.Builder
	for _, st := range s.stack[:s.depth] {
		if st.array {
			b.WriteString("[" + strconv.Itoa(st.index) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.keyString(st.key))
	}
	return b.String()
}

// keyString returns a raw key without its escapes.
func (s *jsonScan) keyString(raw []byte) string {
	var key string
	if err := json.Unmarshal(append(append([]byte{'"'}, raw...), '"'), &key); err != nil {
		return string(raw) // checked by str: not reached
	}
	return key
}

// unescapeKey appends raw, a key with escapes, to buf without them, when it fits buf's capacity.
func unescapeKey(raw, buf []byte) ([]byte, bool) {
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '\\' {
			i++
			switch raw[i] {
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'u':
				r, _ := hex4(raw[i+1 : i+5])
				i += 4
				if r >= utf8.RuneSelf {
					// No field's name has a character outside ASCII; the decoder folds none into one.
					return nil, false
				}
				c = byte(r)
			default: // '"', '\\', '/'
				c = raw[i]
			}
		}
		if len(buf) == cap(buf) {
			return nil, false
		}
		buf = append(buf, c)
	}
	return buf, true
}

// hexDigit returns the value of a hexadecimal digit.
func hexDigit(c byte) (rune, bool) {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0'), true
	case c >= 'a' && c <= 'f':
		return rune(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return rune(c-'A') + 10, true
	}
	return 0, false
}

// hex4 returns the value of four hexadecimal digits.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		d, ok := hexDigit(c)
		if !ok {
			return 0, false
		}
		r = r<<4 | d
	}
	return r, true
}

// loneSurrogate returns the offset of the first \u escape in data of a UTF-16 surrogate that is not
// half of a pair, or -1. Backslashes occur in JSON only inside strings, so a plain scan finds them.
func loneSurrogate(data []byte) int {
	hex := func(i int) (rune, bool) {
		if i+6 > len(data) || data[i] != '\\' || data[i+1] != 'u' {
			return 0, false
		}
		return hex4(data[i+2 : i+6])
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		r, ok := hex(i)
		if !ok {
			i++ // another escape: skip the escaped byte
			continue
		}
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if low, ok := hex(i + 6); ok && low >= 0xDC00 && low < 0xE000 {
				i += 11
				continue
			}
			return i
		case r >= 0xDC00 && r < 0xE000:
			return i
		}
		i += 5
	}
	return -1
}

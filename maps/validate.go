package maps

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"rout/rules"
)

// The limits of a map file.
const (
	MaxFileSize          = 16 << 20             // bytes of a map file
	MinTerritories       = 2                    // territories of a map, at least
	MaxTerritories       = rules.MaxTerritories // territories of a map, at most
	MaxBorders           = 100_000              // borders of a map
	MaxAreas             = 5_000                // bonus areas of a map
	MaxIDLength          = 64                   // bytes of an id
	MaxNameLength        = 100                  // characters of a name
	MaxDescriptionLength = 2_000                // characters of a description
	MaxVersion           = math.MaxInt32        // a map's version
	MaxBonus             = 1_000                // absolute value of an area's bonus
	MaxCanvas            = 1_000_000            // width, height and coordinates
	MaxProblems          = 1_000                // problems listed in one ValidationError
	maxListedUnreachable = 10                   // unreachable territories named in a DISCONNECTED problem
)

// The codes of validation problems. They are stable: clients may rely on them.
const (
	CodeTooLarge           = "TOO_LARGE"            // the file is larger than MaxFileSize
	CodeInvalidJSON        = "INVALID_JSON"         // the file is not one JSON document
	CodeWrongType          = "WRONG_TYPE"           // a value has the wrong JSON type or is out of its type's range
	CodeUnknownField       = "UNKNOWN_FIELD"        // an object has a field the format does not know
	CodeDuplicateKey       = "DUPLICATE_KEY"        // an object has the same key twice
	CodeInvalidUTF8        = "INVALID_UTF8"         // the file has bytes that are not UTF-8
	CodeTrailingData       = "TRAILING_DATA"        // something follows the map object
	CodeRequired           = "REQUIRED"             // a required value is missing or empty
	CodeBadID              = "BAD_ID"               // an id is too long or has characters other than [a-z0-9_-]
	CodeBadName            = "BAD_NAME"             // a name starts or ends with white space or has control characters
	CodeBadText            = "BAD_TEXT"             // a description has control characters other than newline and tab
	CodeTooLong            = "TOO_LONG"             // a name or description is longer than its limit
	CodeBadVersion         = "BAD_VERSION"          // version is not in 1..MaxVersion
	CodeBadCanvas          = "BAD_CANVAS"           // width or height is not in 0..MaxCanvas
	CodeBadCoordinate      = "BAD_COORDINATE"       // x or y lies outside the canvas
	CodeBadCardSymbol      = "BAD_CARD_SYMBOL"      // card is not infantry, cavalry or artillery
	CodeBadShape           = "BAD_SHAPE"            // shape is not SVG path data, or leaves the canvas
	CodeBadBonus           = "BAD_BONUS"            // bonus is not in -MaxBonus..MaxBonus
	CodeDuplicateID        = "DUPLICATE_ID"         // two territories, or two areas, share an id
	CodeDuplicateName      = "DUPLICATE_NAME"       // two territories, or two areas, share a name
	CodeBadBorder          = "BAD_BORDER"           // a border does not name exactly two territories
	CodeUnknownTerritory   = "UNKNOWN_TERRITORY"    // a border or area names a territory the map does not have
	CodeSelfBorder         = "SELF_BORDER"          // a border joins a territory to itself
	CodeDuplicateBorder    = "DUPLICATE_BORDER"     // a border is listed twice (in either direction)
	CodeEmptyArea          = "EMPTY_AREA"           // a bonus area has no territories
	CodeDuplicateTerritory = "DUPLICATE_TERRITORY"  // a bonus area lists a territory twice
	CodeTooFewTerritories  = "TOO_FEW_TERRITORIES"  // fewer than MinTerritories territories
	CodeTooManyTerritories = "TOO_MANY_TERRITORIES" // more than MaxTerritories territories
	CodeTooManyBorders     = "TOO_MANY_BORDERS"     // more than MaxBorders borders (or sea crossings)
	CodeNotABorder         = "NOT_A_BORDER"         // a sea crossing that is not one of the borders
	CodeTooManyAreas       = "TOO_MANY_AREAS"       // more than MaxAreas bonus areas
	CodeDisconnected       = "DISCONNECTED"         // some territories cannot be reached from the first
	CodeTooManyProblems    = "TOO_MANY_PROBLEMS"    // the list of problems was cut at MaxProblems
	CodeTooDeep            = "TOO_DEEP"             // the file nests deeper than its format allows
)

// listLimit is the most elements a list of a map may have, and the problem of a longer one.
type listLimit struct {
	max  int
	code string
	noun string // what the list holds, as in "a map has at most 5 <noun>"
}

// The limits of a map's lists.
var (
	territoriesLimit     = listLimit{MaxTerritories, CodeTooManyTerritories, "territories"}
	bordersLimit         = listLimit{MaxBorders, CodeTooManyBorders, "borders"}
	seaLimit             = listLimit{MaxBorders, CodeTooManyBorders, "sea crossings"}
	areasLimit           = listLimit{MaxAreas, CodeTooManyAreas, "bonus areas"}
	areaTerritoriesLimit = listLimit{MaxAreaTerritories, CodeTooManyTerritories, "territories in its bonus areas"}
)

// Problem is one broken rule of a map file.
type Problem struct {
	// Path locates the value in the file, such as "territories[3].id", "borders[7][1]" or
	// "bonusAreas[2].territories[0]"; it is empty for a problem of the whole file.
	Path string
	// Code is a stable upper-snake code, one of the Code constants.
	Code string
	// Message explains the problem to a person.
	Message string
}

// String returns "path: CODE: message", or "CODE: message" when the path is empty.
func (p Problem) String() string {
	if p.Path == "" {
		return p.Code + ": " + p.Message
	}
	return p.Path + ": " + p.Code + ": " + p.Message
}

// ValidationError lists every problem of a map file, in the order of the file, then the problems of the
// whole map. At most MaxProblems are listed; a last TOO_MANY_PROBLEMS problem then counts the rest.
type ValidationError struct {
	Problems []Problem
}

// Error summarises the problems.
func (e *ValidationError) Error() string {
	switch len(e.Problems) {
	case 0:
		return "invalid map"
	case 1:
		return "invalid map: " + e.Problems[0].String()
	default:
		return fmt.Sprintf("invalid map: %d problems, the first: %s", len(e.Problems), e.Problems[0])
	}
}

func problemError(path, code, message string) *ValidationError {
	return &ValidationError{Problems: []Problem{{Path: path, Code: code, Message: message}}}
}

// Validate checks every rule of the format and returns a *ValidationError listing every problem, or nil
// when the map is valid.
func (m *Map) Validate() error {
	return m.validate(nil)
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// validator collects problems up to MaxProblems.
type validator struct {
	problems []Problem
	dropped  int
}

func (v *validator) add(path, code, format string, args ...any) {
	if v.full() {
		v.dropped++
		return
	}
	v.problems = append(v.problems, Problem{Path: path, Code: code, Message: fmt.Sprintf(format, args...)})
}

// addAt adds a problem at a, whose path is written out only when the problem is listed.
func (v *validator) addAt(a at, code, format string, args ...any) {
	if v.full() {
		v.dropped++
		return
	}
	v.add(a.String(), code, format, args...)
}

// at is where a value of a map lies, such as bonusAreas[2].territories[0]: a field of the map (index
// -1), or an element of one of its lists, one of the element's fields and an element of that (sub, or
// -1). Validation passes it by value and writes it out only for a problem.
type at struct {
	list  string
	index int
	field string
	sub   int
}

// fieldAt returns where a field of the map lies.
func fieldAt(name string) at { return at{list: name, index: -1, sub: -1} }

// elem returns where element i of the map's list lies.
func elem(list string, i int) at { return at{list: list, index: i, sub: -1} }

// dot returns where the field (".id") of a's element lies.
func (a at) dot(field string) at {
	a.field = field
	return a
}

// at returns where element j of a's field lies.
func (a at) at(j int) at {
	a.sub = j
	return a
}

// String returns the path, such as "bonusAreas[2].territories[0]".
func (a at) String() string {
	s := a.list
	if a.index >= 0 {
		s += "[" + strconv.Itoa(a.index) + "]"
	}
	s += a.field
	if a.sub >= 0 {
		s += "[" + strconv.Itoa(a.sub) + "]"
	}
	return s
}

// full reports whether the list of problems is full: a problem added now is only counted.
func (v *validator) full() bool { return len(v.problems) >= MaxProblems }

// checkLength adds l's problem at path when a list of n elements is longer than l allows.
func (v *validator) checkLength(path string, n int, l listLimit) {
	if n > l.max {
		v.add(path, l.code, "a map has at most %d %s, not %d", l.max, l.noun, n)
	}
}

func (v *validator) err() error {
	if v.dropped > 0 {
		v.problems = append(v.problems, Problem{Code: CodeTooManyProblems, Message: fmt.Sprintf("%d more problems are not listed", v.dropped)})
	}
	if len(v.problems) == 0 {
		return nil
	}
	return &ValidationError{Problems: v.problems}
}

// validate checks m; info, when not nil, adds what Parse saw that a Map cannot hold.
func (m *Map) validate(info *parseInfo) error {
	v := &validator{}
	v.checkID(fieldAt("id"), m.ID)
	v.checkName(fieldAt("name"), m.Name)
	if m.Version < 1 || m.Version > MaxVersion {
		v.add("version", CodeBadVersion, "version must be a whole number from 1 to %d, not %d", MaxVersion, m.Version)
	}
	if n := utf8.RuneCountInString(m.Description); n > MaxDescriptionLength {
		v.add("description", CodeTooLong, "description has %d characters; the limit is %d", n, MaxDescriptionLength)
	}
	if strings.ContainsFunc(m.Description, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) {
		v.add("description", CodeBadText, "description must not contain control characters other than newline and tab")
	}
	v.checkCanvas("width", m.Width)
	v.checkCanvas("height", m.Height)

	index := v.checkTerritories(m, info)
	adj := v.checkBorders(m, info, index)
	v.checkAreas(m, index)
	v.checkConnected(m, index, adj)
	return v.err()
}

func (v *validator) checkID(path at, id string) {
	switch {
	case id == "":
		v.addAt(path, CodeRequired, "id is required")
	case len(id) > MaxIDLength:
		v.addAt(path, CodeBadID, "id is %d bytes long; the limit is %d", len(id), MaxIDLength)
	case !idPattern.MatchString(id):
		v.addAt(path, CodeBadID, "id %q must start with a lower-case letter or digit and hold only a-z, 0-9, '_' and '-'", id)
	}
}

func (v *validator) checkName(path at, name string) {
	switch n := utf8.RuneCountInString(name); {
	case strings.TrimSpace(name) == "":
		v.addAt(path, CodeRequired, "name is required")
	case n > MaxNameLength:
		v.addAt(path, CodeTooLong, "name has %d characters; the limit is %d", n, MaxNameLength)
	case strings.TrimSpace(name) != name || strings.ContainsFunc(name, unicode.IsControl):
		v.addAt(path, CodeBadName, "name %q must not start or end with white space or contain control characters", name)
	}
}

func (v *validator) checkCanvas(path string, size int) {
	if size < 0 || size > MaxCanvas {
		v.add(path, CodeBadCanvas, "%s must be from 0 (not given) to %d, not %d", path, MaxCanvas, size)
	}
}

func (v *validator) checkCoordinate(path at, c float64, limit int) {
	if limit <= 0 || limit > MaxCanvas {
		limit = MaxCanvas // not given, or already reported as BAD_CANVAS
	}
	if math.IsNaN(c) || c < 0 || c > float64(limit) {
		v.addAt(path, CodeBadCoordinate, "coordinate %v lies outside the canvas (0 to %d)", c, limit)
	}
}

// checkTerritories checks the territories and returns the index of each non-empty id (its first use).
func (v *validator) checkTerritories(m *Map, info *parseInfo) map[string]int {
	n := len(m.Territories)
	if n < MinTerritories {
		v.add("territories", CodeTooFewTerritories, "a map needs at least %d territories, not %d", MinTerritories, n)
	}
	v.checkLength("territories", n, territoriesLimit)
	index := make(map[string]int, n)
	names := make(map[string]int, n)
	for i, t := range m.Territories {
		path := elem("territories", i)
		v.checkID(path.dot(".id"), t.ID)
		if t.ID != "" { // even a bad id resolves references to it, so that it is reported once
			if j, dup := index[t.ID]; dup {
				v.addAt(path.dot(".id"), CodeDuplicateID, "id %q is already used by territories[%d]", t.ID, j)
			} else {
				index[t.ID] = i
			}
		}
		v.checkName(path.dot(".name"), t.Name)
		if t.Name != "" {
			if j, dup := names[t.Name]; dup {
				v.addAt(path.dot(".name"), CodeDuplicateName, "name %q is already used by territories[%d]", t.Name, j)
			} else {
				names[t.Name] = i
			}
		}
		if info != nil && info.missingX[i] {
			v.addAt(path.dot(".x"), CodeRequired, "x is required")
		} else {
			v.checkCoordinate(path.dot(".x"), t.X, m.Width)
		}
		if info != nil && info.missingY[i] {
			v.addAt(path.dot(".y"), CodeRequired, "y is required")
		} else {
			v.checkCoordinate(path.dot(".y"), t.Y, m.Height)
		}
		if s, ok := rules.ParseSymbol(t.Card); t.Card != "" && (!ok || s == rules.Wild) {
			v.addAt(path.dot(".card"), CodeBadCardSymbol, "card %q must be infantry, cavalry or artillery", t.Card)
		}
		v.checkShape(path.dot(".shape"), t.Shape, m.Width, m.Height)
	}
	return index
}

// checkBorders checks the borders and returns the adjacency of the good ones by territory index.
func (v *validator) checkBorders(m *Map, info *parseInfo, index map[string]int) [][]int {
	v.checkLength("borders", len(m.Borders), bordersLimit)
	adj := make([][]int, len(m.Territories))
	seen := make(map[[2]int]int, len(m.Borders))
	for i, b := range m.Borders {
		path := elem("borders", i)
		if info != nil && info.borderLen[i] != 2 {
			v.addAt(path, CodeBadBorder, "a border names exactly two territories, not %d", info.borderLen[i])
			continue
		}
		if b[0] != "" && b[0] == b[1] {
			v.addAt(path, CodeSelfBorder, "territory %q cannot border itself", b[0])
			continue
		}
		var ends [2]int
		ok := true
		for j, id := range b {
			endPath := path.at(j)
			t, known := index[id]
			switch {
			case id == "":
				v.addAt(endPath, CodeRequired, "territory id is required")
			case !known:
				v.addAt(endPath, CodeUnknownTerritory, "no territory has id %q", id)
			}
			ends[j] = t
			ok = ok && known
		}
		if !ok {
			continue
		}
		key := [2]int{min(ends[0], ends[1]), max(ends[0], ends[1])}
		if j, dup := seen[key]; dup {
			v.addAt(path, CodeDuplicateBorder, "the border between %q and %q is already listed at borders[%d]", b[0], b[1], j)
			continue
		}
		seen[key] = i
		adj[ends[0]] = append(adj[ends[0]], ends[1])
		adj[ends[1]] = append(adj[ends[1]], ends[0])
	}
	v.checkSea(m, info, index, seen)
	return adj
}

// checkSea checks the sea crossings: each a pair of territories that borders lists (seen has the good
// borders by their ends' indexes), listed once.
func (v *validator) checkSea(m *Map, info *parseInfo, index map[string]int, borders map[[2]int]int) {
	v.checkLength("sea", len(m.Sea), seaLimit)
	seen := make(map[[2]int]int, len(m.Sea))
	for i, b := range m.Sea {
		path := elem("sea", i)
		if info != nil && info.seaLen[i] != 2 {
			v.addAt(path, CodeBadBorder, "a sea crossing names exactly two territories, not %d", info.seaLen[i])
			continue
		}
		t0, ok0 := index[b[0]]
		t1, ok1 := index[b[1]]
		key := [2]int{min(t0, t1), max(t0, t1)}
		if _, listed := borders[key]; !ok0 || !ok1 || !listed {
			v.addAt(path, CodeNotABorder, "%q and %q are not a border the map lists", b[0], b[1])
			continue
		}
		if j, dup := seen[key]; dup {
			v.addAt(path, CodeDuplicateBorder, "the sea crossing between %q and %q is already listed at sea[%d]", b[0], b[1], j)
			continue
		}
		seen[key] = i
	}
}

func (v *validator) checkAreas(m *Map, index map[string]int) {
	v.checkLength("bonusAreas", len(m.BonusAreas), areasLimit)
	members := 0
	for _, a := range m.BonusAreas {
		members += len(a.Territories)
	}
	v.checkLength("bonusAreas", members, areaTerritoriesLimit)
	ids := make(map[string]int, len(m.BonusAreas))
	names := make(map[string]int, len(m.BonusAreas))
	for i, a := range m.BonusAreas {
		path := elem("bonusAreas", i)
		v.checkID(path.dot(".id"), a.ID)
		if a.ID != "" {
			if j, dup := ids[a.ID]; dup {
				v.addAt(path.dot(".id"), CodeDuplicateID, "id %q is already used by bonusAreas[%d]", a.ID, j)
			} else {
				ids[a.ID] = i
			}
		}
		v.checkName(path.dot(".name"), a.Name)
		if a.Name != "" {
			if j, dup := names[a.Name]; dup {
				v.addAt(path.dot(".name"), CodeDuplicateName, "name %q is already used by bonusAreas[%d]", a.Name, j)
			} else {
				names[a.Name] = i
			}
		}
		if a.Bonus < -MaxBonus || a.Bonus > MaxBonus {
			v.addAt(path.dot(".bonus"), CodeBadBonus, "bonus must be from %d to %d, not %d", -MaxBonus, MaxBonus, a.Bonus)
		}
		if len(a.Territories) == 0 {
			v.addAt(path.dot(".territories"), CodeEmptyArea, "a bonus area needs at least one territory")
		}
		listed := make(map[string]int, len(a.Territories))
		for j, id := range a.Territories {
			memberPath := path.dot(".territories").at(j)
			if _, known := index[id]; !known {
				if id == "" {
					v.addAt(memberPath, CodeRequired, "territory id is required")
				} else {
					v.addAt(memberPath, CodeUnknownTerritory, "no territory has id %q", id)
				}
				continue
			}
			if k, dup := listed[id]; dup {
				v.addAt(memberPath, CodeDuplicateTerritory, "territory %q is already listed at %s.territories[%d]", id, path, k)
				continue
			}
			listed[id] = j
		}
	}
}

// checkConnected reports the territories with a good id that the good borders do not reach from the first.
func (v *validator) checkConnected(m *Map, index map[string]int, adj [][]int) {
	if len(index) < 2 {
		return
	}
	start := -1
	for i, t := range m.Territories {
		if j, ok := index[t.ID]; ok && j == i {
			start = i
			break
		}
	}
	reached := make([]bool, len(m.Territories))
	reached[start] = true
	queue := []int{start}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, u := range adj[t] {
			if !reached[u] {
				reached[u] = true
				queue = append(queue, u)
			}
		}
	}
	var unreachable []string
	count := 0
	for i, t := range m.Territories {
		if j, ok := index[t.ID]; reached[i] || !ok || j != i {
			continue // reached, or a missing or duplicate id that is already reported
		}
		count++
		if len(unreachable) < maxListedUnreachable {
			unreachable = append(unreachable, strconv.Quote(t.ID))
		}
	}
	if count == 0 {
		return
	}
	list := strings.Join(unreachable, ", ")
	if count > len(unreachable) {
		list += fmt.Sprintf(" and %d more", count-len(unreachable))
	}
	noun := "territories cannot"
	if count == 1 {
		noun = "territory cannot"
	}
	v.add("borders", CodeDisconnected, "%d %s be reached from %q: %s", count, noun, m.Territories[start].ID, list)
}

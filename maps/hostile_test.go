package maps

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// repeatTo returns head, then unit as many times as fits in size bytes with tail, then tail.
func repeatTo(head, unit, tail string, size int) []byte {
	n := (size - len(head) - len(tail)) / len(unit)
	return []byte(head + strings.Repeat(unit, n) + tail)
}

// allocated returns the bytes f allocates. The tests that call it are not parallel, so that nothing else
// allocates meanwhile.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// hostile is a file made to cost its reader as much as it can, and the problem it must get.
type hostile struct {
	name, format string // format "" is a Rout JSON map file
	data         []byte
	path, code   string // the first problem's
}

// TestHostileFilesAreBounded reads files of the allowed size built to exhaust a reader: nesting
// without end, millions of tiny values, lines, elements or attributes, huge sections. Each is refused with
// a stable problem, and reading it allocates at most a small multiple of its size: the depth is checked
// while reading, before any other work, and every list is counted before it is decoded.
//
// The short form fills files of an eighth of the allowed size, for the race detector's sake.
func TestHostileFilesAreBounded(t *testing.T) {
	size := MaxFileSize
	if testing.Short() {
		size = MaxFileSize / 8
	}
	deep := strings.Repeat("[0]", MaxDepth)
	files := []hostile{
		{"100,000 [", "", []byte(strings.Repeat("[", 100_000)), deep, CodeTooDeep},
		{"8,000,000 [", "", []byte(strings.Repeat("[", 8_000_000)), deep, CodeTooDeep},
		{"objects nested", "", repeatTo("", `{"id":`, "", size), "id" + strings.Repeat(".id", MaxDepth-1), CodeTooDeep},
		{"zero bytes", "", make([]byte, size), "", CodeInvalidJSON},
		{"zero digits", "", repeatTo("", "0", "", size), "", CodeTrailingData},
		{"empty territories", "", repeatTo(`{"territories":[{}`, `,{}`, `]}`, size), "territories", CodeTooManyTerritories},
		{"empty borders", "", repeatTo(`{"borders":[[]`, `,[]`, `]}`, size), "borders", CodeTooManyBorders},
		{"empty sea crossings", "", repeatTo(`{"sea":[[]`, `,[]`, `]}`, size), "sea", CodeTooManyBorders},
		{"empty areas", "", repeatTo(`{"bonusAreas":[{}`, `,{}`, `]}`, size), "bonusAreas", CodeTooManyAreas},
		{"one border of millions", "", repeatTo(`{"borders":[[""`, `,""`, `]]}`, size), "id", CodeRequired},
		{"area of millions", "", repeatTo(`{"bonusAreas":[{"territories":[""`, `,""`, `]}]}`, size), "bonusAreas", CodeTooManyTerritories},
		{"millions of numbers", "", repeatTo(`{"description":[0`, `,0`, `]}`, size), "description", CodeWrongType},
		{"unknown keys", "", repeatTo(`{"a":0`, `,"a":0`, `}`, size), "a", CodeUnknownField},
		{"repeated keys", "", repeatTo(`{"id":0`, `,"id":0`, `}`, size), "id", CodeDuplicateKey},
		{"escapes", "", repeatTo(`{"description":"`, `\u0041`, `"}`, size), "id", CodeRequired},
		{"one long name", "", repeatTo(`{"name":"`, `a`, `"}`, size), "id", CodeRequired},
		{"shapes of the longest", "", shapes(size), "borders", CodeDisconnected},

		{"blank lines", FormatDomination, repeatTo("", "\n", "", size), "", CodeRequired},
		{"unknown header lines", FormatDomination, repeatTo("", "x\n", "", size), "", CodeRequired},
		{"unknown sections", FormatDomination, repeatTo("", "[x]\n", "", size), "", CodeRequired},
		{"huge files section", FormatDomination, repeatTo("[files]\n", "x\n", "", size), "", CodeRequired},
		{"bad continent lines", FormatDomination, repeatTo("[continents]\n", "x\n", "", size), "line 2", CodeSyntax},
		{"huge continents section", FormatDomination, repeatTo("[continents]\n", "a 1\n", "", size), "line " + strconv.Itoa(MaxAreas+2), CodeTooManyAreas},
		{"bad country lines", FormatDomination, repeatTo("[countries]\n", "x\n", "", size), "line 2", CodeSyntax},
		{"huge countries section", FormatDomination, countries(size), "line " + strconv.Itoa(MaxTerritories+2), CodeTooManyTerritories},
		{"huge borders section", FormatDomination, repeatTo(twoCountries, "1\n", "", size), "line " + strconv.Itoa(MaxTerritories+7), CodeTooManyBorders},
		{"one border line of millions", FormatDomination, repeatTo(twoCountries+"1", " 2", "\n", size), "line 7", CodeTooManyBorders},
		{"one Latin-1 line", FormatDomination, repeatTo("", "\xff", "", size), "", CodeRequired},

		{"100,000 elements nested", FormatConquerClub, []byte(strings.Repeat("<a>", 100_000)), "line 1", CodeTooDeep},
		{"elements nested", FormatConquerClub, repeatTo("", "<a>\n", "", size), "line " + strconv.Itoa(MaxDepth+1), CodeTooDeep},
		{"empty elements", FormatConquerClub, repeatTo("<map>", "<a/>", "</map>", size), "line 1", CodeTooLarge},
		{"territories beyond the limit", FormatConquerClub, []byte("<map>" + strings.Repeat("<territory/>", MaxTerritories+1) + "</map>"), "", CodeTooManyTerritories},
		{"attributes", FormatConquerClub, repeatTo("<map><x", ` a=""`, "/></map>", size), "line 1", CodeTooLarge},
		{"elements, up to the limit", FormatConquerClub, []byte("<map>" + strings.Repeat("<a/>", MaxElements-2) + "<x>" + strings.Repeat("a", size-4*MaxElements-20) + "</x></map>"), "territories", CodeTooFewTerritories},
		{"attributes, up to the limit", FormatConquerClub, []byte("<map><x" + strings.Repeat(` a=""`, MaxElements-2) + ">" + strings.Repeat("a", size-5*MaxElements-20) + "</x></map>"), "territories", CodeTooFewTerritories},
		{"borders, up to the limit", FormatConquerClub, []byte("<map><territory><name>a</name><borders>" + strings.Repeat("<border>a</border>", MaxElements-4) + "</borders></territory></map>"), `territory "a"`, CodeRequired},
		{"text", FormatConquerClub, repeatTo("<map><x>", "a", "</x></map>", size), "territories", CodeTooFewTerritories},
		{"continents doubling", FormatConquerClub, doublingContinents(60), `continent "c16"`, CodeTooManyTerritories},
	}
	for _, f := range files {
		if len(f.data) > MaxFileSize {
			t.Fatalf("%s: the file has %d bytes, more than a map file may", f.name, len(f.data))
		}
		var err error
		n := allocated(func() {
			if f.format == "" {
				_, err = Parse(f.data)
			} else {
				_, _, err = importZero(f.format, f.data)
			}
		})
		problems := problemsOf(t, err)
		if p := problems[0]; p.Path != f.path || p.Code != f.code {
			t.Errorf("%s %s: first problem %.200q, want %s at %q", f.format, f.name, p, f.code, f.path)
		}
		limit := uint64(ReadMemory(f.format, int64(len(f.data))))
		t.Logf("%s %s: %d bytes, %.2f bytes allocated per byte (%d MiB)", f.format, f.name, len(f.data), float64(n)/float64(len(f.data)), n>>20)
		if n > limit {
			t.Errorf("%s %s: reading %d bytes allocated %d, more than %d", f.format, f.name, len(f.data), n, limit)
		}
	}
}

// TestLargestMapIsBounded: reading a valid map of the most territories allocates within the same
// ceiling as a hostile file.
func TestLargestMapIsBounded(t *testing.T) {
	m, err := Generate(GenerateOpts{Territories: MaxTerritories, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	data := []byte(b.String())
	n := allocated(func() { _, err = Parse(data) })
	t.Logf("%d territories: %d bytes, %.2f bytes allocated per byte", len(m.Territories), len(data), float64(n)/float64(len(data)))
	if err != nil {
		t.Fatalf("Parse() = %v", err)
	}
	if limit := uint64(ReadMemory("", int64(len(data)))); n > limit {
		t.Errorf("reading %d bytes allocated %d, more than %d", len(data), n, limit)
	}
}

// shapes returns a map file of up to size bytes of territories with the longest shapes, and no borders.
func shapes(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"id":"x","name":"X","version":1,"width":1000,"height":1000,"territories":[`)
	shape := "M0 0" + strings.Repeat(" L1 1", (MaxShapeLength-4)/5)
	for i := 0; b.Len() < size-MaxShapeLength-200; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"id":"t` + strconv.Itoa(i) + `","name":"T` + strconv.Itoa(i) + `","x":1,"y":1,"shape":"` + shape + `"}`)
	}
	b.WriteString(`],"borders":[]}`)
	return []byte(b.String())
}

// twoCountries is the start of a Domination file of two countries, up to its [borders] section.
const twoCountries = "[continents]\nc 1\n[countries]\n1 a 1 1 1\n2 b 1 2 2\n[borders]\n"

// countries returns a Domination file of as many country lines as fit in size bytes.
func countries(size int) []byte {
	var b strings.Builder
	b.WriteString("[countries]\n")
	for i := 1; b.Len() < size-40; i++ {
		b.WriteString(strconv.Itoa(i) + " a 1 1 1\n")
	}
	return []byte(b.String())
}

// doublingContinents returns a Conquer Club file of n continents, each made of the one before it twice.
func doublingContinents(n int) []byte {
	var b strings.Builder
	b.WriteString("<map><territory><name>a</name><coordinates><largex>1</largex><largey>1</largey></coordinates></territory>")
	b.WriteString("<continent><name>c0</name><bonus>1</bonus><components><territory>a</territory></components></continent>")
	for i := 1; i < n; i++ {
		prev := "<continent>c" + strconv.Itoa(i-1) + "</continent>"
		b.WriteString("<continent><name>c" + strconv.Itoa(i) + "</name><bonus>1</bonus><components>" + prev + prev + "</components></continent>")
	}
	b.WriteString("</map>")
	return []byte(b.String())
}

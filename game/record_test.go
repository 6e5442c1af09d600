package game

import (
	"bytes"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"rout/maps"
)

// TestReadRecordIsBounded reads records built to exhaust a reader: nesting without end, millions of
// empty or numbered events. The nesting is refused before anything else is done (RECORD_JSON with the
// map files' TOO_DEEP problem), the events stop at the first Replay refuses, and reading allocates at
// most maxRecordAllocPerByte bytes per byte of the record.
func TestReadRecordIsBounded(t *testing.T) {
	const size = 16 << 20
	head := `{"format":"rout-record/1","events":[`
	var numbered strings.Builder
	numbered.WriteString(head)
	for i := 1; numbered.Len() < size; i++ {
		if i > 1 {
			numbered.WriteByte(',')
		}
		numbered.WriteString(`{"seq":` + strconv.Itoa(i) + `,"event":0}`)
	}
	numbered.WriteString("]}")
	tests := []struct {
		name   string
		data   []byte
		deep   bool // refused with TOO_DEEP
		events int  // else the events decoded
	}{
		{"100,000 [", []byte(strings.Repeat("[", 100_000)), true, 0},
		{"8,000,000 [", []byte(strings.Repeat("[", 8_000_000)), true, 0},
		{"nested events", []byte(head + strings.Repeat("[", size)), true, 0},
		{"empty events", []byte(head + "{}" + strings.Repeat(",{}", size/3) + "]}"), false, 1},
		{"numbered events", []byte(numbered.String()), false, strings.Count(numbered.String(), "seq")},
	}
	for _, tt := range tests {
		var rec Record
		var err error
		n := allocated(func() { rec, err = ReadRecord(bytes.NewReader(tt.data)) })
		t.Logf("%s: %d bytes, %.2f bytes allocated per byte", tt.name, len(tt.data), float64(n)/float64(len(tt.data)))
		if limit := uint64(maxRecordAllocPerByte*len(tt.data) + 4<<20); n > limit {
			t.Errorf("%s: reading %d bytes allocated %d, more than %d", tt.name, len(tt.data), n, limit)
		}
		var rerr *RecordError
		var verr *maps.ValidationError
		switch {
		case tt.deep && (!errors.As(err, &rerr) || rerr.Code != RecordBadJSON || !errors.As(err, &verr) || verr.Problems[0].Code != maps.CodeTooDeep):
			t.Errorf("%s: error %.200v, want RECORD_JSON with TOO_DEEP", tt.name, err)
		case !tt.deep && (err != nil || len(rec.Events) != tt.events):
			t.Errorf("%s: %d events, error %.200v; want %d events", tt.name, len(rec.Events), err, tt.events)
		}
	}
}

// TestReadRecordIsStrict: a field the format does not define, in the header or an event, is refused.
func TestReadRecordIsStrict(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{"format":"rout-record/1","colour":"red"}`,
		`{"format":"rout-record/1","events":[{"seq":1,"event":{},"colour":"red"}]}`,
		`{"format":"rout-record/1","events":{}}`,
		`{"format":"rout-record/1"`,
	} {
		var rerr *RecordError
		if _, err := ReadRecord(strings.NewReader(in)); !errors.As(err, &rerr) || rerr.Code != RecordBadJSON {
			t.Errorf("ReadRecord(%s) = %v, want RECORD_JSON", in, err)
		}
	}
}

// maxRecordAllocPerByte is the most ReadRecord allocates per byte of a record, garbage included, as
// docs/record-format.md gives it: the bytes read, the JSON decoder's buffer (which doubles as it fills)
// and the list of events, made at its final length.
const maxRecordAllocPerByte = 12

// allocated returns the bytes f allocates. The tests that call it are not parallel.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

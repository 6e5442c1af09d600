package rules

import (
	"fmt"
	"slices"
)

// FixedDice is a Dice that returns scripted values, for tests and golden scenarios that need exact rolls.
// To script a die showing face f, give the value f-1 (Intn(6) returns it). It never panics: when the
// script runs out, or the next value is not in [0, n), Intn returns 0 and records an error that Err
// reports; the error of the first such call is kept.
type FixedDice struct {
	values []int
	next   int
	err    error
}

var _ Dice = (*FixedDice)(nil)

// NewFixedDice returns a FixedDice whose calls to Intn return values in order.
func NewFixedDice(values ...int) *FixedDice {
	return &FixedDice{values: slices.Clone(values)}
}

// Intn returns the next scripted value, or 0 and records an error if there is none or it is not in
// [0, n).
func (f *FixedDice) Intn(n int) int {
	if f.next >= len(f.values) {
		f.fail(fmt.Errorf("fixed dice: call %d of Intn(%d): only %d values scripted", f.next+1, n, len(f.values)))
		return 0
	}
	v := f.values[f.next]
	f.next++
	if v < 0 || v >= n {
		f.fail(fmt.Errorf("fixed dice: call %d of Intn(%d): scripted value %d is out of range", f.next, n, v))
		return 0
	}
	return v
}

func (f *FixedDice) fail(err error) {
	if f.err == nil {
		f.err = err
	}
}

// Err returns the first misuse of the script, or nil if every call so far got a valid scripted value.
func (f *FixedDice) Err() error {
	return f.err
}

// Remaining returns how many scripted values have not been used yet.
func (f *FixedDice) Remaining() int {
	return len(f.values) - min(f.next, len(f.values))
}

package rules

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func diceTestSeed(b byte) [32]byte {
	var seed [32]byte
	for i := range seed {
		seed[i] = b + byte(i)
	}
	return seed
}

func drawInts(d Dice, n, count int) []int {
	out := make([]int, count)
	for i := range out {
		out[i] = d.Intn(n)
	}
	return out
}

func TestNewDiceDeterministic(t *testing.T) {
	t.Parallel()
	a := drawInts(NewDice(diceTestSeed(1)), 1000, 200)
	b := drawInts(NewDice(diceTestSeed(1)), 1000, 200)
	if !slices.Equal(a, b) {
		t.Errorf("same seed gave different sequences:\n%v\n%v", a, b)
	}
	c := drawInts(NewDice(diceTestSeed(2)), 1000, 200)
	if slices.Equal(a, c) {
		t.Errorf("different seeds gave the same sequence %v", a)
	}
}

func TestChaChaDiceIntnRange(t *testing.T) {
	t.Parallel()
	d := NewDice(diceTestSeed(3))
	for _, n := range []int{1, 2, 3, 6, 7, 42, 1 << 20, math.MaxInt} {
		seen := map[int]bool{}
		for range 2000 {
			v := d.Intn(n)
			if v < 0 || v >= n {
				t.Fatalf("Intn(%d) = %d, want a value in [0, %d)", n, v, n)
			}
			seen[v] = true
		}
		if n <= 42 && len(seen) != n {
			t.Errorf("Intn(%d) gave %d distinct values in 2000 calls, want %d", n, len(seen), n)
		}
	}
	if got := d.Intn(0); got != 0 {
		t.Errorf("Intn(0) = %d, want 0", got)
	}
	if got := d.Intn(-5); got != 0 {
		t.Errorf("Intn(-5) = %d, want 0", got)
	}
}

func TestChaChaDiceMarshalRoundTrip(t *testing.T) {
	t.Parallel()
	d := NewDice(diceTestSeed(4))
	drawInts(d, 6, 37) // move the generator away from its seed
	state, err := d.MarshalBinary()
	if err != nil {
		t.Fatalf("MarshalBinary: %v", err)
	}
	want := drawInts(d, 6, 500)

	var restored ChaChaDice
	if err := restored.UnmarshalBinary(state); err != nil {
		t.Fatalf("UnmarshalBinary: %v", err)
	}
	if got := drawInts(&restored, 6, 500); !slices.Equal(got, want) {
		t.Errorf("restored dice gave\n%v\nwant\n%v", got, want)
	}

	if err := restored.UnmarshalBinary([]byte("not a state")); err == nil {
		t.Errorf("UnmarshalBinary(garbage) = nil, want an error")
	}
	var zero ChaChaDice
	if _, err := zero.MarshalBinary(); err == nil {
		t.Errorf("MarshalBinary of a zero ChaChaDice = nil error, want an error")
	}
}

func TestNewCryptoDiceDistinct(t *testing.T) {
	t.Parallel()
	a, err := NewCryptoDice()
	if err != nil {
		t.Fatalf("NewCryptoDice: %v", err)
	}
	b, err := NewCryptoDice()
	if err != nil {
		t.Fatalf("NewCryptoDice: %v", err)
	}
	if x, y := drawInts(a, 1<<30, 8), drawInts(b, 1<<30, 8); slices.Equal(x, y) {
		t.Errorf("two crypto-seeded dice gave the same stream %v", x)
	}
}

func TestFixedDice(t *testing.T) {
	t.Parallel()
	d := NewFixedDice(5, 0, 2)
	if got := rollDice(d, 3); !slices.Equal(got, []int{6, 3, 1}) {
		t.Errorf("rollDice(fixed 5,0,2) = %v, want [6 3 1]", got)
	}
	if err := d.Err(); err != nil {
		t.Errorf("Err() = %v, want nil", err)
	}
	if got := d.Remaining(); got != 0 {
		t.Errorf("Remaining() = %d, want 0", got)
	}
	if got := d.Intn(6); got != 0 {
		t.Errorf("Intn past the script = %d, want 0", got)
	}
	if d.Err() == nil {
		t.Errorf("Err() after running out = nil, want an error")
	}

	d = NewFixedDice(6, 1)
	if got := d.Intn(6); got != 0 {
		t.Errorf("Intn(6) scripted 6 = %d, want 0", got)
	}
	first := d.Err()
	if first == nil {
		t.Fatalf("Err() after an out-of-range value = nil, want an error")
	}
	if got := d.Intn(6); got != 1 {
		t.Errorf("Intn(6) after an error = %d, want the next value 1", got)
	}
	d.Intn(6)
	if !errors.Is(d.Err(), first) {
		t.Errorf("Err() = %v, want the first error %v", d.Err(), first)
	}

	values := []int{1, 2}
	d = NewFixedDice(values...)
	values[0] = 4
	if got := d.Intn(6); got != 1 {
		t.Errorf("Intn after the caller changed its slice = %d, want 1", got)
	}
}

func TestRollDice(t *testing.T) {
	t.Parallel()
	d := NewDice(diceTestSeed(5))
	for n := range 4 {
		for range 500 {
			faces := rollDice(d, n)
			if len(faces) != n {
				t.Fatalf("rollDice(%d) gave %d dice", n, len(faces))
			}
			for i, f := range faces {
				if f < 1 || f > 6 {
					t.Fatalf("rollDice(%d) = %v: face %d out of 1..6", n, faces, f)
				}
				if i > 0 && faces[i-1] < f {
					t.Fatalf("rollDice(%d) = %v, not sorted descending", n, faces)
				}
			}
		}
	}
}

func TestCompareDice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		attack, defend []int
		wantA, wantD   int
	}{
		{[]int{6}, []int{5}, 0, 1},
		{[]int{5}, []int{5}, 1, 0},
		{[]int{1}, []int{6, 6}, 1, 0},
		{[]int{6, 6, 6}, []int{1}, 0, 1},
		{[]int{6, 6, 1}, []int{5, 5}, 0, 2},
		{[]int{6, 5, 1}, []int{5, 5}, 1, 1},
		{[]int{6, 4, 4}, []int{6, 3}, 1, 1},
		{[]int{6, 5, 4}, []int{6, 5}, 2, 0},
		{[]int{4, 4}, []int{3, 3}, 0, 2},
		{[]int{4, 2}, []int{4, 1}, 1, 1},
		{[]int{3}, []int{4, 1}, 1, 0},
		{nil, []int{6}, 0, 0},
	}
	for _, tt := range tests {
		gotA, gotD := compareDice(tt.attack, tt.defend)
		if gotA != tt.wantA || gotD != tt.wantD {
			t.Errorf("compareDice(%v, %v) = %d, %d, want %d, %d", tt.attack, tt.defend, gotA, gotD, tt.wantA, tt.wantD)
		}
	}
}

func BenchmarkRollAndCompare(b *testing.B) {
	d := NewDice(diceTestSeed(6))
	for b.Loop() {
		compareDice(rollDice(d, 3), rollDice(d, 2))
	}
}

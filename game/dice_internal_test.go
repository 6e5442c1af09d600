package game

import (
	"testing"

	"rout/rules"
)

// BenchmarkDiceColumn measures what a command pays for its game's dice beside the rules: restoring them
// from the dice column, drawing the five dice of a roll, and saving them back, for a game on ChaCha8 (the
// games of before) and one on committed dice, in the same run. The ratio goes in docs/benchmarks.md.
func BenchmarkDiceColumn(b *testing.B) {
	chacha, err := rules.NewDice([32]byte{1}).MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	committed, err := newDiceColumn([]*rules.Seed{{1}, nil, {3}, nil})
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		column []byte
	}{{"chacha8", chacha}, {"committed", committed}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				d, err := restoreDice(tc.column)
				if err != nil {
					b.Fatal(err)
				}
				for range 5 {
					d.Intn(6)
				}
				if _, err := d.MarshalBinary(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

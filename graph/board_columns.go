package graph

import (
	"context"

	"rout/rules"
)

// boardColumns returns the whole board of game g as columns: one list per field instead of one
// object per territory. gqlgen marshals a list of objects one goroutine and one field context per
// element and field, and a list of scalars in a plain loop, so on a 5,000-territory board the columns cost
// a small fraction of `board` (docs/benchmarks.md).
func (r *Resolver) boardColumns(ctx context.Context, g *Game) (*BoardColumns, error) {
	snap, err := r.snapshotFor(ctx, g)
	if err != nil {
		return nil, err
	}
	return boardColumnsOf(snap.State, int(snap.Seq)), nil
}

// boardColumnsOf returns the board of st as columns, at sequence number seq.
func boardColumnsOf(st rules.State, seq int) *BoardColumns {
	b := st.Board()
	n := b.Len()
	c := &BoardColumns{Seq: seq, Keys: make([]string, n), Owners: make([]*int, n), Armies: make([]int, n), Neutral: []int{}}
	seats := make([]int, st.Players())
	for i := range seats {
		seats[i] = i
	}
	for i := range n {
		t := rules.TerritoryID(i)
		c.Keys[i], c.Armies[i] = b.Territory(t).Key, st.Armies(t)
		switch o := st.Owner(t); {
		case o == rules.Neutral:
			c.Neutral = append(c.Neutral, i)
		case o >= 0:
			c.Owners[i] = &seats[o]
		}
	}
	return c
}

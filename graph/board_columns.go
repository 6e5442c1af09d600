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
	return boardColumnsOf(boardOf(snap.State, viewOf(ctx, snap)), int(snap.SeqFor(viewerIn(ctx, snap)))), nil
}

// boardColumnsOf returns board b (as its viewer may know it) as columns, at sequence number seq.
func boardColumnsOf(b Board, seq int) *BoardColumns {
	bd := b.state.Board()
	n := bd.Len()
	c := &BoardColumns{Seq: seq, Keys: make([]string, n), Owners: make([]*int, n), Armies: make([]*int, n),
		Neutral: []int{}, Hidden: []int{}}
	armies := make([]int, n) // what Armies points into: one allocation, not one per territory
	seats := make([]int, b.state.Players())
	for i := range seats {
		seats[i] = i
	}
	for i := range n {
		t := rules.TerritoryID(i)
		c.Keys[i] = bd.Territory(t).Key
		if b.view == nil || b.view.Armies[t] != rules.Unknown {
			armies[i] = b.state.Armies(t)
			c.Armies[i] = &armies[i]
		}
		switch o := b.owner(t); {
		case o == rules.Neutral:
			c.Neutral = append(c.Neutral, i)
		case o == rules.UnknownPlayer:
			c.Hidden = append(c.Hidden, i)
		case o >= 0:
			c.Owners[i] = &seats[o]
		}
	}
	return c
}

package graph

import (
	"context"
	"errors"
	"io"
	"strconv"

	"rout/rules"
)

// Board is the value of Game.board, [TerritoryState!]!: territories of one engine state, in map order,
// which write themselves as that list in one loop (objectList): gqlgen's own marshalling of a list of
// objects made 20,000 field resolutions of a 5,000-territory board, many times the cost of reading its
// rows (docs/benchmarks.md, "Large maps"). The content is what a []*TerritoryState of the same state
// holds. TestBoardIsWrittenAsGqlgenWritesObjects compares it with gqlgen's own execution of the same
// selections.
type Board struct {
	state   rules.State
	view    *rules.View // the state as the viewer may know it (viewOf); nil: as it is
	changed []bool      // by territory index, the territories to write; nil: every territory
}

// errBoardInput is the error of a Board used as an input: it is an output type only.
var errBoardInput = errors.New("TerritoryState lists are output only")

// territoryStateFields are the fields of TerritoryState.
var territoryStateFields = map[string]bool{"key": true, "name": true, "owner": true, "neutral": true, "armies": true, "sight": true}

// MarshalGQLContext writes the board as the list the selection of the board field asks for.
func (b Board) MarshalGQLContext(ctx context.Context, w io.Writer) error {
	bd := b.state.Board()
	list := objectList{typeName: "TerritoryState", fields: territoryStateFields, value: b.value}
	return list.write(ctx, w, func(yield func(int) bool) {
		for i := range bd.Len() {
			if (b.changed == nil || b.changed[i]) && !yield(i) {
				return
			}
		}
	})
}

// value appends the value of field name of territory i.
func (b Board) value(buf []byte, i int, name string) []byte {
	t := rules.TerritoryID(i)
	switch name {
	case "key":
		return appendString(buf, b.state.Board().Territory(t).Key)
	case "name":
		return appendString(buf, b.state.Board().Territory(t).Name)
	case "owner":
		if o := b.owner(t); o >= 0 {
			return strconv.AppendInt(buf, int64(o), 10)
		}
		return append(buf, "null"...)
	case "neutral":
		return strconv.AppendBool(buf, b.owner(t) == rules.Neutral)
	case "sight":
		if b.view == nil {
			return appendString(buf, rules.SightFull.String())
		}
		return appendString(buf, b.view.Sight[t].String())
	default: // armies
		if b.view != nil && b.view.Armies[t] == rules.Unknown {
			return append(buf, "null"...)
		}
		return strconv.AppendInt(buf, int64(b.state.Armies(t)), 10)
	}
}

// owner returns the owner of territory t as the viewer knows it (rules.UnknownPlayer where hidden).
func (b Board) owner(t rules.TerritoryID) rules.PlayerID {
	if b.view != nil {
		return b.view.Owners[t]
	}
	return b.state.Owner(t)
}

// UnmarshalGQLContext refuses: a board is never an input.
func (b *Board) UnmarshalGQLContext(context.Context, any) error { return errBoardInput }

// boardOf returns every territory of st as Game.board shows it to a viewer who knows view (nil: all).
func boardOf(st rules.State, view *rules.View) Board { return Board{state: st, view: view} }

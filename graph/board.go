package graph

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/99designs/gqlgen/graphql"

	"rout/rules"
)

// Board is the value of Game.board, [TerritoryState!]!: territories of one engine state, in map order,
// which write themselves as that list. gqlgen marshals a list of objects with one goroutine per element,
// and each element field by field (a field context, the field collection, a resolve call per field):
// 20,000 field resolutions on a 5,000-territory board, many times the cost of reading its rows
// (docs/benchmarks.md, "Large maps"). Board collects the selection once and writes every territory in a
// loop, byte for byte what gqlgen writes for the same selection (aliases, __typename, fragments,
// @skip/@include; a deferred fragment is written in place, as a server may do); the content is what a
// []*TerritoryState of the same state holds. Its fields have no resolvers and no errors, so nothing of
// gqlgen's per-field machinery has work to do. TestBoardIsWrittenAsGqlgenWritesObjects compares it with
// gqlgen's own execution of the same selections.
type Board struct {
	state   rules.State
	changed []bool // by territory index, the territories to write; nil: every territory
}

// territoryStateTypes are the types a TerritoryState satisfies, for the fragments of a selection.
var territoryStateTypes = []string{"TerritoryState"}

// errBoardInput is the error of a Board used as an input: it is an output type only.
var errBoardInput = errors.New("TerritoryState lists are output only")

// MarshalGQLContext writes the board as the list the selection of the field being written (the board
// field's own context) asks for.
func (b Board) MarshalGQLContext(ctx context.Context, w io.Writer) error {
	fields := graphql.CollectFields(graphql.GetOperationContext(ctx), graphql.GetFieldContext(ctx).Field.Selections,
		territoryStateTypes)
	// The fields' keys, each written once (as gqlgen's field sets do), and checked before anything is
	// written.
	names := make([]string, 0, len(fields))
	keys := make([][]byte, 0, len(fields))
	seen := make(map[string]bool, len(fields))
	for _, f := range fields {
		if seen[f.Alias] {
			continue
		}
		seen[f.Alias] = true
		switch f.Name {
		case "__typename", "key", "name", "owner", "neutral", "armies":
		default:
			return fmt.Errorf("no field %q on TerritoryState", f.Name)
		}
		var key sliceWriter
		graphql.MarshalString(f.Alias).MarshalGQL(&key)
		names, keys = append(names, f.Name), append(keys, append(key, ':'))
	}
	bd := b.state.Board()
	buf := make([]byte, 0, 64)
	buf = append(buf, '[')
	first := true
	for i := range bd.Len() {
		if b.changed != nil && !b.changed[i] {
			continue
		}
		if !first {
			buf = append(buf, ',')
		}
		first = false
		t := rules.TerritoryID(i)
		ter := bd.Territory(t)
		buf = append(buf, '{')
		for j, name := range names {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, keys[j]...)
			switch name {
			case "__typename":
				buf = append(buf, `"TerritoryState"`...)
			case "key":
				buf = appendString(buf, ter.Key)
			case "name":
				buf = appendString(buf, ter.Name)
			case "owner":
				if o := b.state.Owner(t); o >= 0 {
					buf = strconv.AppendInt(buf, int64(o), 10)
				} else {
					buf = append(buf, "null"...)
				}
			case "neutral":
				buf = strconv.AppendBool(buf, b.state.Owner(t) == rules.Neutral)
			case "armies":
				buf = strconv.AppendInt(buf, int64(b.state.Armies(t)), 10)
			}
		}
		buf = append(buf, '}')
		// Written in pieces, so that a large board is never held twice.
		if len(buf) >= 32<<10 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = append(buf, ']')
	_, err := w.Write(buf)
	return err
}

// UnmarshalGQLContext refuses: a board is never an input.
func (b *Board) UnmarshalGQLContext(context.Context, any) error { return errBoardInput }

// sliceWriter is an io.Writer that appends to itself.
type sliceWriter []byte

func (s *sliceWriter) Write(p []byte) (int, error) {
	*s = append(*s, p...)
	return len(p), nil
}

// appendString appends s as gqlgen writes a String.
func appendString(buf []byte, s string) []byte {
	w := sliceWriter(buf)
	graphql.MarshalString(s).MarshalGQL(&w)
	return w
}

// boardOf returns every territory of st as Game.board shows it.
func boardOf(st rules.State) Board { return Board{state: st} }

package graph

import (
	"context"
	"fmt"
	"io"
	"iter"

	"github.com/99designs/gqlgen/graphql"
)

// objectList writes a list of objects of one GraphQL type whose fields are plain values, as gqlgen writes
// a list of objects, but in one loop. gqlgen marshals such a list with one goroutine per element, and
// each element field by field (a field context, the field collection, a resolve call per field); a type
// that answers a list field with writeObjects collects the selection once and appends every element's
// values itself, byte for byte what gqlgen writes for the same selection (aliases, __typename,
// fragments, @skip/@include; a deferred fragment is written in place, as a server may do). Board and
// Actions write themselves with it (docs/benchmarks.md, "Large maps").
type objectList struct {
	typeName string
	fields   map[string]bool // the type's fields, besides __typename
	// value appends the value of field name of item to buf, as gqlgen writes it.
	value func(buf []byte, item int, name string) []byte
}

// write writes the items as the list the selection of the field being written (the list field's own
// context) asks for.
func (l objectList) write(ctx context.Context, w io.Writer, items iter.Seq[int]) error {
	collected := graphql.CollectFields(graphql.GetOperationContext(ctx), graphql.GetFieldContext(ctx).Field.Selections,
		[]string{l.typeName})
	// The fields' keys, each written once (as gqlgen's field sets do), and checked before anything is
	// written.
	names := make([]string, 0, len(collected))
	keys := make([][]byte, 0, len(collected))
	seen := make(map[string]bool, len(collected))
	for _, f := range collected {
		if seen[f.Alias] {
			continue
		}
		seen[f.Alias] = true
		if f.Name != "__typename" && !l.fields[f.Name] {
			return fmt.Errorf("no field %q on %s", f.Name, l.typeName)
		}
		names, keys = append(names, f.Name), append(keys, append(appendString(nil, f.Alias), ':'))
	}
	typeName := appendString(nil, l.typeName)
	buf := make([]byte, 0, 64)
	buf = append(buf, '[')
	first := true
	for item := range items {
		if !first {
			buf = append(buf, ',')
		}
		first = false
		buf = append(buf, '{')
		for j, name := range names {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, keys[j]...)
			if name == "__typename" {
				buf = append(buf, typeName...)
			} else {
				buf = l.value(buf, item, name)
			}
		}
		buf = append(buf, '}')
		// Written in pieces, so that a long list is never held twice.
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

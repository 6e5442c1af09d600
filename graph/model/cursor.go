package model

import (
	"rout/ent"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// MarshalCursor writes a connection cursor (the Cursor scalar): Ent's opaque encoding of an item's
// position.
func MarshalCursor(c ent.Cursor) graphql.Marshaler { return c }

// UnmarshalCursor reads a Cursor argument. A value that is not a cursor Rout wrote fails with the
// BAD_USER_INPUT error code.
func UnmarshalCursor(v any) (ent.Cursor, error) {
	var c ent.Cursor
	if err := c.UnmarshalGQL(v); err != nil {
		return ent.Cursor{}, &gqlerror.Error{
			Message:    "not a valid cursor: pass one from edges.cursor or pageInfo",
			Extensions: map[string]any{"code": "BAD_USER_INPUT"},
		}
	}
	return c, nil
}

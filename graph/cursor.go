package graph

import (
	"context"
	"encoding/base64"
	"io"
	"strconv"
	"strings"

	"rout/ent"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// A connection cursor (the Cursor scalar) is bound to the list it was read from: its opaque text holds
// the connection's type (GameConnection, ApiTokenConnection, ...) beside Ent's encoding of the item's
// position, and a cursor of one list passed to another fails with BAD_USER_INPUT. The list is found from
// the field context: when writing, the connection object the cursor is a field of (through its edge or
// its pageInfo); when reading, the type the field taking the argument returns.

var cursorEncoding = base64.RawURLEncoding

// MarshalCursor writes a connection cursor.
func MarshalCursor(c ent.Cursor) graphql.ContextMarshaler {
	return graphql.ContextWriterFunc(func(ctx context.Context, w io.Writer) error {
		var inner strings.Builder
		c.MarshalGQL(&inner)
		raw, err := strconv.Unquote(inner.String())
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, strconv.Quote(cursorEncoding.EncodeToString([]byte(cursorList(ctx)+":"+raw))))
		return err
	})
}

// UnmarshalCursor reads a Cursor argument. A value that is not a cursor Rout wrote, or one of another
// list, fails with the BAD_USER_INPUT error code.
func UnmarshalCursor(ctx context.Context, v any) (ent.Cursor, error) {
	bad := func(msg string) (ent.Cursor, error) {
		return ent.Cursor{}, &gqlerror.Error{
			Message:    msg,
			Extensions: map[string]any{"code": "BAD_USER_INPUT", "reason": "INVALID_CURSOR"},
		}
	}
	const invalid = "not a valid cursor: pass one from edges.cursor or pageInfo of this list"
	s, ok := v.(string)
	if !ok {
		return bad(invalid)
	}
	data, err := cursorEncoding.DecodeString(s)
	if err != nil {
		return bad(invalid)
	}
	list, raw, ok := strings.Cut(string(data), ":")
	if !ok {
		return bad(invalid)
	}
	// Without a field context (the complexity limit reads arguments before execution) the list is not
	// checked: the field checks it when it runs.
	if fc := graphql.GetFieldContext(ctx); fc != nil && fc.Field.Field != nil && fc.Field.Definition != nil {
		if want := fc.Field.Definition.Type.Name(); list != want {
			return bad("a cursor of another list: pass one from edges.cursor or pageInfo of this " + want)
		}
	}
	var c ent.Cursor
	if err := c.UnmarshalGQL(raw); err != nil {
		return bad(invalid)
	}
	return c, nil
}

// cursorList returns the type name of the connection a cursor being written belongs to.
func cursorList(ctx context.Context) string {
	for fc := graphql.GetFieldContext(ctx); fc != nil; fc = fc.Parent {
		if strings.HasSuffix(fc.Object, "Connection") {
			return fc.Object
		}
	}
	return ""
}

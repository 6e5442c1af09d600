package graph

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// MarshalRawJSON writes an already encoded JSON value as it is: the JSON scalar of the live events,
// encoded once and shared by their subscribers.
func MarshalRawJSON(v json.RawMessage) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) { _, _ = w.Write(v) })
}

// UnmarshalRawJSON encodes an input value of the JSON scalar.
func UnmarshalRawJSON(v any) (json.RawMessage, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("error encoding a JSON value: %w", err)
	}
	return data, nil
}

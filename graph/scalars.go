package graph

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
)

// The scalars' input coercion, strict as the GraphQL specification has it (gqlgen's own unmarshalers are
// lenient: they take "1" for an Int, 5 for a String and any 64-bit number, and answer a wrong Time or
// Upload with an error of no code, which the API would show as an internal error). gqlgen.yml binds
// String, ID, Int, Float, Boolean, Time and Upload to these functions (Cursor has its own, cursor.go), so
// every argument and input field, from a variable or a literal, passes here before a resolver sees it;
// outputs are written as gqlgen writes them.
//
// A refused value is an *InputError; the API's error presenter answers it with BAD_USER_INPUT, the
// argument's path and InputError.Reason as extensions.reason. Validation refuses a literal of a builtin
// scalar's wrong kind, and gqlparser a variable's, before execution: the presenter gives those errors the
// message of refusal too (errors.go).

// The reasons of an InputError.
const (
	// ReasonWrongType: the value is not of the scalar's type ("1" for an Int, 5 for a String, "tomorrow"
	// for a Time).
	ReasonWrongType = "WRONG_TYPE"
	// ReasonOutOfRange: an Int outside the signed 32-bit range, or a Float that is not finite.
	ReasonOutOfRange = "OUT_OF_RANGE"
	// ReasonInvalidText: a String or ID that is not valid UTF-8 or holds a NUL character.
	ReasonInvalidText = "INVALID_TEXT"
)

// InputError is an input value a scalar refuses.
type InputError struct {
	Reason  string
	Message string
}

func (e *InputError) Error() string { return e.Message }

func inputErrorf(reason, format string, args ...any) *InputError {
	return &InputError{Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// describe names an input value for an error message: its GraphQL kind and, for scalars, the value.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		if !utf8.ValidString(v) {
			return "a string"
		}
		if utf8.RuneCountInString(v) > 40 {
			v = string([]rune(v)[:40]) + "…"
		}
		return "the string " + strconv.Quote(v)
	case json.Number:
		return "the number " + v.String()
	case int, int32, int64:
		return fmt.Sprintf("the number %d", v)
	case float32, float64:
		return fmt.Sprintf("the number %v", v)
	case bool:
		return "the boolean " + strconv.FormatBool(v)
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	default:
		return fmt.Sprintf("a %T", v)
	}
}

// checkText refuses a string that PostgreSQL cannot store as text or that is not text at all.
func checkText(s string) error {
	if !utf8.ValidString(s) {
		return inputErrorf(ReasonInvalidText, "not valid UTF-8 text")
	}
	if strings.IndexByte(s, 0) >= 0 {
		return inputErrorf(ReasonInvalidText, "a NUL character (U+0000) is not allowed in text")
	}
	return nil
}

// MarshalString writes a String.
func MarshalString(s string) graphql.Marshaler { return graphql.MarshalString(s) }

// UnmarshalString reads a String input: a string only, valid UTF-8 without NUL.
func UnmarshalString(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", inputErrorf(ReasonWrongType, "String must be a string, not %s", describe(v))
	}
	if err := checkText(s); err != nil {
		return "", err
	}
	return s, nil
}

// MarshalID writes an ID.
func MarshalID(s string) graphql.Marshaler { return graphql.MarshalID(s) }

// UnmarshalID reads an ID input: a string (valid UTF-8 without NUL) or an integer, as the specification
// allows.
func UnmarshalID(v any) (string, error) {
	switch v := v.(type) {
	case string:
		if err := checkText(v); err != nil {
			return "", err
		}
		return v, nil
	case int:
		return strconv.Itoa(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	case json.Number:
		if _, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return string(v), nil
		}
	}
	return "", inputErrorf(ReasonWrongType, "ID must be a string or an integer, not %s", describe(v))
}

// MarshalInt writes an Int.
func MarshalInt(i int) graphql.Marshaler { return graphql.MarshalInt(i) }

// UnmarshalInt reads an Int input: a whole number from -2^31 to 2^31-1, never a string.
func UnmarshalInt(v any) (int, error) {
	n, err := int32Of(v)
	return int(n), err
}

// MarshalInt64 writes an Int held in an int64.
func MarshalInt64(i int64) graphql.Marshaler { return graphql.MarshalInt64(i) }

// UnmarshalInt64 reads an Int input into an int64, with UnmarshalInt's rules.
func UnmarshalInt64(v any) (int64, error) {
	n, err := int32Of(v)
	return int64(n), err
}

func int32Of(v any) (int32, error) {
	var f float64
	switch v := v.(type) {
	case int:
		return int32InRange(int64(v), describe(v))
	case int32:
		return v, nil
	case int64:
		return int32InRange(v, describe(v))
	case json.Number:
		if n, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return int32InRange(n, describe(v))
		}
		x, err := v.Float64()
		if err != nil {
			return 0, inputErrorf(ReasonOutOfRange, "Int must be from %d to %d, not %s", math.MinInt32, math.MaxInt32, describe(v))
		}
		f = x
	case float64:
		f = v
	default:
		return 0, inputErrorf(ReasonWrongType, "Int must be a whole number, not %s", describe(v))
	}
	if f != math.Trunc(f) || math.IsInf(f, 0) {
		return 0, inputErrorf(ReasonWrongType, "Int must be a whole number, not %s", describe(v))
	}
	if f < math.MinInt32 || f > math.MaxInt32 {
		return 0, inputErrorf(ReasonOutOfRange, "Int must be from %d to %d, not %s", math.MinInt32, math.MaxInt32, describe(v))
	}
	return int32(f), nil
}

func int32InRange(n int64, what string) (int32, error) {
	if n < math.MinInt32 || n > math.MaxInt32 {
		return 0, inputErrorf(ReasonOutOfRange, "Int must be from %d to %d, not %s", math.MinInt32, math.MaxInt32, what)
	}
	return int32(n), nil
}

// MarshalFloat writes a Float (an error for one that is not finite, as gqlgen has it).
func MarshalFloat(f float64) graphql.ContextMarshaler { return graphql.MarshalFloatContext(f) }

// UnmarshalFloat reads a Float input: a finite number (an integer is one), never a string.
func UnmarshalFloat(_ context.Context, v any) (float64, error) {
	var f float64
	switch v := v.(type) {
	case int:
		return float64(v), nil
	case int64:
		return float64(v), nil
	case float64:
		f = v
	case json.Number:
		x, err := v.Float64()
		if err != nil {
			return 0, inputErrorf(ReasonOutOfRange, "Float must be a finite number, not %s", describe(v))
		}
		f = x
	default:
		return 0, inputErrorf(ReasonWrongType, "Float must be a number, not %s", describe(v))
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, inputErrorf(ReasonOutOfRange, "Float must be a finite number, not %s", describe(v))
	}
	return f, nil
}

// MarshalBoolean writes a Boolean.
func MarshalBoolean(b bool) graphql.Marshaler { return graphql.MarshalBoolean(b) }

// UnmarshalBoolean reads a Boolean input: true or false only.
func UnmarshalBoolean(v any) (bool, error) {
	b, ok := v.(bool)
	if !ok {
		return false, inputErrorf(ReasonWrongType, "Boolean must be true or false, not %s", describe(v))
	}
	return b, nil
}

// MarshalTime writes a Time: RFC 3339 with nanoseconds.
func MarshalTime(t time.Time) graphql.Marshaler { return graphql.MarshalTime(t) }

// UnmarshalTime reads a Time input: an RFC 3339 string ("2026-12-04T17:00:00Z", with an optional
// fraction of a second and any offset), nothing else.
func UnmarshalTime(v any) (time.Time, error) {
	if s, ok := v.(string); ok {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, inputErrorf(ReasonWrongType, "Time must be an RFC 3339 string such as \"2026-12-04T17:00:00Z\", not %s", describe(v))
}

// MarshalUpload writes an Upload (never an output of the schema).
func MarshalUpload(u graphql.Upload) graphql.Marshaler { return graphql.MarshalUpload(u) }

// UnmarshalUpload reads an Upload input: a file part of a multipart request that the request's map puts
// at the argument.
func UnmarshalUpload(v any) (graphql.Upload, error) {
	u, ok := v.(graphql.Upload)
	if !ok {
		return graphql.Upload{}, inputErrorf(ReasonWrongType,
			"Upload must be a file part of a multipart request that its map puts here, not %s", describe(v))
	}
	return u, nil
}

// refusal returns the error of the strict unmarshaler of the builtin scalar named scalar for v: nil when
// v is a value of it, or when scalar is not one of the builtin scalars.
func refusal(ctx context.Context, scalar string, v any) *InputError {
	var err error
	switch scalar {
	case "Int":
		_, err = UnmarshalInt(v)
	case "Float":
		_, err = UnmarshalFloat(ctx, v)
	case "String":
		_, err = UnmarshalString(v)
	case "Boolean":
		_, err = UnmarshalBoolean(v)
	case "ID":
		_, err = UnmarshalID(v)
	}
	var ie *InputError
	if errors.As(err, &ie) {
		return ie
	}
	return nil
}
